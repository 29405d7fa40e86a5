import {
  AGENCY_ARCHIVE_MESSAGES,
  type AgencyExport,
  type AgencyExportListQuery,
  type ArchiveJobState,
} from '@recruitdesk/contracts/agency-archive';
import { and, count, desc, eq, inArray, isNotNull, isNull, lt, gt } from 'drizzle-orm';
import { rm } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { inTransaction } from '../../db/transaction';
import type { Deps } from '../../lib/deps';
import { hmac, randomToken, safeEqual } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import { assertCan, forbidden } from '../../lib/permissions';
import { contentDisposition } from '../../lib/storage';
import { recordActivity } from '../activity/activity.service';
import { displayName, type UserRow } from '../users/users.service';
import { usersTable } from '../users/users.table';
import { agencyExportsTable, type AgencyExportRow } from './agency-archive.table';
import { writeAgencyArchive } from './archive-writer';
import type { JobContext, JobView } from '../../lib/jobs';

export {
  assertAgencyImportAllowed,
  importAgencyArchive,
  registerAgencyImport,
  type AgencyArchiveFile,
  AGENCY_IMPORT_JOB,
} from './agency-import.service';

export const EXPORT_JOB = 'exports.agency';
/** How long a finished export waits for its one download. */
export const DOWNLOAD_LINK_MS = 24 * 60 * 60 * 1000;

const notFound = () => new AppError('EXPORT_NOT_FOUND', 404, AGENCY_ARCHIVE_MESSAGES.notFound);

type Creator = Pick<UserRow, 'id' | 'firstName' | 'lastName' | 'username' | 'email'>;

/**
 * The one-time download link: signed with the server secret like the storage links (lib/storage/links),
 * naming the export, the user it was shown to and its expiry; the export row's `downloaded_at` makes it
 * work once.
 */
interface LinkPayload {
  e: number;
  u: number;
  exp: number;
}

