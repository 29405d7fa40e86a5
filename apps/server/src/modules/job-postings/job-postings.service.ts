import {
  JOB_POSTING_MESSAGES,
  mondayOf,
  POSTING_STATUS_LABELS,
  POSTING_STATUSES,
  type CreateJobPostingInput,
  type FormDataResponse,
  type JobPosting,
  type OverviewResponse,
  type PostingStatus,
  type PostingTotals,
  type UpdateJobPostingInput,
} from '@recruitdesk/contracts/job-postings';
import { inTransaction } from '../../db/transaction';
import type { Deps } from '../../lib/deps';
import { AppError, fieldsError, isUniqueViolation } from '../../lib/errors';
import { assertCan } from '../../lib/permissions';
import { calendarDateIn } from '../../lib/time-zone';
import { recordActivity } from '../activity/activity.service';
import { getAgencySettings } from '../settings/settings.service';
import type { UserRow } from '../users/users.service';
import {
  findPosting,
  findRole,
  formRoles,
  insertPostingRows,
  overviewRows,
  updatePostingRow,
  type PostedRole,
} from './job-postings.repository';
import type { JobPostingRow } from './job-postings.table';
import { feedPlace } from './job-place';
import { addDays } from '@recruitdesk/money/dates';

/** The Monday of the agency's current week (AGENCY_TIME_ZONE). */
export function currentWeek(deps: Pick<Deps, 'config'>): string {
  return mondayOf(calendarDateIn(deps.config.now(), deps.config.agencyTimeZone));
}

export function toApiPosting(row: JobPostingRow): JobPosting {
  return {
    id: row.id,
    role_id: row.roleId,
    week_start: row.weekStart,
    status: row.status as PostingStatus,
    daily_budget_minor: row.dailyBudgetMinor === null ? null : Number(row.dailyBudgetMinor),
    spend_minor: Number(row.spendMinor),
    currency: row.currency,
    impressions: row.impressions,
    clicks: row.clicks,
    apply_starts: row.applyStarts,
    applies: row.applies,
    updated_at: row.updatedAt.toISOString(),
  };
}

/** a / b, or null when b is zero. */
export const ratio = (a: number, b: number): number | null => (b === 0 ? null : a / b);
/** A cost per outcome in whole minor units (half up), or null when there was no outcome. */
export const costPer = (spendMinor: number, outcomes: number): number | null =>
  outcomes === 0 ? null : Math.round(spendMinor / outcomes);

interface Sums {
  spend_minor: number;
  daily_budget_minor: number;
  impressions: number;
  clicks: number;
  apply_starts: number;
  applies: number;
}

export const emptySums = (): Sums => ({
  spend_minor: 0,
  daily_budget_minor: 0,
  impressions: 0,
  clicks: 0,
  apply_starts: 0,
  applies: 0,
});

/** Adds a week's figures; a budget not set adds nothing. */
export function addFigures(
  sums: Sums,
  figures: Omit<Sums, 'daily_budget_minor'> & { daily_budget_minor: number | null },
): void {
  sums.spend_minor += figures.spend_minor;
  sums.daily_budget_minor += figures.daily_budget_minor ?? 0;
  sums.impressions += figures.impressions;
  sums.clicks += figures.clicks;
  sums.apply_starts += figures.apply_starts;
  sums.applies += figures.applies;
}

/** Sums with their click-through rate (rounded to 4 places), cost per click and per apply. */
export function withRates(sums: Sums): PostingTotals {
  const ctr = ratio(sums.clicks, sums.impressions);
  return {
    ...sums,
    ctr: ctr === null ? null : Math.round(ctr * 10_000) / 10_000,
    cost_per_click_minor: costPer(sums.spend_minor, sums.clicks),
    cost_per_apply_minor: costPer(sums.spend_minor, sums.applies),
  };
}

const weekNotStarted = () => fieldsError({ week_start: [JOB_POSTING_MESSAGES.futureWeek] }, 'WEEK_NOT_STARTED');
const postingNotFound = () => new AppError('JOB_POSTING_NOT_FOUND', 404, JOB_POSTING_MESSAGES.notFound);

/** GET /api/job-postings/overview/?week=: the week's row of every posted role, with totals. */
export async function postingOverview(
  deps: Deps,
  actor: UserRow,
  week: string | undefined,
): Promise<Omit<OverviewResponse, 'success'>> {
  assertCan(actor, 'records.read');
  const thisWeek = currentWeek(deps);
  const weekStart = week ?? thisWeek;
  const [rows, settings] = await Promise.all([overviewRows(deps.db, weekStart), getAgencySettings(deps.db)]);
  const sums = emptySums();
  for (const row of rows) {
    // Money totals add up the agency's currency only (rows are written in it: decision 042).
    if (row.posting && row.posting.currency === settings.currency) addFigures(sums, toApiPosting(row.posting));
    else if (row.posting) addFigures(sums, { ...toApiPosting(row.posting), spend_minor: 0, daily_budget_minor: 0 });
  }
  return {
    week_start: weekStart,
    week_end: addDays(weekStart, 6),
    current_week: thisWeek,
    currency: settings.currency,
    rows: rows.map((row) => ({
      role_id: row.roleId,
      role_name: row.roleName,
      role_state: row.roleState,
      client_id: row.clientId,
      client_name: row.clientName,
      indeed_posting: row.indeedPosting,
      feed_country: feedPlace(row, settings).country,
      posting: row.posting ? toApiPosting(row.posting) : null,
    })),
    totals: withRates(sums),
  };
}

