import { count, eq, ne, sql, type SQL } from 'drizzle-orm';
import { createInterface } from 'node:readline';
import type { Db } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import type { Deps } from '../../lib/deps';
import { AppError } from '../../lib/errors';
import { candidatesTable } from '../candidates/candidates.table';
import { clientsTable } from '../clients/clients.table';
import { invoicesTable } from '../invoices/invoices.table';
import { pipelinesTable } from '../pipelines/pipelines.table';
import { rolesTable } from '../roles/roles.table';
import { sessionsTable } from '../sessions/sessions.table';
import { usersTable } from '../users/users.table';
import { ARCHIVE_LIMITS, EXCLUDED_TABLES, type ManifestTable } from './archive-format';
import type { OpenedArchive } from './archive-reader';
import { reportInTransaction, type ArchiveProgress } from './archive-writer';
import {
  exportedTables,
  foreignKeyOrder,
  ident,
  identList,
  readCatalog,
  writableColumns,
  type CatalogTable,
} from './table-catalog';

export const RESTORE_MESSAGES = {
  notEmpty:
    'This RecruitDesk already holds records (candidates, clients, roles, pipelines, invoices or other users): an agency archive is imported only into an empty RecruitDesk.',
  schema:
    'This archive holds tables or columns this version of RecruitDesk does not have: import it into the version that exported it, or a later one.',
} as const;

const INSERT_ROWS = 500;
const INSERT_BYTES = 8 * 1024 * 1024;

/**
 * An agency archive goes only into an empty RecruitDesk: no candidates, clients, roles, pipelines or
 * invoices, and no user but the owner importing (who registered it). 409 otherwise.
 */
export async function assertEmptyTarget(db: Db, importerId: number): Promise<void> {
  const checks = [
    () => db.select({ n: count() }).from(candidatesTable),
    () => db.select({ n: count() }).from(clientsTable),
    () => db.select({ n: count() }).from(rolesTable),
    () => db.select({ n: count() }).from(pipelinesTable),
    () => db.select({ n: count() }).from(invoicesTable),
    () => db.select({ n: count() }).from(usersTable).where(ne(usersTable.id, importerId)),
  ];
  let found = 0;
  // One after another: inside the import's transaction they share one connection.
  for (const check of checks) found += (await check())[0]?.n ?? 0;
  if (found > 0) throw new AppError('TARGET_NOT_EMPTY', 409, RESTORE_MESSAGES.notEmpty);
}

/** The target's table for each archive table, refusing a table or column this database does not have. */
function planTables(manifest: OpenedArchive['manifest'], catalog: Map<string, CatalogTable>) {
  const plan = new Map<string, { table: CatalogTable; entry: ManifestTable }>();
  for (const entry of manifest.tables) {
    const table = catalog.get(entry.name);
    if (!table || entry.name in EXCLUDED_TABLES)
      throw new AppError('ARCHIVE_SCHEMA_MISMATCH', 400, RESTORE_MESSAGES.schema);
    const writable = new Set(writableColumns(table).map((column) => column.name));
    if (entry.columns.some((column) => !writable.has(column.name)))
      throw new AppError('ARCHIVE_SCHEMA_MISMATCH', 400, RESTORE_MESSAGES.schema);
    plan.set(entry.name, { table, entry });
  }
  return plan;
}

function insertStatement(table: CatalogTable, columns: string[], json: string): SQL {
  const list = identList(columns);
  const overriding = table.columns.some((column) => column.identityAlways && columns.includes(column.name))
    ? sql` OVERRIDING SYSTEM VALUE`
    : sql``;
  const base = sql`INSERT INTO ${ident(table.name)} (${list})${overriding} SELECT ${list} FROM json_populate_recordset(NULL::${ident(table.name)}, ${json}::json)`;
  if (table.primaryKey.length === 0) return base;
  const updates = columns.filter((column) => !table.primaryKey.includes(column));
  if (updates.length === 0) return sql`${base} ON CONFLICT (${identList(table.primaryKey)}) DO NOTHING`;
  const sets = sql.join(
    updates.map((column) => sql`${ident(column)} = EXCLUDED.${ident(column)}`),
    sql`, `,
  );
  return sql`${base} ON CONFLICT (${identList(table.primaryKey)}) DO UPDATE SET ${sets}`;
}

