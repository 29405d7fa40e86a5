import { cn } from './cn';
import { Spinner } from './spinner';

const HEIGHTS = { sm: 'py-6', md: 'min-h-64 py-12', lg: 'min-h-dvh' } as const;
const TEXT = { sm: 'text-xs', md: 'text-sm', lg: 'text-sm' } as const;

/** A spinner and 'Loading...' in three sizes (spec §2). */
export function LoadingScreen({ size = 'md', className }: { size?: 'sm' | 'md' | 'lg'; className?: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className={cn(
        'flex w-full flex-col items-center justify-center gap-3 text-gray-500 dark:text-gray-400',
        HEIGHTS[size],
        size === 'lg' && 'bg-gray-50 dark:bg-gray-950',
        className,
      )}
    >
      <Spinner size={size} />
      <span className={cn('font-medium', TEXT[size])}>Loading...</span>
    </div>
  );
}
