import { useState } from 'react';
import { Link } from 'react-router';
import { Inbox, KeyRound, Plus, Unplug } from 'lucide-react';
import type { Mailbox } from '@recruitdesk/contracts/mailboxes';
import { Alert } from '@/components/ui/alert';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog, FormDialog } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { PageHeader } from '@/components/ui/page-header';
import { QueryError } from '@/components/ui/query-error';
import { Skeleton } from '@/components/ui/skeleton';
import { RelativeTime } from '@/components/ui/time';
import { paths } from '@/config/paths';
import { useDisconnectMailboxMutation, useListMailboxesQuery, useUpdateMailboxMutation } from '../api';
import { ConnectMailboxDialog } from './connect-mailbox-dialog';
import { StoppedMessage } from './stopped-banner';

const STATE_LABELS: Record<Mailbox['sync_state'], [string, BadgeTone]> = {
  connecting: ['Connecting', 'sky'],
  syncing: ['Syncing', 'sky'],
  idle: ['In sync', 'green'],
  stopped: ['Sync stopped', 'red'],
};

function PasswordDialog({ mailbox, onClose }: { mailbox: Mailbox; onClose: () => void }) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [update, updating] = useUpdateMailboxMutation();
  return (
    <FormDialog
      open
      onClose={onClose}
      title={`New password for ${mailbox.email}`}
      description="The server logs in with it, then syncing resumes where it stopped."
      submitLabel="Save password"
      loading={updating.isLoading}
      error={updating.error}
      onSubmit={(event) => {
        event.preventDefault();
        if (!password) return setError('Enter the password or app password.');
        void update({ id: mailbox.id, body: { password } }).then((result) => {
          if (!result.error) onClose();
        });
      }}
    >
      <Field label="Password or app password" error={error}>
        <Input
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(event) => {
            setPassword(event.target.value);
            setError(undefined);
          }}
        />
      </Field>
    </FormDialog>
  );
}

function MailboxRow({
  mailbox,
  onPassword,
  onDisconnect,
}: {
  mailbox: Mailbox;
  onPassword: () => void;
  onDisconnect: () => void;
}) {
  const [label, tone] = STATE_LABELS[mailbox.sync_state];
  const title = mailbox.label || mailbox.email;
  return (
    <li className="space-y-3 px-5 py-4" aria-label={title}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <p className="font-medium [overflow-wrap:anywhere] text-gray-900 dark:text-white">{title}</p>
            <Badge tone={tone}>{label}</Badge>
            <Badge tone={mailbox.kind === 'shared' ? 'brand' : 'gray'}>
              {mailbox.kind === 'shared' ? 'Shared' : (mailbox.owner?.name ?? 'Personal')}
            </Badge>
          </div>
          <p className="text-sm [overflow-wrap:anywhere] text-gray-600 dark:text-gray-400">
            {mailbox.label ? `${mailbox.email} · ` : ''}
            {mailbox.username}@{mailbox.host}:{mailbox.port}
            {mailbox.tls ? ' (TLS)' : ''}
          </p>
          <p className="text-xs text-gray-500 dark:text-gray-400">
            {mailbox.messages_synced.toLocaleString()} messages ·{' '}
            {mailbox.last_synced_at ? (
              <>
                last synced <RelativeTime value={mailbox.last_synced_at} />
              </>
            ) : (
              'not synced yet'
            )}
            {' · '}
            {mailbox.uses_idle ? 'new mail is pushed (IDLE)' : 'checked for new mail regularly'}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="secondary" onClick={onPassword} aria-label={`Update password of ${title}`}>
            <KeyRound aria-hidden="true" className="size-4" />
            Update password
          </Button>
          <Button size="sm" variant="ghost" onClick={onDisconnect} aria-label={`Disconnect ${title}`}>
            <Unplug aria-hidden="true" className="size-4" />
            Disconnect
          </Button>
        </div>
      </div>
      {mailbox.sync_state === 'stopped' ? (
        <Alert title="Sync stopped">
          <StoppedMessage mailbox={mailbox} /> Update the password or check the server settings to resume.
        </Alert>
      ) : null}
    </li>
  );
}

