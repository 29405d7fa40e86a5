import { Briefcase, Building2, CalendarPlus, UserCheck } from 'lucide-react';
import { StatCard } from '@/components/ui/stat-card';
import { paths } from '@/config/paths';
import { useGetRoleStatsQuery } from '../api';
import { useDeferredAnswer } from '@/lib/deferred-answer';

/** The dashboard's numbers (GET /api/roles/stats/), each linking to its list. */
export function DashboardStats() {
  const { data, isLoading } = useDeferredAnswer(useGetRoleStatsQuery());
  const stats = data?.stats;
  const cards = [
    { label: 'Open roles', value: stats?.open_roles ?? null, href: paths.app.jobsActive.getHref(), icon: Briefcase },
    {
      label: 'Active clients',
      value: stats?.active_clients ?? null,
      href: `${paths.app.clients.getHref()}?state=Open`,
      icon: Building2,
    },
    {
      label: 'Roles opened this month',
      value: stats?.roles_opened_this_month ?? null,
      href: `${paths.app.jobsActive.getHref()}?opened=this_month`,
      icon: CalendarPlus,
    },
    {
      label: 'My roles',
      value: stats?.my_roles ?? null,
      href: `${paths.app.jobsActive.getHref()}?recruiter=me`,
      icon: UserCheck,
    },
  ];
  return (
    <section aria-label="Key numbers" className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
      {cards.map((card) => (
        <StatCard key={card.label} {...card} loading={isLoading} />
      ))}
    </section>
  );
}
