import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Pencil } from 'lucide-react';
import { Button } from './button';
import { cn } from './cn';
import { Input } from './input';
import { Select } from './select';

export interface InlineFieldProps {
  label: string;
  /** What is shown when not editing. */
  display: ReactNode;
  /** The editor's starting text. */
  value: string;
  kind?: 'text' | 'number' | 'select';
  options?: readonly { value: string; label: string }[];
  editable?: boolean;
  /** Saves the text; resolves with an error message to show, or null when saved. */
  onSave: (value: string) => Promise<string | null>;
  inputMode?: 'numeric' | 'decimal';
}

/**
 * One field edited in place: its value and an 'Edit {label}' button; editing shows a control labelled by
 * the field with Save and Cancel (Enter saves, Escape cancels), and the server's error inline.
 */
export function InlineField({
  label,
  display,
  value,
  kind = 'text',
  options = [],
  editable = true,
  onSave,
  inputMode,
}: InlineFieldProps) {
  const id = useId();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(value);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const control = useRef<HTMLInputElement & HTMLSelectElement>(null);
  const returnFocus = useRef(false);

  useEffect(() => {
    if (editing) control.current?.focus();
    else if (returnFocus.current) {
      returnFocus.current = false;
      editButton.current?.focus();
    }
  }, [editing]);

  const start = () => {
    setDraft(value);
    setError(null);
    setEditing(true);
  };
  const cancel = () => {
    returnFocus.current = true;
    setEditing(false);
    setError(null);
  };
  const save = async () => {
    if (saving) return;
    setSaving(true);
    const message = await onSave(draft);
    setSaving(false);
    if (message) {
      setError(message);
      return;
    }
    returnFocus.current = true;
    setEditing(false);
  };

  return (
    <div className="grid grid-cols-3 items-start gap-3 px-5 py-3 text-sm">
      <dt className="pt-1 text-gray-500 dark:text-gray-400" id={`${id}-label`}>
        {label}
      </dt>
      <dd className="col-span-2 min-w-0">
        {editing ? (
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              void save();
            }}
            onKeyDown={(event) => {
              if (event.key === 'Escape') {
                event.preventDefault();
                event.stopPropagation();
                cancel();
              }
            }}
            className="space-y-2"
          >
            {kind === 'select' ? (
              <Select
                ref={control}
                aria-label={label}
                value={draft}
                invalid={Boolean(error)}
                aria-describedby={error ? `${id}-error` : undefined}
                onChange={(event) => setDraft(event.target.value)}
                onKeyDown={(event) => {
                  if (event.key === 'Enter') {
                    event.preventDefault();
                    void save();
                  }
                }}
              >
                {options.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </Select>
            ) : (
              <Input
                ref={control}
                aria-label={label}
                type={kind === 'number' ? 'number' : 'text'}
                inputMode={inputMode}
                value={draft}
                invalid={Boolean(error)}
                aria-describedby={error ? `${id}-error` : undefined}
                onChange={(event) => setDraft(event.target.value)}
              />
            )}
            {error ? (
              <p id={`${id}-error`} role="alert" className="text-sm text-red-600 dark:text-red-400">
                {error}
              </p>
            ) : null}
            <div className="flex gap-2">
              <Button type="submit" size="sm" loading={saving}>
                Save
              </Button>
              <Button variant="secondary" size="sm" onClick={cancel}>
                Cancel
              </Button>
            </div>
          </form>
        ) : (
          <div className="group flex min-h-8 items-center justify-between gap-2">
            <span className={cn('min-w-0 font-medium break-words text-gray-900 dark:text-gray-100')}>
              {display === '' || display === null || display === undefined ? (
                <span className="font-normal text-gray-400 dark:text-gray-500">—</span>
              ) : (
                display
              )}
            </span>
            {editable ? (
              <button
                ref={editButton}
                type="button"
                onClick={start}
                aria-label={`Edit ${label}`}
                title={`Edit ${label}`}
                className="inline-flex size-8 shrink-0 items-center justify-center rounded-lg text-gray-400 hover:bg-gray-100 hover:text-gray-700 focus-visible:outline-2 focus-visible:outline-brand-600 dark:hover:bg-white/5 dark:hover:text-gray-200"
              >
                <Pencil aria-hidden="true" className="size-4" />
              </button>
            ) : null}
          </div>
        )}
      </dd>
    </div>
  );
}
