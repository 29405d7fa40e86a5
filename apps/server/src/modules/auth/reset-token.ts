import { hmac, safeEqual } from '../../lib/crypto';

export const RESET_TOKEN_SECONDS = 24 * 60 * 60;

interface TokenUser {
  id: number;
  passwordHash: string;
  lastLogin: Date | null;
}

function signature(secret: string, user: TokenUser, timestamp: number): string {
  // Changing the password or signing in changes the inputs, so a used or stale link stops working.
  return hmac(secret, `reset|${user.id}|${user.passwordHash}|${user.lastLogin?.getTime() ?? ''}|${timestamp}`);
}

export const encodeUid = (id: number): string => Buffer.from(String(id)).toString('base64url');

export function decodeUid(uid: string): number | null {
  const text = Buffer.from(uid, 'base64url').toString('utf8');
  if (!/^[1-9]\d{0,9}$/.test(text)) return null;
  const id = Number(text);
  return id <= 2_147_483_647 ? id : null;
}

/** Django-style stateless token: `<seconds base36>-<hmac>`. */
export function makeResetToken(secret: string, user: TokenUser, now: Date): string {
  const timestamp = Math.floor(now.getTime() / 1000);
  return `${timestamp.toString(36)}-${signature(secret, user, timestamp)}`;
}

export function resetTokenValid(secret: string, user: TokenUser, token: string, now: Date): boolean {
  const match = /^([0-9a-z]{1,10})-([A-Za-z0-9_-]{20,100})$/.exec(token);
  if (!match?.[1] || !match[2]) return false;
  const timestamp = parseInt(match[1], 36);
  const age = Math.floor(now.getTime() / 1000) - timestamp;
  if (age < -60 || age > RESET_TOKEN_SECONDS) return false;
  return safeEqual(match[2], signature(secret, user, timestamp));
}
