// Over 400 lines: the client's rules and the helpers other modules reach it through (imports, contacts).
import {
  CLIENT_ERRORS,
  type Client,
  type ClientInputParsed,
  type ClientListQuerySchema,
  type ClientState,
  type ClientType,
} from '@recruitdesk/contracts/clients';
import type { DeletionCheck } from '@recruitdesk/contracts/common';
import type { SearchClient } from '@recruitdesk/contracts/search';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { fromNumeric, toNumeric } from '../../db/sql-helpers';
import { inTransaction } from '../../db/transaction';
import type { Deps } from '../../lib/deps';
import { AppError, fieldsError, isForeignKeyViolation, isUniqueViolation } from '../../lib/errors';
import { assertCan } from '../../lib/permissions';
import { recordActivity } from '../activity/activity.service';
import { countNotes, deleteNotesOf } from '../notes/notes.service';
import { getAgencySettings, moneyVisibleTo } from '../settings/settings.service';
import { displayName, getUserById, type UserRow } from '../users/users.service';
import {
  countClientsInState,
  clientHistoryCounts,
  deleteClientRow,
  findClientByName,
  findClientRow,
  findClientWithCounts,
  insertClientRow,
  listClientRows,
  lockClientRow,
  listSelectableClients,
  searchClientRowsByName,
  updateClientRow,
  type ClientWithCounts,
} from './clients.repository';
import type { ClientRow, NewClientRow } from './clients.table';
import { mainContactOfClient } from './client-children';

/**
 * Writes the client's contact columns from its main contact (decision 104: the contacts module owns the
 * truth; the columns are a copy that invoices and imports still read until they move to contacts).
 */
export async function setClientContactColumns(
  tx: Db,
  clientId: number,
  fields: { contactName: string; contactEmail: string; contactPhone: string },
): Promise<void> {
  await updateClientRow(tx, clientId, fields);
}

const contactFieldsOf = (input: { contact_name: string; contact_email: string; contact_phone: string }) => ({
  name: input.contact_name,
  email: input.contact_email,
  phone: input.contact_phone,
});

/** Records what `actor` did to the client. */
function recordClientEvent(tx: Db, actor: UserRow, verb: string, clientId: number, summary: string): Promise<void> {
  return recordActivity(tx, { actor, verb, modelType: 'client', objectId: clientId, summary });
}

export type { ClientRow } from './clients.table';
export { countClientsInState, listSelectableClients };
/** Filled at start-up by the modules under a client (decision 008). */
export { mainContactOfClient, pipelineCountOfClient, roleCountsByClient } from './client-children';
export type { ClientContactFields } from './client-children';
/** The query builder itself (tests read its plan). */
export { searchClientRowsByName };

/** The client as the API shows it; its fee terms only when `money` (decision 071: whoever sees fees). */
export function toApiClient(row: ClientWithCounts, money: boolean): Client {
  const { client } = row;
  return {
    id: client.id,
    name: client.name,
    client_type: client.clientType as ClientType,
    state: client.state as ClientState,
    website: client.website,
    industry: client.industry,
    location: client.location,
    contact_name: client.contactName,
    contact_email: client.contactEmail,
    contact_phone: client.contactPhone,
    ...(money
      ? {
          finders_fee_percent: fromNumeric(client.findersFeePercent),
          retainer_amount: fromNumeric(client.retainerAmount),
          retainer_instalments: client.retainerInstalments,
        }
      : {}),
    guarantee_days: client.guaranteeDays,
    payment_terms_days: client.paymentTermsDays,
    currency: client.currency,
    owner: row.owner ? { id: row.owner.id, name: displayName(row.owner) } : null,
    active_roles_count: row.activeRolesCount,
    roles_count: row.rolesCount,
    archived_at: client.archivedAt ? client.archivedAt.toISOString() : null,
    created_at: client.createdAt.toISOString(),
    updated_at: client.updatedAt.toISOString(),
  };
}

const notFound = () => new AppError('CLIENT_NOT_FOUND', 404, CLIENT_ERRORS.CLIENT_NOT_FOUND);
const nameTaken = () =>
  new AppError('CLIENT_NAME_TAKEN', 409, CLIENT_ERRORS.CLIENT_NAME_TAKEN, {
    fields: { name: [CLIENT_ERRORS.CLIENT_NAME_TAKEN] },
  });

