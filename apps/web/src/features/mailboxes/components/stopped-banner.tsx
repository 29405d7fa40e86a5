import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { paths } from '@/config/paths';
import { useListMailboxesQuery } from '../api';
import type { Mailbox } from '@recruitdesk/contracts/mailboxes';
import { DateText } from '@/components/ui/time';

/** "Sync stopped since … because …": said the same way on the settings page and in the owner's banner. */
export function StoppedMessage({ mailbox }: { mailbox: Mailbox }) {
  return (
    <>
      Sync of {mailbox.email} stopped
      {mailbox.stopped_since ? (
        <>
          {' '}
          since <DateText value={mailbox.stopped_since} withTime />
        </>
      ) : null}
      {mailbox.stopped_reason ? ` because ${mailbox.stopped_reason}` : ''}.
    </>
  );
}

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

/** The shell's version: the same notice above every page, with the page's spacing below it. */
export function StoppedMailboxesNotice({ userId, includeShared }: { userId: number; includeShared: boolean }) {
  const { data: mailboxes = [] } = useListMailboxesQuery(undefined, { pollingInterval: 300_000 });
  const stopped = mailboxes.some(
    (m) => m.sync_state === 'stopped' && (m.owner?.id === userId || (includeShared && m.kind === 'shared')),
  );
  if (!stopped) return null;
  return (
    <div className="mb-6">
      <StoppedMailboxesBanner userId={userId} includeShared={includeShared} />
    </div>
  );
}
