import { useState, type ComponentType, type SVGProps } from 'react';
import {
  Activity as ActivityIcon,
  Briefcase,
  Building2,
  FileText,
  GitBranch,
  BadgeCheck,
  History,
  ListChecks,
  LogIn,
  Receipt,
  StickyNote,
  UserCog,
  UserRound,
} from 'lucide-react';
import { Link } from 'react-router';
import type { Activity } from '@recruitdesk/contracts/activity';
import { Button } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { formatRelativeTime } from '@/lib/format';
import { useDateFormat } from '@/lib/time-zone';
import { useGetActivityQuery } from '../api';
import { QueryError } from '@/components/ui/query-error';
import { useDeferredAnswer } from '@/lib/deferred-answer';

type Icon = ComponentType<SVGProps<SVGSVGElement>>;

const ICONS: Record<string, { icon: Icon; tone: string }> = {
  client: { icon: Building2, tone: 'bg-sky-50 text-sky-600 dark:bg-sky-500/10 dark:text-sky-400' },
  role: { icon: Briefcase, tone: 'bg-brand-50 text-brand-600 dark:bg-brand-500/10 dark:text-brand-400' },
  candidate: { icon: UserRound, tone: 'bg-emerald-50 text-emerald-600 dark:bg-emerald-500/10 dark:text-emerald-400' },
  pipeline: { icon: GitBranch, tone: 'bg-violet-50 text-violet-600 dark:bg-violet-500/10 dark:text-violet-400' },
  application: { icon: FileText, tone: 'bg-teal-50 text-teal-600 dark:bg-teal-500/10 dark:text-teal-400' },
  note: { icon: StickyNote, tone: 'bg-amber-50 text-amber-600 dark:bg-amber-500/10 dark:text-amber-400' },
  job_qualification: { icon: ListChecks, tone: 'bg-brand-50 text-brand-600 dark:bg-brand-500/10 dark:text-brand-400' },
  invoice: { icon: Receipt, tone: 'bg-rose-50 text-rose-600 dark:bg-rose-500/10 dark:text-rose-400' },
  user: { icon: UserCog, tone: 'bg-gray-100 text-gray-600 dark:bg-white/5 dark:text-gray-300' },
  session: { icon: LogIn, tone: 'bg-gray-100 text-gray-600 dark:bg-white/5 dark:text-gray-300' },
};
const FALLBACK = { icon: ActivityIcon, tone: 'bg-gray-100 text-gray-600 dark:bg-white/5 dark:text-gray-300' };
const PLACED = {
  icon: BadgeCheck,
  tone: 'bg-emerald-50 text-emerald-600 dark:bg-emerald-500/10 dark:text-emerald-400',
};

/** What a row is about, named in a record's history when it is one of the record's children. */
const KIND_LABELS: Record<string, string> = {
  client: 'Client',
  role: 'Role',
  candidate: 'Candidate',
  pipeline: 'Pipeline',
  note: 'Note',
  job_qualification: 'Qualification',
  application: 'Application',
  invoice: 'Invoice',
  invoice_note: 'Invoice note',
};
const kindOf = (item: Pick<Activity, 'model_type' | 'verb'>) =>
  item.model_type === 'pipeline' && item.verb === 'placed' ? 'Placement' : KIND_LABELS[item.model_type];

type Linkable = Pick<Activity, 'model_type' | 'object_id' | 'verb'> &
  Partial<Pick<Activity, 'client_id' | 'role_id' | 'candidate_id'>>;

/**
 * The page an activity item is about, when it has one: the record itself, a pipeline's page, or for notes
 * and qualifications the record they are on (decision 029). Deleted records link to what they were under.
 */
export function activityHref(item: Linkable): string | null {
  const roleId = item.role_id ?? null;
  const candidateId = item.candidate_id ?? null;
  const clientId = item.client_id ?? null;
  const gone = item.verb === 'deleted';
  if (item.object_id == null) return null;
  if (item.model_type === 'client') return gone ? null : paths.app.client.getHref(item.object_id);
  if (item.model_type === 'role') return gone ? null : paths.app.role.getHref(item.object_id);
  if (item.model_type === 'candidate') return gone ? null : paths.app.candidate.getHref(item.object_id);
  if (item.model_type === 'pipeline' && roleId !== null) {
    return gone ? paths.app.role.getHref(roleId) : paths.app.pipeline.getHref(roleId, item.object_id);
  }
  if (item.model_type === 'note' || item.model_type === 'job_qualification') {
    if (roleId !== null && candidateId !== null) return paths.app.roleCandidate.getHref(roleId, candidateId);
    if (roleId !== null) return paths.app.role.getHref(roleId);
    if (candidateId !== null) return paths.app.candidate.getHref(candidateId);
    if (clientId !== null) return paths.app.client.getHref(clientId);
  }
  return null;
}

