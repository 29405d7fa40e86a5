import { RefreshCw } from 'lucide-react';
import { errorMessage } from '@/lib/base-api';
import { Button } from './button';

/** The one way a list or card says it could not load: a message and Retry. */
export function QueryError({
  title,
  error,
  onRetry,
  retrying = false,
}: {
  title: string;
  error: unknown;
  onRetry?: () => void;
  retrying?: boolean;
}) {
  return (
    <div role="alert" className="flex flex-col items-center gap-3 px-5 py-10 text-center">
      <p className="text-sm font-medium text-gray-900 dark:text-white">{title}</p>
      <p className="text-sm text-gray-500 dark:text-gray-400">{errorMessage(error)}</p>
      {onRetry ? (
        <Button variant="secondary" size="sm" onClick={onRetry} loading={retrying}>
          {retrying ? null : <RefreshCw aria-hidden="true" className="size-4" />}
          Retry
        </Button>
      ) : null}
    </div>
  );
}
