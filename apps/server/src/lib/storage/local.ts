import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { hmac, randomToken, safeEqual } from '../crypto';
import { AppError } from '../errors';
import {
  assertDeclaredSize,
  assertValidKey,
  bucketStart,
  contentDisposition,
  type CreateDownloadUrlInput,
  type CreateUploadTargetInput,
  type ObjectInfo,
  type Storage,
  type UploadTarget,
} from './storage';

/** What a signed local link carries. */
export interface LocalTokenPayload {
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
  /** get: seconds browsers may cache the response. */
  age?: number;
}

export type TokenCheck =
  | { ok: true; payload: LocalTokenPayload }
  | { ok: false; reason: 'invalid' | 'expired' };

/** Files under DATA_DIR/files/<key>; metadata (content type) in DATA_DIR/files/.meta/<key>.json. */
export class LocalStorage implements Storage {
  readonly kind = 'local' as const;
  readonly browserOrigin = null;

  constructor(
    private readonly root: string,
    private readonly secret: string,
    private readonly now: () => Date,
  ) {}

  private filePath(key: string): string {
    assertValidKey(key);
    return path.join(this.root, ...key.split('/'));
  }

  private metaPath(key: string): string {
    assertValidKey(key);
    return path.join(this.root, '.meta', ...key.split('/')) + '.json';
  }

  sign(payload: LocalTokenPayload): string {
    const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
    return `${body}.${hmac(this.secret, `files|${body}`)}`;
  }

  verify(token: string, op: 'put' | 'get'): TokenCheck {
    const [body, signature, extra] = token.split('.');
    if (!body || !signature || extra !== undefined || token.length > 4096) return { ok: false, reason: 'invalid' };
    if (!safeEqual(signature, hmac(this.secret, `files|${body}`))) return { ok: false, reason: 'invalid' };
    let payload: LocalTokenPayload;
    try {
      payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as LocalTokenPayload;
    } catch {
      return { ok: false, reason: 'invalid' };
    }
    if (payload.op !== op || typeof payload.k !== 'string' || typeof payload.exp !== 'number') return { ok: false, reason: 'invalid' };
    if (payload.exp * 1000 <= this.now().getTime()) return { ok: false, reason: 'expired' };
    return { ok: true, payload };
  }

  async createUploadTarget(input: CreateUploadTargetInput): Promise<UploadTarget> {
    assertValidKey(input.key);
    assertDeclaredSize(input);
    const exp = Math.floor(this.now().getTime() / 1000) + input.expiresInSeconds;
    const token = this.sign({ k: input.key, op: 'put', ct: input.contentType, max: input.size, u: input.userId, exp });
    return {
      url: `/api/files/upload/${token}/`,
      method: 'PUT',
      headers: { 'Content-Type': input.contentType },
      key: input.key,
      expires_at: new Date(exp * 1000).toISOString(),
    };
  }

  async createDownloadUrl(input: CreateDownloadUrlInput): Promise<string> {
    assertValidKey(input.key);
    const issued = bucketStart(this.now(), input.expiresInSeconds);
    const exp = Math.floor(issued.getTime() / 1000) + input.expiresInSeconds;
    const contentType = input.contentType ?? (await this.head(input.key))?.contentType ?? 'application/octet-stream';
    const disposition = input.disposition === 'inline' && contentType.startsWith('image/') ? 'inline' : 'attachment';
    const token = this.sign({
      k: input.key,
      op: 'get',
      ct: contentType,
      max: 0,
      u: input.userId,
      exp,
      cd: contentDisposition(disposition, input.filename),
      age: input.expiresInSeconds,
    });
    return `/api/files/download/${token}/`;
  }

  async read(key: string): Promise<Buffer> {
    return readFile(this.filePath(key));
  }

  async head(key: string): Promise<ObjectInfo | null> {
    try {
      const info = await stat(this.filePath(key));
      const meta = await readFile(this.metaPath(key), 'utf8')
        .then((text) => JSON.parse(text) as { contentType?: string })
        .catch(() => ({}) as { contentType?: string });
      return { size: info.size, contentType: meta.contentType ?? null };
    } catch {
      return null;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.filePath(key), { force: true });
    await rm(this.metaPath(key), { force: true });
  }

  async write(key: string, body: Buffer, contentType: string): Promise<void> {
    const target = this.filePath(key);
    await mkdir(path.dirname(target), { recursive: true });
    const temp = `${target}.${randomToken(8)}.tmp`;
    await writeFile(temp, body);
    await this.writeMeta(key, contentType);
    await rename(temp, target);
  }

  private async writeMeta(key: string, contentType: string): Promise<void> {
    const meta = this.metaPath(key);
    await mkdir(path.dirname(meta), { recursive: true });
    await writeFile(meta, JSON.stringify({ contentType }));
  }

  /** Streams a request body to the key atomically (temp file, then rename); 413 past `max` bytes. */
  async writeStream(key: string, source: Readable, contentType: string, max: number): Promise<number> {
    const target = this.filePath(key);
    await mkdir(path.dirname(target), { recursive: true });
    const temp = `${target}.${randomToken(8)}.tmp`;
    let size = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        size += chunk.length;
        if (size > max) callback(new AppError('TOO_LARGE', 413, 'The file is too large.'));
        else callback(null, chunk);
      },
    });
    try {
      await pipeline(source, counter, createWriteStream(temp, { mode: 0o600 }));
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
    await this.writeMeta(key, contentType);
    await rename(temp, target);
    return size;
  }

  openRead(key: string): Readable {
    return createReadStream(this.filePath(key));
  }
}
