import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { hmac } from '../../lib/crypto';
import { unsubscribesTable } from './unsubscribes.table';

// MINIMAL VERSION by the campaigns helper (bulk sends and sequences leave unsubscribed addresses out): the
// outbox helper owns modules/unsubscribes (table, token, GET /unsubscribe/{token}, List-Unsubscribe headers).

/** Which of `addresses` (any case) asked for no more mail, lower-cased. */
export async function unsubscribedAddresses(db: Db, addresses: string[]): Promise<Set<string>> {
  const lowered = [...new Set(addresses.map((address) => address.trim().toLowerCase()).filter(Boolean))];
  if (lowered.length === 0) return new Set();
  const rows = await db
    .select({ address: sql<string>`lower(${unsubscribesTable.address})` })
    .from(unsubscribesTable)
    .where(inArray(sql`lower(${unsubscribesTable.address})`, lowered));
  return new Set(rows.map((row) => row.address));
}

/** The unsubscribe link for an address: a keyed hash of it under PUBLIC_URL (no state to keep per message). */
export function unsubscribeUrl(config: { publicUrl: string; secretKey: string }, address: string): string {
  const lowered = address.trim().toLowerCase();
  const token = `${Buffer.from(lowered).toString('base64url')}.${hmac(config.secretKey, `unsubscribe:${lowered}`)}`;
  return `${config.publicUrl}/unsubscribe/${token}`;
}
