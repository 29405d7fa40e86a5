import { useCallback, useEffect, useState } from 'react';
import { ArrowDownLeft, ArrowUpRight, ChevronDown, ChevronRight, Mail, Paperclip, Reply, Send } from 'lucide-react';
import type { Message, MessageAddress, MessageRecordType } from '@recruitdesk/contracts/messages';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { QueryError } from '@/components/ui/query-error';
import { Skeleton } from '@/components/ui/skeleton';
import { DateText } from '@/components/ui/time';
import { errorMessage } from '@/lib/base-api';
import { useGetTimelineQuery, useResendMessageMutation } from '../api';
import { MessageBody } from '@/components/ui/message-body';
import { MessageStatusBadge, RESENDABLE } from './message-status';

export const TIMELINE_PAGE_SIZE = 25;

export const addressText = (a: MessageAddress) => (a.name ? `${a.name} <${a.address}>` : a.address);
const namesOf = (list: MessageAddress[]) => list.map((a) => a.name || a.address).join(', ');

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** One message: who, what, when and its status; the body and attachments on expanding. */
export function TimelineItem({ message, onReply }: { message: Message; onReply?: ((m: Message) => void) | undefined }) {
  const [open, setOpen] = useState(false);
  const [resend, resending] = useResendMessageMutation();
  const inbound = message.direction === 'inbound';
  const Icon = inbound ? ArrowDownLeft : ArrowUpRight;
  const subject = message.subject || '(no subject)';
  const bodyId = `message-${message.id}-body`;
  return (
    <li className="px-5 py-4">
      <div className="flex items-start gap-3">
        <span
          className="mt-0.5 flex size-7 shrink-0 items-center justify-center rounded-full bg-gray-100 text-gray-600 dark:bg-white/5 dark:text-gray-300"
          title={inbound ? 'Received' : 'Sent from RecruitDesk'}
        >
          <Icon aria-hidden="true" className="size-4" />
          <span className="sr-only">{inbound ? 'Incoming' : 'Outgoing'}</span>
        </span>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
            <button
              type="button"
              aria-expanded={open}
              aria-controls={bodyId}
              onClick={() => setOpen((o) => !o)}
              className="flex min-w-0 items-center gap-1 text-left text-sm font-medium text-gray-900 hover:text-brand-600 focus-visible:rounded-sm focus-visible:outline-2 focus-visible:outline-brand-600 dark:text-white dark:hover:text-brand-400"
            >
              {open ? (
                <ChevronDown aria-hidden="true" className="size-4 shrink-0" />
              ) : (
                <ChevronRight aria-hidden="true" className="size-4 shrink-0" />
              )}
              <span className="[overflow-wrap:anywhere]">{subject}</span>
            </button>
            <div className="flex items-center gap-2">
              <MessageStatusBadge status={message.status} />
              <DateText
                value={message.send_after && message.status === 'queued' ? message.send_after : message.occurred_at}
                withTime
                className="text-xs whitespace-nowrap text-gray-500 dark:text-gray-400"
              />
            </div>
          </div>
          <p className="mt-0.5 text-sm [overflow-wrap:anywhere] text-gray-600 dark:text-gray-400">
            {inbound ? 'From ' : 'To '}
            {inbound ? addressText(message.from) : namesOf(message.to)}
            {!inbound && message.author ? ` · by ${message.author.name}` : ''}
            {message.attachments.length ? (
              <Paperclip aria-label="Has attachments" className="ml-1 inline size-3.5 align-[-2px]" />
            ) : null}
          </p>
          {message.status === 'queued' && message.send_after ? (
            <p className="mt-1 text-xs text-gray-500 dark:text-gray-400">
              Scheduled for <DateText value={message.send_after} withTime />
            </p>
          ) : null}
          {message.status_detail && message.status !== 'sent' && message.status !== 'received' ? (
            <p className="mt-1 text-xs [overflow-wrap:anywhere] text-red-700 dark:text-red-300">
              {message.status === 'unconfirmed' ? 'Not confirmed: ' : 'The mail server answered: '}
              {message.status_detail}
            </p>
          ) : null}
          {RESENDABLE.includes(message.status) ? (
            <div className="mt-2 flex flex-wrap items-center gap-2">
              <Button
                size="sm"
                variant="secondary"
                loading={resending.isLoading}
                onClick={() => void resend(message.id)}
              >
                {resending.isLoading ? null : <Send aria-hidden="true" className="size-4" />}
                Send again
              </Button>
              {resending.error ? (
                <span role="alert" className="text-xs text-red-700 dark:text-red-300">
                  {errorMessage(resending.error)}
                </span>
              ) : null}
            </div>
          ) : null}
          <div id={bodyId} hidden={!open} className="mt-3 space-y-3">
            {open ? (
              <>
                <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-xs text-gray-600 dark:text-gray-400">
                  <dt className="font-medium">From</dt>
                  <dd className="[overflow-wrap:anywhere]">{addressText(message.from)}</dd>
                  <dt className="font-medium">To</dt>
                  <dd className="[overflow-wrap:anywhere]">{message.to.map(addressText).join(', ')}</dd>
                  {message.cc.length ? (
                    <>
                      <dt className="font-medium">Cc</dt>
                      <dd className="[overflow-wrap:anywhere]">{message.cc.map(addressText).join(', ')}</dd>
                    </>
                  ) : null}
                  {message.bcc.length ? (
                    <>
                      <dt className="font-medium">Bcc</dt>
                      <dd className="[overflow-wrap:anywhere]">{message.bcc.map(addressText).join(', ')}</dd>
                    </>
                  ) : null}
                </dl>
                {message.body_html ? (
                  <MessageBody html={message.body_html} title={`Body of “${subject}”`} />
                ) : (
                  <p className="text-sm whitespace-pre-line text-gray-800 dark:text-gray-200">{message.body_text}</p>
                )}
                {message.attachments.length ? (
                  <ul aria-label="Attachments" className="flex flex-wrap gap-2">
                    {message.attachments.map((a) => (
                      <li key={a.id}>
                        <a
                          href={a.url}
                          className="inline-flex items-center gap-1 rounded-md bg-gray-50 px-2 py-1 text-xs text-brand-700 ring-1 ring-gray-200 ring-inset hover:underline dark:bg-white/5 dark:text-brand-300 dark:ring-white/10"
                        >
                          <Paperclip aria-hidden="true" className="size-3.5" />
                          {a.filename} ({formatSize(a.size)})
                        </a>
                      </li>
                    ))}
                  </ul>
                ) : null}
                {onReply ? (
                  <Button size="sm" variant="secondary" onClick={() => onReply(message)}>
                    <Reply aria-hidden="true" className="size-4" />
                    Reply
                  </Button>
                ) : null}
              </>
            ) : null}
          </div>
        </div>
      </div>
    </li>
  );
}

