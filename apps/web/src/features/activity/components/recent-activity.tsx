import type { ComponentType, SVGProps } from 'react';
import {
  Activity as ActivityIcon,
  Briefcase,
  Building2,
  FileText,
  GitBranch,
  History,
  LogIn,
  Receipt,
  StickyNote,
  UserCog,
  UserRound,
} from 'lucide-react';
import { Link } from 'react-router';
import type { Activity } from '@recruitdesk/contracts/activity';
import { Card, CardHeader } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { formatDateTime, formatRelativeTime } from '@/lib/format';
import { useGetActivityQuery } from '../api';
import { QueryError } from '@/components/ui/query-error';

type Icon = ComponentType<SVGProps<SVGSVGElement>>;

const ICONS: Record<string, { icon: Icon; tone: string }> = {
  client: { icon: Building2, tone: 'bg-sky-50 text-sky-600 dark:bg-sky-500/10 dark:text-sky-400' },
  role: { icon: Briefcase, tone: 'bg-brand-50 text-brand-600 dark:bg-brand-500/10 dark:text-brand-400' },
  candidate: { icon: UserRound, tone: 'bg-emerald-50 text-emerald-600 dark:bg-emerald-500/10 dark:text-emerald-400' },
  pipeline: { icon: GitBranch, tone: 'bg-violet-50 text-violet-600 dark:bg-violet-500/10 dark:text-violet-400' },
  application: { icon: FileText, tone: 'bg-teal-50 text-teal-600 dark:bg-teal-500/10 dark:text-teal-400' },
  note: { icon: StickyNote, tone: 'bg-amber-50 text-amber-600 dark:bg-amber-500/10 dark:text-amber-400' },
  invoice: { icon: Receipt, tone: 'bg-rose-50 text-rose-600 dark:bg-rose-500/10 dark:text-rose-400' },
  user: { icon: UserCog, tone: 'bg-gray-100 text-gray-600 dark:bg-white/5 dark:text-gray-300' },
  session: { icon: LogIn, tone: 'bg-gray-100 text-gray-600 dark:bg-white/5 dark:text-gray-300' },
};
const FALLBACK = { icon: ActivityIcon, tone: 'bg-gray-100 text-gray-600 dark:bg-white/5 dark:text-gray-300' };

/** The page an activity item is about, when it has one. */
export function activityHref(item: Pick<Activity, 'model_type' | 'object_id'>): string | null {
  if (item.object_id == null) return null;
  if (item.model_type === 'client') return paths.app.client.getHref(item.object_id);
  if (item.model_type === 'role') return paths.app.role.getHref(item.object_id);
  return null;
}

function ActivityRow({ item, now }: { item: Activity; now: Date }) {
  const { icon: Icon, tone } = ICONS[item.model_type] ?? FALLBACK;
  const href = activityHref(item);
  return (
    <li className="flex items-start gap-3 px-5 py-3.5">
      <span className={`mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-lg ${tone}`}>
        <Icon aria-hidden="true" className="size-4" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="text-sm text-gray-900 dark:text-gray-100">
          {href ? (
            <Link to={href} className="hover:text-brand-600 hover:underline focus-visible:rounded-sm focus-visible:outline-2 focus-visible:outline-brand-600 dark:hover:text-brand-400">
              {item.summary}
            </Link>
          ) : (
            item.summary
          )}
        </p>
        {item.actor?.name ? <p className="mt-0.5 text-xs text-gray-500 dark:text-gray-400">{item.actor.name}</p> : null}
      </div>
      <time
        dateTime={item.created_at}
        title={formatDateTime(item.created_at)}
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
  const { data, error, isLoading, isFetching, refetch } = useGetActivityQuery(
    subject
      ? { model_type: subject.modelType, object_id: subject.objectId, limit }
      : actorId === undefined
        ? { mine: true, limit }
        : { actor_id: actorId, limit },
  );
  const now = new Date();

  return (
    <Card aria-labelledby="recent-activity-title" role="region">
      <CardHeader
        titleId="recent-activity-title"
        title="Recent activity"
        description={description}
      />
      {isLoading ? (
        <>
          <ActivitySkeleton />
          <span role="status" className="sr-only">
            Loading recent activity
          </span>
        </>
      ) : error ? (
        <QueryError title="Could not load recent activity" error={error} onRetry={() => void refetch()} retrying={isFetching} />
      ) : !data || data.results.length === 0 ? (
        <EmptyState
          icon={History}
          title="No activity yet"
          description={emptyDescription}
        />
      ) : (
        <ul className="divide-y divide-gray-100 dark:divide-white/5" aria-label="Recent activity">
          {data.results.map((item) => (
            <ActivityRow key={item.id} item={item} now={now} />
          ))}
        </ul>
      )}
    </Card>
  );
}
