import type { ComponentType, SVGProps } from 'react';
import { RefreshCw } from 'lucide-react';
import { errorMessage } from '@/lib/base-api';
import { Button } from './button';
import { Card } from './card';
import { EmptyState } from './empty-state';

/** Whether a query error is the server's 404 (or there is no record to show at all). */
export function isNotFound(error: unknown): boolean {
  return !error || (typeof error === 'object' && 'status' in error && (error as { status: unknown }).status === 404);
}

/**
 * The one card for a record page that cannot show its record: "This {what} does not exist" (a 404, or
 * no valid id), or "Could not load this {what}" with the error and Retry.
 */
export function RecordError({
  icon,
  error,
  what,
  onRetry,
  retrying,
  notFoundHint = 'It may have been deleted.',
}: {
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  /** The query's error; null when there is no record to load (e.g. an invalid id in the address). */
  error: unknown;
  what: string;
  onRetry?: () => void;
  retrying?: boolean;
  /** The line under "does not exist" ('They may have been deleted.' for people). */
  notFoundHint?: string;
}) {
  const notFound = isNotFound(error);
  return (
    <Card>
      <div role="alert">
        <EmptyState
          icon={icon}
          title={notFound ? `This ${what} does not exist` : `Could not load this ${what}`}
          description={notFound ? notFoundHint : errorMessage(error)}
          action={
            notFound || !onRetry ? undefined : (
              <Button variant="secondary" size="sm" onClick={onRetry} loading={retrying ?? false}>
                {retrying ? null : <RefreshCw aria-hidden="true" className="size-4" />}
                Retry
              </Button>
            )
          }
        />
      </div>
    </Card>
  );
}