function ActivityRow({ item, now, subject }: { item: Activity; now: Date; subject?: RecentActivityProps['subject'] }) {
  const { icon: Icon, tone } =
    item.model_type === 'pipeline' && item.verb === 'placed' ? PLACED : (ICONS[item.model_type] ?? FALLBACK);
  const own = subject !== undefined && item.model_type === subject.modelType && item.object_id === subject.objectId;
  // In a record's history its own rows need no link to the page the reader is on.
  const href = own ? null : activityHref(item);
  // In a record's history, rows about what hangs under it say what they are about ('Pipeline · Rita').
  const kind = subject !== undefined && !own ? kindOf(item) : undefined;
  const byline = [kind, item.actor?.name].filter(Boolean).join(' · ');
  const format = useDateFormat();
  const summary = format.storedText(item.summary);
  return (
    <li className="flex items-start gap-3 px-5 py-3.5">
      <span className={`mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-lg ${tone}`}>
        <Icon aria-hidden="true" className="size-4" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="text-sm text-gray-900 dark:text-gray-100">
          {href ? (
            <Link
              to={href}
              className="hover:text-brand-600 hover:underline focus-visible:rounded-sm focus-visible:outline-2 focus-visible:outline-brand-600 dark:hover:text-brand-400"
            >
              {summary}
            </Link>
          ) : (
            summary
          )}
        </p>
        {byline ? <p className="mt-0.5 text-xs text-gray-500 dark:text-gray-400">{byline}</p> : null}
      </div>
      <time
        dateTime={item.created_at}
        title={format.dateTime(item.created_at)}
        className="shrink-0 pt-0.5 text-xs whitespace-nowrap text-gray-500 dark:text-gray-400"
      >
        {formatRelativeTime(item.created_at, now)}
      </time>
    </li>
  );
}

function ActivitySkeleton() {
  return (
    <ul aria-hidden="true" className="divide-y divide-gray-100 dark:divide-white/5">
      {[0, 1, 2, 3].map((i) => (
        <li key={i} className="flex items-start gap-3 px-5 py-3.5">
          <Skeleton className="size-8 rounded-lg" />
          <div className="flex-1 space-y-2 pt-1">
            <Skeleton className="h-3.5 w-3/4" />
            <Skeleton className="h-3 w-1/4" />
          </div>
          <Skeleton className="h-3 w-16" />
        </li>
      ))}
    </ul>
  );
}

const SHOW_MORE_STEP = 20;
const MAX_SHOWN = 100;

export interface RecentActivityProps {
  limit?: number;
  /** Someone else's activity (`?actor_id=`); by default the signed-in user's own (`?mine=true`). */
  actorId?: number;
  /** One record's history (`?model_type=&object_id=`), e.g. a client's. */
  subject?: { modelType: string; objectId: number };
  description?: string;
  emptyDescription?: string;
}

/** Recent activity: the signed-in user's (`GET /api/activity/?mine=true&limit=10`) or one person's. */
export function RecentActivity({
  limit = 10,
  actorId,
  subject,
  description = 'Your latest changes across clients, roles and candidates.',
  emptyDescription = 'When you add clients, roles or candidates, your changes will show up here.',
}: RecentActivityProps) {
  // "Show more" asks for a longer list (up to the API's 100): the rows on screen stay while it loads.
  const [shown, setShown] = useState(limit);
  const query = useGetActivityQuery(
    subject
      ? { model_type: subject.modelType, object_id: subject.objectId, limit: shown }
      : actorId === undefined
        ? { mine: true, limit: shown }
        : { actor_id: actorId, limit: shown },
  );
  const { data, error, isLoading, isFetching, refetch } = useDeferredAnswer(query);
  const now = new Date();

  return (
    <Card aria-labelledby="recent-activity-title" role="region">
      <CardHeader titleId="recent-activity-title" title="Recent activity" description={description} />
      {isLoading ? (
        <>
          <ActivitySkeleton />
          <span role="status" className="sr-only">
            Loading recent activity
          </span>
        </>
      ) : error ? (
        <QueryError
          title="Could not load recent activity"
          error={error}
          onRetry={() => void refetch()}
          retrying={isFetching}
        />
      ) : !data || data.results.length === 0 ? (
        <EmptyState icon={History} title="No activity yet" description={emptyDescription} />
      ) : (
        <ul className="divide-y divide-gray-100 dark:divide-white/5" aria-label="Recent activity">
          {data.results.map((item) => (
            <ActivityRow key={item.id} item={item} now={now} {...(subject ? { subject } : {})} />
          ))}
        </ul>
      )}
      {data?.has_more && shown < MAX_SHOWN && !error ? (
        <div className="border-t border-gray-100 px-5 py-3 dark:border-white/5">
          <Button
            variant="ghost"
            size="sm"
            loading={isFetching}
            onClick={() => setShown((n) => Math.min(n + SHOW_MORE_STEP, MAX_SHOWN))}
          >
            Show more
          </Button>
        </div>
      ) : null}
    </Card>
  );
}
