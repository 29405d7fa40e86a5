import type {
  AnalyticsClientsResponse,
  AnalyticsFilterOptionsResponse,
  AnalyticsFiltersQuery,
  AnalyticsOptimalWageRangeResponse,
  AnalyticsRetainerTimePayoutResponse,
  AnalyticsRoleWagesResponse,
  AnalyticsSourcesResponse,
  AnalyticsStagesResponse,
  AnalyticsSummaryResponse,
  AnalyticsWagesResponse,
} from '@recruitdesk/contracts/analytics';
import { baseApi } from '@/lib/base-api';
import type { AnalyticsFilters } from './filters';

/** The page's filters as the sets' query (GET /api/analytics/<set>/?date_from=&date_to=&client=…). */
export function queryForFilters(filters: AnalyticsFilters): AnalyticsFiltersQuery {
  const query: AnalyticsFiltersQuery = { date_from: filters.from, date_to: filters.to };
  if (filters.client) query.client = Number(filters.client);
  if (filters.clientType) query.client_type = filters.clientType;
  if (filters.recruiter) query.recruiter = Number(filters.recruiter);
  if (filters.roleFamily) query.role_family = filters.roleFamily;
  return query;
}

// No cache tags: figures move with every pipeline, invoice and payout anywhere in the agency. The page asks
// again when it is opened more than a minute after the last answer (refetchOnMountOrArgChange in the page).
const set = (path: string) => ({
  query: (params: AnalyticsFiltersQuery) => ({ url: `/api/analytics/${path}/`, params: { ...params } }),
});

export const analyticsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getAnalyticsSummary: build.query<AnalyticsSummaryResponse, AnalyticsFiltersQuery>(set('summary')),
    getAnalyticsClients: build.query<AnalyticsClientsResponse, AnalyticsFiltersQuery>(set('clients')),
    getAnalyticsStages: build.query<AnalyticsStagesResponse, AnalyticsFiltersQuery>(set('stages')),
    getAnalyticsWages: build.query<AnalyticsWagesResponse, AnalyticsFiltersQuery>(set('wages')),
    getAnalyticsRoleWages: build.query<AnalyticsRoleWagesResponse, AnalyticsFiltersQuery>(set('role-wages')),
    getAnalyticsOptimalWageRange: build.query<AnalyticsOptimalWageRangeResponse, AnalyticsFiltersQuery>(
      set('optimal-wage-range'),
    ),
    getAnalyticsRetainerTimePayout: build.query<AnalyticsRetainerTimePayoutResponse, AnalyticsFiltersQuery>(
      set('retainer-time-payout'),
    ),
    getAnalyticsSources: build.query<AnalyticsSourcesResponse, AnalyticsFiltersQuery>(set('sources')),
    getAnalyticsFilterOptions: build.query<AnalyticsFilterOptionsResponse, void>({
      query: () => '/api/analytics/filter-options/',
    }),
  }),
});

export const {
  useGetAnalyticsSummaryQuery,
  useGetAnalyticsClientsQuery,
  useGetAnalyticsStagesQuery,
  useGetAnalyticsWagesQuery,
  useGetAnalyticsRoleWagesQuery,
  useGetAnalyticsOptimalWageRangeQuery,
  useGetAnalyticsRetainerTimePayoutQuery,
  useGetAnalyticsSourcesQuery,
  useGetAnalyticsFilterOptionsQuery,
} = analyticsApi;
