import type { ReactNode } from 'react';
import { Share2 } from 'lucide-react';
import type { Share, ShareCandidate } from '@recruitdesk/contracts/shares';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { SectionCard } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { QueryError } from '@/components/ui/query-error';
import { Skeleton } from '@/components/ui/skeleton';
import { RelativeTime } from '@/components/ui/time';
import { useConfirmedMutation } from '@/components/ui/use-confirmed-mutation';
import { useListSharesQuery, useRenewShareMutation, useRevokeShareMutation } from '../api';

const STATUS: Record<Share['status'], { label: string; tone: BadgeTone }> = {
  active: { label: 'Active', tone: 'green' },
  expired: { label: 'Expired', tone: 'gray' },
  revoked: { label: 'Revoked', tone: 'red' },
};

function CandidateLine({ item }: { item: ShareCandidate }) {
  return (
    <li className="flex flex-wrap items-center gap-x-2 gap-y-1 py-1 text-sm">
      <span className="font-medium text-gray-900 dark:text-gray-100">{item.candidate.name}</span>
      <span className="text-gray-500 dark:text-gray-400">
        {item.last_viewed_at ? (
          <>
            viewed <RelativeTime value={item.last_viewed_at} />
          </>
        ) : (
          'not viewed yet'
        )}
      </span>
      {item.decision === 'approved' ? <Badge tone="green">Invited to interview</Badge> : null}
      {item.decision === 'rejected' ? (
        <Badge tone="red">{item.decision_detail ? `Declined: ${item.decision_detail}` : 'Declined'}</Badge>
      ) : null}
    </li>
  );
}

function Stamp({ label, at, otherwise }: { label: string; at: string | null; otherwise: ReactNode }) {
  return (
    <span>
      {at ? (
        <>
          {label} <RelativeTime value={at} />
        </>
      ) : (
        otherwise
      )}
    </span>
  );
}

/** "Shared with client": each share (contact, sent, opened, each candidate viewed and decided), revoke and renew. */
export function SharedWithClientCard({
  roleId,
  canEdit,
  action,
}: {
  roleId: number;
  canEdit: boolean;
  action?: ReactNode;
}) {
  const { data, error, isLoading, refetch, isFetching } = useListSharesQuery(roleId);
  const [revoke] = useRevokeShareMutation();
  const [renew] = useRenewShareMutation();
  const revoking = useConfirmedMutation<Share>({
    run: (share) => revoke(share),
    success: (share) => `The link for ${share.contact.name} no longer works.`,
  });
  const renewal = useConfirmedMutation<Share>({
    run: (share) => renew(share),
    success: (share) => `A new link was emailed to ${share.contact.name}.`,
  });
  const shares = data?.shares ?? [];
  return (
    <SectionCard id="shared-with-client" title="Shared with client" action={action} flush>
      {isLoading ? (
        <div className="space-y-2 px-5 py-4">
          <Skeleton className="h-4 w-2/3" />
          <Skeleton className="h-4 w-1/2" />
        </div>
      ) : error ? (
        <div className="px-5 py-4">
          <QueryError
            title="Could not load the shares"
            error={error}
            onRetry={() => void refetch()}
            retrying={isFetching}
          />
        </div>
      ) : shares.length === 0 ? (
        <EmptyState
          icon={Share2}
          title="Not shared yet"
          description="Share a shortlist to get the client's feedback."
        />
      ) : (
        <ul aria-label="Shares" className="divide-y divide-gray-200 dark:divide-white/10">
          {shares.map((share) => (
            <li key={share.id} className="space-y-2 px-5 py-4">
              <div className="flex flex-wrap items-center gap-2">
                <span className="text-sm font-semibold text-gray-900 dark:text-white">{share.contact.name}</span>
                <Badge tone={STATUS[share.status].tone}>{STATUS[share.status].label}</Badge>
              </div>
              <p className="flex flex-wrap gap-x-3 text-xs text-gray-500 dark:text-gray-400">
                <Stamp label="Sent" at={share.created_at} otherwise={null} />
                <Stamp label="Opened" at={share.last_opened_at} otherwise="Not opened yet" />
              </p>
              <ul aria-label={`Candidates shared with ${share.contact.name}`}>
                {share.candidates.map((item) => (
                  <CandidateLine key={item.pipeline_id} item={item} />
                ))}
              </ul>
              {canEdit ? (
                <div className="flex flex-wrap gap-2">
                  <Button size="sm" variant="secondary" onClick={() => renewal.ask(share)}>
                    Send a new link
                  </Button>
                  {share.status !== 'revoked' ? (
                    <Button size="sm" variant="secondary" onClick={() => revoking.ask(share)}>
                      Revoke
                    </Button>
                  ) : null}
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        {...revoking.dialog}
        tone="danger"
        title={`Revoke the link for ${revoking.target?.contact.name ?? ''}?`}
        description="The link stops working at once. You can send a new one later."
        confirmLabel="Revoke link"
      />
      <ConfirmDialog
        {...renewal.dialog}
        title={`Send ${renewal.target?.contact.name ?? ''} a new link?`}
        description="The current link stops working; the new one is emailed to the contact."
        confirmLabel="Send new link"
      />
    </SectionCard>
  );
}