/** GET /api/job-postings/form-data/: the roles and clients to pick from, the statuses, this week. */
export async function postingFormData(deps: Deps, actor: UserRow): Promise<Omit<FormDataResponse, 'success'>> {
  assertCan(actor, 'records.read');
  const [roles, settings] = await Promise.all([formRoles(deps.db), getAgencySettings(deps.db)]);
  const clients = new Map<number, string>();
  for (const role of roles) clients.set(role.clientId, role.clientName);
  return {
    current_week: currentWeek(deps),
    currency: settings.currency,
    statuses: POSTING_STATUSES.map((value) => ({ value, label: POSTING_STATUS_LABELS[value] })),
    roles: roles.map((role) => ({
      id: role.roleId,
      name: role.roleName,
      state: role.roleState,
      client_id: role.clientId,
      client_name: role.clientName,
      indeed_posting: role.indeedPosting,
    })),
    clients: [...clients].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name)),
  };
}

/** A role a row may be written for: it exists, is not archived, and is flagged for posting. */
export async function requirePostableRole(deps: Deps, roleId: number): Promise<PostedRole> {
  const role = await findRole(deps.db, roleId);
  if (!role || role.archived)
    throw new AppError('ROLE_NOT_FOUND', 404, JOB_POSTING_MESSAGES.roleNotFound, {
      fields: { role_id: [JOB_POSTING_MESSAGES.roleNotFound] },
    });
  if (!role.indeedPosting) throw fieldsError({ role_id: [JOB_POSTING_MESSAGES.roleNotPosted] }, 'ROLE_NOT_POSTED');
  return role;
}

export const figureColumns = (input: UpdateJobPostingInput) => ({
  status: input.status,
  dailyBudgetMinor: input.daily_budget_minor,
  spendMinor: input.spend_minor,
  impressions: input.impressions,
  clicks: input.clicks,
  applyStarts: input.apply_starts,
  applies: input.applies,
});

const money = (minor: number, currency: string) => `${(minor / 100).toFixed(2)} ${currency}`;
export const figuresSummary = (input: UpdateJobPostingInput, currency: string) =>
  `${POSTING_STATUS_LABELS[input.status]}, spend ${money(input.spend_minor, currency)}, ${input.impressions} impressions, ${input.clicks} clicks, ${input.applies} applies`;

/** POST /api/job-postings/: a role's week, once (409 when the role already has that week). */
export async function createPosting(deps: Deps, actor: UserRow, input: CreateJobPostingInput): Promise<JobPosting> {
  assertCan(actor, 'records.write');
  if (input.week_start > currentWeek(deps)) throw weekNotStarted();
  const role = await requirePostableRole(deps, input.role_id);
  const settings = await getAgencySettings(deps.db);
  try {
    const row = await inTransaction(deps.db, async (tx) => {
      const [created] = await insertPostingRows(tx, [
        {
          roleId: role.roleId,
          weekStart: input.week_start,
          currency: settings.currency,
          createdById: actor.id,
          ...figureColumns(input),
        },
      ]);
      await recordActivity(tx, {
        actor,
        verb: 'created',
        modelType: 'job_posting',
        objectId: created!.id,
        summary: `Job-board week of ${input.week_start} for ${role.roleName}: ${figuresSummary(input, settings.currency)}`,
        scope: { roleId: role.roleId, clientId: role.clientId },
      });
      return created!;
    });
    return toApiPosting(row);
  } catch (error) {
    if (isUniqueViolation(error))
      throw new AppError('JOB_POSTING_EXISTS', 409, JOB_POSTING_MESSAGES.duplicate, {
        fields: { week_start: [JOB_POSTING_MESSAGES.duplicate] },
      });
    throw error;
  }
}

/** PUT /api/job-postings/{id}/: the week's figures and status (role and week stay). */
export async function updatePosting(
  deps: Deps,
  actor: UserRow,
  id: number,
  input: UpdateJobPostingInput,
): Promise<JobPosting> {
  assertCan(actor, 'records.write');
  const existing = await findPosting(deps.db, id);
  if (!existing) throw postingNotFound();
  const role = await findRole(deps.db, existing.roleId);
  const row = await inTransaction(deps.db, async (tx) => {
    const updated = await updatePostingRow(tx, id, { ...figureColumns(input), updatedAt: deps.config.now() });
    await recordActivity(tx, {
      actor,
      verb: 'updated',
      modelType: 'job_posting',
      objectId: id,
      summary: `Job-board week of ${existing.weekStart} for ${role?.roleName ?? 'a role'}: ${figuresSummary(input, existing.currency)}`,
      scope: { roleId: existing.roleId, clientId: role?.clientId ?? null },
    });
    return updated!;
  });
  return toApiPosting(row);
}
