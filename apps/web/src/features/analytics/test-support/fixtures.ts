import type {
  AnalyticsClientsResponse,
  AnalyticsFilterOptionsResponse,
  AnalyticsKpis,
  AnalyticsOptimalWageRangeResponse,
  AnalyticsRetainerTimePayoutResponse,
  AnalyticsRoleWagesResponse,
  AnalyticsSourcesResponse,
  AnalyticsStagesResponse,
  AnalyticsSummaryResponse,
  AnalyticsWagesResponse,
  AppliedFilters,
} from '@recruitdesk/contracts/analytics';

/** Typed answers of the analytics sets, as an owner (money) or anyone else (no money fields at all). */
const filters: AppliedFilters = {
  date_from: '2025-11-27',
  date_to: '2026-11-26',
  client: null,
  client_type: null,
  recruiter: null,
  role_family: null,
};

function kpis(overrides: Partial<AnalyticsKpis>, money: boolean): AnalyticsKpis {
  const base: AnalyticsKpis = {
    open_roles: 12,
    new_roles: 20,
    placements: 10,
    roles_filled: 8,
    roles_closed: 10,
    fill_rate: 0.8,
    median_days_to_fill: 32,
    median_days_to_first_submittal: 6.5,
    submittals: 40,
    submittals_per_placement: 4,
    ...overrides,
  };
  return money
    ? { revenue_booked: '240000.00', revenue_collected: '180000.00', average_fee: '24000.00', ...base }
    : base;
}

export function summaryAnswer(money: boolean): AnalyticsSummaryResponse {
  const month = (m: string, booked: string, collected: string) => ({
    month: m,
    new_roles: 2,
    placements: 1,
    submittals: 4,
    ...(money ? { revenue_booked: booked, revenue_collected: collected } : {}),
  });
  return {
    success: true,
    filters,
    money_visible: money,
    summary: kpis({}, money),
    previous: {
      ...kpis({ placements: 8, fill_rate: 0.75, median_days_to_fill: 40, open_roles: 12 }, false),
      ...(money ? { revenue_booked: '200000.00', revenue_collected: '150000.00', average_fee: '25000.00' } : {}),
    },
    previous_period: { date_from: '2024-11-27', date_to: '2025-11-26' },
    months: [month('2026-10', '20000.00', '15000.00'), month('2026-11', '30000.00', '10000.00')],
    recruiters: [
      {
        recruiter_id: 3,
        recruiter_name: 'Rita Recruiter',
        open_roles: 5,
        submittals: 25,
        placements: 6,
        ...(money ? { fees: '150000.00' } : {}),
      },
      {
        recruiter_id: null,
        recruiter_name: 'Unassigned',
        open_roles: 1,
        submittals: 2,
        placements: 0,
        ...(money ? { fees: '0.00' } : {}),
      },
    ],
  };
}

export function clientsAnswer(money: boolean): AnalyticsClientsResponse {
  return {
    success: true,
    filters,
    money_visible: money,
    clients: [
      {
        client_id: 7,
        client_name: 'Acme Corp',
        client_type: 'finders_fee',
        open_roles: 3,
        new_roles: 4,
        placements: 5,
        median_days_to_fill: 28,
        ...(money ? { revenue_booked: '120000.00', revenue_collected: '90000.00', average_fee: '24000.00' } : {}),
      },
      {
        client_id: 9,
        client_name: 'Globex',
        client_type: 'retainer',
        open_roles: 1,
        new_roles: 1,
        placements: 2,
        median_days_to_fill: null,
        ...(money ? { revenue_booked: '60000.00', revenue_collected: '60000.00', average_fee: null } : {}),
      },
    ],
  };
}

