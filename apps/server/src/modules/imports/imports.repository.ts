import { and, asc, count, desc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/sql-helpers';
import { candidatesTable } from '../candidates/candidates.table';
import { clientsTable } from '../clients/clients.table';
import { notesTable } from '../notes/notes.table';
import { pipelinesTable } from '../pipelines/pipelines.table';
import { rolesTable } from '../roles/roles.table';
import type { Entity } from './import-kinds';
import {
  importChangesTable,
  importMappingsTable,
  importRowResultsTable,
  importsTable,
  type ImportMappingRow,
  type ImportRow,
  type NewImportChangeRow,
  type NewImportRow,
  type NewImportRowResultRow,
} from './imports.table';

export async function insertImportRow(db: Db, values: NewImportRow): Promise<ImportRow> {
  const [row] = await db.insert(importsTable).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function findImportRow(db: Db, id: number, options: { forUpdate?: boolean } = {}) {
  const query = db.select().from(importsTable).where(eq(importsTable.id, id)).limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

export async function updateImportRow(db: Db, id: number, values: Partial<NewImportRow>): Promise<ImportRow> {
  const [row] = await db.update(importsTable).set(values).where(eq(importsTable.id, id)).returning();
  if (!row) throw new Error(`import ${id} vanished`);
  return row;
}

export async function listImportRows(db: Db, limit: number, offset: number) {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(importsTable)
      .orderBy(desc(importsTable.createdAt), desc(importsTable.id))
      .limit(limit)
      .offset(offset),
    db.select({ value: count() }).from(importsTable),
  ]);
  return { rows, count: total?.value ?? 0 };
}

/** The first refused rows of each import (the view's errors preview), in one query for a page of imports. */
export async function refusedPreviews(db: Db, importIds: number[], perImport: number) {
  if (importIds.length === 0) return new Map<number, Array<{ line: number; reason: string }>>();
  const rows = rowsOf<{ import_id: number; line: number; reason: string }>(
    await db.execute(sql`
      select r.import_id, r.line, r.reason from unnest(${sql.raw(`array[${importIds.map(Number).join(',')}]::int[]`)}) as i(id)
      cross join lateral (
        select import_id, line, reason from ${importRowResultsTable}
        where import_id = i.id order by line limit ${perImport}
      ) r`),
  );
  const byImport = new Map<number, Array<{ line: number; reason: string }>>();
  for (const row of rows) {
    const list = byImport.get(Number(row.import_id)) ?? [];
    list.push({ line: Number(row.line), reason: row.reason });
    byImport.set(Number(row.import_id), list);
  }
  return byImport;
}

/** A page of refused rows after `afterLine` (report.csv, streamed). */
export function refusedRowsPage(db: Db, importId: number, afterLine: number, limit: number) {
  return db
    .select({
      line: importRowResultsTable.line,
      reason: importRowResultsTable.reason,
      cells: importRowResultsTable.cells,
    })
    .from(importRowResultsTable)
    .where(and(eq(importRowResultsTable.importId, importId), gt(importRowResultsTable.line, afterLine)))
    .orderBy(asc(importRowResultsTable.line))
    .limit(limit);
}

export async function insertRefusedRows(db: Db, rows: NewImportRowResultRow[]): Promise<void> {
  if (rows.length) await db.insert(importRowResultsTable).values(rows);
}

/**
 * The undo record of a batch, one statement. A record met again (a later row updating what an earlier
 * one created or updated) keeps its first `previous` values and its action; its updated_at moves on.
 */
export async function upsertChanges(db: Db, rows: NewImportChangeRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(importChangesTable)
    .values(rows)
    .onConflictDoUpdate({
      target: [importChangesTable.importId, importChangesTable.entity, importChangesTable.entityId],
      set: {
        updatedAtAfter: sql`excluded.updated_at_after`,
        previous: sql`case when ${importChangesTable.action} = 'created' then null
          else coalesce(excluded.previous, '{}'::jsonb) || coalesce(${importChangesTable.previous}, '{}'::jsonb) end`,
      },
    });
}

/**
 * Advances the checkpoint and the counts with the batch, only from where this run read it: a second
 * worker that did the same batch finds it moved and rolls its batch back (never twice).
 */
export async function advanceCheckpoint(
  db: Db,
  id: number,
  from: number,
  to: number,
  counts: { created: number; updated: number; skipped: number; refused: number },
): Promise<boolean> {
  const rows = await db
    .update(importsTable)
    .set({
      rowsDone: to,
      createdCount: sql`${importsTable.createdCount} + ${counts.created}`,
      updatedCount: sql`${importsTable.updatedCount} + ${counts.updated}`,
      skippedCount: sql`${importsTable.skippedCount} + ${counts.skipped}`,
      refusedCount: sql`${importsTable.refusedCount} + ${counts.refused}`,
    })
    .where(and(eq(importsTable.id, id), eq(importsTable.rowsDone, from)))
    .returning({ id: importsTable.id });
  return rows.length === 1;
}

// ---- undo ----

const ENTITY_TABLES = { candidate: candidatesTable, client: clientsTable, role: rolesTable } as const;

export interface ChangeOf {
  entityId: number;
  action: string;
  previous: Record<string, unknown> | null;
}

export function changesOf(db: Db, importId: number, entity: Entity): Promise<ChangeOf[]> {
  return db
    .select({
      entityId: importChangesTable.entityId,
      action: importChangesTable.action,
      previous: importChangesTable.previous,
    })
    .from(importChangesTable)
    .where(and(eq(importChangesTable.importId, importId), eq(importChangesTable.entity, entity)))
    .orderBy(asc(importChangesTable.entityId));
}

export interface BlockedRecord {
  kind: Entity;
  id: number;
  name: string;
}

/**
 * The records of an import changed since it wrote them, so its undo would lose someone's work: an updated_at
 * other than the one the import left; for a record it created, a pipeline, a note added since, or (a
 * client) a role the import did not create. At most `limit`, one query per kind of check.
 */
export async function changedSinceImport(
  db: Db,
  importId: number,
  finishedAt: Date,
  limit: number,
): Promise<BlockedRecord[]> {
  const blocked: BlockedRecord[] = [];
  const add = (kind: Entity, rows: Array<{ id: number; name: string }>) => {
    for (const row of rows) {
      if (blocked.length >= limit || blocked.some((item) => item.kind === kind && item.id === row.id)) continue;
      blocked.push({ kind, id: Number(row.id), name: row.name });
    }
  };
  const ic = importChangesTable;
  for (const entity of ['candidate', 'client', 'role'] as const) {
    const table = ENTITY_TABLES[entity];
    const name =
      entity === 'candidate'
        ? sql<string>`${candidatesTable.firstName} || ' ' || ${candidatesTable.lastName}`
        : sql<string>`${table === clientsTable ? clientsTable.name : rolesTable.name}`;
    add(
      entity,
      await db
        .select({ id: table.id, name })
        .from(ic)
        .innerJoin(table, eq(table.id, ic.entityId))
        .where(and(eq(ic.importId, importId), eq(ic.entity, entity), sql`${table.updatedAt} <> ${ic.updatedAtAfter}`))
        .orderBy(asc(table.id))
        .limit(limit),
    );
    add(
      entity,
      await db
        .selectDistinct({ id: table.id, name })
        .from(ic)
        .innerJoin(table, eq(table.id, ic.entityId))
        .innerJoin(notesTable, and(eq(notesTable.modelType, entity), eq(notesTable.objectId, ic.entityId)))
        .where(and(eq(ic.importId, importId), eq(ic.entity, entity), gt(notesTable.createdAt, finishedAt)))
        .limit(limit),
    );
  }
  for (const entity of ['candidate', 'role'] as const) {
    const table = ENTITY_TABLES[entity];
    const column = entity === 'candidate' ? pipelinesTable.candidateId : pipelinesTable.roleId;
    const name =
      entity === 'candidate'
        ? sql<string>`${candidatesTable.firstName} || ' ' || ${candidatesTable.lastName}`
        : sql<string>`${rolesTable.name}`;
    add(
      entity,
      await db
        .selectDistinct({ id: table.id, name })
        .from(ic)
        .innerJoin(table, eq(table.id, ic.entityId))
        .innerJoin(pipelinesTable, eq(column, ic.entityId))
        .where(and(eq(ic.importId, importId), eq(ic.entity, entity), eq(ic.action, 'created')))
        .limit(limit),
    );
  }
  const createdRoles = db
    .select({ id: ic.entityId })
    .from(ic)
    .where(and(eq(ic.importId, importId), eq(ic.entity, 'role'), eq(ic.action, 'created')));
  add(
    'client',
    await db
      .selectDistinct({ id: clientsTable.id, name: clientsTable.name })
      .from(ic)
      .innerJoin(clientsTable, eq(clientsTable.id, ic.entityId))
      .innerJoin(rolesTable, eq(rolesTable.clientId, ic.entityId))
      .where(
        and(
          eq(ic.importId, importId),
          eq(ic.entity, 'client'),
          eq(ic.action, 'created'),
          sql`${rolesTable.id} not in ${createdRoles}`,
        ),
      )
      .limit(limit),
  );
  return blocked;
}

/** Runs ANALYZE on the tables an import wrote, so the planner (and the search) see the new rows at once. */
export async function analyzeTables(db: Db, entity: Entity): Promise<void> {
  const tables =
    entity === 'candidate'
      ? ['candidates', 'candidate_search', 'candidate_skill_counts', 'notes', 'import_changes']
      : entity === 'client'
        ? ['clients', 'notes', 'import_changes']
        : ['roles', 'notes', 'import_changes'];
  await db.execute(sql.raw(`ANALYZE ${tables.join(', ')}`));
}

// ---- saved mappings ----

export function listMappingRows(db: Db, kind: string | undefined): Promise<ImportMappingRow[]> {
  const query = db.select().from(importMappingsTable);
  return (kind ? query.where(eq(importMappingsTable.kind, kind)) : query).orderBy(
    asc(sql`lower(${importMappingsTable.name})`),
    asc(importMappingsTable.id),
  );
}

export async function countMappingRows(db: Db, kind: string): Promise<number> {
  const [row] = await db.select({ value: count() }).from(importMappingsTable).where(eq(importMappingsTable.kind, kind));
  return row?.value ?? 0;
}

export async function insertMappingRow(db: Db, values: typeof importMappingsTable.$inferInsert) {
  const [row] = await db.insert(importMappingsTable).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function deleteMappingRow(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .delete(importMappingsTable)
    .where(eq(importMappingsTable.id, id))
    .returning({ id: importMappingsTable.id });
  return rows.length > 0;
}
