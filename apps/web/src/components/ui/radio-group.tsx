import { forwardRef, useId, type InputHTMLAttributes } from 'react';
import { cn } from './cn';

export interface RadioOption {
  value: string;
  label: string;
  description?: string;
}

export interface RadioGroupProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  legend: string;
  options: readonly RadioOption[];
  error?: string | undefined;
  className?: string;
  /** The chosen option's value, for a group held in state rather than in react-hook-form. */
  selected?: string;
}

/**
 * Native radio buttons in a fieldset, laid out as selectable cards; pass react-hook-form's
 * `register(name)` props straight through.
 */
export const RadioGroup = forwardRef<HTMLInputElement, RadioGroupProps>(function RadioGroup(
  { legend, options, error, className, selected, ...inputProps },
  ref,
) {
  const id = useId();
  return (
    <fieldset className={cn('space-y-1.5', className)} aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="text-sm font-medium text-gray-900 dark:text-gray-100">{legend}</legend>
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        {options.map((option) => (
          <label
            key={option.value}
            className={cn(
              'flex cursor-pointer items-start gap-2.5 rounded-lg px-3 py-2.5 ring-1 ring-gray-300 ring-inset dark:ring-white/10',
              'has-checked:bg-brand-50 has-checked:ring-brand-600 dark:has-checked:bg-brand-500/10 dark:has-checked:ring-brand-400',
              'has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-600',
            )}
          >
            <input
              ref={ref}
              type="radio"
              value={option.value}
              {...(selected === undefined ? {} : { checked: option.value === selected })}
              className="mt-0.5 size-4 accent-brand-600 dark:accent-brand-500"
              {...inputProps}
            />
            <span className="min-w-0">
              <span className="block text-sm font-medium text-gray-900 dark:text-gray-100">{option.label}</span>
              {option.description ? (
                <span className="block text-xs text-gray-500 dark:text-gray-400">{option.description}</span>
              ) : null}
            </span>
          </label>
        ))}
      </div>
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
});
