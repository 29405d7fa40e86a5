import { useId } from 'react';
import { cn } from './cn';

export interface CheckboxOption<V extends string> {
  value: V;
  label: string;
  description?: string;
  disabled?: boolean;
  /** Why the option is disabled (shown under its description). */
  disabledReason?: string;
}

/**
 * A fieldset of checkboxes with a legend and a one-line description per option. Each checkbox is named
 * by its label and described by its description; the group's error is announced with it.
 */
export function CheckboxGroup<V extends string>({
  legend,
  options,
  value,
  onChange,
  error,
  disabled = false,
  className,
  hideLegend = false,
}: {
  legend: string;
  options: CheckboxOption<V>[];
  value: V[];
  onChange: (next: V[]) => void;
  error?: string | undefined;
  disabled?: boolean;
  className?: string;
  hideLegend?: boolean;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const toggle = (option: V, checked: boolean) => {
    const next = checked ? [...value, option] : value.filter((v) => v !== option);
    // Keep the options' order, whatever the click order.
    onChange(options.map((o) => o.value).filter((v) => next.includes(v)));
  };
  return (
    <fieldset className={cn('space-y-2', className)} aria-describedby={error ? errorId : undefined} disabled={disabled}>
      <legend className={cn('mb-2 text-sm font-medium text-gray-900 dark:text-gray-100', hideLegend && 'sr-only')}>
        {legend}
      </legend>
      <div className="divide-y divide-gray-200 overflow-hidden rounded-lg ring-1 ring-gray-200 dark:divide-white/10 dark:ring-white/10">
        {options.map((option) => {
          const inputId = `${id}-${option.value}`;
          const descId = `${inputId}-desc`;
          const isDisabled = disabled || option.disabled;
          return (
            <div
              key={option.value}
              className={cn(
                'flex items-start gap-3 px-3.5 py-3',
                isDisabled ? 'bg-gray-50 dark:bg-white/[0.02]' : 'hover:bg-gray-50 dark:hover:bg-white/[0.03]',
              )}
            >
              <input
                id={inputId}
                type="checkbox"
                className="mt-0.5 size-4 shrink-0 rounded border-gray-300 accent-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed dark:accent-brand-500"
                checked={value.includes(option.value)}
                disabled={isDisabled}
                aria-describedby={option.description || option.disabledReason ? descId : undefined}
                onChange={(event) => toggle(option.value, event.target.checked)}
              />
              <div className="min-w-0 text-sm">
                <label
                  htmlFor={inputId}
                  className={cn(
                    'font-medium',
                    isDisabled ? 'text-gray-500 dark:text-gray-500' : 'cursor-pointer text-gray-900 dark:text-gray-100',
                  )}
                >
                  {option.label}
                </label>
                {option.description || option.disabledReason ? (
                  <p id={descId} className="text-gray-500 dark:text-gray-400">
                    {option.description}
                    {option.disabledReason ? (
                      <span className="block text-xs text-gray-500 italic dark:text-gray-500">
                        {option.disabledReason}
                      </span>
                    ) : null}
                  </p>
                ) : null}
              </div>
            </div>
          );
        })}
      </div>
      {error ? (
        <p id={errorId} className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
