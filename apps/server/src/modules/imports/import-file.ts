// Where an uploaded import file lives: in the file storage (so the job can read it after a restart and on
// any server of a cluster), with a copy on this server's disk under DATA_DIR/imports that the reading
// module streams from; a server without the copy fetches it from the storage first.
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { copyFile, mkdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Deps } from '../../lib/deps';

const folderOf = (deps: Deps) => path.join(deps.config.dataDir, 'imports');

/** A fresh file name under DATA_DIR/imports for an upload being received. */
export async function newUploadPath(deps: Deps): Promise<string> {
  await mkdir(folderOf(deps), { recursive: true });
  return path.join(folderOf(deps), `upload-${randomBytes(12).toString('hex')}.part`);
}

/** The storage key of an import's file (generated: never the user's file name). */
export const importFileKey = (): string => `imports/${randomBytes(16).toString('hex')}`;

const localCopyOf = (deps: Deps, key: string) => path.join(folderOf(deps), key.replaceAll('/', '-'));

/** Stores the received file under `key` and keeps the local copy for the preview and the job. */
export async function storeImportFile(deps: Deps, uploadPath: string, key: string): Promise<void> {
  await deps.storage.write(key, await readFile(uploadPath), 'application/octet-stream');
  await mkdir(folderOf(deps), { recursive: true });
  await rename(uploadPath, localCopyOf(deps, key)).catch(async (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EXDEV') throw error;
    await copyFile(uploadPath, localCopyOf(deps, key));
  });
}

/** A path to read the import's file from: the local copy, fetched from the storage when this server has none. */
export async function localImportFile(deps: Deps, key: string): Promise<string> {
  const local = localCopyOf(deps, key);
  if (await stat(local).catch(() => null)) return local;
  await mkdir(folderOf(deps), { recursive: true });
  const partial = `${local}.${randomBytes(6).toString('hex')}.part`;
  try {
    await pipeline(await deps.storage.openRead(key), createWriteStream(partial));
    await rename(partial, local);
  } finally {
    await rm(partial, { force: true });
  }
  return local;
}

/** Removes the stored file and the local copy (the import finished: its rows are in the database). */
export async function removeImportFile(deps: Deps, key: string): Promise<void> {
  await rm(localCopyOf(deps, key), { force: true });
  await deps.storage.delete(key).catch((error: unknown) => deps.log.warn({ err: error }, 'import file not removed'));
}

export async function removeUpload(uploadPath: string): Promise<void> {
  await rm(uploadPath, { force: true });
}
