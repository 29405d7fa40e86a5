import { hmac, randomToken, safeEqual } from '../../lib/crypto';

/**
 * The careers form's own token (decision 054), for browsers without JavaScript: the form posts to
 * `/careers/{roleId}/apply` with no CSRF cookie or header, so the page carries this token in a hidden field
 * instead. It is signed with the app's secret, bound to the role and expires; the route checks it together
 * with the Origin / Sec-Fetch-Site check. It grants nothing (the form is public); it stops forms forged for
 * another role, replays of old pages and posts built without ever loading the page.
 */

/** How long a rendered form stays valid: long enough to fill in, short enough that old copies die. */
export const FORM_TOKEN_TTL_SECONDS = 2 * 60 * 60;

const PURPOSE = 'careers-apply';

const signature = (secret: string, roleId: number, expires: number, nonce: string) =>
  hmac(secret, `${PURPOSE}|${roleId}|${expires}|${nonce}`);

/** `{expires}.{nonce}.{signature}`: expires in Unix seconds. */
export function makeFormToken(secret: string, roleId: number, now: Date): string {
  const expires = Math.floor(now.getTime() / 1000) + FORM_TOKEN_TTL_SECONDS;
  const nonce = randomToken(12);
  return `${expires}.${nonce}.${signature(secret, roleId, expires, nonce)}`;
}

export type FormTokenCheck = 'ok' | 'expired' | 'invalid';

/** 'invalid' for anything not signed by us for this role; 'expired' for our own token past its time. */
export function checkFormToken(secret: string, roleId: number, token: string | undefined, now: Date): FormTokenCheck {
  if (!token || token.length > 200) return 'invalid';
  const parts = token.split('.');
  if (parts.length !== 3) return 'invalid';
  const [expiresText = '', nonce = '', signed = ''] = parts;
  if (!/^\d{1,12}$/.test(expiresText) || !nonce || !signed) return 'invalid';
  const expires = Number(expiresText);
  if (!safeEqual(signed, signature(secret, roleId, expires, nonce))) return 'invalid';
  return expires * 1000 > now.getTime() ? 'ok' : 'expired';
}
