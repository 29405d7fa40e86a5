import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/sql-helpers';
import { EXCLUDED_TABLES } from './archive-format';

// The database's own catalog tells the export which tables hold the agency's data, their columns, keys and
// foreign keys: a table another module adds later is exported and imported without a change here.

export interface CatalogColumn {
  name: string;
  /** `format_type`: "integer", "timestamp with time zone", "numeric(14,2)", "text[]"... */
  type: string;
  /** A generated column: never written, rebuilt by the database. */
  generated: boolean;
  /** `GENERATED ALWAYS AS IDENTITY`: an insert that keeps ids needs OVERRIDING SYSTEM VALUE. */
  identityAlways: boolean;
  /** The sequence behind a serial or identity column (reset after an import). */
  sequence: string | null;
}

export interface CatalogTable {
  name: string;
  columns: CatalogColumn[];
  primaryKey: string[];
  /** Tables this one references (other than itself). */
  references: string[];
}

interface ColumnRow {
  table_name: string;
  column_name: string;
  type: string;
  generated: string;
  identity: string;
  sequence: string | null;
}

/** Every ordinary table of the current schema, its columns in order, primary key and references. */
export async function readCatalog(db: Db): Promise<Map<string, CatalogTable>> {
  const columns = rowsOf<ColumnRow>(
    await db.execute(sql`
      SELECT c.relname AS table_name, a.attname AS column_name, format_type(a.atttypid, a.atttypmod) AS type,
             a.attgenerated::text AS generated, a.attidentity::text AS identity,
             pg_get_serial_sequence(quote_ident(n.nspname) || '.' || quote_ident(c.relname), a.attname) AS sequence
      FROM pg_class c
      JOIN pg_namespace n ON n.oid = c.relnamespace
      JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
      WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p') AND NOT c.relispartition
      ORDER BY c.relname, a.attnum`),
  );
  const tables = new Map<string, CatalogTable>();
  for (const row of columns) {
    let table = tables.get(row.table_name);
    if (!table) {
      table = { name: row.table_name, columns: [], primaryKey: [], references: [] };
      tables.set(row.table_name, table);
    }
    table.columns.push({
      name: row.column_name,
      type: row.type,
      generated: row.generated !== '',
      identityAlways: row.identity === 'a',
      sequence: row.sequence,
    });
  }
  const keys = rowsOf<{ table_name: string; column_name: string }>(
    await db.execute(sql`
      SELECT c.relname AS table_name, a.attname AS column_name
      FROM pg_index i
      JOIN pg_class c ON c.oid = i.indrelid
      JOIN pg_namespace n ON n.oid = c.relnamespace
      JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey::int2[])
      WHERE i.indisprimary AND n.nspname = current_schema()
      ORDER BY c.relname, array_position(i.indkey::int2[], a.attnum)`),
  );
  for (const row of keys) tables.get(row.table_name)?.primaryKey.push(row.column_name);
  const references = rowsOf<{ table_name: string; referenced: string }>(
    await db.execute(sql`
      SELECT DISTINCT c.relname AS table_name, r.relname AS referenced
      FROM pg_constraint k
      JOIN pg_class c ON c.oid = k.conrelid
      JOIN pg_class r ON r.oid = k.confrelid
      JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE k.contype = 'f' AND n.nspname = current_schema() AND k.conrelid <> k.confrelid`),
  );
  for (const row of references) tables.get(row.table_name)?.references.push(row.referenced);
  return tables;
}

/** The tables an archive carries: every table but the excluded ones, parents before children. */
export function exportedTables(catalog: Map<string, CatalogTable>): CatalogTable[] {
  const included = [...catalog.values()].filter((table) => !(table.name in EXCLUDED_TABLES));
  return foreignKeyOrder(included);
}

/**
 * Parents before children (a table after every table it references), alphabetical among equals so the
 * order is stable. A reference cycle (none today) keeps its tables in name order at the end.
 */
export function foreignKeyOrder(tables: CatalogTable[]): CatalogTable[] {
  const names = new Set(tables.map((table) => table.name));
  const remaining = new Map(tables.map((table) => [table.name, table]));
  const ordered: CatalogTable[] = [];
  const placed = new Set<string>();
  while (remaining.size > 0) {
    const ready = [...remaining.values()]
      .filter((table) => table.references.every((ref) => !names.has(ref) || placed.has(ref)))
      .sort((a, b) => a.name.localeCompare(b.name));
    const next = ready.length > 0 ? ready : [...remaining.values()].sort((a, b) => a.name.localeCompare(b.name));
    for (const table of next) {
      ordered.push(table);
      placed.add(table.name);
      remaining.delete(table.name);
    }
  }
  return ordered;
}

/** Columns an insert writes (all but generated ones). */
export const writableColumns = (table: CatalogTable) => table.columns.filter((column) => !column.generated);

/** `*_key` columns that are not storage keys: a thread's Message-ID, a client's idempotency key, a job's key. */
const NOT_STORAGE_KEYS = new Set(['thread_key', 'idempotency_key', 'unique_key']);

/**
 * Text columns named `*_key` hold storage keys (resume_key, description_file_key, profile_picture_key...):
 * their files travel in the archive under files/<key> (docs/import-and-export.md).
 */
export const storageKeyColumns = (table: CatalogTable) =>
  table.columns.filter(
    (column) => column.type === 'text' && column.name.endsWith('_key') && !NOT_STORAGE_KEYS.has(column.name),
  );

const ident = (name: string): SQL => sql`${sql.identifier(name)}`;
export const identList = (names: string[]): SQL =>
  sql.join(
    names.map((name) => ident(name)),
    sql`, `,
  );
export { ident };

/**
 * One column as it goes into the archive: timestamps as ISO 8601 in UTC with microseconds, numeric as its
 * exact text, tsvector as its text; everything else as PostgreSQL's own JSON (integers, bigint money in
 * minor units, booleans, dates as YYYY-MM-DD, arrays, jsonb).
 */
export function exportExpression(column: CatalogColumn): SQL {
  const col = ident(column.name);
  if (column.type === 'timestamp with time zone')
    return sql`to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
  if (column.type === 'timestamp without time zone') return sql`to_char(${col}, 'YYYY-MM-DD"T"HH24:MI:SS.US')`;
  if (column.type.startsWith('numeric') || column.type === 'tsvector' || column.type === 'money')
    return sql`${col}::text`;
  return col;
}

/** The ORDER BY of a table's rows: its primary key, or every column for a table without one. */
export function orderColumns(table: CatalogTable): string[] {
  return table.primaryKey.length > 0 ? table.primaryKey : writableColumns(table).map((column) => column.name);
}