function signLink(deps: Deps, payload: LinkPayload): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${hmac(deps.config.secretKey, `exports|${body}`)}`;
}

function verifyLink(deps: Deps, token: string): LinkPayload | 'expired' | null {
  const [body, signature, extra] = token.split('.');
  if (!body || !signature || extra !== undefined) return null;
  if (!safeEqual(signature, hmac(deps.config.secretKey, `exports|${body}`))) return null;
  try {
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as LinkPayload;
    if (typeof payload.e !== 'number' || typeof payload.u !== 'number' || typeof payload.exp !== 'number') return null;
    if (payload.exp * 1000 <= deps.config.now().getTime()) return 'expired';
    return payload;
  } catch {
    return null;
  }
}

const stateOf = (row: AgencyExportRow, job: JobView | null): ArchiveJobState =>
  job ? job.state : (row.status as ArchiveJobState);

function present(
  deps: Deps,
  row: AgencyExportRow,
  creator: Creator | null,
  job: JobView | null,
  viewer: UserRow,
): AgencyExport {
  const now = deps.config.now();
  const expired = !row.downloadedAt && !!row.expiresAt && row.expiresAt <= now;
  const open = !!row.storageKey && !row.downloadedAt && !expired && !!row.expiresAt;
  const state = stateOf(row, job);
  return {
    id: row.id,
    state,
    progress: job
      ? {
          done: job.progress.done,
          total: job.progress.total,
          note: job.progress.note,
          eta_seconds: job.progress.etaSeconds,
        }
      : { done: 0, total: null, note: null, eta_seconds: null },
    created_at: row.createdAt.toISOString(),
    created_by: creator ? { id: creator.id, name: displayName(creator) } : null,
    finished_at: row.finishedAt?.toISOString() ?? null,
    error: row.error ?? (state === 'failed' ? (job?.error ?? 'The export failed.') : null),
    size_bytes: row.sizeBytes,
    summary: row.summary ?? null,
    download_url:
      open && row.expiresAt
        ? `/api/exports/download/${signLink(deps, { e: row.id, u: viewer.id, exp: Math.floor(row.expiresAt.getTime() / 1000) })}/`
        : null,
    expires_at: row.expiresAt?.toISOString() ?? null,
    downloaded_at: row.downloadedAt?.toISOString() ?? null,
    expired,
  };
}

async function creatorsOf(deps: Deps, rows: AgencyExportRow[]): Promise<Map<number, Creator>> {
  const ids = [...new Set(rows.map((row) => row.createdBy).filter((id): id is number => id !== null))];
  if (ids.length === 0) return new Map();
  const users = await deps.db
    .select({
      id: usersTable.id,
      firstName: usersTable.firstName,
      lastName: usersTable.lastName,
      username: usersTable.username,
      email: usersTable.email,
    })
    .from(usersTable)
    .where(inArray(usersTable.id, ids));
  return new Map(users.map((user) => [user.id, user]));
}

/** ZIPs whose link expired unused leave the storage (run before each new export and list). */
async function sweepExpired(deps: Deps): Promise<void> {
  const stale = await deps.db
    .select({ id: agencyExportsTable.id, key: agencyExportsTable.storageKey })
    .from(agencyExportsTable)
    .where(and(isNotNull(agencyExportsTable.storageKey), lt(agencyExportsTable.expiresAt, deps.config.now())))
    .limit(50);
  for (const row of stale) {
    if (row.key) await deps.storage.delete(row.key).catch(() => {});
    await deps.db.update(agencyExportsTable).set({ storageKey: null }).where(eq(agencyExportsTable.id, row.id));
  }
}

/** Owner only: starts an export job (one at a time: 409 while another is queued or running). */
export async function startExport(deps: Deps, user: UserRow): Promise<AgencyExport> {
  assertCan(user, 'agency.manage');
  const jobs = deps.jobs;
  await sweepExpired(deps);
  const pending = await deps.db
    .select({ jobId: agencyExportsTable.jobId })
    .from(agencyExportsTable)
    .where(inArray(agencyExportsTable.status, ['queued', 'running']));
  for (const row of pending) {
    const job = await jobs.get(row.jobId);
    if (job && (job.state === 'queued' || job.state === 'running'))
      throw new AppError('EXPORT_RUNNING', 409, AGENCY_ARCHIVE_MESSAGES.exportRunning);
  }
  const row = await inTransaction(deps.db, async (tx) => {
    const [inserted] = await tx
      .insert(agencyExportsTable)
      .values({ createdBy: user.id, jobId: 0, createdAt: deps.config.now() })
      .returning();
    const { id: jobId } = await jobs.enqueue(tx, { kind: EXPORT_JOB, payload: { exportId: inserted!.id } });
    const [updated] = await tx
      .update(agencyExportsTable)
      .set({ jobId })
      .where(eq(agencyExportsTable.id, inserted!.id))
      .returning();
    await recordActivity(tx, {
      actor: user,
      verb: 'exported',
      modelType: 'agency',
      objectId: inserted!.id,
      summary: 'Export of all agency data started',
    });
    return updated!;
  });
  return present(deps, row, user, await jobs.get(row.jobId), user);
}

export async function getExport(deps: Deps, user: UserRow, id: number): Promise<AgencyExport> {
  assertCan(user, 'agency.manage');
  const [row] = await deps.db.select().from(agencyExportsTable).where(eq(agencyExportsTable.id, id));
  if (!row) throw notFound();
  const creators = await creatorsOf(deps, [row]);
  return present(deps, row, creators.get(row.createdBy ?? -1) ?? null, await deps.jobs.get(row.jobId), user);
}

/** The recent exports, newest first (their state as last recorded; the detail reads the live job). */
export async function listExports(
  deps: Deps,
  user: UserRow,
  query: AgencyExportListQuery,
): Promise<{ exports: AgencyExport[]; count: number }> {
  assertCan(user, 'agency.manage');
  await sweepExpired(deps);
  const rows = await deps.db
    .select()
    .from(agencyExportsTable)
    .orderBy(desc(agencyExportsTable.createdAt), desc(agencyExportsTable.id))
    .limit(query.page_size)
    .offset((query.page - 1) * query.page_size);
  const [total] = await deps.db.select({ n: count() }).from(agencyExportsTable);
  const creators = await creatorsOf(deps, rows);
  return {
    exports: rows.map((row) => present(deps, row, creators.get(row.createdBy ?? -1) ?? null, null, user)),
    count: total?.n ?? 0,
  };
}

export interface ExportDownload {
  stream: Readable;
  size: number;
  filename: string;
  disposition: string;
  /** Removes the ZIP from the storage once it has been sent. */
  done(): Promise<void>;
}

/**
 * The one download of an export: the signed link must be valid, unexpired and made for this (owner) user;
 * claiming it sets `downloaded_at` in one statement, so a second request (or two at once) gets 410.
 */
export async function claimExportDownload(deps: Deps, user: UserRow, token: string): Promise<ExportDownload> {
  assertCan(user, 'agency.manage');
  const link = verifyLink(deps, token);
  if (link === 'expired') throw new AppError('LINK_EXPIRED', 410, AGENCY_ARCHIVE_MESSAGES.linkExpired);
  if (!link) throw new AppError('LINK_INVALID', 404, AGENCY_ARCHIVE_MESSAGES.linkInvalid);
  if (link.u !== user.id) throw forbidden();
  const now = deps.config.now();
  const [claimed] = await deps.db
    .update(agencyExportsTable)
    .set({ downloadedAt: now })
    .where(
      and(
        eq(agencyExportsTable.id, link.e),
        isNull(agencyExportsTable.downloadedAt),
        isNotNull(agencyExportsTable.storageKey),
        gt(agencyExportsTable.expiresAt, now),
      ),
    )
    .returning();
  if (!claimed) {
    const [row] = await deps.db.select().from(agencyExportsTable).where(eq(agencyExportsTable.id, link.e));
    if (!row) throw new AppError('LINK_INVALID', 404, AGENCY_ARCHIVE_MESSAGES.linkInvalid);
    if (row.downloadedAt) throw new AppError('LINK_USED', 410, AGENCY_ARCHIVE_MESSAGES.linkUsed);
    throw new AppError('LINK_EXPIRED', 410, AGENCY_ARCHIVE_MESSAGES.linkExpired);
  }
  const key = claimed.storageKey!;
  const info = await deps.storage.head(key);
  if (!info) throw new AppError('LINK_EXPIRED', 410, AGENCY_ARCHIVE_MESSAGES.linkExpired);
  const filename = `recruitdesk-export-${claimed.createdAt.toISOString().slice(0, 10)}-${claimed.id}.zip`;
  await recordActivity(deps.db, {
    actor: user,
    verb: 'downloaded',
    modelType: 'agency',
    objectId: claimed.id,
    summary: 'Export of all agency data downloaded',
  });
  return {
    stream: await deps.storage.openRead(key),
    size: info.size,
    filename,
    disposition: contentDisposition('attachment', filename),
    done: async () => {
      await deps.storage.delete(key).catch(() => {});
      await deps.db.update(agencyExportsTable).set({ storageKey: null }).where(eq(agencyExportsTable.id, claimed.id));
    },
  };
}

/** The export job: builds the ZIP, stores it, and opens its one-time download for 24 h. */
export async function runExportJob(deps: Deps, ctx: JobContext<{ exportId: number }>): Promise<unknown> {
  const { exportId } = ctx.payload;
  const [row] = await deps.db.select().from(agencyExportsTable).where(eq(agencyExportsTable.id, exportId));
  if (!row) return { skipped: true };
  await deps.db
    .update(agencyExportsTable)
    .set({ status: 'running', error: null })
    .where(eq(agencyExportsTable.id, exportId));
  let dir: string | null = null;
  try {
    const written = await writeAgencyArchive(deps, ctx);
    dir = written.dir;
    const key = `exports/${exportId}-${randomToken(24)}.zip`;
    await deps.storage.writeFile(key, written.zipPath, 'application/zip');
    const finishedAt = deps.config.now();
    const summary = {
      tables: written.manifest.tables.length,
      rows: written.manifest.tables.reduce((sum, table) => sum + table.rows, 0),
      files: written.manifest.files.length,
      missing_files: written.manifest.missing_files.length,
    };
    await deps.db
      .update(agencyExportsTable)
      .set({
        status: 'succeeded',
        finishedAt,
        storageKey: key,
        sizeBytes: written.bytes,
        summary,
        expiresAt: new Date(finishedAt.getTime() + DOWNLOAD_LINK_MS),
      })
      .where(eq(agencyExportsTable.id, exportId));
    return summary;
  } catch (error) {
    await deps.db
      .update(agencyExportsTable)
      .set({ status: 'failed', finishedAt: deps.config.now(), error: 'The export failed; start it again.' })
      .where(eq(agencyExportsTable.id, exportId));
    throw error;
  } finally {
    if (dir) await rm(dir, { recursive: true, force: true });
  }
}

export function registerExportJob(deps: Deps): void {
  deps.jobs.register<{ exportId: number }>(EXPORT_JOB, (ctx) => runExportJob(deps, ctx), { maxAttempts: 2 });
}
