import { useState } from 'react';
import { ChevronDown, ChevronRight, Inbox, Link2, UserPlus } from 'lucide-react';
import type { Message } from '@recruitdesk/contracts/messages';
import { useSearchPeopleQuery } from '@/api/email';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Modal } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { MessageBody } from '@/components/ui/message-body';
import { PageHeader } from '@/components/ui/page-header';
import { Pagination } from '@/components/ui/pagination';
import { QueryError } from '@/components/ui/query-error';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { DateText } from '@/components/ui/time';
import { errorMessage } from '@/lib/base-api';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useAttachMessageMutation, useListUnmatchedQuery } from '../api';

const PAGE_SIZE = 25;
const sender = (m: Message) => (m.from.name ? `${m.from.name} <${m.from.address}>` : m.from.address);

/** "Attach to…": a candidate or a contact found by name or email. */
function AttachDialog({ message, onClose }: { message: Message; onClose: () => void }) {
  const [kind, setKind] = useState<'candidate' | 'contact'>('candidate');
  const [text, setText] = useState(message.from.address);
  const q = useDebouncedValue(text.trim(), 250);
  const { data: people = [], isFetching } = useSearchPeopleQuery({ q, only: kind }, { skip: q.length < 2 });
  const [attach, attaching] = useAttachMessageMutation();
  return (
    <Modal
      open
      onClose={onClose}
      title="Attach to a record"
      description={`“${message.subject || '(no subject)'}” from ${sender(message)} will show on the record's timeline.`}
      footer={
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
      }
    >
      <div className="space-y-3">
        <Field label="Record type">
          <Select value={kind} onChange={(event) => setKind(event.target.value as 'candidate' | 'contact')}>
            <option value="candidate">Candidate</option>
            <option value="contact">Client contact</option>
          </Select>
        </Field>
        <Field label="Search">
          <Input type="search" value={text} onChange={(event) => setText(event.target.value)} />
        </Field>
        <ul
          aria-label="Records found"
          className="max-h-56 overflow-auto rounded-lg ring-1 ring-gray-200 dark:ring-white/10"
        >
          {people.map((p) => (
            <li key={`${p.record}-${p.id}`} className="flex items-center justify-between gap-2 px-3 py-1.5 text-sm">
              <span className="min-w-0 truncate">
                {p.name}
                {p.email ? <span className="text-gray-500 dark:text-gray-400"> · {p.email}</span> : null}
              </span>
              <Button
                size="sm"
                variant="secondary"
                disabled={attaching.isLoading}
                aria-label={`Attach to ${p.name}`}
                onClick={() =>
                  void attach({ id: message.id, body: { type: p.record, id: p.id } }).then((result) => {
                    if (!result.error) onClose();
                  })
                }
              >
                Attach
              </Button>
            </li>
          ))}
          {!people.length ? (
            <li className="px-3 py-2 text-sm text-gray-500">
              {q.length < 2 ? 'Type at least two letters.' : isFetching ? 'Searching…' : 'Nothing found.'}
            </li>
          ) : null}
        </ul>
        {attaching.error ? <Alert>{errorMessage(attaching.error)}</Alert> : null}
      </div>
    </Modal>
  );
}

function UnmatchedRow({ message, onAttach }: { message: Message; onAttach: () => void }) {
  const [open, setOpen] = useState(false);
  const [attach, attaching] = useAttachMessageMutation();
  const subject = message.subject || '(no subject)';
  return (
    <li className="space-y-2 px-5 py-4">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
        <div className="min-w-0 flex-1">
          <button
            type="button"
            aria-expanded={open}
            onClick={() => setOpen((o) => !o)}
            className="flex items-center gap-1 text-left text-sm font-medium text-gray-900 hover:text-brand-600 dark:text-white"
          >
            {open ? (
              <ChevronDown aria-hidden="true" className="size-4" />
            ) : (
              <ChevronRight aria-hidden="true" className="size-4" />
            )}
            <span className="[overflow-wrap:anywhere]">{subject}</span>
          </button>
          <p className="text-sm [overflow-wrap:anywhere] text-gray-600 dark:text-gray-400">
            From {sender(message)} · <DateText value={message.occurred_at} withTime />
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="secondary" onClick={onAttach} aria-label={`Attach “${subject}” to a record`}>
            <Link2 aria-hidden="true" className="size-4" />
            Attach to…
          </Button>
          <Button
            size="sm"
            variant="secondary"
            loading={attaching.isLoading}
            aria-label={`Create a candidate from ${message.from.name || message.from.address}`}
            onClick={() => void attach({ id: message.id, body: { create_candidate: true } })}
          >
            {attaching.isLoading ? null : <UserPlus aria-hidden="true" className="size-4" />}
            Create candidate
          </Button>
        </div>
      </div>
      {attaching.error ? <Alert>{errorMessage(attaching.error)}</Alert> : null}
      {open ? <MessageBody html={message.body_html} title={`Body of “${subject}”`} /> : null}
    </li>
  );
}

/** Messages from senders no record knows: attach each to a record, or make the sender a candidate. */
export function UnmatchedPage() {
  const [page, setPage] = useState(1);
  const { data, error, isLoading, isFetching, refetch } = useListUnmatchedQuery({ page });
  const [attaching, setAttaching] = useState<Message | null>(null);
  let body;
  if (isLoading) {
    body = (
      <div className="space-y-3 p-5" aria-busy="true">
        <span className="sr-only">Loading messages…</span>
        <Skeleton className="h-4 w-1/2" />
      </div>
    );
  } else if (error || !data) {
    body = (
      <QueryError
        title="Could not load the messages"
        error={error}
        onRetry={() => void refetch()}
        retrying={isFetching}
      />
    );
  } else if (!data.results.length) {
    body = (
      <EmptyState
        icon={Inbox}
        title="Nothing unmatched"
        description="Messages from senders that match no candidate or contact wait here."
      />
    );
  } else {
    body = (
      <>
        <ul aria-label="Unmatched messages" className="divide-y divide-gray-100 dark:divide-white/5">
          {data.results.map((m) => (
            <UnmatchedRow key={m.id} message={m} onAttach={() => setAttaching(m)} />
          ))}
        </ul>
        {data.count > PAGE_SIZE ? (
          <Pagination page={page} pageSize={PAGE_SIZE} total={data.count} onPageChange={setPage} noun="messages" />
        ) : null}
      </>
    );
  }
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <PageHeader
        title="Unmatched messages"
        description="Mail in the connected mailboxes from senders that match no record yet."
      />
      <Card className="overflow-hidden">{body}</Card>
      {attaching ? <AttachDialog message={attaching} onClose={() => setAttaching(null)} /> : null}
    </div>
  );
}
