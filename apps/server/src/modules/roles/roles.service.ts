// Over 400 lines: a role's record (present, list, create, update, close, reopen, form data, the public roles), every part on the one row; fees and deletion have files of their own.
import { CLIENT_ERRORS } from '@recruitdesk/contracts/clients';
import {
  EMPLOYMENT_TYPES,
  REMOTE_TYPES,
  ROLE_CLOSE_REASON_LABELS,
  ROLE_CLOSE_REASONS,
  ROLE_ERRORS,
  ROLE_PRIORITIES,
  RoleInlineFieldSchemas,
  type CloseRoleInput,
  type Role,
  type RoleFieldUpdateInput,
  type RoleFormDataResponse,
  type RoleInputParsed,
  type RoleListQuerySchema,
} from '@recruitdesk/contracts/roles';
import type { SearchRole } from '@recruitdesk/contracts/search';
import type { SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { fromNumeric, toNumeric } from '../../db/sql-helpers';
import { inTransaction } from '../../db/transaction';
import type { Deps } from '../../lib/deps';
import { AppError, fieldsError } from '../../lib/errors';
import { assertCan, forbidden } from '../../lib/permissions';
import { calendarDateIn, monthStartIn } from '../../lib/time-zone';
import { recordActivity } from '../activity/activity.service';
import { countClientsInState, listSelectableClients, requireClientRow } from '../clients/clients.service';
import type { ClientRow } from '../clients/clients.table';
import { getAgencySettings, moneyVisibleTo } from '../settings/settings.service';
import { displayName, getUserById, type UserRow } from '../users/users.service';
import {
  findRoleRow,
  findRoleWithRelations,
  insertRoleRow,
  listPublicRoleRows,
  type PublicRoleRow,
  listRecruiterUsers,
  listRoleRows,
  roleStats,
  searchRoleRowsByName,
  updateRoleRow,
  type RoleWithRelations,
} from './roles.repository';
import type { NewRoleRow, RoleRow } from './roles.table';
import { publicRoleText, segmentsText } from './public-text';

export type { RoleRow } from './roles.table';
/** The query builder itself (tests read its plan). */
export { searchRoleRowsByName };
/** Filled at start-up by the pipelines module (decision 008). */
export {
  applicationCountsByRole,
  pipelineCountOfRole,
  placementFeesOfRole,
  placementCountSql,
  type ApplicationCountsByRole,
} from './role-children';

/**
 * A posted role as the public sees it (careers pages and their JSON-LD, the job-board feed, the
 * confirmation email): open, posted, not archived; the client named only when the role allows it (else
 * `clientName` is null and the title and description went through the one mask, `public-text.ts`); never
 * fees, notes or recruiters.
 */
export type PublicRole = Omit<PublicRoleRow, 'showClientPublicly' | 'privateClient'> & {
  clientName: string | null;
};

/** The public roles, newest first (one query for every public reader; `where` adds the caller's condition). */
export async function listPublicRoles(
  db: Db,
  options: { id?: number; where?: SQL; limit?: number } = {},
): Promise<PublicRole[]> {
  const rows = await listPublicRoleRows(db, options);
  return rows.map(({ showClientPublicly, privateClient, ...row }) => {
    const text = publicRoleText({ ...row, showClientPublicly }, privateClient);
    return {
      ...row,
      name: segmentsText(text.title),
      descriptionText: segmentsText(text.description),
      clientName: showClientPublicly ? privateClient.name : null,
    };
  });
}

export async function findPublicRole(db: Db, id: number): Promise<PublicRole | undefined> {
  const [role] = await listPublicRoles(db, { id, limit: 1 });
  return role;
}

export function descriptionFileOf(role: RoleRow): Role['description_file'] {
  if (!role.descriptionFileKey || !role.descriptionUploadedAt) return null;
  return {
    filename: role.descriptionFilename ?? 'job-description',
    size: role.descriptionFileSize ?? 0,
    content_type: role.descriptionContentType ?? 'application/octet-stream',
    uploaded_at: role.descriptionUploadedAt.toISOString(),
  };
}

/** The role as the API shows it; its fee % override only when `money` (decision 071: whoever sees fees). */
export function toApiRole(row: RoleWithRelations, money: boolean): Role {
  const { role } = row;
  return {
    id: role.id,
    name: role.name,
    state: role.state as Role['state'],
    client: {
      id: row.client.id,
      name: row.client.name,
      client_type: row.client.clientType as Role['client']['client_type'],
    },
    close_reason: (role.closeReason as Role['close_reason']) ?? null,
    close_note: role.closeNote,
    openings: role.openings,
    location: role.location,
    country: role.country,
    postal_code: role.postalCode,
    remote_type: role.remoteType as Role['remote_type'],
    employment_type: role.employmentType as Role['employment_type'],
    salary_min: fromNumeric(role.salaryMin),
    salary_max: fromNumeric(role.salaryMax),
    salary_currency: role.salaryCurrency,
    ...(money ? { fee_percent_override: fromNumeric(role.feePercentOverride) } : {}),
    priority: role.priority as Role['priority'],
    recruiter: row.recruiter ? { id: row.recruiter.id, name: displayName(row.recruiter) } : null,
    opened_at: role.openedAt,
    target_fill_date: role.targetFillDate,
    closed_at: role.closedAt ? role.closedAt.toISOString() : null,
    archived_at: role.archivedAt ? role.archivedAt.toISOString() : null,
    description_text: role.descriptionText,
    description_file: descriptionFileOf(role),
    indeed_posting: role.indeedPosting,
    show_client_publicly: role.showClientPublicly,
    qualifications_count: row.qualificationsCount,
    notes_count: row.notesCount,
    applications_count: row.applicationsCount,
    new_applications_count: row.newApplicationsCount,
    created_at: role.createdAt.toISOString(),
    updated_at: role.updatedAt.toISOString(),
  };
}

export const roleNotFound = () => new AppError('ROLE_NOT_FOUND', 404, ROLE_ERRORS.ROLE_NOT_FOUND);
const clientNotActive = () =>
  new AppError('CLIENT_NOT_ACTIVE', 409, ROLE_ERRORS.CLIENT_NOT_ACTIVE, {
    fields: { client_id: [ROLE_ERRORS.CLIENT_NOT_ACTIVE] },
  });

/** The role row or 404 (no permission check: for other services). */
export async function requireRoleRow(db: Db, id: number): Promise<RoleRow> {
  const row = await findRoleRow(db, id);
  if (!row) throw roleNotFound();
  return row;
}

export async function presentRole(db: Db, reader: UserRow, id: number): Promise<Role> {
  const row = await findRoleWithRelations(db, id);
  if (!row) throw roleNotFound();
  return toApiRole(row, await moneyVisibleTo(db, reader));
}

export async function getRole(deps: Deps, actor: UserRow, id: number): Promise<Role> {
  assertCan(actor, 'records.read');
  return presentRole(deps.db, actor, id);
}

type ListQuery = z.output<typeof RoleListQuerySchema>;

async function listRoles(
  deps: Deps,
  actor: UserRow,
  query: ListQuery,
  states: string[],
): Promise<{ roles: Role[]; count: number }> {
  assertCan(actor, 'records.read');
  const { rows, count } = await listRoleRows(deps.db, {
    states,
    clientId: query.client,
    search: query.search || undefined,
    recruiterId: query.recruiter === 'me' ? actor.id : query.recruiter,
    priority: query.priority,
    openedFrom: query.opened === 'this_month' ? monthStartFor(actor, deps.config.now()) : undefined,
    archived: query.archived,
    ordering: query.ordering,
    limit: query.page_size,
    offset: (query.page - 1) * query.page_size,
  });
  const money = await moneyVisibleTo(deps.db, actor);
  return { roles: rows.map((row) => toApiRole(row, money)), count };
}

/** Active roles (open and on hold), or one of the two with `state`. */
export const listActiveRoles = (deps: Deps, actor: UserRow, query: ListQuery) =>
  listRoles(deps, actor, query, query.state ? [query.state] : ['open', 'on_hold']);

export const listClosedRoles = (deps: Deps, actor: UserRow, query: ListQuery) =>
  listRoles(deps, actor, { ...query, state: undefined }, ['closed']);

/** Every role of a client, whatever its state. */
export async function listRolesOfClient(
  deps: Deps,
  actor: UserRow,
  clientId: number,
): Promise<{ roles: Role[]; count: number }> {
  assertCan(actor, 'records.read');
  await requireClientRow(deps.db, clientId);
  const { rows, count } = await listRoleRows(deps.db, {
    states: ['open', 'on_hold', 'closed'],
    clientId,
    ordering: '-opened_at',
    limit: 1000,
    offset: 0,
  });
  const money = await moneyVisibleTo(deps.db, actor);
  return { roles: rows.map((row) => toApiRole(row, money)), count };
}

async function assertRecruiterExists(db: Db, recruiterId: number | null | undefined): Promise<void> {
  if (recruiterId == null) return;
  if (!(await getUserById(db, recruiterId))) throw fieldsError({ recruiter_id: ['Choose an existing user.'] });
}

async function requireOpenClient(db: Db, clientId: number): Promise<ClientRow> {
  const client = await requireClientRow(db, clientId).catch((error: unknown) => {
    if (error instanceof AppError && error.status === 404)
      throw fieldsError({ client_id: [CLIENT_ERRORS.CLIENT_NOT_FOUND] }, 'CLIENT_NOT_FOUND');
    throw error;
  });
  if (client.state === 'Closed' || client.archivedAt) throw clientNotActive();
  return client;
}

/** A new role's recruiter when the form leaves it out: its creator, if they recruit. */
const defaultRecruiterId = (actor: UserRow): number | null => (actor.userType.includes('recruiter') ? actor.id : null);

/**
 * The column values of a role form. The fee % override only from whoever sees fees (decision 071): for
 * anyone else the key is left out, so an edit keeps the stored override and a new role has none.
 */
function roleValues(
  input: RoleInputParsed,
  money: boolean,
): Omit<NewRoleRow, 'salaryCurrency' | 'openedAt' | 'state' | 'feePercentOverride'> & {
  feePercentOverride?: string | null;
} {
  return {
    ...(money ? { feePercentOverride: toNumeric(input.fee_percent_override) } : {}),
    clientId: input.client_id,
    name: input.name,
    openings: input.openings,
    location: input.location,
    country: input.country,
    postalCode: input.postal_code,
    remoteType: input.remote_type,
    employmentType: input.employment_type,
    salaryMin: toNumeric(input.salary_min),
    salaryMax: toNumeric(input.salary_max),
    priority: input.priority,
    recruiterId: input.recruiter_id ?? null,
    descriptionText: input.description_text,
    indeedPosting: input.indeed_posting,
    showClientPublicly: input.show_client_publicly,
    targetFillDate: input.target_fill_date,
  };
}

export async function createRole(deps: Deps, actor: UserRow, input: RoleInputParsed): Promise<Role> {
  assertCan(actor, 'records.write');
  const client = await requireOpenClient(deps.db, input.client_id);
  await assertRecruiterExists(deps.db, input.recruiter_id);
  const now = deps.config.now();
  const id = await inTransaction(deps.db, async (tx) => {
    const row = await insertRoleRow(tx, {
      ...roleValues(input, await moneyVisibleTo(tx, actor)),
      recruiterId: input.recruiter_id === undefined ? defaultRecruiterId(actor) : input.recruiter_id,
      state: input.state,
      salaryCurrency: input.salary_currency ?? client.currency,
      openedAt: input.opened_at ?? calendarDateIn(now, actor.timeZone),
      createdById: actor.id,
      createdAt: now,
      updatedAt: now,
    });
    await recordActivity(tx, {
      scope: { clientId: client.id },
      actor,
      verb: 'created',
      modelType: 'role',
      objectId: row.id,
      summary: `Created role ${row.name} for ${client.name}`,
    });
    return row.id;
  });
  return presentRole(deps.db, actor, id);
}

/** Full edit; a closed role stays closed (reopen it to change its state). */
export async function updateRole(deps: Deps, actor: UserRow, id: number, input: RoleInputParsed): Promise<Role> {
  assertCan(actor, 'records.write');
  const existing = await requireRoleRow(deps.db, id);
  const client =
    input.client_id === existing.clientId
      ? await requireClientRow(deps.db, input.client_id)
      : await requireOpenClient(deps.db, input.client_id);
  await assertRecruiterExists(deps.db, input.recruiter_id);
  await inTransaction(deps.db, async (tx) => {
    const row = await updateRoleRow(tx, id, {
      ...roleValues(input, await moneyVisibleTo(tx, actor)),
      state: existing.state === 'closed' ? 'closed' : input.state,
      salaryCurrency:
        input.salary_currency ?? (input.client_id === existing.clientId ? existing.salaryCurrency : client.currency),
      openedAt: input.opened_at ?? existing.openedAt,
      updatedAt: deps.config.now(),
    });
    if (!row) throw roleNotFound();
    await recordActivity(tx, {
      scope: { clientId: row.clientId },
      actor,
      verb: 'updated',
      modelType: 'role',
      objectId: id,
      summary: `Updated role ${row.name}`,
    });
  });
  return presentRole(deps.db, actor, id);
}

const FIELD_COLUMNS = {
  name: 'name',
  openings: 'openings',
  location: 'location',
  remote_type: 'remoteType',
  employment_type: 'employmentType',
  salary_min: 'salaryMin',
  salary_max: 'salaryMax',
  fee_percent_override: 'feePercentOverride',
  priority: 'priority',
  recruiter_id: 'recruiterId',
  description_text: 'descriptionText',
  indeed_posting: 'indeedPosting',
  show_client_publicly: 'showClientPublicly',
} as const satisfies Record<RoleFieldUpdateInput['field'], keyof NewRoleRow>;

const NUMERIC_FIELDS = new Set(['salary_min', 'salary_max', 'fee_percent_override']);

/** One field edited in place; the value is validated by that field's schema. */
export async function updateRoleField(
  deps: Deps,
  actor: UserRow,
  id: number,
  input: RoleFieldUpdateInput,
): Promise<Role> {
  assertCan(actor, 'records.write');
  const existing = await requireRoleRow(deps.db, id);
  const { field } = input;
  const parsed = RoleInlineFieldSchemas[field].safeParse(input.value);
  if (!parsed.success) throw fieldsError({ [field]: parsed.error.issues.map((issue) => issue.message) });
  const value = parsed.data as string | number | boolean | null;
  if (field === 'salary_min' && typeof value === 'number') {
    const max = fromNumeric(existing.salaryMax);
    if (max !== null && value > max) throw fieldsError({ salary_min: ['The minimum must be at most the maximum.'] });
  }
  if (field === 'salary_max' && typeof value === 'number') {
    const min = fromNumeric(existing.salaryMin);
    if (min !== null && value < min) throw fieldsError({ salary_max: ['The maximum must be at least the minimum.'] });
  }
  if (field === 'recruiter_id') await assertRecruiterExists(deps.db, value as number | null);
  // Whoever may not see fees may not set one either (decision 071).
  if (field === 'fee_percent_override' && !(await moneyVisibleTo(deps.db, actor))) throw forbidden();
  const column = FIELD_COLUMNS[field];
  const stored = NUMERIC_FIELDS.has(field) ? toNumeric(value as number | null) : value;
  await inTransaction(deps.db, async (tx) => {
    const row = await updateRoleRow(tx, id, { [column]: stored, updatedAt: deps.config.now() });
    if (!row) throw roleNotFound();
    await recordActivity(tx, {
      scope: { clientId: row.clientId },
      actor,
      verb: 'updated',
      modelType: 'role',
      objectId: id,
      summary: `Updated ${field.replace(/_/g, ' ')} of role ${row.name}`,
    });
  });
  return presentRole(deps.db, actor, id);
}

export async function closeRole(
  deps: Deps,
  actor: UserRow,
  id: number,
  input: Required<CloseRoleInput>,
): Promise<Role> {
  assertCan(actor, 'records.write');
  const existing = await requireRoleRow(deps.db, id);
  if (existing.state === 'closed') throw new AppError('ROLE_ALREADY_CLOSED', 409, ROLE_ERRORS.ROLE_ALREADY_CLOSED);
  await inTransaction(deps.db, async (tx) => {
    const now = deps.config.now();
    await updateRoleRow(tx, id, {
      state: 'closed',
      closeReason: input.reason,
      closeNote: input.note,
      closedAt: now,
      updatedAt: now,
    });
    await recordActivity(tx, {
      scope: { clientId: existing.clientId },
      actor,
      verb: 'closed',
      modelType: 'role',
      objectId: id,
      summary: `Closed role ${existing.name} (${ROLE_CLOSE_REASON_LABELS[input.reason]})`,
    });
  });
  return presentRole(deps.db, actor, id);
}

export async function reopenRole(deps: Deps, actor: UserRow, id: number): Promise<Role> {
  assertCan(actor, 'records.write');
  const existing = await requireRoleRow(deps.db, id);
  if (existing.state !== 'closed') throw new AppError('ROLE_NOT_CLOSED', 409, ROLE_ERRORS.ROLE_NOT_CLOSED);
  if (existing.archivedAt) throw new AppError('ROLE_ARCHIVED', 409, ROLE_ERRORS.ROLE_ARCHIVED);
  await inTransaction(deps.db, async (tx) => {
    await updateRoleRow(tx, id, {
      state: 'open',
      closeReason: null,
      closeNote: '',
      closedAt: null,
      updatedAt: deps.config.now(),
    });
    await recordActivity(tx, {
      scope: { clientId: existing.clientId },
      actor,
      verb: 'reopened',
      modelType: 'role',
      objectId: id,
      summary: `Reopened role ${existing.name}`,
    });
  });
  return presentRole(deps.db, actor, id);
}

export async function roleFormData(deps: Deps, actor: UserRow): Promise<Omit<RoleFormDataResponse, 'success'>> {
  assertCan(actor, 'records.read');
  const [clients, recruiters, settings] = [
    await listSelectableClients(deps.db),
    await listRecruiterUsers(deps.db),
    await getAgencySettings(deps.db),
  ];
  return {
    clients: clients.map((client) => ({
      id: client.id,
      name: client.name,
      client_type: client.clientType as 'finders_fee' | 'retainer',
      state: client.state,
    })),
    recruiters: recruiters.map((user) => ({ id: user.id, name: displayName(user) })),
    remote_types: [...REMOTE_TYPES],
    employment_types: [...EMPLOYMENT_TYPES],
    priorities: [...ROLE_PRIORITIES],
    close_reasons: ROLE_CLOSE_REASONS.map((value) => ({ value, label: ROLE_CLOSE_REASON_LABELS[value] })),
    default_currency: settings.currency,
    default_recruiter_id: defaultRecruiterId(actor),
    money_visible: await moneyVisibleTo(deps.db, actor),
  };
}

/** The first day of the current month (YYYY-MM-DD) in the user's profile time zone. */
export function monthStartFor(user: Pick<UserRow, 'timeZone'>, now: Date): string {
  return monthStartIn(now, user.timeZone || 'UTC');
}

/** The dashboard cards; "opened this month" counts what /jobs/active?opened=this_month lists. */
export async function roleDashboardStats(deps: Deps, actor: UserRow) {
  assertCan(actor, 'records.read');
  const stats = await roleStats(deps.db, actor.id, monthStartFor(actor, deps.config.now()));
  return {
    open_roles: stats.openRoles,
    active_clients: await countClientsInState(deps.db, 'Open'),
    roles_opened_this_month: stats.openedThisMonth,
    my_roles: stats.myRoles,
  };
}

/** Roles by name for the shell search (active ones first). */
export async function searchRolesByName(
  deps: Deps,
  actor: UserRow,
  text: string,
  limit: number,
): Promise<SearchRole[]> {
  assertCan(actor, 'records.read');
  const rows = await searchRoleRowsByName(deps.db, text, limit);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    state: row.state as Role['state'],
    client: { id: row.clientId, name: row.clientName },
  }));
}

// ---- For the imports module (issue 31) ----

export {
  deleteRoleRows,
  findRoleIdsOfClients,
  findRoleRowsByClientsAndTitles,
  findRoleRowsByIds,
  insertRoleRows,
  updateRoleRow,
} from './roles.repository';
export type { NewRoleRow } from './roles.table';
