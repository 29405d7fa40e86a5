import { hmac, safeEqual } from '../crypto';

// The signed /api/files/ links, below storage.ts (which imports them, never the other way): the download
// input, its time bucket and Content-Disposition live here.

export interface CreateDownloadUrlInput {
  key: string;
  /** Only this user may use the URL (both modes: downloads go through the server). */
  userId: number;
  filename?: string;
  disposition: 'inline' | 'attachment';
  contentType?: string;
  expiresInSeconds: number;
  /** `no-store`: the browser keeps no copy (resumes, job descriptions); default: private, cached while valid. */
  cache?: 'no-store';
}

/**
 * Download URLs are issued for a time bucket, so the same object gives the same URL for a few minutes
 * (browsers can cache it) while every URL stays valid for at least `expiresInSeconds - BUCKET`.
 */
export const DOWNLOAD_BUCKET_SECONDS = 300;
export function bucketStart(now: Date, expiresInSeconds: number): Date {
  // Short links use a shorter bucket, so they still live at least three quarters of their time.
  const bucketMs = Math.min(DOWNLOAD_BUCKET_SECONDS, Math.floor(expiresInSeconds / 4)) * 1000;
  if (bucketMs <= 0) return now;
  return new Date(Math.floor(now.getTime() / bucketMs) * bucketMs);
}

/** `attachment; filename="..."; filename*=UTF-8''...` with a safe ASCII fallback. */
export function contentDisposition(disposition: 'inline' | 'attachment', filename?: string): string {
  if (!filename) return disposition;
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/** What a signed file link carries. */
export interface LinkPayload {
  k: string;
  op: 'put' | 'get';
  ct: string;
  /** put: the byte cap; get: unused (0). */
  max: number;
  u: number;
  /** Expiry, epoch seconds. */
  exp: number;
  /** get: Content-Disposition value. */
  cd?: string;
  /** get: seconds browsers may cache the response; absent or 0 with `ns`: no-store. */
  age?: number;
  /** get: never stored by the browser (`Cache-Control: no-store`), e.g. resumes. */
  ns?: 1;
}

export type LinkCheck = { ok: true; payload: LinkPayload } | { ok: false; reason: 'invalid' | 'expired' };

/**
 * Links to `/api/files/...` signed with the server secret: local uploads, and every download in both
 * storage modes (S3 objects are streamed through the server, so each download carries the app's
 * headers: attachment, nosniff, a sandbox CSP, the cache rule).
 */
export class FileLinks {
  constructor(
    private readonly secret: string,
    private readonly now: () => Date,
  ) {}

  sign(payload: LinkPayload): string {
    const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
    return `${body}.${hmac(this.secret, `files|${body}`)}`;
  }

  verify(token: string, op: 'put' | 'get'): LinkCheck {
    const [body, signature, extra] = token.split('.');
    if (!body || !signature || extra !== undefined || token.length > 4096) return { ok: false, reason: 'invalid' };
    if (!safeEqual(signature, hmac(this.secret, `files|${body}`))) return { ok: false, reason: 'invalid' };
    let payload: LinkPayload;
    try {
      payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as LinkPayload;
    } catch {
      return { ok: false, reason: 'invalid' };
    }
    if (payload.op !== op || typeof payload.k !== 'string' || typeof payload.exp !== 'number')
      return { ok: false, reason: 'invalid' };
    if (payload.exp * 1000 <= this.now().getTime()) return { ok: false, reason: 'expired' };
    return { ok: true, payload };
  }

  /** A same-origin download link for `input.userId`; inline only for images, else an attachment. */
  downloadUrl(input: CreateDownloadUrlInput, contentType: string): string {
    const issued = bucketStart(this.now(), input.expiresInSeconds);
    const exp = Math.floor(issued.getTime() / 1000) + input.expiresInSeconds;
    const disposition = input.disposition === 'inline' && contentType.startsWith('image/') ? 'inline' : 'attachment';
    const token = this.sign({
      k: input.key,
      op: 'get',
      ct: contentType,
      max: 0,
      u: input.userId,
      exp,
      cd: contentDisposition(disposition, input.filename),
      ...(input.cache === 'no-store' ? { ns: 1 as const } : { age: input.expiresInSeconds }),
    });
    return `/api/files/download/${token}/`;
  }
}
