import type { NoteModelType } from '@recruitdesk/contracts/notes';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { candidatesTable } from '../candidates/candidates.table';
import { clientsTable } from '../clients/clients.table';
import { pipelinesTable } from '../pipelines/pipelines.table';
import { rolesTable } from '../roles/roles.table';

/** Finds the record notes are about and names it; null when it does not exist. */
export type NoteTargetLookup = (db: Db, id: number) => Promise<string | null>;

/**
 * The records notes can be attached to. Later issues add application and invoice;
 * a model type without an entry answers 404 like a missing record.
 */
export const NOTE_TARGETS: Partial<Record<NoteModelType, NoteTargetLookup>> = {
  client: async (db, id) => {
    const [row] = await db.select({ name: clientsTable.name }).from(clientsTable).where(eq(clientsTable.id, id)).limit(1);
    return row ? row.name : null;
  },
  role: async (db, id) => {
    const [row] = await db
      .select({ name: rolesTable.name, client: clientsTable.name })
      .from(rolesTable)
      .innerJoin(clientsTable, eq(clientsTable.id, rolesTable.clientId))
      .where(eq(rolesTable.id, id))
      .limit(1);
    return row ? `${row.name} (${row.client})` : null;
  },
  candidate: async (db, id) => {
    const [row] = await db
      .select({ firstName: candidatesTable.firstName, lastName: candidatesTable.lastName })
      .from(candidatesTable)
      .where(eq(candidatesTable.id, id))
      .limit(1);
    return row ? `${row.firstName} ${row.lastName}`.trim() : null;
  },
  /** "Jane Doe — Senior Engineer": the candidate in the role. */
  pipeline: async (db, id) => {
    const [row] = await db
      .select({ firstName: candidatesTable.firstName, lastName: candidatesTable.lastName, role: rolesTable.name })
      .from(pipelinesTable)
      .innerJoin(candidatesTable, eq(candidatesTable.id, pipelinesTable.candidateId))
      .innerJoin(rolesTable, eq(rolesTable.id, pipelinesTable.roleId))
      .where(eq(pipelinesTable.id, id))
      .limit(1);
    return row ? `${`${row.firstName} ${row.lastName}`.trim()} — ${row.role}` : null;
  },
};

export function registerNoteTarget(modelType: NoteModelType, lookup: NoteTargetLookup): void {
  NOTE_TARGETS[modelType] = lookup;
}

export async function noteTargetLabel(db: Db, modelType: NoteModelType, id: number): Promise<string | null> {
  const lookup = NOTE_TARGETS[modelType];
  return lookup ? lookup(db, id) : null;
}
