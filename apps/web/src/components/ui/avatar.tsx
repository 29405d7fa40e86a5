import { cn } from './cn';

const SIZES = { sm: 'size-7 text-[11px]', md: 'size-8 text-xs', lg: 'size-10 text-sm' } as const;

export function initialsOf(name: string | null | undefined): string {
  if (!name) return '?';
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0]![0], parts[parts.length - 1]![0]] : [parts[0]?.[0]];
  return letters.join('').toUpperCase() || '?';
}

/** Initials in a circle (or the picture when there is one); decorative: the name is shown beside it. */
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
    return <img src={src} alt="" className={cn('rounded-full object-cover', SIZES[size], className)} />;
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