/** The client row or 404 (no permission check: for other services). */
export async function requireClientRow(db: Db, id: number): Promise<ClientRow> {
  const row = await findClientRow(db, id);
  if (!row) throw notFound();
  return row;
}

async function presentClient(db: Db, reader: UserRow, id: number): Promise<Client> {
  const row = await findClientWithCounts(db, id);
  if (!row) throw notFound();
  return toApiClient(row, await moneyVisibleTo(db, reader));
}

export async function listClients(
  deps: Deps,
  actor: UserRow,
  query: z.output<typeof ClientListQuerySchema>,
): Promise<{ clients: Client[]; count: number }> {
  assertCan(actor, 'records.read');
  const { rows, count } = await listClientRows(deps.db, {
    search: query.search || undefined,
    state: query.state,
    clientType: query.client_type,
    hasActiveRoles: query.has_active_roles === undefined ? undefined : query.has_active_roles === 'true',
    archived: query.archived,
    ordering: query.ordering,
    limit: query.page_size,
    offset: (query.page - 1) * query.page_size,
  });
  const money = await moneyVisibleTo(deps.db, actor);
  return { clients: rows.map((row) => toApiClient(row, money)), count };
}

export async function getClient(deps: Deps, actor: UserRow, id: number): Promise<Client> {
  assertCan(actor, 'records.read');
  return presentClient(deps.db, actor, id);
}

/**
 * The column values for an input: fee terms follow the type, unset terms come from the agency settings.
 * Whoever may not see fees cannot set them either (decision 071): their fee terms are ignored, the stored
 * ones kept (a new client, or one changing type, gets the agency's default % or no retainer amount yet).
 */
async function clientValues(
  db: Db,
  actor: UserRow,
  input: ClientInputParsed,
  existing: ClientRow | null,
): Promise<Omit<NewClientRow, 'createdById'>> {
  const settings = await getAgencySettings(db);
  const finders = input.client_type === 'finders_fee';
  const sameType = existing?.clientType === input.client_type;
  const keep = <T>(value: T | null | undefined, previous: T | null | undefined, fallback: T | null): T | null =>
    value !== undefined ? (value ?? fallback) : sameType && previous != null ? previous : fallback;
  const money = await moneyVisibleTo(db, actor);
  if (money && !finders && input.retainer_amount === undefined) {
    throw fieldsError({ retainer_amount: ['Enter the retainer amount.'] });
  }
  const retainerAmount = money
    ? toNumeric(input.retainer_amount ?? null)
    : sameType
      ? (existing?.retainerAmount ?? null)
      : null;
  const retainerInstalments = money
    ? input.retainer_instalments
    : sameType
      ? (existing?.retainerInstalments ?? [])
      : [];
  return {
    name: input.name,
    clientType: input.client_type,
    state: input.state,
    website: input.website,
    industry: input.industry,
    location: input.location,
    contactName: input.contact_name,
    contactEmail: input.contact_email,
    contactPhone: input.contact_phone,
    findersFeePercent: finders
      ? toNumeric(
          keep(
            money ? input.finders_fee_percent : undefined,
            fromNumeric(existing?.findersFeePercent),
            settings.default_finders_fee_percent,
          ),
        )
      : null,
    guaranteeDays: finders ? keep(input.guarantee_days, existing?.guaranteeDays, null) : null,
    retainerAmount: finders ? null : retainerAmount,
    retainerInstalments: finders ? [] : retainerInstalments,
    paymentTermsDays: input.payment_terms_days ?? existing?.paymentTermsDays ?? settings.default_payment_terms_days,
    currency: input.currency ?? existing?.currency ?? settings.currency,
    ownerId: input.owner_id !== undefined ? input.owner_id : existing ? existing.ownerId : null,
  };
}

async function assertOwnerExists(db: Db, ownerId: number | null | undefined): Promise<void> {
  if (ownerId == null) return;
  if (!(await getUserById(db, ownerId))) throw fieldsError({ owner_id: ['Choose an existing user.'] });
}

