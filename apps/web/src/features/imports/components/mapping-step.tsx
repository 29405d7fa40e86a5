import { useId, useState } from 'react';
import { ArrowRight, BadgeCheck, Save, Sparkles, TriangleAlert } from 'lucide-react';
import { IMPORT_REPEATABLE_TARGETS } from '@recruitdesk/contracts/import-fields';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { FormDialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { errorMessage } from '@/lib/base-api';
import { useListImportMappingsQuery, useSaveImportMappingMutation } from '../api';
import {
  applySavedMapping,
  assignTarget,
  isFieldTarget,
  missingRequired,
  presetLabel,
  targetFieldsOf,
  targetLabel,
} from '../mapping';
import type { ImportColumnTarget, ImportKind, ImportView } from '../types';

/** A refusal's field messages, if the server named any. */
const fieldsOf = (error: unknown) =>
  error && typeof error === 'object' && 'fields' in error
    ? (error as { fields?: Record<string, string[]> }).fields
    : undefined;

const columnName = (header: string, index: number) => header.trim() || `Column ${index + 1}`;

/** "Save mapping as…": names the current mapping for the next file from the same source. */
function SaveMappingDialog({
  open,
  onClose,
  onSaved,
  kind,
  headers,
  targets,
}: {
  open: boolean;
  onClose: () => void;
  onSaved: (name: string) => void;
  kind: ImportKind;
  headers: string[];
  targets: ImportColumnTarget[];
}) {
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const [save, { isLoading, error, reset }] = useSaveImportMappingMutation();
  const close = () => {
    setProblem(undefined);
    reset();
    onClose();
  };
  return (
    <FormDialog
      open={open}
      onClose={close}
      title="Save mapping as…"
      description="Use it again for the next file with the same columns."
      submitLabel="Save mapping"
      loading={isLoading}
      error={error && !fieldsOf(error)?.name ? error : undefined}
      onSubmit={async (event) => {
        event.preventDefault();
        const trimmed = name.trim();
        if (!trimmed) {
          setProblem('Name the mapping.');
          return;
        }
        setProblem(undefined);
        const result = await save({ name: trimmed, kind, headers, targets });
        if (!result.error) {
          onSaved(trimmed);
          setName('');
          close();
        }
      }}
    >
      <Field label="Mapping name" error={problem ?? fieldsOf(error)?.name?.[0]}>
        <Input value={name} maxLength={100} autoFocus onChange={(event) => setName(event.target.value)} />
      </Field>
    </FormDialog>
  );
}

/**
 * Step 2: each column of the file and the field it fills. The server's suggestion is preselected and marked;
 * a field is used by one column at most (picking a used one moves it); required fields no column fills are
 * listed, and the preview waits for them.
 */
export function MappingStep({
  entry,
  mapping,
  onChange,
  onNext,
}: {
  entry: Pick<ImportView, 'id' | 'kind' | 'columns' | 'suggested_mapping' | 'preset' | 'total_rows' | 'filename'>;
  mapping: ImportColumnTarget[];
  onChange: (mapping: ImportColumnTarget[]) => void;
  onNext: () => void;
}) {
  const id = useId();
  const kind = entry.kind as ImportKind;
  const fields = targetFieldsOf(kind);
  const required = fields.filter((field) => field.required);
  const optional = fields.filter((field) => !field.required);
  const headers = entry.columns.map((column) => column.header);
  const missing = missingRequired(kind, mapping);
  const preset = presetLabel(entry.preset);
  const [announcement, setAnnouncement] = useState('');
  const [saving, setSaving] = useState(false);
  const [savedChoice, setSavedChoice] = useState('');
  const saved = useListImportMappingsQuery(kind);
  const savedMappings = saved.data?.mappings ?? [];

  const usedBy = new Map<string, number>();
  mapping.forEach((target, index) => {
    if (isFieldTarget(target) && !IMPORT_REPEATABLE_TARGETS.includes(target)) usedBy.set(target, index);
  });

  const choose = (index: number, target: ImportColumnTarget) => {
    const { mapping: next, movedFrom } = assignTarget(mapping, index, target);
    onChange(next);
    const from = movedFrom === null ? null : entry.columns[movedFrom];
    setAnnouncement(
      from
        ? `${targetLabel(kind, target)} moved from column “${columnName(from.header, movedFrom ?? 0)}”, which is now ignored.`
        : '',
    );
  };

  const optionText = (key: string, label: string, index: number) => {
    const holder = usedBy.get(key);
    if (holder === undefined || holder === index) return label;
    return `${label} (in “${columnName(headers[holder] ?? '', holder)}”)`;
  };

  const missingId = `${id}-missing`;
  return (
    <div className="space-y-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="space-y-2">
          <p className="text-sm text-gray-600 dark:text-gray-400">
            {entry.columns.length} {entry.columns.length === 1 ? 'column' : 'columns'} and{' '}
            {entry.total_rows.toLocaleString('en')} {entry.total_rows === 1 ? 'row' : 'rows'} in{' '}
            <span className="font-medium break-words text-gray-900 dark:text-gray-100">{entry.filename}</span>. Choose
            the field each column fills.
          </p>
          {preset ? (
            <p className="flex items-center gap-2 text-sm font-medium text-emerald-700 dark:text-emerald-300">
              <BadgeCheck aria-hidden="true" className="size-4" />
              {preset}
            </p>
          ) : null}
        </div>
        <div className="flex flex-col gap-2 sm:w-64">
          <Field label="Use a saved mapping">
            <Select
              value={savedChoice}
              disabled={savedMappings.length === 0}
              onChange={(event) => {
                const choice = savedMappings.find((item) => String(item.id) === event.target.value);
                setSavedChoice(event.target.value);
                if (!choice) return;
                const { mapping: next, matched } = applySavedMapping(headers, mapping, choice, kind);
                onChange(next);
                setAnnouncement(
                  `Applied “${choice.name}”: ${matched} of ${headers.length} ${headers.length === 1 ? 'column' : 'columns'} matched.`,
                );
              }}
            >
              <option value="">{savedMappings.length === 0 ? 'No saved mappings yet' : 'Choose…'}</option>
              {savedMappings.map((item) => (
                <option key={item.id} value={String(item.id)}>
                  {item.name}
                </option>
              ))}
            </Select>
          </Field>
        </div>
      </div>

      <p role="status" aria-live="polite" className="text-sm text-gray-700 empty:hidden dark:text-gray-300">
        {announcement}
      </p>

      <ul className="divide-y divide-gray-200 rounded-xl ring-1 ring-gray-200 dark:divide-white/10 dark:ring-white/10">
        <li
          aria-hidden="true"
          className="hidden grid-cols-[minmax(0,1fr)_18rem] gap-4 bg-gray-50 px-4 py-2 text-xs font-semibold tracking-wide text-gray-500 uppercase sm:grid dark:bg-white/[0.03] dark:text-gray-400"
        >
          <span>Column in the file</span>
          <span>Field</span>
        </li>
        {entry.columns.map((column, index) => {
          const target = mapping[index] ?? 'ignore';
          const suggestedTarget = entry.suggested_mapping[index];
          const suggested =
            suggestedTarget !== undefined && isFieldTarget(suggestedTarget) && suggestedTarget === target;
          const selectId = `${id}-col-${index}`;
          const samplesId = `${selectId}-samples`;
          const suggestedId = `${selectId}-suggested`;
          const samples = column.samples.slice(0, 3).filter((value) => value.trim() !== '');
          const hint = fields.find((field) => field.key === target)?.hint;
          return (
            <li
              key={column.index}
              className="grid grid-cols-1 gap-2 px-4 py-3 sm:grid-cols-[minmax(0,1fr)_22rem] sm:items-center sm:gap-4"
            >
              <div className="min-w-0">
                <label
                  htmlFor={selectId}
                  className="block text-sm font-medium break-words text-gray-900 dark:text-white"
                >
                  {columnName(column.header, index)}
                </label>
                <p id={samplesId} className="truncate text-xs text-gray-500 dark:text-gray-400">
                  <span className="sr-only">Sample values: </span>
                  {samples.length ? samples.join(' · ') : <span className="italic">No values in the first rows</span>}
                </p>
              </div>
              <div>
                <div className="flex items-center gap-2">
                  <Select
                    id={selectId}
                    className="min-w-0 flex-1"
                    value={target}
                    aria-describedby={suggested ? `${samplesId} ${suggestedId}` : samplesId}
                    onChange={(event) => choose(index, event.target.value)}
                  >
                    {required.length ? (
                      <optgroup label="Required fields">
                        {required.map((field) => (
                          <option key={field.key} value={field.key}>
                            {optionText(field.key, `${field.label} (required)`, index)}
                          </option>
                        ))}
                      </optgroup>
                    ) : null}
                    <optgroup label={required.length ? 'Other fields' : 'Fields'}>
                      {optional.map((field) => (
                        <option key={field.key} value={field.key}>
                          {optionText(field.key, field.label, index)}
                        </option>
                      ))}
                    </optgroup>
                    <optgroup label="Not a field">
                      <option value="note">Keep as note</option>
                      <option value="ignore">Ignore</option>
                    </optgroup>
                  </Select>
                  {/* A fixed slot, so every select is as wide as the others. */}
                  <span className="w-24 shrink-0">
                    {suggested ? (
                      <span id={suggestedId} title="Suggested from the column's name and values">
                        <Badge tone="violet">
                          <Sparkles aria-hidden="true" className="mr-1 size-3" />
                          suggested
                        </Badge>
                      </span>
                    ) : null}
                  </span>
                </div>
                {hint ? <p className="mt-1 text-xs text-gray-500 dark:text-gray-400">{hint}</p> : null}
              </div>
            </li>
          );
        })}
      </ul>

      {missing.length ? (
        <div
          id={missingId}
          className="flex gap-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200 ring-inset dark:bg-amber-500/10 dark:text-amber-200 dark:ring-amber-500/20"
        >
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <div>
            <p className="font-medium">Required fields not mapped</p>
            <ul className="mt-1 list-disc pl-5" aria-label="Required fields not mapped">
              {missing.map((field) => (
                <li key={field.key}>{field.label}</li>
              ))}
            </ul>
          </div>
        </div>
      ) : null}

      {saved.error ? <Alert>{errorMessage(saved.error, 'Could not load the saved mappings.')}</Alert> : null}

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
        <Button variant="secondary" onClick={() => setSaving(true)}>
          <Save aria-hidden="true" className="size-4" />
          Save mapping as…
        </Button>
        <Button
          disabled={missing.length > 0}
          aria-describedby={missing.length ? missingId : undefined}
          onClick={onNext}
        >
          Preview rows
          <ArrowRight aria-hidden="true" className="size-4" />
        </Button>
      </div>

      <SaveMappingDialog
        open={saving}
        onClose={() => setSaving(false)}
        onSaved={(name) => setAnnouncement(`Mapping saved as “${name}”.`)}
        kind={kind}
        headers={headers}
        targets={mapping}
      />
    </div>
  );
}
