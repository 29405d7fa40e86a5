import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  NotFound,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { S3Config } from '../../config/env';
import { FileLinks } from './links';
import {
  assertDeclaredSize,
  assertValidKey,
  type CreateDownloadUrlInput,
  type CreateUploadTargetInput,
  type ObjectInfo,
  type Storage,
  type UploadTarget,
} from './storage';

/** The bucket and its credentials, as the configuration reads them (S3_* variables). */
export type S3Options = S3Config;

/** The origin browsers upload to and download from (for the CSP). */
export function s3BrowserOrigin(options: S3Options): string {
  if (options.endpoint) {
    const url = new URL(options.endpoint);
    return options.forcePathStyle ? url.origin : `${url.protocol}//${options.bucket}.${url.host}`;
  }
  return options.forcePathStyle
    ? `https://s3.${options.region}.amazonaws.com`
    : `https://${options.bucket}.s3.${options.region}.amazonaws.com`;
}

/**
 * S3-compatible storage: browsers upload with presigned PUT URLs (content type and length signed);
 * downloads are server links (`/api/files/download/`) that stream the object with the app's headers,
 * because S3 cannot add `nosniff` to its responses.
 */
export class S3Storage implements Storage {
  readonly kind = 's3' as const;
  readonly browserOrigin: string;
  readonly client: S3Client;
  readonly links: FileLinks;

  constructor(
    private readonly options: S3Options,
    secret: string,
    private readonly now: () => Date,
  ) {
    this.links = new FileLinks(secret, now);
    this.browserOrigin = s3BrowserOrigin(options);
    this.client = new S3Client({
      region: options.region,
      forcePathStyle: options.forcePathStyle,
      ...(options.endpoint ? { endpoint: options.endpoint } : {}),
      ...(options.accessKeyId && options.secretAccessKey
        ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } }
        : {}),
      // Plain requests that every S3-compatible server understands (no default CRC32 trailers).
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async createUploadTarget(input: CreateUploadTargetInput): Promise<UploadTarget> {
    assertValidKey(input.key);
    assertDeclaredSize(input);
    const now = this.now();
    const command = new PutObjectCommand({
      Bucket: this.options.bucket,
      Key: input.key,
      ContentType: input.contentType,
      ContentLength: input.size,
    });
    const url = await getSignedUrl(this.client, command, {
      expiresIn: input.expiresInSeconds,
      signingDate: now,
      signableHeaders: new Set(['content-type', 'content-length']),
    });
    return {
      url,
      method: 'PUT',
      // The browser sets Content-Length from the body; it must equal the signed size.
      headers: { 'Content-Type': input.contentType },
      key: input.key,
      expires_at: new Date(now.getTime() + input.expiresInSeconds * 1000).toISOString(),
    };
  }

  async createDownloadUrl(input: CreateDownloadUrlInput): Promise<string> {
    assertValidKey(input.key);
    const contentType = input.contentType ?? (await this.head(input.key))?.contentType ?? 'application/octet-stream';
    return this.links.downloadUrl(input, contentType);
  }

  async openRead(key: string): Promise<Readable> {
    const result = await this.client.send(new GetObjectCommand({ Bucket: this.options.bucket, Key: key }));
    if (!result.Body) return Readable.from([]);
    return result.Body as Readable;
  }

  async read(key: string): Promise<Buffer> {
    const result = await this.client.send(new GetObjectCommand({ Bucket: this.options.bucket, Key: key }));
    if (!result.Body) return Buffer.alloc(0);
    return Buffer.from(await result.Body.transformToByteArray());
  }

  async head(key: string): Promise<ObjectInfo | null> {
    try {
      const result = await this.client.send(new HeadObjectCommand({ Bucket: this.options.bucket, Key: key }));
      return { size: result.ContentLength ?? 0, contentType: result.ContentType ?? null };
    } catch (error) {
      if (
        error instanceof NotFound ||
        (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404
      )
        return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.options.bucket, Key: key }));
  }

  async write(key: string, body: Buffer, contentType: string): Promise<void> {
    assertValidKey(key);
    await this.client.send(
      new PutObjectCommand({ Bucket: this.options.bucket, Key: key, Body: body, ContentType: contentType }),
    );
  }

  async writeFile(key: string, sourcePath: string, contentType: string): Promise<void> {
    assertValidKey(key);
    const { size } = await stat(sourcePath);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.options.bucket,
        Key: key,
        Body: createReadStream(sourcePath),
        ContentLength: size,
        ContentType: contentType,
      }),
    );
  }
}
