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

// ---- The self-service privacy link (issue 34, decision 121): made here, before 'messages', so every email to a
// candidate can carry it; the data-protection module serves the page. ----

/** The candidate's privacy-page token: their id and its HMAC under the server secret (nothing stored). */
export function privacyToken(secretKey: string, candidateId: number): string {
  const encoded = Buffer.from(String(candidateId)).toString('base64url');
  return `${encoded}.${hmac(secretKey, `privacy|${candidateId}`).slice(0, 32)}`;
}

/** The candidate id a privacy token is for, or null when this server did not make it. */
export function candidateOfPrivacyToken(secretKey: string, token: string): number | null {
  const [encoded, signature, extra] = token.split('.');
  if (!encoded || !signature || extra !== undefined || token.length > 200) return null;
  const text = Buffer.from(encoded, 'base64url').toString('utf8');
  if (!/^[1-9][0-9]{0,9}$/.test(text)) return null;
  const id = Number(text);
  if (!Number.isSafeInteger(id) || id > 2_147_483_647) return null;
  return safeEqual(signature, privacyToken(secretKey, id).split('.')[1]!) ? id : null;
}

export function privacyUrl(publicUrl: string, secretKey: string, candidateId: number): string {
  return `${publicUrl.replace(/\/+$/, '')}/privacy/${privacyToken(secretKey, candidateId)}`;
}
