import { useId, useState } from 'react';
import type { TemplatePreview } from '@recruitdesk/contracts/messages';
import { Alert } from '@/components/ui/alert';
import { Select } from '@/components/ui/select';
import { errorMessage } from '@/lib/base-api';
import { useListEmailTemplatesQuery, usePreviewEmailTemplateMutation, type TemplatePreviewRequest } from '@/api/email';

export interface AppliedTemplate extends TemplatePreview {
  templateId: number;
}

/**
 * Choosing a template fills it from the records (POST /api/email-templates/{id}/preview/) and hands the
 * subject and body to the form; fields without a value and unknown tags are reported by `TemplateWarnings`.
 */
export function TemplatePicker({
  context,
  purpose,
  onApply,
  label = 'Template',
}: {
  context: TemplatePreviewRequest;
  purpose?: 'general' | 'submittal';
  onApply: (applied: AppliedTemplate) => void;
  label?: string;
}) {
  const id = useId();
  const { data: templates = [], isLoading, error: listError } = useListEmailTemplatesQuery();
  const [preview, previewing] = usePreviewEmailTemplateMutation();
  const [chosen, setChosen] = useState('');
  const offered = purpose
    ? [...templates].sort((a, b) => Number(b.purpose === purpose) - Number(a.purpose === purpose))
    : templates;
  const choose = async (value: string) => {
    setChosen(value);
    if (!value) return;
    const templateId = Number(value);
    const result = await preview({ id: templateId, body: context });
    if (result.data) onApply({ ...result.data, templateId });
  };
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-gray-900 dark:text-gray-100">
        {label}
      </label>
      <Select
        id={id}
        value={chosen}
        disabled={isLoading || previewing.isLoading}
        aria-busy={previewing.isLoading || undefined}
        onChange={(event) => void choose(event.target.value)}
      >
        <option value="">
          {isLoading ? 'Loading templates…' : templates.length ? 'No template' : 'No templates yet'}
        </option>
        {offered.map((t) => (
          <option key={t.id} value={t.id}>
            {t.name}
            {t.purpose === 'submittal' ? ' (submittal)' : ''}
            {t.scope === 'personal' ? ' · personal' : ''}
          </option>
        ))}
      </Select>
      {listError ? <p className="text-sm text-red-600 dark:text-red-400">{errorMessage(listError)}</p> : null}
      {previewing.error ? (
        <Alert>{errorMessage(previewing.error, 'The template could not be filled in.')}</Alert>
      ) : null}
    </div>
  );
}

/** Merge fields with no value (block sending) and tags that are not merge fields. */
export function TemplateWarnings({
  missing,
  unknown,
  confirmed,
  onConfirm,
}: {
  missing: string[];
  unknown: string[];
  confirmed?: boolean;
  onConfirm?: (confirmed: boolean) => void;
}) {
  if (!missing.length && !unknown.length) return null;
  return (
    <div className="space-y-2">
      {missing.length ? (
        <Alert title="Missing values: not ready to send">
          <p>
            These fields have no value for the chosen records, so the message cannot be sent as it is:{' '}
            {missing.map((f) => `{{${f}}}`).join(', ')}. Fill them in by hand or pick other records.
          </p>
          {onConfirm ? (
            <label className="mt-2 flex items-center gap-2">
              <input
                type="checkbox"
                checked={Boolean(confirmed)}
                onChange={(event) => onConfirm(event.target.checked)}
                className="size-4 accent-brand-600"
              />
              I have filled these in myself
            </label>
          ) : null}
        </Alert>
      ) : null}
      {unknown.length ? (
        <Alert title="Unknown tags">
          These are not merge fields and would be sent as written: {unknown.map((f) => `{{${f}}}`).join(', ')}.
        </Alert>
      ) : null}
    </div>
  );
}
