import { createHash } from 'node:crypto';
import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { AppError } from '../../lib/errors';
import { isValidKey } from '../../lib/storage';
import {
  ARCHIVE_FORMAT,
  ARCHIVE_FORMAT_VERSION,
  ARCHIVE_LIMITS,
  EXCLUDED_TABLES,
  FILES_DIR,
  filePath,
  MANIFEST_NAME,
  ManifestSchema,
  TABLES_DIR,
  tablePath,
  type Manifest,
} from './archive-format';

// Reading an agency archive safely: the ZIP's directory is checked (entry count, declared sizes, names)
// before anything is inflated, the manifest is checked against the entries, and every entry's bytes
// against the manifest's sha256, before the import writes anything (decision 098).

export const ARCHIVE_MESSAGES = {
  tooLarge: 'The archive is too large to import.',
  unreadable: 'This file is not a RecruitDesk agency archive (a ZIP with a manifest.json).',
  unsafePath: 'The archive holds a file whose path points outside the archive; nothing was imported.',
  tooManyEntries: 'The archive holds too many files.',
  unpackedTooLarge: 'The archive unpacks to more than the import allows.',
  badManifest: "The archive's manifest.json is missing or not in the agency export format.",
  version: 'This archive was made by a RecruitDesk export format this version cannot read.',
  unexpected: 'The archive holds files its manifest does not list; nothing was imported.',
  incomplete: 'The archive lacks files its manifest lists; nothing was imported.',
  tampered: 'The archive was changed after it was exported (a checksum does not match); nothing was imported.',
} as const;

const refuse = (code: string, message: string, status = 400) => new AppError(code, status, message);

export interface OpenedArchive {
  manifest: Manifest;
  /** The bytes of one entry (by its path in the archive), inflated as a stream. */
  open(path: string): Promise<Readable>;
  close(): void;
}

function openZip(zipPath: string): Promise<ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.open(
      zipPath,
      { lazyEntries: true, autoClose: false, validateEntrySizes: true, strictFileNames: true },
      (error, zip) =>
        error || !zip ? reject(refuse('ARCHIVE_UNREADABLE', ARCHIVE_MESSAGES.unreadable)) : resolve(zip),
    );
  });
}

/** Every entry of the central directory, refusing unsafe names, too many entries or too many bytes. */
function listEntries(zip: ZipFile): Promise<Map<string, Entry>> {
  if (zip.entryCount > ARCHIVE_LIMITS.maxEntries)
    return Promise.reject(refuse('ARCHIVE_TOO_MANY_ENTRIES', ARCHIVE_MESSAGES.tooManyEntries, 413));
  return new Promise((resolve, reject) => {
    const entries = new Map<string, Entry>();
    let unpacked = 0;
    zip.on('error', (error: Error) => {
      const unsafe = /absolute path|relative path|invalid characters/.test(error.message);
      reject(
        unsafe
          ? refuse('ARCHIVE_UNSAFE_PATH', ARCHIVE_MESSAGES.unsafePath)
          : refuse('ARCHIVE_UNREADABLE', ARCHIVE_MESSAGES.unreadable),
      );
    });
    zip.on('entry', (entry: Entry) => {
      const name = entry.fileName;
      if (name.endsWith('/')) {
        zip.readEntry();
        return;
      }
      if (entries.has(name)) return reject(refuse('ARCHIVE_UNEXPECTED_ENTRY', ARCHIVE_MESSAGES.unexpected));
      unpacked += entry.uncompressedSize;
      if (unpacked > ARCHIVE_LIMITS.maxUnpackedBytes)
        return reject(refuse('ARCHIVE_UNPACKED_TOO_LARGE', ARCHIVE_MESSAGES.unpackedTooLarge, 413));
      entries.set(name, entry);
      zip.readEntry();
    });
    zip.on('end', () => resolve(entries));
    zip.readEntry();
  });
}

function openEntry(zip: ZipFile, entry: Entry): Promise<Readable> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) =>
      error || !stream ? reject(refuse('ARCHIVE_UNREADABLE', ARCHIVE_MESSAGES.unreadable)) : resolve(stream),
    );
  });
}

async function readManifest(zip: ZipFile, entry: Entry | undefined): Promise<Manifest> {
  if (!entry || entry.uncompressedSize > ARCHIVE_LIMITS.maxManifestBytes)
    throw refuse('ARCHIVE_BAD_MANIFEST', ARCHIVE_MESSAGES.badManifest);
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of await openEntry(zip, entry)) {
      size += (chunk as Buffer).length;
      if (size > ARCHIVE_LIMITS.maxManifestBytes) throw new Error('manifest too large');
      chunks.push(chunk as Buffer);
    }
  } catch {
    throw refuse('ARCHIVE_BAD_MANIFEST', ARCHIVE_MESSAGES.badManifest);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw refuse('ARCHIVE_BAD_MANIFEST', ARCHIVE_MESSAGES.badManifest);
  }
  const header = raw as { format?: unknown; format_version?: unknown } | null;
  if (!header || header.format !== ARCHIVE_FORMAT) throw refuse('ARCHIVE_BAD_MANIFEST', ARCHIVE_MESSAGES.badManifest);
  if (header.format_version !== ARCHIVE_FORMAT_VERSION)
    throw refuse('ARCHIVE_VERSION_UNSUPPORTED', ARCHIVE_MESSAGES.version);
  const parsed = ManifestSchema.safeParse(raw);
  if (!parsed.success) throw refuse('ARCHIVE_BAD_MANIFEST', ARCHIVE_MESSAGES.badManifest);
  return parsed.data;
}

