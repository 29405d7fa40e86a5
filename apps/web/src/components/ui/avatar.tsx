import { cn } from './cn';

const SIZES = {
  sm: 'size-7 text-[11px]',
  md: 'size-8 text-xs',
  lg: 'size-10 text-sm',
  xl: 'size-16 text-xl',
  '2xl': 'size-20 text-2xl',
} as const;

export function initialsOf(name: string | null | undefined): string {
  if (!name) return '?';
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0]![0], parts[parts.length - 1]![0]] : [parts[0]?.[0]];
  return letters.join('').toUpperCase() || '?';
}

/**
 * The profile picture (alt = the person's name) when there is one, else the initials in a circle
 * (decorative: the name is shown beside it).
 */
export function Avatar({
  name,
  initials,
  src,
  size = 'md',
  className,
}: {
  name: string;
  initials?: string | null | undefined;
  src?: string | null | undefined;
  size?: keyof typeof SIZES;
  className?: string;
}) {
  if (src) {
    return (
      <img
        src={src}
        alt={name}
        className={cn('shrink-0 rounded-full bg-gray-100 object-cover dark:bg-white/10', SIZES[size], className)}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-flex shrink-0 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-700 dark:bg-brand-500/20 dark:text-brand-300',
        SIZES[size],
        className,
      )}
    >
      {initials || initialsOf(name)}
    </span>
  );
}
