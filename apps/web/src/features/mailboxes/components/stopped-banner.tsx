import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { paths } from '@/config/paths';
import { useListMailboxesQuery } from '../api';
import { StoppedMessage } from './mailboxes-page';

/**
 * "Sync stopped since … because …" for each stopped mailbox this user owns (owners: the shared ones too),
 * with a link to fix it. Nothing while every mailbox syncs, or when the list cannot be read.
 */
export function StoppedMailboxesBanner({ userId, includeShared }: { userId: number; includeShared: boolean }) {
  const { data: mailboxes = [] } = useListMailboxesQuery(undefined, { pollingInterval: 300_000 });
  const stopped = mailboxes.filter(
    (m) => m.sync_state === 'stopped' && (m.owner?.id === userId || (includeShared && m.kind === 'shared')),
  );
  if (!stopped.length) return null;
  return (
    <div className="space-y-2">
      {stopped.map((m) => (
        <Alert key={m.id} title="Mailbox sync stopped">
          <StoppedMessage mailbox={m} />{' '}
          <Link to={paths.app.mailboxes.getHref()} className="font-medium underline">
            Fix it in Mailboxes
          </Link>
        </Alert>
      ))}
    </div>
  );
}
