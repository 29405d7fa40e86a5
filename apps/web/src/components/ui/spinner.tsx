import { cn } from './cn';

const SIZES = { sm: 'size-4 border-2', md: 'size-8 border-[3px]', lg: 'size-12 border-4' } as const;

export type SpinnerSize = keyof typeof SIZES;

/** A decorative spinner; pair it with visible or screen-reader text. */
export function Spinner({ size = 'md', className }: { size?: SpinnerSize; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-block animate-spin rounded-full border-brand-600/25 border-t-brand-600 dark:border-brand-400/25 dark:border-t-brand-400',
        SIZES[size],
        className,
      )}
    />
  );
}
