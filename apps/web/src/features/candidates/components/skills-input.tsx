import { forwardRef, useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { SkillSuggestion } from '@recruitdesk/contracts/candidates';
import { cn } from '@/components/ui/cn';
import { FilterChip } from '@/components/ui/filter-chip';
import { inputClasses } from '@/components/ui/input';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useSuggestSkillsQuery } from '../api';

/** Suggestions shown at once. */
export const SKILL_SUGGESTIONS_LIMIT = 8;
/** Typing pause before suggestions are asked for. */
const SUGGEST_DELAY_MS = 200;

export interface SkillsInputProps {
  label: string;
  value: string[];
  onChange: (skills: string[]) => void;
  /** At most this many skills. */
  max: number;
  placeholder?: string;
  /** Shown under the field (replaced by the error). */
  hint?: string;
  error?: string | undefined;
  /** 'form': a form field's label; 'toolbar': the small label of list toolbars. */
  variant?: 'form' | 'toolbar';
  /** Show the added skills as removable chips under the field (the list shows them in its filter row). */
  showChips?: boolean;
  className?: string;
  onBlur?: () => void;
  /** Suggest known skills as the user types (a combobox: arrows, Enter, Escape). */
  suggest?: boolean;
  /** Extra content on the label row (e.g. the "from resume" mark). */
  labelAside?: ReactNode;
}

/** Adds `text` (split on commas) to `skills`: trimmed, no blanks, no repeats ignoring case, at most `max`. */
export function addSkills(skills: string[], text: string, max: number): string[] {
  const next = [...skills];
  for (const part of text.split(',')) {
    const skill = part.trim();
    if (!skill || next.length >= max) continue;
    if (next.some((s) => s.toLowerCase() === skill.toLowerCase())) continue;
    next.push(skill);
  }
  return next;
}

/**
 * Type a skill and press Enter (or a comma) to add it; each added skill is a chip with a remove button
 * ('Remove skill React'). Backspace in the empty box removes the last one. With `suggest`, the box is a
 * combobox: known skills (most used first, any case, a small typo forgiven) appear as the user types;
 * Down/Up move through them, Enter adds the highlighted one (or the typed text), Escape closes the list.
 */
