import { useId, useState, type KeyboardEvent } from 'react';
import { X } from 'lucide-react';
import { cn } from '@/components/ui/cn';
import { inputClasses } from '@/components/ui/input';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useSearchPeopleQuery } from '@/api/email';
import { parseTypedAddress, recordChip, withChip, type RecipientChip } from '../compose-logic';

/**
 * To, Cc or Bcc: chips, and a box that searches candidates and contacts (or takes a typed address on
 * Enter, comma or leaving the box).
 */
export function RecipientField({
  label,
  value,
  onChange,
  error,
  only,
  clientId,
}: {
  label: string;
  value: RecipientChip[];
  onChange: (next: RecipientChip[]) => void;
  error?: string | undefined;
  /** Offer only candidates, or only contacts. */
  only?: 'candidate' | 'contact';
  /** Offer only this client's contacts. */
  clientId?: number | undefined;
}) {
  const id = useId();
  const listId = `${id}-options`;
  const errorId = `${id}-error`;
  const [text, setText] = useState('');
  const [typedError, setTypedError] = useState<string | null>(null);
  const q = useDebouncedValue(text.trim(), 250);
  const searching = q.length >= 2 && !q.includes('@');
  const args: { q: string; only?: 'candidate' | 'contact'; clientId?: number } = { q };
  if (only) args.only = only;
  if (clientId) args.clientId = clientId;
  const { data: people = [], isFetching } = useSearchPeopleQuery(args, {
    skip: clientId ? text.trim().length === 0 : !searching,
  });
  const open = text.trim().length > 0 && (searching || Boolean(clientId));

  const add = (chip: RecipientChip) => {
    onChange(withChip(value, chip));
    setText('');
    setTypedError(null);
  };
  const addTyped = () => {
    if (!text.trim()) return true;
    const chip = parseTypedAddress(text);
    if (chip) {
      add(chip);
      return true;
    }
    if (text.includes('@')) setTypedError(`“${text.trim()}” is not an email address.`);
    return false;
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if ((event.key === 'Enter' || event.key === ',' || event.key === ';') && text.trim()) {
      event.preventDefault();
      addTyped();
    } else if (event.key === 'Backspace' && !text && value.length) {
      onChange(value.slice(0, -1));
    }
  };
  const shownError = error ?? typedError ?? undefined;
  return (
    <div className="space-y-1">
      <div className="flex items-start gap-2">
        <label htmlFor={id} className="w-10 shrink-0 pt-2 text-sm font-medium text-gray-700 dark:text-gray-300">
          {label}
        </label>
        <div className="relative min-w-0 flex-1">
          <div className="flex flex-wrap gap-1.5">
            {value.length ? (
              <ul aria-label={`${label} recipients`} className="contents">
                {value.map((chip) => (
                  <li
                    key={chip.key}
                    className="inline-flex max-w-full items-center gap-1 rounded-md bg-gray-100 py-0.5 pr-1 pl-2 text-xs text-gray-800 dark:bg-white/10 dark:text-gray-100"
                  >
                    <span className="truncate">{chip.label}</span>
                    <button
                      type="button"
                      aria-label={`Remove ${chip.label}`}
                      onClick={() => onChange(value.filter((c) => c.key !== chip.key))}
                      className="rounded p-0.5 hover:bg-gray-200 focus-visible:outline-2 focus-visible:outline-brand-600 dark:hover:bg-white/10"
                    >
                      <X aria-hidden="true" className="size-3" />
                    </button>
                  </li>
                ))}
              </ul>
            ) : null}
            <input
              id={id}
              type="text"
              value={text}
              autoComplete="off"
              role="combobox"
              aria-expanded={open}
              aria-controls={listId}
              aria-autocomplete="list"
              aria-invalid={shownError ? true : undefined}
              aria-describedby={shownError ? errorId : undefined}
              placeholder={value.length ? '' : 'Name or email address'}
              onChange={(event) => {
                setText(event.target.value);
                setTypedError(null);
              }}
              onKeyDown={onKeyDown}
              onBlur={() => {
                if (text.includes('@')) addTyped();
              }}
              className={cn(inputClasses(Boolean(shownError)), 'h-9 min-w-40 flex-1')}
            />
          </div>
          {open ? (
            <ul
              id={listId}
              role="listbox"
              aria-label={`${label} suggestions`}
              className="absolute z-20 mt-1 max-h-64 w-full overflow-auto rounded-lg bg-white py-1 text-sm shadow-lg ring-1 ring-gray-200 dark:bg-gray-800 dark:ring-white/10"
            >
              {people.map((person) => {
                const disabled = !person.email;
                return (
                  <li
                    key={`${person.record}:${person.id}`}
                    role="option"
                    aria-selected={false}
                    aria-disabled={disabled || undefined}
                    tabIndex={-1}
                    onMouseDown={(event) => event.preventDefault()}
                    onClick={() => {
                      if (!disabled) add(recordChip(person.record, person.id, person.name, person.email));
                    }}
                    className={cn(
                      'cursor-pointer px-3 py-1.5',
                      disabled ? 'cursor-not-allowed opacity-50' : 'hover:bg-gray-50 dark:hover:bg-white/5',
                    )}
                  >
                    <span className="font-medium text-gray-900 dark:text-white">{person.name}</span>{' '}
                    <span className="text-gray-500 dark:text-gray-400">
                      {person.email || 'no email address'}
                      {' · '}
                      {person.record === 'candidate' ? 'Candidate' : 'Contact'}
                      {person.detail ? `, ${person.detail}` : ''}
                    </span>
                  </li>
                );
              })}
              {!people.length ? (
                <li role="option" aria-selected={false} aria-disabled className="px-3 py-1.5 text-gray-500">
                  {isFetching || q !== text.trim() ? 'Searching…' : 'No one found. Type a full email address.'}
                </li>
              ) : null}
            </ul>
          ) : null}
        </div>
      </div>
      {shownError ? (
        <p id={errorId} className="pl-12 text-sm text-red-600 dark:text-red-400">
          {shownError}
        </p>
      ) : null}
    </div>
  );
}
