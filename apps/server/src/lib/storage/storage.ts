import type { Readable } from 'node:stream';
import { AppError } from '../errors';
import type { CreateDownloadUrlInput, FileLinks } from './links';

export type { CreateDownloadUrlInput } from './links';

/** Where and how to upload: the contract's UploadTarget. */
export interface UploadTarget {
  url: string;
  method: 'PUT';
  headers: Record<string, string>;
  key: string;
  expires_at: string;
}

export interface CreateUploadTargetInput {
  /** A generated storage name (see `isValidKey`); never a user-supplied file name. */
  key: string;
  contentType: string;
  /** The size the client declared; the upload must not exceed it (S3 signs it exactly). */
  size: number;
  /** The cap for this kind of file; a declared size above it is refused (413). */
  maxBytes: number;
  /** Only this user may use the target. */
  userId: number;
  expiresInSeconds: number;
}

export interface ObjectInfo {
  size: number;
  contentType: string | null;
}

/**
 * One interface for the local directory and S3-compatible storage. Resumes, job descriptions and
 * profile pictures all go through it.
 */
export interface Storage {
  readonly kind: 'local' | 's3';
  /** Origin to allow in the CSP (connect-src) when browsers upload to the storage directly. */
  readonly browserOrigin: string | null;
  /** Signs the `/api/files/` links; every download is served by the server in both modes. */
  readonly links: FileLinks;
  createUploadTarget(input: CreateUploadTargetInput): Promise<UploadTarget>;
  createDownloadUrl(input: CreateDownloadUrlInput): Promise<string>;
  read(key: string): Promise<Buffer>;
  head(key: string): Promise<ObjectInfo | null>;
  delete(key: string): Promise<void>;
  /** The object's bytes as a stream (downloads); call `head` first, a missing key fails the stream. */
  openRead(key: string): Promise<Readable>;
  /** Stores bytes directly (server-generated files, demo data, tests). */
  write(key: string, body: Buffer, contentType: string): Promise<void>;
  /** Stores a file from the local disk as a stream (large server-made files: the agency export's ZIP). */
  writeFile(key: string, sourcePath: string, contentType: string): Promise<void>;
}

/** Generated names only: segments of letters, digits, `._-`, never starting with a dot. */
const KEY = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,200}(\/[A-Za-z0-9_-][A-Za-z0-9._-]{0,200}){0,9}$/;
export function isValidKey(key: string): boolean {
  return key.length <= 500 && KEY.test(key);
}

export function assertValidKey(key: string): void {
  if (!isValidKey(key)) throw new Error(`invalid storage key: ${key}`);
}

export function assertDeclaredSize(input: CreateUploadTargetInput): void {
  if (input.size > input.maxBytes) throw new AppError('TOO_LARGE', 413, 'The file is too large.');
}
