import { forwardRef, type TextareaHTMLAttributes } from 'react';
import { cn } from './cn';
import { inputClasses } from './input';

export interface TextareaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  invalid?: boolean;
}

export const Textarea = forwardRef<HTMLTextAreaElement, TextareaProps>(function Textarea(
  { invalid, className, rows = 3, ...props },
  ref,
) {
  return (
    <textarea
      ref={ref}
      rows={rows}
      className={cn(inputClasses(invalid), 'h-auto py-2 leading-6', className)}
      aria-invalid={invalid || undefined}
      {...props}
    />
  );
});
