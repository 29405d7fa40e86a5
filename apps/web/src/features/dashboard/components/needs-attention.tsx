import type { AttentionItem, AttentionKind } from '@recruitdesk/contracts/analytics';
import { AlarmClock, CalendarClock, CheckCircle2, FileWarning, Hourglass, ShieldAlert } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { QueryError } from '@/components/ui/query-error';
import { Skeleton } from '@/components/ui/skeleton';
import { useDateFormat } from '@/lib/time-zone';
import { useGetAttentionQuery } from '../api';
import { useDeferredAnswer } from '@/lib/deferred-answer';

// The contracts' labels, kept here as plain text so the dashboard does not load the schema library.
const KINDS: Record<AttentionKind, { label: string; icon: typeof AlarmClock; tone: string }> = {
  interview_tomorrow: {
    label: 'Interview tomorrow',
    icon: CalendarClock,
    tone: 'text-sky-600 bg-sky-50 dark:text-sky-300 dark:bg-sky-500/10',
  },
  overdue_invoice: {
    label: 'Invoice overdue',
    icon: FileWarning,
    tone: 'text-red-600 bg-red-50 dark:text-red-300 dark:bg-red-500/10',
  },
  stale_pipeline: {
    label: 'No stage change in 5 days',
    icon: Hourglass,
    tone: 'text-amber-700 bg-amber-50 dark:text-amber-300 dark:bg-amber-500/10',
  },
  role_without_submittal: {
    label: 'No submittal in 7 days',
    icon: AlarmClock,
    tone: 'text-amber-700 bg-amber-50 dark:text-amber-300 dark:bg-amber-500/10',
  },
  guarantee_ending: {
    label: 'Guarantee ends within 30 days',
    icon: ShieldAlert,
    tone: 'text-violet-700 bg-violet-50 dark:text-violet-300 dark:bg-violet-500/10',
  },
};

const SHOWN = 8;

function Item({ item, showOwner }: { item: AttentionItem; showOwner: boolean }) {
  const kind = KINDS[item.kind];
  const Icon = kind.icon;
  // The server writes instants as "2026-11-27 15:00 UTC"; each reader sees them in their zone (decision 025).
  const format = useDateFormat();
  return (
    <li>
      <Link
        to={item.link}
        className="flex items-start gap-3 px-5 py-3 hover:bg-gray-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600 dark:hover:bg-white/[0.03]"
      >
        <span className={`mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-lg ${kind.tone}`}>
          <Icon aria-hidden="true" className="size-4" />
        </span>
        <span className="min-w-0 flex-1">
          <span className="block truncate text-sm font-medium text-gray-900 dark:text-white">{item.title}</span>
          <span className="block text-sm text-gray-500 dark:text-gray-400">
            <span className="font-medium text-gray-700 dark:text-gray-300">{kind.label}</span> ·{' '}
            {format.storedText(item.detail)}
            {showOwner ? ` · ${item.user_name}` : ''}
          </span>
        </span>
      </Link>
    </li>
  );
}

/**
 * The dashboard's "Needs attention" card: each item links to its record (owners see everyone's). The first
 * few show; "Show all" opens the list a page (100) at a time, with Previous and Next through every item.
 */
export function NeedsAttention() {
  const [page, setPage] = useState(1);
  const query = useGetAttentionQuery(page > 1 ? { page } : undefined, { refetchOnMountOrArgChange: 60 });
  const { data, isLoading, error, refetch, isFetching } = useDeferredAnswer(query);
  const [all, setAll] = useState(false);
  const items = data?.items ?? [];
  const shown = all ? items : items.slice(0, SHOWN);
  let body;
  if (error && !data)
    body = (
      <QueryError
        title="The attention list could not load."
        error={error}
        onRetry={() => void refetch()}
        retrying={isFetching}
      />
    );
  else if (isLoading)
    body = (
      <div className="space-y-3 px-5 py-4" aria-hidden="true">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-10 w-full" />
        ))}
      </div>
    );
  else if (items.length === 0)
    body = (
      <EmptyState
        icon={CheckCircle2}
        title="Nothing needs attention"
        description="Stalled pipelines, quiet roles, ending guarantees, tomorrow's interviews and overdue invoices show here."
      />
    );
  else
    body = (
      <ul className="divide-y divide-gray-100 dark:divide-white/5">
        {shown.map((item) => (
          <Item key={item.key} item={item} showOwner={data?.everyone ?? false} />
        ))}
      </ul>
    );
  const hidden = items.length - shown.length;
  const count = data?.count ?? 0;
  const pageSize = data?.page_size ?? 100;
  const first = ((data?.page ?? 1) - 1) * pageSize;
  const pages = Math.max(1, Math.ceil(count / pageSize));
  const paged = all && count > pageSize;
  return (
    <Card role="region" aria-labelledby="needs-attention-title">
      <CardHeader
        titleId="needs-attention-title"
        title="Needs attention"
        description={
          data ? (data.everyone ? "Everyone's items, most urgent first" : 'Your items, most urgent first') : undefined
        }
        action={
          data?.count ? (
            <span className="rounded-full bg-gray-100 px-2 py-0.5 text-xs font-medium text-gray-700 tabular-nums dark:bg-white/10 dark:text-gray-300">
              {data.count}
            </span>
          ) : null
        }
      />
      {body}
      {hidden > 0 ? (
        <div className="flex items-center justify-between gap-3 border-t border-gray-100 px-5 py-2 dark:border-white/5">
          <Button variant="ghost" size="sm" onClick={() => setAll(true)}>
            Show all {count}
          </Button>
        </div>
      ) : null}
      {paged ? (
        <nav
          aria-label="Needs attention pages"
          className="flex flex-wrap items-center justify-between gap-3 border-t border-gray-100 px-5 py-2 dark:border-white/5"
        >
          <span className="text-xs text-gray-500 tabular-nums dark:text-gray-400" aria-live="polite">
            {first + 1}–{first + items.length} of {count}
          </span>
          <span className="flex gap-2">
            <Button variant="ghost" size="sm" disabled={page <= 1 || isFetching} onClick={() => setPage(page - 1)}>
              Previous
            </Button>
            <Button variant="ghost" size="sm" disabled={page >= pages || isFetching} onClick={() => setPage(page + 1)}>
              Next
            </Button>
          </span>
        </nav>
      ) : null}
    </Card>
  );
}