export function stagesAnswer(): AnalyticsStagesResponse {
  const stage = (s: string, label: string, reached: number, conversion: number | null, median: number | null) => ({
    stage: s,
    label,
    reached,
    conversion_to_next: conversion,
    median_days_in_stage: median,
    p90_days_in_stage: median == null ? null : median * 2,
    dropped: 2,
    dropped_reasons: [{ reason: 'Not a fit', count: 2 }],
  });
  return {
    success: true,
    filters,
    money_visible: false,
    pipelines: 100,
    stages: [
      stage('sourced', 'Sourced', 100, 0.6, 3),
      stage('submitted', 'Submitted', 60, 0.5, 5),
      stage('client_interview', 'Client Interview', 30, 0.33, 7),
      stage('placed', 'Placed', 10, null, null),
    ],
  };
}

export function wagesAnswer(): AnalyticsWagesResponse {
  return { success: true, filters, money_visible: false, placements: [], by_client: [], by_role_family: [] };
}

export function roleWagesAnswer(): AnalyticsRoleWagesResponse {
  return { success: true, filters, money_visible: false, role_wages: [] };
}

export function optimalAnswer(): AnalyticsOptimalWageRangeResponse {
  return {
    success: true,
    filters,
    money_visible: false,
    min_sample: 5,
    ranges: [
      {
        role_family: 'software engineer',
        role_family_label: 'Software engineer',
        location: null,
        currency: 'USD',
        sample_size: 3,
        accepted: 2,
        enough_data: false,
        message: 'Only 3 answered offers; at least 5 are needed.',
        bands: [],
        best_band: null,
      },
    ],
  };
}

export function retainerAnswer(money: boolean): AnalyticsRetainerTimePayoutResponse {
  return {
    success: true,
    filters,
    money_visible: money,
    clients: [],
    overall: {
      median_days_to_invoice: null,
      median_days_to_paid: null,
      outstanding_instalments: 0,
      ...(money ? { outstanding_amount: '0.00' } : {}),
    },
  };
}

export function sourcesAnswer(money: boolean): AnalyticsSourcesResponse {
  const fees = (value: string) => (money ? { fees: value } : {});
  return {
    success: true,
    filters,
    money_visible: money,
    sources: [
      { source: 'Careers page', placements: 3, share: 0.6, ...fees('72000.00') },
      { source: 'Referral', placements: 1, share: 0.2, ...fees('24000.00') },
      { source: '', placements: 1, share: 0.2, ...fees('18000.00') },
    ],
    applications: [
      { source: 'careers_page', received: 40, open: 6, rejected: 24, converted: 10, placed: 3 },
      { source: 'indeed', received: 12, open: 2, rejected: 9, converted: 1, placed: 0 },
    ],
  };
}

export function filterOptionsAnswer(): AnalyticsFilterOptionsResponse {
  return {
    success: true,
    money_visible: false,
    default_date_from: filters.date_from,
    default_date_to: filters.date_to,
    clients: [
      { id: 7, name: 'Acme Corp', client_type: 'finders_fee' },
      { id: 9, name: 'Globex', client_type: 'retainer' },
    ],
    client_types: [
      { value: 'finders_fee', label: "Finder's fee" },
      { value: 'retainer', label: 'Retainer' },
    ],
    recruiters: [{ id: 3, name: 'Rita Recruiter' }],
    role_families: [
      { value: 'software engineer', label: 'Software engineer', roles: 4, examples: ['Senior Software Engineer'] },
    ],
  };
}

/** The answer for a request path, as an owner or not. */
export function analyticsAnswer(path: string, money: boolean): unknown {
  if (path.startsWith('/api/analytics/summary/')) return summaryAnswer(money);
  if (path.startsWith('/api/analytics/clients/')) return clientsAnswer(money);
  if (path.startsWith('/api/analytics/stages/')) return stagesAnswer();
  if (path.startsWith('/api/analytics/wages/')) return wagesAnswer();
  if (path.startsWith('/api/analytics/role-wages/')) return roleWagesAnswer();
  if (path.startsWith('/api/analytics/optimal-wage-range/')) return optimalAnswer();
  if (path.startsWith('/api/analytics/retainer-time-payout/')) return retainerAnswer(money);
  if (path.startsWith('/api/analytics/sources/')) return sourcesAnswer(money);
  if (path.startsWith('/api/analytics/filter-options/')) return filterOptionsAnswer();
  return null;
}