export async function createClient(deps: Deps, actor: UserRow, input: ClientInputParsed): Promise<Client> {
  assertCan(actor, 'records.write');
  await assertOwnerExists(deps.db, input.owner_id);
  if (await findClientByName(deps.db, input.name)) throw nameTaken();
  try {
    const id = await inTransaction(deps.db, async (tx) => {
      const values = await clientValues(tx, actor, input, null);
      const now = deps.config.now();
      const row = await insertClientRow(tx, {
        ...values,
        ownerId: input.owner_id === undefined ? actor.id : values.ownerId,
        createdById: actor.id,
        createdAt: now,
        updatedAt: now,
      });
      await recordClientEvent(tx, actor, 'created', row.id, `Created client ${row.name}`);
      const contact = contactFieldsOf(input);
      if (contact.name || contact.email || contact.phone) await mainContactOfClient.get()(tx, actor, row.id, contact);
      return row.id;
    });
    return await presentClient(deps.db, actor, id);
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

export async function updateClient(deps: Deps, actor: UserRow, id: number, input: ClientInputParsed): Promise<Client> {
  assertCan(actor, 'records.write');
  const existing = await requireClientRow(deps.db, id);
  await assertOwnerExists(deps.db, input.owner_id);
  if (await findClientByName(deps.db, input.name, id)) throw nameTaken();
  try {
    await inTransaction(deps.db, async (tx) => {
      const values = await clientValues(tx, actor, input, existing);
      const row = await updateClientRow(tx, id, { ...values, updatedAt: deps.config.now() });
      if (!row) throw notFound();
      await recordClientEvent(tx, actor, 'updated', id, `Updated client ${row.name}`);
      const changed =
        input.contact_name !== existing.contactName ||
        input.contact_email !== existing.contactEmail ||
        input.contact_phone !== existing.contactPhone;
      if (changed) await mainContactOfClient.get()(tx, actor, id, contactFieldsOf(input));
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
  return presentClient(deps.db, actor, id);
}

export async function changeClientState(deps: Deps, actor: UserRow, id: number, state: ClientState): Promise<Client> {
  assertCan(actor, 'records.write');
  const existing = await requireClientRow(deps.db, id);
  if (existing.state !== state) {
    await inTransaction(deps.db, async (tx) => {
      await updateClientRow(tx, id, { state, updatedAt: deps.config.now() });
      await recordClientEvent(
        tx,
        actor,
        'state_changed',
        id,
        `Changed client ${existing.name} from ${existing.state} to ${state}`,
      );
    });
  }
  return presentClient(deps.db, actor, id);
}

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/**
 * What deleting the client would meet (decision 021). Its roles, open or closed, and their pipelines are
 * history the agency keeps, so any role blocks a delete (invoices will too); archiving is the way out,
 * once no role is active. A client without roles is deleted with its notes.
 */
async function checkClientDeletion(db: Db, client: ClientRow): Promise<DeletionCheck> {
  const counts = await clientHistoryCounts(db, client.id);
  const notes = await countNotes(db, 'client', client.id);
  const blockers: DeletionCheck['blockers'] = [];
  if (counts.roles > 0) {
    blockers.push({
      kind: 'roles',
      count: counts.roles,
      label:
        counts.activeRoles > 0
          ? `${plural(counts.roles, 'role')} (${counts.activeRoles} active)`
          : plural(counts.roles, 'role'),
    });
  }
  if (counts.pipelines > 0)
    blockers.push({
      kind: 'pipelines',
      count: counts.pipelines,
      label: `${plural(counts.pipelines, 'candidate')} in their pipelines`,
    });
  const archived = client.archivedAt !== null;
  const archiveBlocker = archived
    ? null
    : counts.activeRoles > 0
      ? `Close its ${plural(counts.activeRoles, 'active role')} first: an archived client has no active roles.`
      : null;
  let message: string;
  if (blockers.length === 0) {
    message = `${client.name} has no roles, so it can be deleted${notes > 0 ? ` with its ${plural(notes, 'note')}` : ''}. This cannot be undone.`;
  } else {
    const has = blockers.map((blocker) => blocker.label).join(' and ');
    const way = archived
      ? 'It is archived already: it stays out of the lists with its history.'
      : archiveBlocker
        ? `${archiveBlocker.replace(/: .*$/, '')}, then archive the client instead: it leaves the lists, keeps its history and can be restored.`
        : 'Archive it instead: it leaves the lists, keeps its history and can be restored.';
    message = `${client.name} cannot be deleted: it has ${has}, and the agency keeps that history. ${way}`;
  }
  return {
    can_delete: blockers.length === 0,
    blockers,
    removes: blockers.length === 0 && notes > 0 ? [plural(notes, 'note')] : [],
    message,
    archived,
    can_archive: !archived && archiveBlocker === null,
    archive_blocker: archiveBlocker,
  };
}

/** GET /api/clients/{id}/deletion/: what a delete would meet, for the confirmation (anyone who may edit). */
export async function getClientDeletionCheck(deps: Deps, actor: UserRow, id: number): Promise<DeletionCheck> {
  assertCan(actor, 'records.write');
  return checkClientDeletion(deps.db, await requireClientRow(deps.db, id));
}

/**
 * Only a client without roles; its notes go with it. Otherwise 409 CLIENT_HAS_HISTORY with the check's
 * message (what it has, and to archive it instead). The client row is locked first, so a role added at
 * the same moment either comes first (and blocks) or fails after.
 */
export async function deleteClient(deps: Deps, actor: UserRow, id: number): Promise<void> {
  assertCan(actor, 'records.write');
  await requireClientRow(deps.db, id);
  try {
    await inTransaction(deps.db, async (tx) => {
      const client = await lockClientRow(tx, id);
      if (!client) throw notFound();
      const check = await checkClientDeletion(tx, client);
      if (!check.can_delete) throw new AppError('CLIENT_HAS_HISTORY', 409, check.message);
      await deleteNotesOf(tx, 'client', [id]);
      await deleteClientRow(tx, id);
      await recordClientEvent(tx, actor, 'deleted', id, `Deleted client ${client.name}`);
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) throw new AppError('CLIENT_HAS_HISTORY', 409, CLIENT_ERRORS.CLIENT_HAS_ROLES);
    throw error;
  }
}

/** Archives the client (no active roles): out of the default lists, the role form and the counts; restorable. */
export async function archiveClient(deps: Deps, actor: UserRow, id: number): Promise<Client> {
  assertCan(actor, 'records.write');
  await requireClientRow(deps.db, id);
  await inTransaction(deps.db, async (tx) => {
    const client = await lockClientRow(tx, id);
    if (!client) throw notFound();
    if (client.archivedAt) throw new AppError('CLIENT_ALREADY_ARCHIVED', 409, CLIENT_ERRORS.CLIENT_ALREADY_ARCHIVED);
    const check = await checkClientDeletion(tx, client);
    if (check.archive_blocker)
      throw new AppError('CLIENT_HAS_ACTIVE_ROLES', 409, `${client.name} has active roles. ${check.archive_blocker}`);
    const now = deps.config.now();
    await updateClientRow(tx, id, { archivedAt: now, updatedAt: now });
    await recordClientEvent(tx, actor, 'archived', id, `Archived client ${client.name}`);
  });
  return presentClient(deps.db, actor, id);
}

export async function restoreClient(deps: Deps, actor: UserRow, id: number): Promise<Client> {
  assertCan(actor, 'records.write');
  const client = await requireClientRow(deps.db, id);
  if (!client.archivedAt) throw new AppError('CLIENT_NOT_ARCHIVED', 409, CLIENT_ERRORS.CLIENT_NOT_ARCHIVED);
  await inTransaction(deps.db, async (tx) => {
    const now = deps.config.now();
    await updateClientRow(tx, id, { archivedAt: null, updatedAt: now });
    await recordClientEvent(tx, actor, 'restored', id, `Restored client ${client.name} from the archive`);
  });
  return presentClient(deps.db, actor, id);
}

/** Clients by name for the shell search. */
export async function searchClientsByName(
  deps: Deps,
  actor: UserRow,
  text: string,
  limit: number,
): Promise<SearchClient[]> {
  assertCan(actor, 'records.read');
  const rows = await searchClientRowsByName(deps.db, text, limit);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    client_type: row.clientType as ClientType,
    state: row.state as ClientState,
  }));
}

// ---- For the imports module (issue 31) ----

export {
  deleteClientRows,
  findClientRowsByIds,
  findClientRowsByNamesOrDomains,
  insertClientRows,
  updateClientRow,
} from './clients.repository';
export type { NewClientRow } from './clients.table';

/**
 * The columns a client created without the form gets from the agency settings, as `createClient` gives
 * them: the default finder's fee % for a finder's fee client, the payment terms and the currency.
 */
export async function newClientDefaults(
  db: Db,
  clientType: string,
): Promise<Pick<NewClientRow, 'findersFeePercent' | 'paymentTermsDays' | 'currency' | 'retainerInstalments'>> {
  const settings = await getAgencySettings(db);
  return {
    findersFeePercent: clientType === 'finders_fee' ? toNumeric(settings.default_finders_fee_percent) : null,
    paymentTermsDays: settings.default_payment_terms_days,
    currency: settings.currency,
    retainerInstalments: [],
  };
}
