import { forwardRef, type InputHTMLAttributes } from 'react';
import { cn } from './cn';

export const inputClasses = (invalid?: boolean, className?: string) =>
  cn(
    'block h-10 w-full rounded-lg border-0 bg-white px-3 text-sm text-gray-900 shadow-xs ring-1 ring-inset placeholder:text-gray-400',
    'focus:ring-2 focus:ring-inset focus:outline-none',
    'dark:bg-white/5 dark:text-white dark:placeholder:text-gray-500',
    'disabled:cursor-not-allowed disabled:bg-gray-50 disabled:text-gray-500 dark:disabled:bg-white/5',
    invalid
      ? 'ring-red-400 focus:ring-red-500 dark:ring-red-500/60 dark:focus:ring-red-400'
      : 'ring-gray-300 focus:ring-brand-600 dark:ring-white/10 dark:focus:ring-brand-400',
    className,
  );

export interface InputProps extends InputHTMLAttributes<HTMLInputElement> {
  invalid?: boolean;
}

export const Input = forwardRef<HTMLInputElement, InputProps>(function Input({ invalid, className, ...props }, ref) {
  return (
    <input ref={ref} className={inputClasses(invalid, className)} aria-invalid={invalid || undefined} {...props} />
  );
});
