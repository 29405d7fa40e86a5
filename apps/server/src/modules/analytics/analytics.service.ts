// The analytics sets (issue 12; definitions in docs/analytics.md, money rules in decision 071): the module's
// surface for the routes and the assistant's tools. Each job lives in its own file: the filters and who sees
// money (analytics-filters), the summary and totals, the breakdowns (clients, sources, roles, stage funnel),
// the wages, the optimal wage range and the retainer report; their queries in the analytics-*.repository.ts
// files on the shared scope of analytics-query.ts.

export { defaultRange, filterOptions, seesMoney, useAgencyTimeZone } from './analytics-filters';
export { percentile } from './analytics-helpers';
export { summary, totals } from './analytics-summary';
export { clients, roles, sources, stageFunnel } from './analytics-breakdowns';
export { roleWages, wages } from './analytics-wages';
export { acceptanceLowerBound, bandsOf, bandWidthMinor, optimalWageRange } from './analytics-optimal-range';
export { retainerTimePayout } from './analytics-retainer';
