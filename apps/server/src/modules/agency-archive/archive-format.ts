import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { serverRoot } from '../../config/paths';

// The agency archive's format (docs/import-and-export.md "The agency export", decision 098): what a ZIP
// holds, its manifest, and the limits an imported archive must keep.

export const ARCHIVE_FORMAT = 'recruitdesk-agency-archive';
export const ARCHIVE_FORMAT_VERSION = 1;
export const MANIFEST_NAME = 'manifest.json';
export const TABLES_DIR = 'tables/';
export const FILES_DIR = 'files/';

/**
 * Tables never exported (and never written by an import): sign-in state, one-time tokens and the
 * machinery's own bookkeeping. Every other table of the database is exported, so a table a later
 * version adds travels by default (decision 098).
 */
export const EXCLUDED_TABLES: Readonly<Record<string, string>> = {
  sessions: 'sign-in state: everyone signs in again on the new RecruitDesk',
  uploads: 'one-time upload links and their 24 h bookkeeping',
  invitations: 'one-time invitation tokens: pending invitations are sent again',
  agency_exports: "the exports' own bookkeeping and one-time download links",
  jobs: "the job runner's queue and schedules (its history belongs to the old server)",
  imports: 'import history: its files, undo window and the ids it names belong to the old database',
  import_row_results: 'import history (refused rows of past imports)',
  import_changes: 'import undo data',
  resume_batches: 'bulk resume uploads under review: transient',
  resume_drafts: 'bulk resume uploads under review: transient',
  message_uploads: 'files uploaded for messages not sent yet: transient (sent ones are message_attachments)',
  mailboxes: 'IMAP accounts hold passwords (secrets): connect them again on the new server',
  mailbox_folders: "mailbox sync positions (UIDs belong to the old server's connections)",
  mailbox_messages: 'which old mailbox a message came from (the mailboxes are not exported)',
  notifications: "in-app notices: transient, and their links name the old database's ids",
};

/** Archive limits (an import refuses an archive beyond them before writing anything). */
export const ARCHIVE_LIMITS = {
  /** The ZIP itself. */
  maxArchiveBytes: 4 * 1024 * 1024 * 1024,
  /** Everything it unpacks to, by the entries' declared sizes (checked again while inflating). */
  maxUnpackedBytes: 16 * 1024 * 1024 * 1024,
  maxEntries: 500_000,
  /** The manifest is read whole. */
  maxManifestBytes: 64 * 1024 * 1024,
  /** One NDJSON line (one row). */
  maxLineBytes: 64 * 1024 * 1024,
} as const;

const Sha256Schema = z.string().regex(/^[0-9a-f]{64}$/);

export const ManifestTableSchema = z.object({
  name: z.string().regex(/^[a-z_][a-z0-9_]{0,62}$/),
  path: z.string(),
  rows: z.number().int().nonnegative(),
  bytes: z.number().int().nonnegative(),
  sha256: Sha256Schema,
  columns: z.array(z.object({ name: z.string(), type: z.string() })),
  primary_key: z.array(z.string()),
});
export type ManifestTable = z.infer<typeof ManifestTableSchema>;

export const ManifestFileSchema = z.object({
  key: z.string(),
  path: z.string(),
  bytes: z.number().int().nonnegative(),
  sha256: Sha256Schema,
  content_type: z.string(),
});
export type ManifestFile = z.infer<typeof ManifestFileSchema>;

export const ManifestSchema = z.object({
  format: z.literal(ARCHIVE_FORMAT),
  format_version: z.number().int(),
  app_version: z.string(),
  schema_migration: z.string().nullable(),
  created_at: z.string(),
  agency_name: z.string().nullable(),
  tables: z.array(ManifestTableSchema),
  files: z.array(ManifestFileSchema),
  /** Keys a record names that the storage no longer held at export time. */
  missing_files: z.array(z.object({ table: z.string(), column: z.string(), key: z.string() })),
  excluded_tables: z.array(z.string()),
});
export type Manifest = z.infer<typeof ManifestSchema>;

export const tablePath = (table: string) => `${TABLES_DIR}${table}.ndjson`;
export const filePath = (key: string) => `${FILES_DIR}${key}`;

let cachedVersion: string | undefined;
/** The server package's version, written into every manifest. */
export function appVersion(): string {
  if (cachedVersion) return cachedVersion;
  try {
    const pkg = JSON.parse(readFileSync(path.join(serverRoot(), 'package.json'), 'utf8')) as { version?: string };
    cachedVersion = pkg.version ?? 'unknown';
  } catch {
    cachedVersion = 'unknown';
  }
  return cachedVersion;
}