/** The manifest's entries are exactly the archive's: names in their places, nothing missing, nothing extra. */
function checkEntries(manifest: Manifest, entries: Map<string, Entry>): Map<string, { sha256: string; bytes: number }> {
  const expected = new Map<string, { sha256: string; bytes: number }>();
  const tables = new Set<string>();
  for (const table of manifest.tables) {
    if (table.path !== tablePath(table.name) || tables.has(table.name) || table.name in EXCLUDED_TABLES)
      throw refuse('ARCHIVE_BAD_MANIFEST', ARCHIVE_MESSAGES.badManifest);
    tables.add(table.name);
    expected.set(table.path, table);
  }
  for (const file of manifest.files) {
    if (!isValidKey(file.key) || file.path !== filePath(file.key) || expected.has(file.path))
      throw refuse('ARCHIVE_UNSAFE_PATH', ARCHIVE_MESSAGES.unsafePath);
    expected.set(file.path, file);
  }
  for (const name of entries.keys()) {
    if (name === MANIFEST_NAME) continue;
    if (!name.startsWith(TABLES_DIR) && !name.startsWith(FILES_DIR))
      throw refuse('ARCHIVE_UNEXPECTED_ENTRY', ARCHIVE_MESSAGES.unexpected);
    if (!expected.has(name)) throw refuse('ARCHIVE_UNEXPECTED_ENTRY', ARCHIVE_MESSAGES.unexpected);
  }
  for (const [name, item] of expected) {
    const entry = entries.get(name);
    if (!entry) throw refuse('ARCHIVE_INCOMPLETE', ARCHIVE_MESSAGES.incomplete);
    if (entry.uncompressedSize !== item.bytes) throw refuse('ARCHIVE_TAMPERED', ARCHIVE_MESSAGES.tampered);
  }
  return expected;
}

async function verifyEntry(zip: ZipFile, entry: Entry, item: { sha256: string; bytes: number }): Promise<void> {
  const hash = createHash('sha256');
  let bytes = 0;
  try {
    for await (const chunk of await openEntry(zip, entry)) {
      hash.update(chunk as Buffer);
      bytes += (chunk as Buffer).length;
    }
  } catch {
    throw refuse('ARCHIVE_TAMPERED', ARCHIVE_MESSAGES.tampered);
  }
  if (bytes !== item.bytes || hash.digest('hex') !== item.sha256)
    throw refuse('ARCHIVE_TAMPERED', ARCHIVE_MESSAGES.tampered);
}

export interface OpenArchiveOptions {
  /** Read every entry and compare its sha256 with the manifest's (the import job); the upload skips it. */
  verify: boolean;
  onVerified?: (path: string) => Promise<void>;
  signal?: AbortSignal;
}

/**
 * Opens an agency archive for reading: size limits, safe names, manifest format and version, the entries
 * matching the manifest and, with `verify`, every entry's checksum. Throws an AppError (400/413) naming
 * what is wrong; nothing has been written when it does.
 */
export async function openAgencyArchive(zipPath: string, options: OpenArchiveOptions): Promise<OpenedArchive> {
  const { size } = await stat(zipPath);
  if (size > ARCHIVE_LIMITS.maxArchiveBytes) throw refuse('ARCHIVE_TOO_LARGE', ARCHIVE_MESSAGES.tooLarge, 413);
  const zip = await openZip(zipPath);
  try {
    const entries = await listEntries(zip);
    const manifest = await readManifest(zip, entries.get(MANIFEST_NAME));
    const expected = checkEntries(manifest, entries);
    if (options.verify) {
      for (const [name, item] of expected) {
        if (options.signal?.aborted) throw new Error('The import was stopped.');
        await verifyEntry(zip, entries.get(name)!, item);
        await options.onVerified?.(name);
      }
    }
    return {
      manifest,
      open: async (name) => {
        const entry = entries.get(name);
        if (!entry) throw refuse('ARCHIVE_INCOMPLETE', ARCHIVE_MESSAGES.incomplete);
        return openEntry(zip, entry);
      },
      close: () => zip.close(),
    };
  } catch (error) {
    zip.close();
    throw error;
  }
}