export const SkillsInput = forwardRef<HTMLInputElement, SkillsInputProps>(function SkillsInput(
  {
    label,
    value,
    onChange,
    max,
    placeholder,
    hint,
    error,
    variant = 'form',
    showChips = true,
    className,
    onBlur,
    suggest = false,
    labelAside,
  },
  ref,
) {
  const id = useId();
  const listId = `${id}-suggestions`;
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const full = value.length >= max;
  const typed = useDebouncedValue(text.trim(), SUGGEST_DELAY_MS);
  const { data } = useSuggestSkillsQuery(
    { q: typed, limit: SKILL_SUGGESTIONS_LIMIT, exclude: value },
    { skip: !suggest || !open || full },
  );
  // The last answer stays while the next one loads (no flicker as the user types); chosen skills never show.
  const chosen = new Set(value.map((skill) => skill.toLowerCase()));
  const suggestions: SkillSuggestion[] =
    suggest && open && !full ? (data?.skills ?? []).filter((skill) => !chosen.has(skill.normalized)) : [];
  const expanded = suggestions.length > 0;
  const activeOption = expanded && active >= 0 && active < suggestions.length ? suggestions[active] : undefined;

  const add = (skillText: string) => {
    const next = addSkills(value, skillText, max);
    setText('');
    setActive(-1);
    setOpen(false);
    if (next.length !== value.length) onChange(next);
  };
  const commit = () => {
    if (text.trim()) add(text);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (suggest && event.key === 'ArrowDown') {
      event.preventDefault();
      if (!open) setOpen(true);
      setActive((index) => (suggestions.length ? (index + 1) % suggestions.length : -1));
    } else if (suggest && event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((index) => (suggestions.length ? (index <= 0 ? suggestions.length - 1 : index - 1) : -1));
    } else if (suggest && event.key === 'Escape' && expanded) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    } else if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      if (event.key === 'Enter' && activeOption) add(activeOption.name);
      else commit();
    } else if (event.key === 'Backspace' && !text && value.length) {
      onChange(value.slice(0, -1));
    }
  };

  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  const labelElement = (
    <label
      htmlFor={id}
      className={
        variant === 'form'
          ? 'block text-sm font-medium text-gray-900 dark:text-gray-100'
          : 'mb-1 block text-xs font-medium text-gray-600 dark:text-gray-400'
      }
    >
      {label}
    </label>
  );

  return (
    <div className={cn(variant === 'form' && 'space-y-1.5', suggest && 'relative', className)}>
      {labelAside ? (
        <div className="flex items-center justify-between gap-2">
          {labelElement}
          {labelAside}
        </div>
      ) : (
        labelElement
      )}
      <input
        ref={ref}
        id={id}
        type="text"
        value={text}
        disabled={full}
        onChange={(event) => {
          setText(event.target.value);
          setActive(-1);
          if (suggest) setOpen(event.target.value.trim() !== '');
        }}
        onKeyDown={onKeyDown}
        onBlur={() => {
          commit();
          setOpen(false);
          setActive(-1);
          onBlur?.();
        }}
        placeholder={full ? `At most ${max} skills` : placeholder}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...(suggest
          ? {
              role: 'combobox',
              'aria-autocomplete': 'list' as const,
              'aria-expanded': expanded,
              'aria-controls': listId,
              'aria-activedescendant': activeOption ? `${listId}-${active}` : undefined,
            }
          : {})}
        autoComplete="off"
        enterKeyHint="enter"
        className={inputClasses(Boolean(error))}
      />
      {suggest ? (
        <>
          <ul
            id={listId}
            role="listbox"
            aria-label={`${label} suggestions`}
            hidden={!expanded}
            className="absolute inset-x-0 z-20 mt-1 max-h-64 overflow-y-auto rounded-md bg-white py-1 text-sm shadow-lg ring-1 ring-black/5 dark:bg-gray-800 dark:ring-white/10"
          >
            {suggestions.map((skill, index) => (
              <li
                key={skill.normalized}
                id={`${listId}-${index}`}
                role="option"
                aria-selected={index === active}
                // Keep the focus in the box: a click must not blur it (which would add the typed text).
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => add(skill.name)}
                onMouseEnter={() => setActive(index)}
                className={cn(
                  'flex cursor-pointer items-center justify-between gap-3 px-3 py-1.5 text-gray-900 dark:text-gray-100',
                  index === active && 'bg-brand-600 text-white dark:bg-brand-500',
                )}
              >
                <span className="truncate">{skill.name}</span>
                <span
                  className={cn(
                    'shrink-0 text-xs tabular-nums',
                    index === active ? 'text-white/80' : 'text-gray-500 dark:text-gray-400',
                  )}
                >
                  {skill.count.toLocaleString()}
                  <span className="sr-only"> {skill.count === 1 ? 'candidate' : 'candidates'}</span>
                </span>
              </li>
            ))}
          </ul>
          <p className="sr-only" aria-live="polite">
            {expanded ? `${suggestions.length} ${suggestions.length === 1 ? 'suggestion' : 'suggestions'}` : ''}
          </p>
        </>
      ) : null}
      {showChips && value.length ? (
        <ul className="flex flex-wrap gap-1.5 pt-1">
          {value.map((skill) => (
            <li key={skill}>
              <FilterChip
                label={skill}
                removeLabel={`Remove skill ${skill}`}
                onRemove={() => onChange(value.filter((s) => s !== skill))}
              />
            </li>
          ))}
        </ul>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="text-xs text-gray-500 dark:text-gray-400">
          {hint}
        </p>
      ) : null}
    </div>
  );
});