const SETTLING_POLL_MS = 3_000;

/** Settings → Mailboxes: connect, see each one's sync, fix a stopped one, disconnect. */
export function MailboxesPage({ canShare }: { canShare: boolean }) {
  // While a mailbox connects or syncs, its state is asked for every few seconds (a new one reads "In sync"
  // without a reload); otherwise once a minute.
  const [settling, setSettling] = useState(false);
  const {
    data: mailboxes = [],
    error,
    isLoading,
    isFetching,
    refetch,
  } = useListMailboxesQuery(undefined, {
    pollingInterval: settling ? SETTLING_POLL_MS : 60_000,
  });
  const nowSettling = mailboxes.some((m) => m.sync_state === 'connecting' || m.sync_state === 'syncing');
  if (nowSettling !== settling) setSettling(nowSettling);
  const [dialog, setDialog] = useState<
    { kind: 'connect' } | { kind: 'password' | 'disconnect'; mailbox: Mailbox } | null
  >(null);
  const [disconnect, disconnecting] = useDisconnectMailboxMutation();
  let body;
  if (isLoading) {
    body = (
      <div className="space-y-3 p-5" aria-busy="true">
        <span className="sr-only">Loading mailboxes…</span>
        <Skeleton className="h-4 w-1/2" />
      </div>
    );
  } else if (error) {
    body = (
      <QueryError
        title="Could not load the mailboxes"
        error={error}
        onRetry={() => void refetch()}
        retrying={isFetching}
      />
    );
  } else if (!mailboxes.length) {
    body = (
      <EmptyState
        icon={Inbox}
        title="No mailboxes connected"
        description="Connect your mailbox (or the agency's) so replies land on the candidate, contact and role they belong to."
        action={
          <Button size="sm" variant="secondary" onClick={() => setDialog({ kind: 'connect' })}>
            <Plus aria-hidden="true" className="size-4" />
            Connect a mailbox
          </Button>
        }
      />
    );
  } else {
    body = (
      <ul aria-label="Mailboxes" className="divide-y divide-gray-100 dark:divide-white/5">
        {mailboxes.map((m) => (
          <MailboxRow
            key={m.id}
            mailbox={m}
            onPassword={() => setDialog({ kind: 'password', mailbox: m })}
            onDisconnect={() => setDialog({ kind: 'disconnect', mailbox: m })}
          />
        ))}
      </ul>
    );
  }
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <PageHeader
        title="Mailboxes"
        description="IMAP mailboxes kept in sync: each message is filed on the records it belongs to."
        actions={
          <>
            <Link to={paths.app.unmatched.getHref()} className={buttonClasses('secondary')}>
              <Inbox aria-hidden="true" className="size-4" />
              Unmatched messages
            </Link>
            <Button onClick={() => setDialog({ kind: 'connect' })}>
              <Plus aria-hidden="true" className="size-4" />
              Connect a mailbox
            </Button>
          </>
        }
      />
      <Card className="overflow-hidden">{body}</Card>
      {dialog?.kind === 'connect' ? (
        <ConnectMailboxDialog open canShare={canShare} onClose={() => setDialog(null)} />
      ) : null}
      {dialog?.kind === 'password' ? <PasswordDialog mailbox={dialog.mailbox} onClose={() => setDialog(null)} /> : null}
      <ConfirmDialog
        open={dialog?.kind === 'disconnect'}
        onClose={() => setDialog(null)}
        onConfirm={() => {
          if (dialog?.kind !== 'disconnect') return;
          void disconnect(dialog.mailbox.id).then((result) => {
            if (!result.error) setDialog(null);
          });
        }}
        title={dialog?.kind === 'disconnect' ? `Disconnect ${dialog.mailbox.email}?` : 'Disconnect?'}
        description="Syncing stops and the stored password is deleted. Messages already filed stay on their records."
        confirmLabel="Disconnect"
        tone="danger"
        loading={disconnecting.isLoading}
        error={disconnecting.error}
      />
    </div>
  );
}
