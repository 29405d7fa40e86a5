import type { ComponentType, SVGProps } from 'react';
import { Link } from 'react-router';
import { ArrowLeft, RefreshCw } from 'lucide-react';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { selectUser } from '@/features/auth/auth-slice';
import { errorMessage } from '@/lib/base-api';
import { useAppSelector } from '@/lib/hooks';
import { canEdit } from '@/lib/permissions';

/** Whether the signed-in user may change data (everyone but viewers). */
export function useCanEdit() {
  return canEdit(useAppSelector(selectUser));
}

export const idParam = (value: string | undefined) => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
};

export function BackLink({ to, children }: { to: string; children: string }) {
  return (
    <Link to={to} className={buttonClasses('ghost', 'sm', '-ml-3')}>
      <ArrowLeft aria-hidden="true" className="size-4" />
      {children}
    </Link>
  );
}

/** A record that could not be shown: not found, or a load error with Retry. */
export function RecordError({
  icon,
  error,
  what,
  onRetry,
  retrying,
}: {
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  error: unknown;
  what: string;
  onRetry?: () => void;
  retrying?: boolean;
}) {
  const notFound = !error || (typeof error === 'object' && 'status' in error && (error as { status: number }).status === 404);
  return (
    <Card>
      <div role="alert">
        <EmptyState
          icon={icon}
          title={notFound ? `This ${what} does not exist` : `Could not load this ${what}`}
          description={notFound ? 'It may have been deleted.' : errorMessage(error)}
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
