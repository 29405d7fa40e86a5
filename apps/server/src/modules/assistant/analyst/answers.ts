// Over 400 lines: one templated answer per kind of question (figure, ranking, list, lookup), each short, sharing the period and link helpers.
import { NO_SOURCE_LABEL } from '@recruitdesk/contracts/analytics';
import { APPLICATION_SOURCE_LABELS } from '@recruitdesk/contracts/applications';
import { PIPELINE_STAGE_LABELS } from '@recruitdesk/contracts/pipeline-summary';
import type { ToolContext } from '../assistant.types';
import type { FoundRecord } from '../tools/find-records';
import { METRICS, type MetricKey } from './lexicon';
import { days, esc, int, link, money, pct, table } from './markdown';
import { agencyToday, ALL_TIME_FROM, describePeriod, formatDay, type Period } from './periods';
import type { Slots } from './understand';

// Templated answers: the figure, the period and filters used, the metric's definition in a line, a small
// table when several rows answer, links to records. The last line ("Used: ...") also carries the context a
// follow-up question continues from.

export type Call = <T>(name: string, args: Record<string, unknown>, ctx: ToolContext) => Promise<T>;

interface KpiSet {
  open_roles: number;
  new_roles: number;
  placements: number;
  roles_filled: number;
  roles_closed: number;
  fill_rate: number | null;
  median_days_to_fill: number | null;
  median_days_to_first_submittal: number | null;
  submittals: number;
  revenue_booked?: string;
  revenue_collected?: string;
  average_fee?: string | null;
}
interface Summary {
  money_visible: boolean;
  summary: KpiSet;
  previous: KpiSet;
  months: {
    month: string;
    new_roles: number;
    placements: number;
    submittals: number;
    revenue_booked?: string;
    revenue_collected?: string;
  }[];
  recruiters: {
    recruiter_id: number | null;
    recruiter_name: string;
    open_roles: number;
    submittals: number;
    placements: number;
    fees?: string;
  }[];
}
interface ClientRow {
  client_id: number;
  client_name: string;
  open_roles: number;
  new_roles: number;
  placements: number;
  median_days_to_fill: number | null;
  revenue_booked?: string;
  revenue_collected?: string;
  average_fee?: string | null;
}

const METRIC_FIELD: Partial<Record<MetricKey, keyof KpiSet>> = {
  placements: 'placements',
  new_roles: 'new_roles',
  open_roles: 'open_roles',
  submittals: 'submittals',
  roles_closed: 'roles_closed',
  roles_filled: 'roles_filled',
  fill_rate: 'fill_rate',
  days_to_fill: 'median_days_to_fill',
  days_to_first_submittal: 'median_days_to_first_submittal',
  revenue_booked: 'revenue_booked',
  revenue_collected: 'revenue_collected',
  average_fee: 'average_fee',
};

const UNITS: Partial<Record<MetricKey, [string, string]>> = {
  placements: ['placement', 'placements'],
  new_roles: ['new role', 'new roles'],
  open_roles: ['open role', 'open roles'],
  submittals: ['submittal', 'submittals'],
  roles_closed: ['role closed', 'roles closed'],
  roles_filled: ['role filled', 'roles filled'],
};

export function valueText(metric: MetricKey, value: unknown, currency: string): string {
  if (value === null || value === undefined) return 'n/a';
  if (metric === 'fill_rate') return pct(value as number);
  if (metric === 'days_to_fill' || metric === 'days_to_first_submittal') return days(value as number);
  if (METRICS[metric].money) return money(value as string, currency);
  return int(value as number);
}

/** The figure as a phrase: "12 placements", "$4,500.00 revenue collected", "a fill rate of 50.0%". */
function figure(metric: MetricKey, value: unknown, currency: string): string {
  // Nothing to measure: said in words, never "n/a" (issue 29 item f).
  if (value === null || value === undefined) {
    if (metric === 'fill_rate') return 'no fill rate (no roles closed)';
    if (metric === 'days_to_fill') return 'no median time to fill (no placements)';
    if (metric === 'days_to_first_submittal') return 'no median time to first submittal (no first submittals)';
    if (metric === 'average_fee') return 'no average placement fee (no placements)';
    return `no ${METRICS[metric].label.toLowerCase()} figure`;
  }
  const units = UNITS[metric];
  if (units && typeof value === 'number') return `**${int(value)}** ${value === 1 ? units[0] : units[1]}`;
  if (metric === 'fill_rate') return `a fill rate of **${valueText(metric, value, currency)}**`;
  if (metric === 'days_to_fill') return `a median time to fill of **${valueText(metric, value, currency)}**`;
  if (metric === 'days_to_first_submittal')
    return `a median time to first submittal of **${valueText(metric, value, currency)}**`;
  return `**${valueText(metric, value, currency)}** ${METRICS[metric].label.toLowerCase()}`;
}

