import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { randomToken } from '../crypto';
import { AppError } from '../errors';
import {
  assertDeclaredSize,
  assertValidKey,
  type CreateDownloadUrlInput,
  type CreateUploadTargetInput,
  type ObjectInfo,
  type Storage,
  type UploadTarget,
} from './storage';
import { FileLinks } from './links';

/** Files under DATA_DIR/files/<key>; metadata (content type) in DATA_DIR/files/.meta/<key>.json. */
export class LocalStorage implements Storage {
  readonly kind = 'local' as const;
  readonly browserOrigin = null;

  readonly links: FileLinks;

  constructor(
    private readonly root: string,
    secret: string,
    private readonly now: () => Date,
  ) {
    this.links = new FileLinks(secret, now);
  }

  private filePath(key: string): string {
    assertValidKey(key);
    return path.join(this.root, ...key.split('/'));
  }

  private metaPath(key: string): string {
    assertValidKey(key);
    return path.join(this.root, '.meta', ...key.split('/')) + '.json';
  }

  async createUploadTarget(input: CreateUploadTargetInput): Promise<UploadTarget> {
    assertValidKey(input.key);
    assertDeclaredSize(input);
    const exp = Math.floor(this.now().getTime() / 1000) + input.expiresInSeconds;
    const token = this.links.sign({
      k: input.key,
      op: 'put',
      ct: input.contentType,
      max: input.size,
      u: input.userId,
      exp,
    });
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
    const contentType = input.contentType ?? (await this.head(input.key))?.contentType ?? 'application/octet-stream';
    return this.links.downloadUrl(input, contentType);
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

  async writeFile(key: string, sourcePath: string, contentType: string): Promise<void> {
    const target = this.filePath(key);
    await mkdir(path.dirname(target), { recursive: true });
    const temp = `${target}.${randomToken(8)}.tmp`;
    try {
      await pipeline(createReadStream(sourcePath), createWriteStream(temp, { mode: 0o600 }));
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
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

  async openRead(key: string): Promise<Readable> {
    return createReadStream(this.filePath(key));
  }
}
