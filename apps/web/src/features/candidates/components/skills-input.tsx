import { forwardRef, useId, useState, type KeyboardEvent } from 'react';
import { cn } from '@/components/ui/cn';
import { FilterChip } from '@/components/ui/filter-chip';
import { inputClasses } from '@/components/ui/input';

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
 * ('Remove skill React'). Backspace in the empty box removes the last one.
 */
export const SkillsInput = forwardRef<HTMLInputElement, SkillsInputProps>(function SkillsInput(
  { label, value, onChange, max, placeholder, hint, error, variant = 'form', showChips = true, className, onBlur },
  ref,
) {
  const id = useId();
  const [text, setText] = useState('');
  const full = value.length >= max;

  const commit = () => {
    if (!text.trim()) return;
    const next = addSkills(value, text, max);
    setText('');
    if (next.length !== value.length) onChange(next);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      commit();
    } else if (event.key === 'Backspace' && !text && value.length) {
      onChange(value.slice(0, -1));
    }
  };

  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;

  return (
    <div className={cn(variant === 'form' && 'space-y-1.5', className)}>
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
      <input
        ref={ref}
        id={id}
        type="text"
        value={text}
        disabled={full}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        onBlur={() => {
          commit();
          onBlur?.();
        }}
        placeholder={full ? `At most ${max} skills` : placeholder}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        autoComplete="off"
        enterKeyHint="enter"
        className={inputClasses(Boolean(error))}
      />
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
