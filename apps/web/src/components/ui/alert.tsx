import type { ReactNode } from 'react';
import { AlertCircle, CheckCircle2 } from 'lucide-react';
import { errorMessage } from '@/lib/base-api';
import { cn } from './cn';

/** Inline message: role="alert" for errors, role="status" for success/info. */
export function Alert({
  tone = 'error',
  title,
  children,
  className,
}: {
  tone?: 'error' | 'success';
  title?: string;
  children: ReactNode;
  className?: string;
}) {
  const Icon = tone === 'error' ? AlertCircle : CheckCircle2;
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={cn(
        'flex gap-3 rounded-lg p-3 text-sm ring-1 ring-inset',
        tone === 'error'
          ? 'bg-red-50 text-red-800 ring-red-200 dark:bg-red-500/10 dark:text-red-300 dark:ring-red-500/20'
          : 'bg-emerald-50 text-emerald-800 ring-emerald-200 dark:bg-emerald-500/10 dark:text-emerald-300 dark:ring-emerald-500/20',
        className,
      )}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div className="min-w-0">
        {title ? <p className="font-medium">{title}</p> : null}
        <div className={title ? 'mt-1' : undefined}>{children}</div>
      </div>
    </div>
  );
}

/** A call's refusal as an error alert, or nothing while there is none. */
export function ErrorAlert({ error, className }: { error: unknown; className?: string }) {
  return error ? <Alert className={className}>{errorMessage(error)}</Alert> : null;
}
