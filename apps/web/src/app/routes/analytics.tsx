import { AnalyticsDashboard } from '@/features/analytics/components/analytics-dashboard';
import { useGetAgencySettingsQuery } from '@/features/settings/api';

/** /analytics: the Analytics Dashboard, its money in the agency's currency. */
export function AnalyticsRoute() {
  const { data } = useGetAgencySettingsQuery();
  return <AnalyticsDashboard currency={data?.settings.currency ?? 'USD'} />;
}

export default AnalyticsRoute;
