import { useEffect, useRef, useState } from 'react';
import { AlertTriangle } from 'lucide-react';
import { Button } from './button';
import { cn } from './cn';

export const ERROR_RETRY_DELAY_MS = 500;

/** The fallback screen (spec §2, §8): retries after 500 ms. */
export function ErrorFallback({ onRetry, fullScreen = false }: { onRetry?: () => void; fullScreen?: boolean }) {
  const [retrying, setRetrying] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const retry = () => {
    setRetrying(true);
    timer.current = setTimeout(() => {
      if (onRetry) onRetry();
      else window.location.reload();
      setRetrying(false);
    }, ERROR_RETRY_DELAY_MS);
  };

  return (
    <div
      role="alert"
      className={cn(
        'flex w-full flex-col items-center justify-center px-6 text-center',
        fullScreen ? 'min-h-dvh bg-gray-50 dark:bg-gray-950' : 'min-h-80 py-16',
      )}
    >
      <div className="flex size-12 items-center justify-center rounded-full bg-red-50 text-red-600 ring-1 ring-red-100 dark:bg-red-500/10 dark:text-red-400 dark:ring-red-500/20">
        <AlertTriangle aria-hidden="true" className="size-6" />
      </div>
      <h2 className="mt-4 text-lg font-semibold text-gray-900 dark:text-white">Something went wrong</h2>
      <p className="mt-2 max-w-md text-sm text-gray-600 dark:text-gray-400">
        We encountered an unexpected error. The issue has been reported to our team.
      </p>
      <Button className="mt-6" onClick={retry} loading={retrying}>
        Try again
      </Button>
    </div>
  );
}