/** Streams one table's NDJSON into the database in batches; returns the ids of `users` it saw (if asked). */
async function insertTable(
  tx: Db,
  archive: OpenedArchive,
  table: CatalogTable,
  entry: ManifestTable,
  seenIds?: Set<number>,
): Promise<number> {
  const columns = entry.columns.map((column) => column.name);
  const lines = createInterface({ input: await archive.open(entry.path), crlfDelay: Infinity });
  let batch: string[] = [];
  let bytes = 0;
  let rows = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    await tx.execute(insertStatement(table, columns, `[${batch.join(',')}]`));
    rows += batch.length;
    batch = [];
    bytes = 0;
  };
  for await (const line of lines) {
    if (line === '') continue;
    if (line.length > ARCHIVE_LIMITS.maxLineBytes) throw new AppError('ARCHIVE_BAD_ROW', 400, RESTORE_MESSAGES.schema);
    if (seenIds) {
      const id = (JSON.parse(line) as { id?: unknown }).id;
      if (typeof id === 'number') seenIds.add(id);
    }
    batch.push(line);
    bytes += line.length;
    if (batch.length >= INSERT_ROWS || bytes >= INSERT_BYTES) await flush();
  }
  await flush();
  return rows;
}

/** Serial and identity sequences continue after the highest id imported. */
async function resetSequences(tx: Db, tables: CatalogTable[]): Promise<void> {
  for (const table of tables) {
    for (const column of table.columns) {
      if (!column.sequence) continue;
      const col = ident(column.name);
      await tx.execute(
        sql`SELECT setval(${column.sequence}::regclass, COALESCE((SELECT max(${col}) FROM ${ident(table.name)}), 1), (SELECT max(${col}) FROM ${ident(table.name)}) IS NOT NULL)`,
      );
    }
  }
}

export interface RestoreResult {
  tables: number;
  rows: number;
  files: number;
}

/**
 * Writes a verified archive into this (empty) RecruitDesk: its files into the storage first, then every
 * table in foreign-key order in one transaction, ids kept, with the tables' own triggers off so derived
 * tables come back exactly as exported (they are in the archive too); then every sequence is reset and
 * every session ended (the archive's people sign in with their own passwords). A failure leaves the
 * database as it was and removes the files written.
 */
export async function restoreAgencyArchive(
  deps: Deps,
  archive: OpenedArchive,
  importerId: number,
  reporter: ArchiveProgress,
  /** Runs last inside the import's transaction (after the sequences are reset): the activity row. */
  audit?: (tx: Db) => Promise<void>,
): Promise<RestoreResult> {
  const catalog = await readCatalog(deps.db);
  const plan = planTables(archive.manifest, catalog);
  const targets = exportedTables(catalog);
  const ordered = foreignKeyOrder([...plan.values()].map((item) => item.table));
  const total = archive.manifest.files.length + ordered.length;
  let done = 0;
  await assertEmptyTarget(deps.db, importerId);

  const written: string[] = [];
  try {
    for (const file of archive.manifest.files) {
      const chunks: Buffer[] = [];
      for await (const chunk of await archive.open(file.path)) chunks.push(chunk as Buffer);
      await deps.storage.write(file.key, Buffer.concat(chunks), file.content_type);
      written.push(file.key);
      await reporter.progress(++done, total, { note: 'files' });
    }
    let rows = 0;
    await inTransaction(deps.db, async (tx) => {
      await assertEmptyTarget(tx, importerId);
      for (const table of targets) await tx.execute(sql`ALTER TABLE ${ident(table.name)} DISABLE TRIGGER USER`);
      // The importing owner's row stays until the archive's users are in (other rows may point at it);
      // its email and username step aside so the archive's can take them.
      await tx
        .update(usersTable)
        .set({
          email: sql`'importing-' || ${usersTable.id} || '@invalid.invalid'`,
          username: sql`'importing-' || ${usersTable.id}`,
        })
        .where(eq(usersTable.id, importerId));
      for (const table of [...targets].reverse()) {
        if (table.name === 'users') await tx.execute(sql`DELETE FROM users WHERE id <> ${importerId}`);
        else await tx.execute(sql`DELETE FROM ${ident(table.name)}`);
      }
      const userIds = new Set<number>();
      for (const table of ordered) {
        const item = plan.get(table.name)!;
        rows += await insertTable(tx, archive, table, item.entry, table.name === 'users' ? userIds : undefined);
        reportInTransaction(reporter, ++done, total, table.name);
      }
      // The importing owner is gone unless the archive has a user with the same id; a row another
      // (not exported) table still points at is kept, deactivated, under its set-aside email.
      if (!userIds.has(importerId)) {
        try {
          await tx.transaction((savepoint) => savepoint.delete(usersTable).where(eq(usersTable.id, importerId)));
        } catch {
          await tx.update(usersTable).set({ isActive: false }).where(eq(usersTable.id, importerId));
        }
      }
      await resetSequences(tx, targets);
      await tx.delete(sessionsTable);
      await audit?.(tx);
      for (const table of targets) await tx.execute(sql`ALTER TABLE ${ident(table.name)} ENABLE TRIGGER USER`);
    });
    return { tables: ordered.length, rows, files: written.length };
  } catch (error) {
    for (const key of written) await deps.storage.delete(key).catch(() => {});
    throw error;
  }
}
