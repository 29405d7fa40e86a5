import type { CSSProperties } from 'react';
import { cn } from './cn';

export function Skeleton({ className, style }: { className?: string; style?: CSSProperties }) {
  return (
    <div
      aria-hidden="true"
      style={style}
      className={cn('animate-pulse rounded-md bg-gray-200 dark:bg-white/10', className)}
    />
  );
}
