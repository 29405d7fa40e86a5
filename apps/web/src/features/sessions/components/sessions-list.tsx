import type { ReactNode } from 'react';
import { Laptop, LogOut, Smartphone } from 'lucide-react';
import type { Session } from '@recruitdesk/contracts/sessions';
import { ErrorAlert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { useConfirmedMutation } from '@/components/ui/use-confirmed-mutation';
import { useRowMutation } from '@/components/ui/use-row-mutation';
import { Skeleton } from '@/components/ui/skeleton';
import { RelativeTime } from '@/components/ui/time';
import { useListSessionsQuery, useRevokeOtherSessionsMutation, useRevokeSessionMutation } from '../api';
import { QueryError } from '@/components/ui/query-error';

const isPhone = (s: Session) => /android|iphone|ipad|ios|mobile/i.test(`${s.device} ${s.os ?? ''}`);

function When({ value, now }: { value: string; now: Date }) {
  return <RelativeTime value={value} now={now} />;
}

/** One fact of a session: a term and its value (a grid row on phones, inline from sm up). */
function SessionFact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="contents sm:flex sm:gap-1">
      <dt>{term}</dt>
      <dd className="text-gray-700 dark:text-gray-300">{children}</dd>
    </div>
  );
}

function SessionRow({
  session,
  now,
  onRevoke,
  revoking,
}: {
  session: Session;
  now: Date;
  onRevoke: (session: Session) => void;
  revoking: boolean;
}) {
  const Icon = isPhone(session) ? Smartphone : Laptop;
  return (
    <li className="flex flex-col gap-3 px-5 py-4 sm:flex-row sm:items-center">
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-gray-100 text-gray-500 dark:bg-white/5 dark:text-gray-400">
          <Icon aria-hidden="true" className="size-[18px]" />
        </span>
        <div className="min-w-0 text-sm">
          <p className="flex flex-wrap items-center gap-2 font-medium text-gray-900 dark:text-white">
            {session.device}
            {session.current ? <Badge tone="green">This device</Badge> : null}
          </p>
          <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-xs text-gray-500 sm:flex sm:flex-wrap sm:gap-x-4 dark:text-gray-400">
            <SessionFact term="IP">{session.ip ?? 'Unknown'}</SessionFact>
            <SessionFact term="Signed in">
              <When value={session.created_at} now={now} />
            </SessionFact>
            <SessionFact term="Last active">
              <When value={session.last_seen_at} now={now} />
            </SessionFact>
          </dl>
        </div>
      </div>
      {session.current ? null : (
        <Button
          variant="secondary"
          size="sm"
          className="self-start sm:self-center"
          aria-label={`Revoke session on ${session.device}`}
          onClick={() => onRevoke(session)}
          loading={revoking}
        >
          Revoke
        </Button>
      )}
    </li>
  );
}

/** The signed-in user's sessions: revoke one, or all but this one. */
export function SessionsList() {
  const { data, error, isLoading, isFetching, refetch } = useListSessionsQuery();
  const [revokeSession, revokeState] = useRevokeSessionMutation();
  const [revokeOthers, othersState] = useRevokeOtherSessionsMutation();
  const now = new Date();

  const sessions = data?.sessions ?? [];
  const others = sessions.filter((s) => !s.current);

  const revoking = useRowMutation({
    run: (session: Session) => revokeSession(session.id),
    success: (session) => `Signed out ${session.device}.`,
  });

  const signOutOthers = useConfirmedMutation({
    run: () => revokeOthers(),
    success: (_, { revoked: n }) => (n === 1 ? 'Signed out 1 other session.' : `Signed out ${n} other sessions.`),
    refusal: 'page',
  });

  const actionError = revokeState.error ?? othersState.error;

  return (
    <div>
      <ErrorAlert error={actionError} className="mx-5 mt-4" />
      {isLoading ? (
        <>
          <ul aria-hidden="true" className="divide-y divide-gray-100 dark:divide-white/5">
            {[0, 1].map((i) => (
              <li key={i} className="flex items-center gap-3 px-5 py-4">
                <Skeleton className="size-9 rounded-lg" />
                <div className="flex-1 space-y-2">
                  <Skeleton className="h-3.5 w-1/3" />
                  <Skeleton className="h-3 w-2/3" />
                </div>
              </li>
            ))}
          </ul>
          <span role="status" className="sr-only">
            Loading sessions
          </span>
        </>
      ) : error ? (
        <QueryError
          title="Could not load your sessions"
          error={error}
          onRetry={() => void refetch()}
          retrying={isFetching}
        />
      ) : (
        <ul className="divide-y divide-gray-100 dark:divide-white/5" aria-label="Sessions">
          {sessions.map((session) => (
            <SessionRow
              key={session.id}
              session={session}
              now={now}
              onRevoke={revoking.start}
              revoking={revoking.isBusy(session)}
            />
          ))}
        </ul>
      )}
      {!isLoading && !error ? (
        <div className="flex flex-col gap-3 border-t border-gray-200 px-5 py-4 sm:flex-row sm:items-center sm:justify-between dark:border-white/10">
          <p className="text-sm text-gray-500 dark:text-gray-400">
            {others.length === 0
              ? 'You are signed in on this device only.'
              : others.length === 1
                ? 'You are signed in on 1 other device.'
                : `You are signed in on ${others.length} other devices.`}
          </p>
          <Button variant="secondary" disabled={others.length === 0} onClick={() => signOutOthers.ask(true)}>
            <LogOut aria-hidden="true" className="size-4" />
            Sign out all other sessions
          </Button>
        </div>
      ) : null}
      <ConfirmDialog
        {...signOutOthers.dialog}
        title="Sign out all other sessions?"
        description="Every browser and device except this one will be signed out and will need your password again."
        confirmLabel="Sign out others"
        cancelLabel="Keep them"
      />
    </div>
  );
}
