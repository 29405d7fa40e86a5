import { cloneElement, isValidElement, useId, type ReactElement, type ReactNode } from 'react';
import { cn } from './cn';

interface ControlProps {
  id?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
  invalid?: boolean;
}

export interface FieldProps {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  /** Extra content on the label row (e.g. a "Forgot your password?" link). */
  labelAside?: ReactNode;
  className?: string;
  children: ReactElement<ControlProps>;
}

/** A label, a control and its error, wired with htmlFor, aria-describedby and aria-invalid. */
export function Field({ label, error, hint, labelAside, className, children }: FieldProps) {
  const generated = useId();
  const id = (isValidElement(children) && children.props.id) || `field-${generated}`;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  const control = cloneElement(children, {
    id,
    'aria-describedby': describedBy,
    'aria-invalid': error ? true : undefined,
    invalid: Boolean(error),
  });
  return (
    <div className={cn('space-y-1.5', className)}>
      <div className="flex items-center justify-between gap-2">
        <label htmlFor={id} className="block text-sm font-medium text-gray-900 dark:text-gray-100">
          {label}
        </label>
        {labelAside}
      </div>
      {control}
      {hint && !error ? (
        <p id={hintId} className="text-xs text-gray-500 dark:text-gray-400">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}
