import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { hmac, safeEqual } from '../../lib/crypto';
import { unsubscribesTable } from './unsubscribes.table';

const normal = (address: string) => address.trim().toLowerCase();

/**
 * The unsubscribe token of an address: the address itself (base64url) and its HMAC under the server secret, so
 * the link proves which address it is for without a table of tokens (decision 107). Nobody can make one for
 * another address without SECRET_KEY.
 */
export function unsubscribeToken(secretKey: string, address: string): string {
  const lowered = normal(address);
  const signature = hmac(secretKey, `unsubscribe|${lowered}`).slice(0, 32);
  return `${Buffer.from(lowered).toString('base64url')}.${signature}`;
}

/** The address a token is for, or null when it was not made by this server. */
export function addressOfToken(secretKey: string, token: string): string | null {
  const [encoded, signature, extra] = token.split('.');
  if (!encoded || !signature || extra !== undefined || token.length > 700) return null;
  const address = Buffer.from(encoded, 'base64url').toString('utf8');
  if (!address.includes('@') || address !== normal(address)) return null;
  return safeEqual(signature, unsubscribeToken(secretKey, address).split('.')[1]!) ? address : null;
}

export function unsubscribeUrl(publicUrl: string, secretKey: string, address: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/unsubscribe/${unsubscribeToken(secretKey, address)}`;
}

/** The addresses of `addresses` that unsubscribed (lower-cased). */
export async function unsubscribedAddresses(db: Db, addresses: string[]): Promise<Set<string>> {
  const lowered = [...new Set(addresses.map(normal).filter(Boolean))];
  if (lowered.length === 0) return new Set();
  const rows = await db
    .select({ address: unsubscribesTable.address })
    .from(unsubscribesTable)
    .where(inArray(sql`lower(${unsubscribesTable.address})`, lowered));
  return new Set(rows.map((row) => normal(row.address)));
}

export async function isUnsubscribed(db: Db, address: string): Promise<boolean> {
  return (await unsubscribedAddresses(db, [address])).size > 0;
}

/** Records the address as unsubscribed (once; a second time changes nothing). */
export async function unsubscribe(db: Db, address: string, source: 'link' | 'one_click'): Promise<void> {
  await db
    .insert(unsubscribesTable)
    .values({ address: normal(address), source })
    .onConflictDoNothing();
}
