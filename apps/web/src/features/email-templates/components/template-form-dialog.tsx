import { useState } from 'react';
import { MERGE_FIELDS, type EmailTemplate } from '@recruitdesk/contracts/messages';
import { useCreateEmailTemplateMutation, useUpdateEmailTemplateMutation, type EmailTemplateInput } from '@/api/email';
import { FormDialog, useDiscardQuestion } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { RichTextEditor } from '@/components/ui/rich-text-editor';
import { Select } from '@/components/ui/select';
import type { ApiQueryError } from '@/lib/base-api';

type Errors = Partial<Record<'name' | 'subject' | 'body_html', string>>;

/** Create or edit a template: name, shared or personal, purpose, subject and body with merge fields. */
export function TemplateFormDialog({
  template,
  open,
  onClose,
  canShare,
}: {
  template?: EmailTemplate | undefined;
  open: boolean;
  onClose: () => void;
  /** May make shared templates (otherwise personal only). */
  canShare: boolean;
}) {
  const [values, setValues] = useState<EmailTemplateInput>(() => ({
    name: template?.name ?? '',
    scope: template?.scope ?? 'personal',
    purpose: template?.purpose ?? 'general',
    subject: template?.subject ?? '',
    body_html: template?.body_html ?? '',
  }));
  const [dirty, setDirty] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [create, creating] = useCreateEmailTemplateMutation();
  const [update, updating] = useUpdateEmailTemplateMutation();
  const saving = creating.isLoading || updating.isLoading;
  const refusal = template ? updating.error : creating.error;
  const { requestClose, question } = useDiscardQuestion({ dirty, close: onClose });

  const set = (patch: Partial<EmailTemplateInput>) => {
    setValues((v) => ({ ...v, ...patch }));
    setDirty(true);
    setErrors({});
  };
  const submit = async () => {
    const found: Errors = {};
    if (!values.name.trim()) found.name = 'Enter a name.';
    if (!values.subject.trim()) found.subject = 'Enter a subject.';
    if (!values.body_html.replace(/<[^>]*>/g, '').trim()) found.body_html = 'Write the message.';
    setErrors(found);
    if (Object.keys(found).length) return;
    const body = { ...values, name: values.name.trim(), subject: values.subject.trim() };
    const result = template ? await update({ id: template.id, body }) : await create(body);
    if (!result.error) {
      onClose();
      return;
    }
    const fields = (result.error as ApiQueryError).fields;
    if (fields)
      setErrors({
        ...(fields.name?.[0] ? { name: fields.name[0] } : {}),
        ...(fields.subject?.[0] ? { subject: fields.subject[0] } : {}),
        ...(fields.body_html?.[0] ? { body_html: fields.body_html[0] } : {}),
      });
  };

  return (
    <>
      <FormDialog
        open={open}
        onClose={requestClose}
        title={template ? `Edit ${template.name}` : 'New template'}
        description="Merge fields such as {{candidate.first_name}} are filled from the records when the email is written."
        size="lg"
        submitLabel={template ? 'Save template' : 'Create template'}
        loading={saving}
        error={refusal}
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Field label="Name" error={errors.name}>
          <Input value={values.name} maxLength={200} onChange={(event) => set({ name: event.target.value })} />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="Who can use it"
            hint={canShare ? undefined : 'Only owners and recruiters can share templates with the agency.'}
          >
            <Select
              value={values.scope}
              onChange={(event) => set({ scope: event.target.value as 'shared' | 'personal' })}
            >
              <option value="personal">Only me (personal)</option>
              <option value="shared" disabled={!canShare}>
                Everyone at the agency (shared)
              </option>
            </Select>
          </Field>
          <Field label="Purpose" hint="Submittal templates are offered by a pipeline's “Email submittal”.">
            <Select
              value={values.purpose}
              onChange={(event) => set({ purpose: event.target.value as 'general' | 'submittal' })}
            >
              <option value="general">General</option>
              <option value="submittal">Submittal</option>
            </Select>
          </Field>
        </div>
        <Field label="Subject" error={errors.subject}>
          <Input value={values.subject} maxLength={998} onChange={(event) => set({ subject: event.target.value })} />
        </Field>
        <div className="space-y-1.5">
          <p className="text-sm font-medium text-gray-900 dark:text-gray-100">Message</p>
          <RichTextEditor
            label="Template body"
            initialHtml={values.body_html}
            onChange={(body_html) => set({ body_html })}
            invalid={Boolean(errors.body_html)}
            mergeFields={MERGE_FIELDS}
          />
          {errors.body_html ? <p className="text-sm text-red-600 dark:text-red-400">{errors.body_html}</p> : null}
        </div>
      </FormDialog>
      {question}
    </>
  );
}

export default TemplateFormDialog;