export interface Filters {
  period: Period | null;
  slots: Slots;
}

/** "for [Acme Logistics](/clients/3), recruiter Rita Recruiter" */
function filtersText(s: Slots, withFamily = true): string {
  const parts: string[] = [];
  if (s.client) parts.push(`for ${link(s.client.name, `/clients/${s.client.id}`)}`);
  if (s.role) parts.push(`for the role ${link(s.role.name, `/roles/${s.role.id}`)}`);
  if (s.recruiter) parts.push(`by recruiter ${esc(s.recruiter.name)}`);
  if (s.clientType) parts.push(`${s.clientType === 'retainer' ? 'retainer' : "finder's fee"} clients only`);
  if (s.family && withFamily) parts.push(`role family ${esc(s.family.label)}`);
  return parts.length ? ` ${parts.join(', ')}` : '';
}

/**
 * The last line: what the answer used, in the words of the app (no internal keys or ids: issue 29 item f).
 * A follow-up continues from it (contextFrom in builtin-analyst.ts reads it back); records are links.
 */
export function usedLine(metric: MetricKey, s: Slots, period: Period | null): string {
  const parts = [METRICS[metric].label];
  if (period)
    parts.push(period.unit === 'all' ? 'all time' : `from ${formatDay(period.from)} to ${formatDay(period.to)}`);
  if (s.client) parts.push(`client ${link(s.client.name, `/clients/${s.client.id}`)}`);
  if (s.role) parts.push(`role ${link(s.role.name, `/roles/${s.role.id}`)}`);
  if (s.recruiter) parts.push(`recruiter ${link(s.recruiter.name, `/users/${s.recruiter.id}`)}`);
  if (s.clientType) parts.push(s.clientType === 'retainer' ? 'retainer clients only' : "finder's fee clients only");
  if (s.family) parts.push(`role family ${esc(s.family.label)} (${esc(s.family.key)})`);
  if (s.stage) parts.push(`stage ${PIPELINE_STAGE_LABELS[s.stage]}`);
  if (s.stageTo) parts.push(`to stage ${PIPELINE_STAGE_LABELS[s.stageTo]}`);
  if (s.groupBy) parts.push(`per ${s.groupBy}`);
  if (s.rankBy) parts.push(`ranked by ${METRICS[s.rankBy].label.toLowerCase()}`);
  return `_Based on: ${parts.join(' · ')}_`;
}

const definition = (metric: MetricKey) => `_${METRICS[metric].label}: ${METRICS[metric].definition}_`;

const filterArgs = (s: Slots, period: Period) => ({
  date_from: period.from,
  date_to: period.to,
  ...(s.client ? { client_id: s.client.id } : {}),
  ...(s.recruiter ? { recruiter_id: s.recruiter.id } : {}),
  ...(s.clientType ? { client_type: s.clientType } : {}),
  ...(s.family ? { role_family: s.family.key } : {}),
});

const compose = (...blocks: (string | null | false | undefined)[]) => blocks.filter(Boolean).join('\n\n');

export const OWNERS_ONLY =
  'Money figures (revenue, fees, invoice balances) are shown to owners only, so I can’t answer that for your account. I can tell you about placements, roles, submittals, the funnel and salaries.';

