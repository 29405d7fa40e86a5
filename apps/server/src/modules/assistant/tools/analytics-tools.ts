import { z } from 'zod';
import {
  clients as analyticsClients,
  filterOptions,
  optimalWageRange,
  retainerTimePayout,
  roleWages,
  sources,
  stageFunnel,
  summary,
} from '../../analytics/analytics.service';
import { agencyCurrency, analyticsQuery, defineTool, depsAt, periodFilterSchema } from './tool-helpers';

// Tools over the analytics sets (issue 12, definitions in docs/analytics.md): the same service functions the
// REST API calls, so the permission check and the money rule (decision 071: money keys only for whoever the agency lets see fees) hold.

export const agencyMetricsTool = defineTool({
  name: 'agency_metrics',
  description:
    'Key figures of a period: open roles at its end, new roles, placements, roles closed and filled, fill rate, median days to fill and to first submittal, submittals; for owners also revenue booked (invoiced), revenue collected (payments received) and average placement fee, in `currency` (the agency currency). Also the same figures for the period just before, per month, and per recruiter (open roles, submittals, placements, fees for owners). Filters: client, recruiter, client type, role family.',
  args: periodFilterSchema,
  aggregate: true,
  async run(ctx, a) {
    const result = {
      ...(await summary(depsAt(ctx), ctx.user, analyticsQuery(a))),
      currency: await agencyCurrency(ctx),
    };
    // Per-recruiter rows name people: not in the aggregates scope.
    if (ctx.dataScope === 'aggregates') {
      const { recruiters: _recruiters, ...rest } = result;
      return rest;
    }
    return result;
  },
});

export const stageFunnelTool = defineTool({
  name: 'stage_funnel',
  description:
    'The pipeline funnel over pipelines created in the period: per stage how many reached it, conversion to the next stage, median and p90 days spent in it, and how many were dropped there with the reasons.',
  args: periodFilterSchema,
  aggregate: true,
  run: (ctx, a) => stageFunnel(depsAt(ctx), ctx.user, analyticsQuery(a)),
});

export const clientBreakdownTool = defineTool({
  name: 'client_breakdown',
  description:
    'Per client with activity in the period: open roles, new roles, placements, median days to fill; for owners revenue booked, collected and average fee, in `currency` (the agency currency).',
  args: periodFilterSchema,
  aggregate: true,
  run: async (ctx, a) => ({
    ...(await analyticsClients(depsAt(ctx), ctx.user, analyticsQuery(a))),
    currency: await agencyCurrency(ctx),
  }),
});

export const compensationStatsTool = defineTool({
  name: 'compensation_stats',
  description:
    'Salary statistics: placed salaries of the period per role family (count, min, p25, median, p75, max, per location too) and the answered offers per family with the salary band whose offers were most often accepted (needs at least 5 answered offers).',
  args: periodFilterSchema,
  aggregate: true,
  async run(ctx, a) {
    const deps = depsAt(ctx);
    const placed = await roleWages(deps, ctx.user, analyticsQuery(a));
    const offers = await optimalWageRange(deps, ctx.user, analyticsQuery(a));
    return {
      filters: placed.filters,
      role_wages: placed.role_wages,
      min_sample: offers.min_sample,
      offer_ranges: offers.ranges,
    };
  },
});

export const retainerPayoutsTool = defineTool({
  name: 'retainer_payouts',
  description:
    'Retainer clients signed by the period end: each scheduled instalment with its invoice and payment, days from signing to invoice and to payment (medians over instalments invoiced in the period), outstanding instalments and, for owners, the amount still to come (in `currency`, the agency currency).',
  args: periodFilterSchema,
  aggregate: true,
  run: async (ctx, a) => ({
    ...(await retainerTimePayout(depsAt(ctx), ctx.user, analyticsQuery(a))),
    currency: await agencyCurrency(ctx),
  }),
});

export const roleFamiliesTool = defineTool({
  name: 'role_families',
  description:
    'The role families (normalised role titles such as "data engineer") with how many roles each has and example titles; their keys filter other tools.',
  args: z.object({}).strict(),
  aggregate: true,
  async run(ctx) {
    const options = await filterOptions(depsAt(ctx), ctx.user);
    return { role_families: options.role_families };
  },
});

export const placementSourcesTool = defineTool({
  name: 'placement_sources',
  description:
    "Where the period's placements came from: per source (the application's channel — Careers page, Indeed — when the placed pipeline came from an application, else the source recorded on the candidate, such as Referral or LinkedIn) the placements, their share and, for owners, their fees in `currency` (the agency currency); and the applications received in the period per channel (careers_page, indeed, other) with how many are open, rejected, converted and placed.",
  args: periodFilterSchema,
  aggregate: true,
  run: async (ctx, a) => ({
    ...(await sources(depsAt(ctx), ctx.user, analyticsQuery(a))),
    currency: await agencyCurrency(ctx),
  }),
});
