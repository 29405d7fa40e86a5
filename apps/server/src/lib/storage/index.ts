import path from 'node:path';
import type { AppConfig } from '../../config/env';
import { LocalStorage } from './local';
import { S3Storage } from './s3';
import type { Storage } from './storage';

export type { Storage, UploadTarget, ObjectInfo, CreateUploadTargetInput, CreateDownloadUrlInput } from './storage';
export { isValidKey } from './storage';
export { contentDisposition } from './links';
export { LocalStorage } from './local';
export { FileLinks, type LinkPayload } from './links';
export { S3Storage } from './s3';

/** S3 when S3_BUCKET is set, else DATA_DIR/files. Both sign their links with SECRET_KEY. */
export function createStorage(config: AppConfig): Storage {
  if (config.s3) return new S3Storage(config.s3, config.secretKey, () => config.now());
  return new LocalStorage(path.join(config.dataDir, 'files'), config.secretKey, () => config.now());
}
