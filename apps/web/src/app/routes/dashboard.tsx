import { CalendarDays, Clock, Globe2, ShieldCheck } from 'lucide-react';
import { Avatar } from '@/components/ui/avatar';
import { Card, CardHeader } from '@/components/ui/card';
import { RecentActivity } from '@/features/activity/components/recent-activity';
import { NeedsAttention } from '@/features/dashboard/components/needs-attention';
import { MyApplicationsCard } from '@/features/applications/components/my-applications-card';
import { PAGE_TEXT } from '@/config/page-text';
import { selectUser } from '@/features/auth/auth-slice';
import { DashboardStats } from '@/features/roles/components/dashboard-stats';
import { greetingFor, userTypeLabel } from '@/lib/format';
import { useAppSelector } from '@/lib/hooks';
import { useDateFormat } from '@/lib/time-zone';

function AccountCard() {
  const user = useAppSelector(selectUser);
  const format = useDateFormat();
  if (!user) return null;
  const rows = [
    { icon: ShieldCheck, label: 'Role', value: userTypeLabel(user.role) },
    {
      icon: Clock,
      label: 'Last sign-in',
      value: user.last_login ? format.dateTime(user.last_login) : 'This is your first sign-in',
    },
    { icon: Globe2, label: 'Time zone', value: user.time_zone.replace(/_/g, ' ') },
  ];
  return (
    <Card role="region" aria-labelledby="account-card-title">
      <CardHeader titleId="account-card-title" title="Your account" />
      <div className="flex items-center gap-3 px-5 pt-5">
        <Avatar name={user.name} initials={user.initials} src={user.profile_picture_url} size="lg" />
        <div className="min-w-0">
          <p className="truncate text-sm font-semibold text-gray-900 dark:text-white">{user.name}</p>
          <p className="truncate text-sm text-gray-500 dark:text-gray-400">{user.email}</p>
        </div>
      </div>
      <dl className="space-y-3 px-5 py-5">
        {rows.map(({ icon: Icon, label, value }) => (
          <div key={label} className="flex items-start gap-3 text-sm">
            <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-gray-400" />
            <dt className="w-24 shrink-0 text-gray-500 dark:text-gray-400">{label}</dt>
            <dd className="min-w-0 flex-1 font-medium break-words text-gray-900 dark:text-gray-100">{value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

export function DashboardRoute() {
  const user = useAppSelector(selectUser);
  const format = useDateFormat();
  const now = new Date();
  const firstName = user?.first_name || user?.name?.split(' ')[0] || '';
  return (
    <div className="space-y-8">
      <section aria-labelledby="greeting" className="flex flex-col gap-1">
        <h2 id="greeting" className="text-2xl font-semibold tracking-tight text-gray-900 dark:text-white">
          {greetingFor(now, format.zone)}
          {firstName ? `, ${firstName}` : ''}
        </h2>
        <p className="flex items-center gap-1.5 text-sm text-gray-500 dark:text-gray-400">
          <CalendarDays aria-hidden="true" className="size-4" />
          {format.longDate(now)}
        </p>
      </section>
      <DashboardStats />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <RecentActivity limit={10} description={PAGE_TEXT.dashboardActivity.description} />
        </div>
        <div className="space-y-6">
          <NeedsAttention />
          <MyApplicationsCard />
          <AccountCard />
        </div>
      </div>
    </div>
  );
}

export default DashboardRoute;
