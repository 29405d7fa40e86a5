import { useId } from 'react';
import { cn } from './cn';

/** The RecruitDesk mark: an "R" on a rounded brand square. */
export function LogoMark({ className }: { className?: string }) {
  // A unique gradient id per instance: a hidden copy (e.g. the desktop sidebar) must not own the only one.
  const gradientId = `rd-logo-${useId().replace(/:/g, '')}`;
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={cn('size-8 shrink-0', className)}>
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#6366f1" />
          <stop offset="1" stopColor="#7c3aed" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="8" fill={`url(#${gradientId})`} />
      <path
        d="M10 23V9h6.5a4.5 4.5 0 0 1 1.2 8.84L22 23h-3.6l-3.9-5H13.2v5H10Zm3.2-8h3.1a1.5 1.5 0 0 0 0-3h-3.1v3Z"
        fill="#fff"
      />
    </svg>
  );
}

export function Logo({ className, showName = true }: { className?: string; showName?: boolean }) {
  return (
    <span className={cn('inline-flex items-center gap-2.5', className)}>
      <LogoMark />
      {showName ? (
        <span className="text-base font-semibold tracking-tight text-gray-900 dark:text-white">RecruitDesk</span>
      ) : (
        <span className="sr-only">RecruitDesk</span>
      )}
    </span>
  );
}
