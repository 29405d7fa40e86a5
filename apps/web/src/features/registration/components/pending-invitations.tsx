import { MailCheck, Send, X } from 'lucide-react';
import type { Invitation } from '@recruitdesk/contracts/registration';
import { USER_TYPE_DESCRIPTIONS } from '@recruitdesk/contracts/users';
import { ErrorAlert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { useConfirmedMutation } from '@/components/ui/use-confirmed-mutation';
import { useRowMutation } from '@/components/ui/use-row-mutation';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { RelativeTime } from '@/components/ui/time';
import { useCancelInvitationMutation, useListPendingInvitationsQuery, useResendInvitationMutation } from '../api';
import { QueryError } from '@/components/ui/query-error';

function InvitationRow({
  invitation,
  now,
  onResend,
  onCancel,
  resending,
}: {
  invitation: Invitation;
  now: Date;
  onResend: () => void;
  onCancel: () => void;
  resending: boolean;
}) {
  return (
    <li className="flex flex-col gap-3 px-5 py-4 md:flex-row md:items-center">
      <div className="min-w-0 flex-1 space-y-1.5">
        <p className="truncate text-sm font-medium text-gray-900 dark:text-white">{invitation.email}</p>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5 text-xs text-gray-500 dark:text-gray-400">
          <span className="flex flex-wrap gap-1">
            {invitation.user_type.map((type) => (
              <Badge key={type} tone="brand">
                {USER_TYPE_DESCRIPTIONS[type].label}
              </Badge>
            ))}
          </span>
          {invitation.invited_by ? <span>Invited by {invitation.invited_by.name}</span> : null}
          <span>
            Expires <RelativeTime value={invitation.expires_at} now={now} />
          </span>
        </div>
      </div>
      <div className="flex gap-2">
        <Button
          variant="secondary"
          size="sm"
          onClick={onResend}
          loading={resending}
          aria-label={`Resend invitation to ${invitation.email}`}
        >
          {resending ? null : <Send aria-hidden="true" className="size-3.5" />}
          Resend
        </Button>
        <Button variant="ghost" size="sm" onClick={onCancel} aria-label={`Cancel invitation to ${invitation.email}`}>
          <X aria-hidden="true" className="size-3.5" />
          Cancel
        </Button>
      </div>
    </li>
  );
}

/** Invitations not yet accepted: resend or cancel. */
export function PendingInvitations() {
  const { data, error, isLoading, isFetching, refetch } = useListPendingInvitationsQuery();
  const [resend, resendState] = useResendInvitationMutation();
  const [cancel] = useCancelInvitationMutation();
  const cancelling = useConfirmedMutation({
    run: (invitation: Invitation) => cancel(invitation.id),
    success: (invitation) => `Invitation to ${invitation.email} cancelled.`,
  });
  const toCancel = cancelling.target;
  const resending = useRowMutation({
    run: (invitation: Invitation) => resend(invitation.id),
    success: (invitation) => `Invitation sent to ${invitation.email}`,
  });
  const now = new Date();

  const invitations = data?.invitations ?? [];
  const actionError = resendState.error;

  return (
    <div>
      <ErrorAlert error={actionError} className="mx-5 mt-4" />
      {isLoading ? (
        <>
          <div className="space-y-3 px-5 py-4">
            <Skeleton className="h-4 w-1/3" />
            <Skeleton className="h-3 w-1/2" />
          </div>
          <span role="status" className="sr-only">
            Loading invitations
          </span>
        </>
      ) : error ? (
        <QueryError
          title="Could not load the invitations"
          error={error}
          onRetry={() => void refetch()}
          retrying={isFetching}
        />
      ) : invitations.length === 0 ? (
        <EmptyState
          icon={MailCheck}
          title="No pending invitations"
          description="Invitations you send appear here until they are accepted."
        />
      ) : (
        <ul className="divide-y divide-gray-100 dark:divide-white/5" aria-label="Pending invitations">
          {invitations.map((invitation) => (
            <InvitationRow
              key={invitation.id}
              invitation={invitation}
              now={now}
              resending={resending.isBusy(invitation)}
              onResend={() => resending.start(invitation)}
              onCancel={() => cancelling.ask(invitation)}
            />
          ))}
        </ul>
      )}
      <ConfirmDialog
        {...cancelling.dialog}
        title="Cancel invitation?"
        description={
          toCancel
            ? `The link sent to ${toCancel.email} will stop working. You can invite them again later.`
            : undefined
        }
        confirmLabel="Cancel invitation"
        cancelLabel="Keep it"
        tone="danger"
      />
    </div>
  );
}
