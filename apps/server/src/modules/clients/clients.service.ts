import {
  CLIENT_ERRORS,
  type Client,
  type ClientInputParsed,
  type ClientListQuerySchema,
  type ClientState,
  type ClientType,
} from '@recruitdesk/contracts/clients';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { fromNumeric, toNumeric } from '../../db/sql-helpers';
import { inTransaction } from '../../db/transaction';
import type { Deps } from '../../lib/deps';
import { AppError, fieldsError, isForeignKeyViolation, isUniqueViolation } from '../../lib/errors';
import { assertCan } from '../../lib/permissions';
import { recordActivity } from '../activity/activity.service';
import { deleteNotesOf } from '../notes/notes.service';
import { getAgencySettings } from '../settings/settings.service';
import { actorOf, displayName, getUserById, type UserRow } from '../users/users.service';
import {
  countClientsInState,
  countRolesOfClient,
  deleteClientRow,
  findClientByName,
  findClientRow,
  findClientWithCounts,
  insertClientRow,
  insertClientRows,
  listClientRows,
  listSelectableClients,
  updateClientRow,
  type ClientWithCounts,
} from './clients.repository';
import type { ClientRow, NewClientRow } from './clients.table';

export type { ClientRow } from './clients.table';
export { countClientsInState, insertClientRows, listSelectableClients };

export function toApiClient(row: ClientWithCounts): Client {
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
    finders_fee_percent: fromNumeric(client.findersFeePercent),
    guarantee_days: client.guaranteeDays,
    retainer_amount: fromNumeric(client.retainerAmount),
    retainer_instalments: client.retainerInstalments,
    payment_terms_days: client.paymentTermsDays,
    currency: client.currency,
    owner: row.owner ? { id: row.owner.id, name: displayName(row.owner) } : null,
    active_roles_count: row.activeRolesCount,
    roles_count: row.rolesCount,
    created_at: client.createdAt.toISOString(),
    updated_at: client.updatedAt.toISOString(),
  };
}

const notFound = () => new AppError('CLIENT_NOT_FOUND', 404, CLIENT_ERRORS.CLIENT_NOT_FOUND);
const nameTaken = () => new AppError('CLIENT_NAME_TAKEN', 409, CLIENT_ERRORS.CLIENT_NAME_TAKEN, { name: [CLIENT_ERRORS.CLIENT_NAME_TAKEN] });

/** The client row or 404 (no permission check: for other services). */
export async function requireClientRow(db: Db, id: number): Promise<ClientRow> {
  const row = await findClientRow(db, id);
  if (!row) throw notFound();
  return row;
}

async function presentClient(db: Db, id: number): Promise<Client> {
  const row = await findClientWithCounts(db, id);
  if (!row) throw notFound();
  return toApiClient(row);
}

export async function listClients(
  deps: Deps,
  actor: UserRow,
  query: z.output<typeof ClientListQuerySchema>,
): Promise<{ clients: Client[]; count: number }> {
  assertCan(actorOf(actor), 'records.read');
  const { rows, count } = await listClientRows(deps.db, {
    search: query.search || undefined,
    state: query.state,
    clientType: query.client_type,
    hasActiveRoles: query.has_active_roles === undefined ? undefined : query.has_active_roles === 'true',
    ordering: query.ordering,
    limit: query.page_size,
    offset: (query.page - 1) * query.page_size,
  });
  return { clients: rows.map(toApiClient), count };
}

export async function getClient(deps: Deps, actor: UserRow, id: number): Promise<Client> {
  assertCan(actorOf(actor), 'records.read');
  return presentClient(deps.db, id);
}

/** The column values for an input: fee terms follow the type, unset terms come from the agency settings. */
async function clientValues(db: Db, input: ClientInputParsed, existing: ClientRow | null): Promise<Omit<NewClientRow, 'createdById'>> {
  const settings = await getAgencySettings(db);
  const finders = input.client_type === 'finders_fee';
  const sameType = existing?.clientType === input.client_type;
  const keep = <T>(value: T | null | undefined, previous: T | null | undefined, fallback: T | null): T | null =>
    value !== undefined ? (value ?? fallback) : sameType && previous != null ? previous : fallback;
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
      ? toNumeric(keep(input.finders_fee_percent, fromNumeric(existing?.findersFeePercent), settings.default_finders_fee_percent))
      : null,
    guaranteeDays: finders ? keep(input.guarantee_days, existing?.guaranteeDays, null) : null,
    retainerAmount: finders ? null : toNumeric(input.retainer_amount ?? null),
    retainerInstalments: finders ? [] : input.retainer_instalments,
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
  assertCan(actorOf(actor), 'records.write');
  await assertOwnerExists(deps.db, input.owner_id);
  if (await findClientByName(deps.db, input.name)) throw nameTaken();
  try {
    const id = await inTransaction(deps.db, async (tx) => {
      const values = await clientValues(tx, input, null);
      const now = deps.config.now();
      const row = await insertClientRow(tx, { ...values, ownerId: input.owner_id === undefined ? actor.id : values.ownerId, createdById: actor.id, createdAt: now, updatedAt: now });
      await recordActivity(tx, { actor, verb: 'created', modelType: 'client', objectId: row.id, summary: `Created client ${row.name}` });
      return row.id;
    });
    return await presentClient(deps.db, id);
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

export async function updateClient(deps: Deps, actor: UserRow, id: number, input: ClientInputParsed): Promise<Client> {
  assertCan(actorOf(actor), 'records.write');
  const existing = await requireClientRow(deps.db, id);
  await assertOwnerExists(deps.db, input.owner_id);
  if (await findClientByName(deps.db, input.name, id)) throw nameTaken();
  try {
    await inTransaction(deps.db, async (tx) => {
      const values = await clientValues(tx, input, existing);
      const row = await updateClientRow(tx, id, { ...values, updatedAt: deps.config.now() });
      if (!row) throw notFound();
      await recordActivity(tx, { actor, verb: 'updated', modelType: 'client', objectId: id, summary: `Updated client ${row.name}` });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
  return presentClient(deps.db, id);
}

export async function changeClientState(deps: Deps, actor: UserRow, id: number, state: ClientState): Promise<Client> {
  assertCan(actorOf(actor), 'records.write');
  const existing = await requireClientRow(deps.db, id);
  if (existing.state !== state) {
    await inTransaction(deps.db, async (tx) => {
      await updateClientRow(tx, id, { state, updatedAt: deps.config.now() });
      await recordActivity(tx, {
        actor,
        verb: 'state_changed',
        modelType: 'client',
        objectId: id,
        summary: `Changed client ${existing.name} from ${existing.state} to ${state}`,
      });
    });
  }
  return presentClient(deps.db, id);
}

const hasRoles = () => new AppError('CLIENT_HAS_ROLES', 409, CLIENT_ERRORS.CLIENT_HAS_ROLES);

/** Only a client without roles; its notes go with it. */
export async function deleteClient(deps: Deps, actor: UserRow, id: number): Promise<void> {
  assertCan(actorOf(actor), 'records.write');
  const existing = await requireClientRow(deps.db, id);
  if ((await countRolesOfClient(deps.db, id)) > 0) throw hasRoles();
  try {
    await inTransaction(deps.db, async (tx) => {
      await deleteNotesOf(tx, 'client', [id]);
      await deleteClientRow(tx, id);
      await recordActivity(tx, { actor, verb: 'deleted', modelType: 'client', objectId: id, summary: `Deleted client ${existing.name}` });
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) throw hasRoles();
    throw error;
  }
}