interface ChunkState {
  next: string | null;
  count: number;
  settled: boolean;
}

/** One page of the timeline (the first, or the one after a `next` cursor): its items, as list items. */
function TimelineChunk({
  type,
  id,
  before,
  index,
  onState,
  onReply,
}: {
  type: MessageRecordType;
  id: number;
  before: string | undefined;
  index: number;
  onState: (index: number, state: ChunkState) => void;
  onReply?: ((m: Message) => void) | undefined;
}) {
  const { data, error, isLoading, isFetching, refetch } = useGetTimelineQuery({
    type,
    id,
    before,
    limit: TIMELINE_PAGE_SIZE,
  });
  const next = data?.next ?? null;
  const count = data?.results.length ?? 0;
  const settled = Boolean(data) && !error;
  useEffect(() => {
    onState(index, { next, count, settled });
  }, [index, next, count, settled, onState]);
  const first = index === 0;

  if (isLoading) {
    return (
      <li className="space-y-2 px-5 py-4" aria-busy="true">
        <span className="sr-only">Loading emails…</span>
        <Skeleton className="h-4 w-2/3" />
        <Skeleton className="h-3 w-1/3" />
      </li>
    );
  }
  if (error || !data) {
    return (
      <li>
        <QueryError
          title={first ? 'Could not load the emails' : 'Could not load older emails'}
          error={error}
          onRetry={() => void refetch()}
          retrying={isFetching}
        />
      </li>
    );
  }
  return (
    <>
      {data.results.map((message) => (
        <TimelineItem key={message.id} message={message} onReply={onReply} />
      ))}
    </>
  );
}

/**
 * A record's emails, newest first (GET /api/{segment}/{id}/timeline/), 25 at a time: "Load older" asks for
 * the page after the last one's `next` cursor; pages already shown stay (and refresh after a send).
 */
export function Timeline({
  type,
  id,
  onReply,
}: {
  type: MessageRecordType;
  id: number;
  onReply?: ((m: Message) => void) | undefined;
}) {
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const [states, setStates] = useState<Record<number, ChunkState>>({});
  const onState = useCallback((index: number, state: ChunkState) => {
    setStates((all) => {
      const previous = all[index];
      if (previous?.next === state.next && previous.count === state.count && previous.settled === state.settled)
        return all;
      return { ...all, [index]: state };
    });
  }, []);
  const last = states[cursors.length - 1];
  const firstState = states[0];
  const empty = firstState?.settled && firstState.count === 0 && cursors.length === 1;

  // The first page stays mounted while empty: its query is what a send refreshes.
  return (
    <div>
      {empty ? (
        <EmptyState
          icon={Mail}
          title="No emails yet"
          description="Emails sent from RecruitDesk and replies from connected mailboxes show up here."
        />
      ) : null}
      <ol aria-label="Emails" hidden={empty} className="divide-y divide-gray-100 dark:divide-white/5">
        {cursors.map((before, index) => (
          <TimelineChunk
            key={before ?? 'newest'}
            type={type}
            id={id}
            before={before}
            index={index}
            onState={onState}
            onReply={onReply}
          />
        ))}
      </ol>
      {last?.settled && last.next ? (
        <div className="border-t border-gray-100 px-5 py-3 text-center dark:border-white/5">
          <Button variant="secondary" size="sm" onClick={() => setCursors((list) => [...list, last.next ?? undefined])}>
            Load older
          </Button>
        </div>
      ) : null}
    </div>
  );
}