/** Answers a fully specified question. */
export async function answer(s: Slots, ctx: ToolContext, toolCall: Call): Promise<string> {
  // Money is shown in the currency the tools report (the agency's setting, docs/assistant-analyst.md); each
  // branch formats its figures after its tool call, so the currency of the result it answers from.
  let currency = 'USD';
  const call: Call = async <T>(name: string, args: Record<string, unknown>, c: ToolContext): Promise<T> => {
    const result = await toolCall<T>(name, args, c);
    const reported = (result as { currency?: unknown } | null)?.currency;
    if (typeof reported === 'string' && reported) currency = reported;
    return result;
  };
  const metric = s.metric!;
  const period = s.period;
  const info = METRICS[metric];
  const when = period ? describePeriod(period) : 'now';

  // A role state named ("on hold") is a record count, not the summary's open roles.
  if (
    metric in METRIC_FIELD &&
    s.groupBy !== 'client' &&
    s.groupBy !== 'recruiter' &&
    !(metric === 'open_roles' && s.state)
  ) {
    const p = period ?? { from: agencyToday(ctx), to: agencyToday(ctx), unit: 'day' as const, label: 'today' };
    const data = await call<Summary>('agency_metrics', filterArgs(s, p), ctx);
    const field = METRIC_FIELD[metric]!;
    if (info.money && !data.money_visible) return OWNERS_ONLY;
    const value = data.summary[field];
    const previous = data.previous[field];
    let head =
      metric === 'open_roles' && !period
        ? `You have ${figure(metric, value, currency)} right now${filtersText(s)}.`
        : `${capital(figure(metric, value, currency))} in ${when}${filtersText(s)}.`;
    if (period && period.unit !== 'all' && metric !== 'open_roles' && previous !== null && previous !== undefined)
      head += ` The period just before had ${valueText(metric, previous, currency)}.`;
    let detail: string | null = null;
    if (s.groupBy === 'month' && period) {
      const key = (
        {
          placements: 'placements',
          new_roles: 'new_roles',
          submittals: 'submittals',
          revenue_booked: 'revenue_booked',
          revenue_collected: 'revenue_collected',
        } as Record<string, string>
      )[metric];
      if (key)
        detail = table(
          ['Month', info.label],
          data.months.map((m) => [m.month, valueText(metric, (m as Record<string, unknown>)[key], currency)]),
        );
    }
    if (metric === 'fill_rate')
      head += ` (${int(data.summary.roles_filled)} filled of ${int(data.summary.roles_closed)} closed)`;
    if (metric === 'average_fee')
      head += ` over ${int(data.summary.placements)} placement${data.summary.placements === 1 ? '' : 's'}.`;
    return compose(head, detail, definition(metric), usedLine(metric, s, period));
  }

  if (metric === 'revenue') return OWNERS_ONLY; // not reached: revenue is asked about first

  if (metric === 'recruiter_performance' || (s.groupBy === 'recruiter' && period)) {
    const data = await call<Summary>('agency_metrics', filterArgs({ ...s, recruiter: null }, period!), ctx);
    const rank = s.rankBy ?? 'placements';
    const key =
      rank === 'submittals'
        ? 'submittals'
        : rank === 'open_roles'
          ? 'open_roles'
          : rank === 'revenue_booked' || rank === 'revenue_collected' || rank === 'average_fee' || rank === 'revenue'
            ? 'fees'
            : 'placements';
    if (key === 'fees' && !data.money_visible) return OWNERS_ONLY;
    const rows = [...data.recruiters].sort(
      (a, b) => Number(b[key] ?? 0) - Number(a[key] ?? 0) || a.recruiter_name.localeCompare(b.recruiter_name),
    );
    if (!rows.length)
      return compose(
        `No recruiter activity in ${when}${filtersText(s)}.`,
        definition('recruiter_performance'),
        usedLine('recruiter_performance', s, period),
      );
    const top = rows[0]!;
    const label = key === 'fees' ? 'placement fees' : key.replace('_', ' ');
    const value = key === 'fees' ? money(top.fees ?? '0', currency) : int(Number(top[key]));
    const headers = ['Recruiter', 'Placements', 'Submittals', 'Open roles', ...(data.money_visible ? ['Fees'] : [])];
    const body = rows
      .slice(0, 10)
      .map((r) => [
        esc(r.recruiter_name),
        int(r.placements),
        int(r.submittals),
        int(r.open_roles),
        ...(data.money_visible ? [money(r.fees ?? '0', currency)] : []),
      ]);
    return compose(
      `**${esc(top.recruiter_name)}** leads on ${label} in ${when}${filtersText(s)} with **${value}**.`,
      table(headers, body),
      definition('recruiter_performance'),
      usedLine('recruiter_performance', { ...s, groupBy: 'recruiter', rankBy: rank }, period),
    );
  }

  if (metric === 'top_clients' || s.groupBy === 'client') {
    const data = await call<{ money_visible: boolean; clients: ClientRow[] }>(
      'client_breakdown',
      filterArgs({ ...s, client: null }, period!),
      ctx,
    );
    const rank = s.rankBy ?? 'placements';
    const key: keyof ClientRow =
      rank === 'revenue_booked'
        ? 'revenue_booked'
        : rank === 'revenue_collected'
          ? 'revenue_collected'
          : rank === 'new_roles'
            ? 'new_roles'
            : rank === 'open_roles'
              ? 'open_roles'
              : rank === 'average_fee'
                ? 'average_fee'
                : 'placements';
    if (METRICS[rank]?.money && !data.money_visible) return OWNERS_ONLY;
    const rows = [...data.clients].sort(
      (a, b) => Number(b[key] ?? 0) - Number(a[key] ?? 0) || a.client_name.localeCompare(b.client_name),
    );
    if (!rows.length)
      return compose(`No client activity in ${when}${filtersText(s)}.`, usedLine('top_clients', s, period));
    const top = rows[0]!;
    const show = (r: ClientRow) =>
      METRICS[rank]?.money ? money(String(r[key] ?? '0'), currency) : int(Number(r[key] ?? 0));
    const headers = [
      'Client',
      METRICS[rank]?.label ?? 'Placements',
      ...(key === 'placements' ? [] : ['Placements']),
      'Open roles',
    ];
    const body = rows
      .slice(0, 10)
      .map((r) => [
        link(r.client_name, `/clients/${r.client_id}`),
        show(r),
        ...(key === 'placements' ? [] : [int(r.placements)]),
        int(r.open_roles),
      ]);
    return compose(
      `${link(top.client_name, `/clients/${top.client_id}`)} leads on ${(METRICS[rank]?.label ?? 'placements').toLowerCase()} in ${when}${filtersText(s)} with **${show(top)}**.`,
      table(headers, body),
      definition(rank in METRIC_FIELD ? rank : 'top_clients'),
      usedLine('top_clients', { ...s, groupBy: 'client', rankBy: rank }, period),
    );
  }

  if (metric === 'funnel' || metric === 'time_in_stage') {
    const data = await call<{
      pipelines: number;
      stages: {
        stage: keyof typeof PIPELINE_STAGE_LABELS;
        label: string;
        reached: number;
        conversion_to_next: number | null;
        median_days_in_stage: number | null;
        p90_days_in_stage: number | null;
        dropped: number;
      }[];
    }>('stage_funnel', filterArgs(s, period!), ctx);
    if (metric === 'funnel') {
      let head = `**${int(data.pipelines)}** pipelines were created in ${when}${filtersText(s)}.`;
      if (s.stage && s.stageTo && s.stage !== s.stageTo) {
        const a = data.stages.find((x) => x.stage === s.stage)!;
        const b = data.stages.find((x) => x.stage === s.stageTo)!;
        const rate = a.reached ? b.reached / a.reached : null;
        head = `Conversion from ${a.label} to ${b.label} in ${when}${filtersText(s)}: **${pct(rate)}** (${int(b.reached)} of ${int(a.reached)} pipelines created in the period).`;
      } else if (s.stage) {
        const a = data.stages.find((x) => x.stage === s.stage)!;
        head = `**${int(a.reached)}** of ${int(data.pipelines)} pipelines created in ${when}${filtersText(s)} reached ${a.label} or a later stage.`;
      }
      const body = data.stages.map((x) => [x.label, int(x.reached), pct(x.conversion_to_next), int(x.dropped)]);
      return compose(
        head,
        table(['Stage', 'Reached', 'To next stage', 'Dropped here'], body),
        definition('funnel'),
        usedLine('funnel', s, period),
      );
    }
    const rows = data.stages.filter((x) => x.stage !== 'placed');
    let head: string;
    if (s.stage && s.stage !== 'placed') {
      const a = data.stages.find((x) => x.stage === s.stage)!;
      head = `Pipelines created in ${when}${filtersText(s)} spent a median of **${days(a.median_days_in_stage)}** in ${a.label} (p90 ${days(a.p90_days_in_stage)}).`;
    } else {
      const slowest = [...rows].sort((a, b) => (b.median_days_in_stage ?? -1) - (a.median_days_in_stage ?? -1))[0]!;
      head = `The longest stage in ${when}${filtersText(s)} is ${slowest.label}, with a median of **${days(slowest.median_days_in_stage)}**.`;
    }
    return compose(
      head,
      table(
        ['Stage', 'Median', 'p90'],
        rows.map((x) => [x.label, days(x.median_days_in_stage), days(x.p90_days_in_stage)]),
      ),
      definition('time_in_stage'),
      usedLine('time_in_stage', s, period),
    );
  }

  if (metric === 'wages' || metric === 'offer_acceptance') {
    const p = period!;
    const data = await call<{
      role_wages: {
        role_family: string;
        role_family_label: string;
        location: string | null;
        currency: string;
        count: number;
        min: string;
        p25: string;
        median: string;
        p75: string;
        max: string;
      }[];
      min_sample: number;
      offer_ranges: {
        role_family: string;
        role_family_label: string;
        location: string | null;
        currency: string;
        sample_size: number;
        accepted: number;
        enough_data: boolean;
        message: string | null;
        best_band: {
          from: string;
          to: string;
          offers: number;
          accepted: number;
          acceptance_rate: number | null;
        } | null;
      }[];
    }>('compensation_stats', filterArgs(s, p), ctx);
    if (metric === 'wages') {
      const rows = data.role_wages.filter((r) => r.location === null);
      if (!rows.length)
        return compose(
          `No placements with a salary in ${when}${filtersText(s)}.`,
          definition('wages'),
          usedLine('wages', s, p),
        );
      if (s.family && rows.length === 1) {
        const r = rows[0]!;
        return compose(
          `The median placed salary for ${esc(r.role_family_label)} in ${when}${filtersText(s, false)} is **${money(r.median, r.currency)}** over ${int(r.count)} placement${r.count === 1 ? '' : 's'} (middle half ${money(r.p25, r.currency)} – ${money(r.p75, r.currency)}, range ${money(r.min, r.currency)} – ${money(r.max, r.currency)}).`,
          definition('wages'),
          usedLine('wages', s, p),
        );
      }
      const sorted = [...rows].sort(
        (a, b) => b.count - a.count || a.role_family_label.localeCompare(b.role_family_label),
      );
      return compose(
        `Placed salaries per role family in ${when}${filtersText(s)}:`,
        table(
          ['Role family', 'Placements', 'Median', 'Middle half', 'Range'],
          sorted
            .slice(0, 12)
            .map((r) => [
              esc(r.role_family_label),
              int(r.count),
              money(r.median, r.currency),
              `${money(r.p25, r.currency)} – ${money(r.p75, r.currency)}`,
              `${money(r.min, r.currency)} – ${money(r.max, r.currency)}`,
            ]),
        ),
        definition('wages'),
        usedLine('wages', s, p),
      );
    }
    const rows = data.offer_ranges.filter((r) => r.location === null);
    if (!rows.length)
      return compose(
        `No answered offers in ${when}${filtersText(s)}.`,
        definition('offer_acceptance'),
        usedLine('offer_acceptance', s, p),
      );
    if (s.family && rows.length === 1) {
      const r = rows[0]!;
      if (!r.enough_data || !r.best_band)
        return compose(
          `Not enough data for ${esc(r.role_family_label)} in ${when}: ${esc(r.message ?? '')}`,
          definition('offer_acceptance'),
          usedLine('offer_acceptance', s, p),
        );
      const b = r.best_band;
      return compose(
        `For ${esc(r.role_family_label)} in ${when}${filtersText(s, false)}, offers of **${money(b.from, r.currency)} – ${money(b.to, r.currency)}** were accepted most often: ${int(b.accepted)} of ${int(b.offers)} (${pct(b.acceptance_rate)}). Overall ${int(r.accepted)} of ${int(r.sample_size)} answered offers were accepted.`,
        definition('offer_acceptance'),
        usedLine('offer_acceptance', s, p),
      );
    }
    return compose(
      `Offer acceptance per role family in ${when}${filtersText(s)}:`,
      table(
        ['Role family', 'Answered offers', 'Accepted', 'Best band', 'Its acceptance'],
        rows.map((r) => [
          esc(r.role_family_label),
          int(r.sample_size),
          int(r.accepted),
          r.best_band
            ? `${money(r.best_band.from, r.currency)} – ${money(r.best_band.to, r.currency)}`
            : 'not enough data',
          r.best_band ? pct(r.best_band.acceptance_rate) : '–',
        ]),
      ),
      definition('offer_acceptance'),
      usedLine('offer_acceptance', s, p),
    );
  }

  if (metric === 'retainer') {
    const p = period!;
    const data = await call<{
      money_visible: boolean;
      clients: {
        client_id: number;
        client_name: string;
        outstanding_instalments: number;
        outstanding_amount?: string;
        median_days_to_invoice: number | null;
        median_days_to_paid: number | null;
        currency: string;
      }[];
      overall: {
        median_days_to_invoice: number | null;
        median_days_to_paid: number | null;
        outstanding_instalments: number;
        outstanding_amount?: string;
      };
    }>('retainer_payouts', filterArgs(s, p), ctx);
    const o = data.overall;
    const owed =
      data.money_visible && o.outstanding_amount !== undefined
        ? ` worth **${money(o.outstanding_amount, currency)}**`
        : '';
    const head = `Retainer clients${filtersText(s)}: **${int(o.outstanding_instalments)}** instalment${o.outstanding_instalments === 1 ? '' : 's'} not yet invoiced; still to come${owed ? '' : ' (amounts for owners only)'}${owed}. For instalments invoiced in ${when}, the median time from signing to invoice was ${days(o.median_days_to_invoice)} and to payment ${days(o.median_days_to_paid)}.`;
    const body = data.clients
      .slice(0, 12)
      .map((c) => [
        link(c.client_name, `/clients/${c.client_id}`),
        int(c.outstanding_instalments),
        ...(data.money_visible ? [money(c.outstanding_amount ?? '0', c.currency)] : []),
        days(c.median_days_to_invoice),
        days(c.median_days_to_paid),
      ]);
    return compose(
      head,
      data.clients.length > 1
        ? table(
            [
              'Client',
              'Instalments not invoiced',
              ...(data.money_visible ? ['Still to come'] : []),
              'Days to invoice',
              'Days to paid',
            ],
            body,
          )
        : null,
      definition('retainer'),
      usedLine('retainer', s, p),
    );
  }

  if (metric === 'sources') {
    const p = period!;
    const data = await call<{
      money_visible: boolean;
      sources: { source: string; placements: number; share: number; fees?: string }[];
      applications: {
        source: 'careers_page' | 'indeed' | 'other';
        received: number;
        open: number;
        rejected: number;
        converted: number;
        placed: number;
      }[];
    }>('placement_sources', filterArgs(s, p), ctx);
    const name = (source: string) => esc(source || NO_SOURCE_LABEL);
    const total = data.sources.reduce((sum, row) => sum + row.placements, 0);
    const top = data.sources[0];
    const head = top
      ? `**${name(top.source)}** brought the most placements in ${when}${filtersText(s)}: **${int(top.placements)}** of ${int(total)} (${pct(top.share)}).`
      : `No placements in ${when}${filtersText(s)}.`;
    const applications = data.applications.length
      ? table(
          ['Applications from', 'Received', 'Converted', 'Placed'],
          data.applications.map((row) => [
            APPLICATION_SOURCE_LABELS[row.source],
            int(row.received),
            int(row.converted),
            int(row.placed),
          ]),
        )
      : null;
    return compose(
      head,
      data.sources.length > 1
        ? table(
            ['Source', 'Placements', 'Share', ...(data.money_visible ? ['Fees'] : [])],
            data.sources
              .slice(0, 12)
              .map((row) => [
                name(row.source),
                int(row.placements),
                pct(row.share),
                ...(data.money_visible ? [money(row.fees ?? '0', currency)] : []),
              ]),
          )
        : null,
      applications,
      definition('sources'),
      usedLine('sources', s, p),
    );
  }

  if (metric === 'outstanding') {
    if (!ctx.user.userType.includes('owner')) return OWNERS_ONLY;
    const data = await call<{
      currency: string;
      outstanding: string;
      overdue: string;
      counts: { overdue: number; sent: number };
      aging: { d0_30: string; d31_60: string; d61_90: string; d90_plus: string };
    }>('invoice_balances', s.client ? { client_id: s.client.id } : {}, ctx);
    return compose(
      `**${money(data.outstanding, data.currency)}** is outstanding${filtersText(s)} right now, of which **${money(data.overdue, data.currency)}** is overdue (${int(data.counts.overdue)} overdue invoice${data.counts.overdue === 1 ? '' : 's'}).`,
      table(
        ['Days past due', 'Balance'],
        [
          ['0–30', money(data.aging.d0_30, data.currency)],
          ['31–60', money(data.aging.d31_60, data.currency)],
          ['61–90', money(data.aging.d61_90, data.currency)],
          ['90+', money(data.aging.d90_plus, data.currency)],
        ],
      ),
      definition('outstanding'),
      usedLine('outstanding', s, null),
    );
  }

  if (metric === 'attention') {
    const focus = s.state ? s.state.split(',') : null;
    const data = await call<{
      everyone: boolean;
      count: number;
      items: { kind: string; title: string; detail: string; link: string; user_name: string }[];
    }>('needs_attention', focus ? { kinds: focus } : {}, ctx);
    const kinds = new Map<string, number>();
    for (const item of data.items) kinds.set(item.kind, (kinds.get(item.kind) ?? 0) + 1);
    if (focus?.length === 1 && focus[0] === 'interview_tomorrow')
      return compose(
        data.count
          ? `**${int(data.count)}** interview${data.count === 1 ? ' is' : 's are'} scheduled for tomorrow${data.everyone ? '' : ' (yours)'}.`
          : `No interviews are scheduled for tomorrow${data.everyone ? '' : ' (yours)'}.`,
        data.count
          ? table(
              ['Interview', 'When', 'Recruiter'],
              data.items.slice(0, 10).map((i) => [link(i.title, i.link), esc(i.detail), esc(i.user_name)]),
            )
          : null,
        definition('attention'),
        usedLine('attention', s, null),
      );
    if (!data.count)
      return compose(
        focus ? 'Nothing of that kind needs attention right now.' : 'Nothing needs attention right now.',
        definition('attention'),
        usedLine('attention', s, null),
      );
    const label: Record<string, string> = {
      stale_pipeline: 'stalled pipelines',
      role_without_submittal: 'roles without a submittal in 7 days',
      guarantee_ending: 'guarantees ending soon',
      interview_tomorrow: 'interviews tomorrow',
      overdue_invoice: 'overdue invoices',
    };
    // Roles asked about (both kinds): the stalled pipelines counted per role, as the dashboard defines them.
    const stale = data.items.filter((i) => i.kind === 'stale_pipeline');
    if (focus?.includes('role_without_submittal') && focus.includes('stale_pipeline') && stale.length) {
      const perRole = new Map<string, { title: string; link: string; n: number; detail: string }>();
      for (const item of stale) {
        const roleLink = item.link.match(/^\/roles\/\d+/)?.[0] ?? item.link;
        const title = item.title.split(' — ').slice(1).join(' — ') || item.title;
        const row = perRole.get(roleLink) ?? { title, link: roleLink, n: 0, detail: item.detail };
        row.n += 1;
        perRole.set(roleLink, row);
      }
      const silent = data.items.filter((i) => i.kind === 'role_without_submittal');
      const roles = [...perRole.values()].sort((a, b) => b.n - a.n || a.title.localeCompare(b.title));
      return compose(
        `**${int(roles.length)}** role${roles.length === 1 ? ' has' : 's have'} stalled pipelines${data.everyone ? '' : ' (yours)'}: **${int(stale.length)}** stalled pipeline${stale.length === 1 ? '' : 's'} in all (no stage change in 5 days).${silent.length ? ` ${int(silent.length)} open role${silent.length === 1 ? ' has' : 's have'} also had no submittal in 7 days.` : ''}`,
        table(
          ['Role', 'Stalled pipelines', 'Oldest'],
          roles.slice(0, 10).map((r) => [link(r.title, r.link), int(r.n), esc(r.detail)]),
        ),
        silent.length
          ? table(
              ['Role without a submittal in 7 days', 'Detail'],
              silent.slice(0, 10).map((i) => [link(i.title, i.link), esc(i.detail)]),
            )
          : null,
        definition('attention'),
        usedLine('attention', s, null),
      );
    }
    const summaryText = [...kinds.entries()]
      .map(([k, n]) => `${int(n)} ${label[k] ?? k.replace(/_/g, ' ')}`)
      .join(', ');
    return compose(
      `**${int(data.count)}** item${data.count === 1 ? ' needs' : 's need'} attention${data.everyone ? '' : ' (yours)'}: ${summaryText}.`,
      table(
        ['Item', 'Detail', 'Owner'],
        data.items.slice(0, 10).map((i) => [link(i.title, i.link), esc(i.detail), esc(i.user_name)]),
      ),
      definition('attention'),
      usedLine('attention', s, null),
    );
  }

  if (metric === 'role_pipeline' && !s.role && s.stage) {
    // A stage without a role: the candidates at that stage now, over every role (or the client's).
    const data = await call<{ count: number; rows: { name: string; detail: string; link: string }[] }>(
      'count_records',
      {
        kind: 'pipelines',
        state: 'open',
        stage: s.stage,
        limit: 10,
        ...(s.client ? { client_id: s.client.id } : {}),
        ...(s.recruiter ? { recruiter_id: s.recruiter.id } : {}),
        ...(s.clientType ? { client_type: s.clientType } : {}),
      },
      ctx,
    );
    const label = PIPELINE_STAGE_LABELS[s.stage];
    return compose(
      `**${int(data.count)}** candidate${data.count === 1 ? ' is' : 's are'} in ${label} right now${filtersText(s) || ', over all roles'} (open pipelines).`,
      data.rows.length
        ? table(
            ['Candidate', 'Role · stage · state'],
            data.rows.map((r) => [link(r.name, r.link), esc(r.detail.replace(/_/g, ' '))]),
          )
        : null,
      `_${label}: open pipelines whose current stage is ${label}._`,
      usedLine('role_pipeline', s, null),
    );
  }

  if (metric === 'role_matches') {
    const data = await call<{
      matches_link: string;
      candidates: Array<{
        rank: number;
        name: string;
        title: string;
        score: number;
        missing: string[];
        in_pipeline: boolean;
        link: string;
      }>;
    }>('role_matches', { role_id: s.role!.id, limit: 10 }, ctx);
    const role = link(s.role!.name, `/roles/${s.role!.id}`);
    return compose(
      data.candidates.length
        ? `The best ${data.candidates.length === 1 ? 'candidate' : `${int(data.candidates.length)} candidates`} for ${role} in the whole database, ranked as on its ${link('Matches tab', data.matches_link)}:`
        : `No candidate in the database shares a skill with ${role} yet (see its ${link('Matches tab', data.matches_link)}).`,
      data.candidates.length
        ? table(
            ['#', 'Candidate', 'Title', 'Score', 'Missing', 'In pipeline'],
            data.candidates.map((c) => [
              int(c.rank),
              link(c.name, c.link),
              esc(c.title),
              c.score.toFixed(1),
              esc(c.missing.join(', ')) || '—',
              c.in_pipeline ? 'yes' : 'no',
            ]),
          )
        : null,
      definition('role_matches'),
      usedLine('role_matches', s, null),
    );
  }

  if (metric === 'role_pipeline') {
    const data = await call<{
      found: boolean;
      role?: {
        id: number;
        name: string;
        state: string;
        opened_at: string;
        client_name: string;
        client_id: number;
        recruiter: string | null;
        link: string;
        client_link: string;
      };
      stages?: { label: string; open: number; closed: number }[];
      open_total?: number;
      closed_total?: number;
      open_candidates?: { name: string; stage: string; days_in_stage: number; link: string }[];
    }>('role_pipeline', { role_id: s.role!.id }, ctx);
    if (!data.found || !data.role) return 'I could not find that role.';
    const r = data.role;
    return compose(
      `${link(r.name, r.link)} at ${link(r.client_name, r.client_link)} (${esc(r.state.replace('_', ' '))}, opened ${r.opened_at}${r.recruiter ? `, recruiter ${esc(r.recruiter)}` : ''}) has **${int(data.open_total!)}** open pipeline${data.open_total === 1 ? '' : 's'} and ${int(data.closed_total!)} closed.`,
      table(
        ['Stage', 'Open', 'Closed'],
        data.stages!.map((x) => [x.label, int(x.open), int(x.closed)]),
      ),
      data.open_candidates!.length
        ? table(
            ['Candidate', 'Stage', 'Days in stage'],
            data.open_candidates!.slice(0, 10).map((c) => [link(c.name, c.link), esc(c.stage), int(c.days_in_stage)]),
          )
        : null,
      definition('role_pipeline'),
      usedLine('role_pipeline', s, null),
    );
  }

  if (metric === 'count_clients' || metric === 'count_candidates' || metric === 'open_roles') {
    const kind = metric === 'count_clients' ? 'clients' : metric === 'count_candidates' ? 'candidates' : 'roles';
    const state = s.state;
    const data = await call<{ count: number; rows: { name: string; detail: string; link: string }[] }>(
      'count_records',
      {
        kind,
        limit: 10,
        ...(state ? { state } : kind === 'roles' ? { state: 'active' } : {}),
        ...(s.skills && kind === 'candidates' ? { skills: s.skills } : {}),
        ...(s.client && kind === 'roles' ? { client_id: s.client.id } : {}),
        ...(s.recruiter && kind === 'roles' ? { recruiter_id: s.recruiter.id } : {}),
        ...(s.clientType && kind !== 'candidates' ? { client_type: s.clientType } : {}),
      },
      ctx,
    );
    const plural = data.count === 1 ? '' : 's';
    const noun =
      kind === 'clients'
        ? `client${plural}`
        : kind === 'candidates'
          ? `candidate${plural}`
          : state === 'on_hold'
            ? `role${plural} on hold`
            : `open role${plural}`;
    const qualifier = state && kind !== 'roles' ? `${esc(state.toLowerCase())} ` : '';
    const skilled =
      s.skills && kind === 'candidates'
        ? ` with the skill${s.skills.length === 1 ? '' : 's'} ${s.skills.map((x) => `“${esc(x)}”`).join(' and ')}`
        : '';
    return compose(
      `You have **${int(data.count)}** ${qualifier}${noun}${skilled}${filtersText(s)} right now.`,
      data.rows.length > 1 && kind !== 'candidates'
        ? table(
            ['Name', 'Detail'],
            data.rows.map((r) => [link(r.name, r.link), esc(r.detail)]),
          )
        : null,
      definition(metric),
      usedLine(metric, s, null),
    );
  }

  return "I can't answer that yet.";
}

/** A list of records found by name. */
export function lookupAnswer(records: FoundRecord[], s: Slots): string {
  const kindLabel: Record<string, string> = {
    client: 'Client',
    role: 'Role',
    candidate: 'Candidate',
    recruiter: 'User',
  };
  const rows = records.slice(0, 8).map((r) => [kindLabel[r.kind] ?? r.kind, link(r.name, r.link), esc(r.detail)]);
  const first = records[0]!;
  return compose(
    records.length === 1
      ? `I found ${kindLabel[first.kind]!.toLowerCase()} ${link(first.name, first.link)} (${esc(first.detail)}).`
      : `I found ${int(records.length)} records matching that name:`,
    records.length > 1 ? table(['Kind', 'Name', 'Detail'], rows) : null,
    definition('lookup'),
    usedLine('lookup', s, null),
  );
}

const capital = (text: string) => (text.startsWith('**') ? text : text.charAt(0).toUpperCase() + text.slice(1));

export const allTime = (today: string): Period => ({ from: ALL_TIME_FROM, to: today, unit: 'all', label: 'all time' });
