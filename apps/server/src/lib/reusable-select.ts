import { fillPlaceholders, Param, SQL, StringChunk, type Column } from 'drizzle-orm';
import type { Db } from '../db/client';

/** What a Drizzle query builder gives: its SQL text and parameters (placeholders among them). */
interface Buildable {
  toSQL(): { sql: string; params: unknown[] };
}

/**
 * A query for a hot path whose SQL Drizzle builds once: `build` makes it with `sql.placeholder()` for what
 * changes between calls, the first call keeps its text, and every call only binds the values, runs the
 * text on `db` (the pool or a transaction, either driver) and turns each row (keyed by column name) into
 * a result with `mapRow` (`columnsOf` for selected columns). Building a query from the table definitions
 * on every request (a list page's 26 columns, a join, the ordering) cost more CPU than running it
 * (docs/performance.md, "Search cost cut").
 */
export function reusableQuery<Row>(
  build: (db: Db) => Buildable,
  mapRow: (raw: Record<string, unknown>) => Row,
): (db: Db, values: Record<string, unknown>) => Promise<Row[]> {
  let built: { parts: string[]; params: unknown[] } | undefined;
  return async (db, values) => {
    if (!built) {
      const query = build(db).toSQL();
      // Drizzle numbers its parameters $1, $2, … in the order they appear.
      const parts = query.sql.split(/\$\d+\b/);
      const numbers = (query.sql.match(/\$\d+\b/g) ?? []).map((text) => Number(text.slice(1)));
      if (parts.length !== query.params.length + 1 || numbers.some((number, index) => number !== index + 1))
        throw new Error(`reusableQuery: unexpected parameters in ${query.sql}`);
      built = { parts, params: query.params };
    }
    const { parts, params } = built;
    const chunks: Array<StringChunk | Param> = [new StringChunk(parts[0] ?? '')];
    fillPlaceholders(params, values).forEach((value, index) =>
      chunks.push(new Param(value), new StringChunk(parts[index + 1] ?? '')),
    );
    const result = (await db.execute(new SQL(chunks))) as unknown as { rows: Record<string, unknown>[] };
    return result.rows.map(mapRow);
  };
}

/**
 * A row of selected columns (by key) as Drizzle's select maps it: each column's `mapFromDriverValue`, null
 * stays null. The columns' names must differ (the row is keyed by column name).
 */
export function columnsOf<Row>(fields: Record<string, Column>): (raw: Record<string, unknown>) => Row {
  const entries = Object.entries(fields);
  if (new Set(entries.map(([, column]) => column.name)).size !== entries.length)
    throw new Error('columnsOf: the selected columns need distinct names');
  return (raw) => {
    const row: Record<string, unknown> = {};
    for (const [key, column] of entries) {
      const value = raw[column.name];
      row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
    }
    return row as Row;
  };
}
