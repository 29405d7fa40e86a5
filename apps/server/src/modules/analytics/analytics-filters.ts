import { ANALYTICS_MESSAGES, type AnalyticsFiltersQuery, type AppliedFilters } from '@recruitdesk/contracts/analytics';
import { CLIENT_TYPE_LABELS } from '@recruitdesk/contracts/client-constants';
import type { Deps } from '../../lib/deps';
import { AppError } from '../../lib/errors';
import { assertCan } from '../../lib/permissions';
import { calendarDateIn } from '../../lib/time-zone';
import type { UserRow } from '../users/users.service';
import { addDays, addYears } from './analytics-helpers';
import { filterIdsExist, filterLists, roleTitles, useSummaryTimeZone } from './analytics-lookups.repository';
import type { Scope } from './analytics-query';
import { roleFamilyLabel, roleFamilyOf } from './role-family';
import { moneyVisibleTo } from '../settings/settings.service';

// The filters every analytics set reads: defaults, checks, the scope the queries take, who sees money,
// and the lists the filter bar offers.

/**
 * Whoever sees fees under the agency's `money_visibility` setting (decision 071, which supersedes 034's
 * owners-only rule) gets the money fields (revenue, fees, retainer amounts); everyone else the same
 * answer without them.
 */
export const seesMoney = (deps: Pick<Deps, 'db'>, user: UserRow): Promise<boolean> => moneyVisibleTo(deps.db, user);

/** The summary rows follow the agency's zone (AGENCY_TIME_ZONE); run when the app is ready (decision 060). */
export async function useAgencyTimeZone(deps: Deps): Promise<void> {
  if (await useSummaryTimeZone(deps.db, deps.config.agencyTimeZone)) {
    deps.log.info({ timeZone: deps.config.agencyTimeZone }, 'analytics summary rows rebuilt for the agency time zone');
  }
}

/** The default range: the last 12 months, today (in the agency's zone) included. */
export function defaultRange(now: Date, timeZone: string): { from: string; to: string } {
  const to = calendarDateIn(now, timeZone);
  return { from: addDays(addYears(to, -1), 1), to };
}

const badFilter = (field: string, message: string) =>
  new AppError('VALIDATION_FAILED', 400, message, { fields: { [field]: [message] } });

export interface Resolved {
  scope: Scope;
  applied: AppliedFilters;
  money: boolean;
}

/** Fills the defaults and turns the role family into the titles it groups. */
export async function resolve(deps: Deps, actor: UserRow, query: AnalyticsFiltersQuery): Promise<Resolved> {
  assertCan(actor, 'records.read');
  const now = deps.config.now();
  let from = query.date_from;
  let to = query.date_to;
  if (!from && !to) ({ from, to } = defaultRange(now, deps.config.agencyTimeZone));
  else if (!from) from = addDays(addYears(to!, -1), 1);
  else if (!to) to = addDays(addYears(from, 1), -1);
  const family = query.role_family ? query.role_family.toLowerCase() : null;
  const roleNames = family
    ? (await roleTitles(deps.db)).filter((t) => roleFamilyOf(t.name) === family).map((t) => t.name)
    : null;
  if (roleNames && !roleNames.length) throw badFilter('role_family', ANALYTICS_MESSAGES.roleFamily);
  const known = await filterIdsExist(deps.db, query.client ?? null, query.recruiter ?? null);
  if (!known.client) throw badFilter('client', ANALYTICS_MESSAGES.client);
  if (!known.recruiter) throw badFilter('recruiter', ANALYTICS_MESSAGES.recruiter);
  const scope: Scope = {
    from: from!,
    to: to!,
    timeZone: deps.config.agencyTimeZone,
    clientId: query.client ?? null,
    clientType: query.client_type ?? null,
    recruiterId: query.recruiter ?? null,
    roleNames,
  };
  return {
    scope,
    money: await seesMoney(deps, actor),
    applied: {
      date_from: scope.from,
      date_to: scope.to,
      client: scope.clientId,
      client_type: query.client_type ?? null,
      recruiter: scope.recruiterId,
      role_family: family,
    },
  };
}

/** The part of every set's answer that says what it was asked and whether money is in it. */
export const base = (r: Resolved) => ({ filters: r.applied, money_visible: r.money });

export async function filterOptions(deps: Deps, actor: UserRow) {
  assertCan(actor, 'records.read');
  const range = defaultRange(deps.config.now(), deps.config.agencyTimeZone);
  const { clients: clientRows, recruiters } = await filterLists(deps.db);
  const families = new Map<string, { roles: number; examples: string[] }>();
  for (const title of (await roleTitles(deps.db)).sort((a, b) => b.n - a.n || a.name.localeCompare(b.name))) {
    const key = roleFamilyOf(title.name);
    const family = families.get(key) ?? { roles: 0, examples: [] };
    family.roles += title.n;
    if (family.examples.length < 5) family.examples.push(title.name);
    families.set(key, family);
  }
  return {
    money_visible: await seesMoney(deps, actor),
    default_date_from: range.from,
    default_date_to: range.to,
    clients: clientRows.map((c) => ({
      id: c.id,
      name: c.name,
      client_type: c.client_type as 'finders_fee' | 'retainer',
    })),
    client_types: (['finders_fee', 'retainer'] as const).map((value) => ({
      value,
      label: CLIENT_TYPE_LABELS[value],
    })),
    recruiters: recruiters.map((u) => ({ id: u.id, name: u.name })),
    role_families: [...families.entries()]
      .map(([value, f]) => ({
        value,
        label: roleFamilyLabel(value),
        roles: f.roles,
        examples: f.examples,
      }))
      .sort((a, b) => a.label.localeCompare(b.label)),
  };
}
