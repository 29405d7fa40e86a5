import { sql, type SQL } from 'drizzle-orm';

/** Escapes LIKE wildcards so user text matches literally. */
export const escapeLike = (value: string): string => value.replace(/[\\%_]/g, (char) => `\\${char}`);

/** numeric columns come back from pg as strings; the API speaks numbers. */
export const fromNumeric = (value: string | null | undefined): number | null => (value == null ? null : Number(value));

export const toNumeric = (value: number | null | undefined): string | null => (value == null ? null : String(value));

/**
 * `lower(expression)` contains `text` (literally, any case): what the trigram GIN indexes on
 * `lower(<name>) gin_trgm_ops` answer without reading the table.
 */
export const lowerContains = (expression: SQL, text: string): SQL =>
  sql`lower(${expression}) like ${`%${escapeLike(text.toLowerCase())}%`}`;

/** 0 when the name starts with `text`, 1 when one of its later words does, 2 otherwise (best matches first). */
export const nameMatchRank = (expression: SQL, text: string): SQL<number> => {
  const escaped = escapeLike(text.toLowerCase());
  return sql<number>`case when lower(${expression}) like ${`${escaped}%`} then 0 when lower(${expression}) like ${`% ${escaped}%`} then 1 else 2 end`;
};

/** The rows of a raw `db.execute(sql…)` result (PGlite and pg both answer `{ rows }`), typed by the caller. */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
