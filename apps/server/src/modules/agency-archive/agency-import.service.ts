import type { ImportView } from '@recruitdesk/contracts/imports';
import { eq, sql } from 'drizzle-orm';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { inTransaction } from '../../db/transaction';
import type { Deps } from '../../lib/deps';
import { randomToken } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import type { JobContext } from '../../lib/jobs';
import { assertCan } from '../../lib/permissions';
import { recordActivity } from '../activity/activity.service';
import { getImport, provideAgencyImporter } from '../imports/imports.service';
import { importsTable } from '../imports/imports.table';
import { displayName, type UserRow } from '../users/users.service';
import { openAgencyArchive, type OpenedArchive } from './archive-reader';
import { assertEmptyTarget, restoreAgencyArchive, type RestoreResult } from './archive-restore';

// The agency archive's import (kind `agency` of POST /api/imports/): an imports row like any other import
// (the history, GET /api/imports/{id}/), run by its own job.

export const AGENCY_IMPORT_JOB = 'imports.agency';

interface ImportPayload {
  key: string;
  userId: number;
  importId: number;
}

export interface AgencyArchiveFile {
  path: string;
  filename: string;
  size: number;
}

/** The checks that need no archive (owner only, an empty RecruitDesk): before an upload is read. */
export async function assertAgencyImportAllowed(deps: Deps, user: UserRow): Promise<void> {
  assertCan(user, 'agency.manage');
  await assertEmptyTarget(deps.db, user.id);
}

// eslint-disable-next-line no-control-regex -- control characters are what is removed
const shownName = (name: string) => (path.basename(name).replace(/[\x00-\x1f\x7f]/g, '') || 'agency.zip').slice(0, 255);

/**
 * Starts importing an agency archive (the ZIP `POST /api/exports/` made): owner only, into an empty
 * RecruitDesk only (409 otherwise), the archive's layout and manifest checked now (400/413), its checksums
 * and the writing in a job. The archive is copied to the storage, where any server of a cluster can run the
 * job; the caller removes `file.path`.
 */
export async function importAgencyArchive(deps: Deps, user: UserRow, file: AgencyArchiveFile): Promise<ImportView> {
  assertCan(user, 'agency.manage');
  // A file that is no agency archive is a 400 wherever it is sent; then the target must be empty (409).
  const archive = await openAgencyArchive(file.path, { verify: false });
  const rows = archive.manifest.tables.reduce((sum, table) => sum + table.rows, 0);
  archive.close();
  await assertEmptyTarget(deps.db, user.id);
  const key = `agency-imports/${randomToken(24)}.zip`;
  await deps.storage.writeFile(key, file.path, 'application/zip');
  const importId = await inTransaction(deps.db, async (tx) => {
    const [row] = await tx
      .insert(importsTable)
      .values({
        kind: 'agency',
        filename: shownName(file.filename),
        fileKey: key,
        fileSize: file.size,
        format: 'zip',
        headers: [],
        sampleRows: [],
        suggestedMapping: [],
        totalRows: rows,
        status: 'queued',
        createdById: user.id,
        createdByName: displayName(user),
        createdAt: deps.config.now(),
      })
      .returning({ id: importsTable.id });
    const { id: jobId } = await deps.jobs.enqueue<ImportPayload>(tx, {
      kind: AGENCY_IMPORT_JOB,
      payload: { key, userId: user.id, importId: row!.id },
    });
    await tx.update(importsTable).set({ jobId }).where(eq(importsTable.id, row!.id));
    return row!.id;
  });
  return getImport(deps, user, importId);
}

/** The job: fetch the archive, verify every checksum, then write it all (archive-restore.ts). */
export async function runAgencyImportJob(deps: Deps, ctx: JobContext<ImportPayload>): Promise<RestoreResult> {
  const { key, userId, importId } = ctx.payload;
  const mark = (values: Partial<typeof importsTable.$inferInsert>) =>
    deps.db.update(importsTable).set(values).where(eq(importsTable.id, importId));
  await mark({ status: 'running', startedAt: deps.config.now(), error: null });
  const dir = await mkdtemp(path.join(tmpdir(), 'rd-agency-import-'));
  let archive: OpenedArchive | null = null;
  try {
    const zipPath = path.join(dir, 'archive.zip');
    await pipeline(await deps.storage.openRead(key), createWriteStream(zipPath, { mode: 0o600 }));
    let checked = 0;
    archive = await openAgencyArchive(zipPath, {
      verify: true,
      signal: ctx.signal,
      onVerified: () => ctx.progress(++checked, null, { note: 'Checking the archive' }),
    });
    const { manifest } = archive;
    const result = await restoreAgencyArchive(deps, archive, userId, ctx, (tx) =>
      recordActivity(tx, {
        actor: null,
        verb: 'imported',
        modelType: 'agency',
        summary: `Agency data imported from an archive exported on ${manifest.created_at.slice(0, 10)} (RecruitDesk ${manifest.app_version})`,
      }),
    );
    await deps.db.execute(sql`ANALYZE`);
    await mark({
      status: 'succeeded',
      rowsDone: result.rows,
      createdCount: result.rows,
      finishedAt: deps.config.now(),
    });
    return result;
  } catch (error) {
    const message = error instanceof AppError ? error.message : 'The import failed; nothing was written.';
    await mark({ status: 'failed', error: message, finishedAt: deps.config.now() }).catch(() => {});
    throw error;
  } finally {
    archive?.close();
    await rm(dir, { recursive: true, force: true });
    await deps.storage.delete(key).catch(() => {});
  }
}

/** Registers the job and fills the imports module's slot for kind `agency` (decision 008). */
export function registerAgencyImport(deps: Deps): void {
  // One attempt: a failure rolls the whole import back; the owner uploads again.
  deps.jobs.register<ImportPayload>(AGENCY_IMPORT_JOB, (ctx) => runAgencyImportJob(deps, ctx), {
    maxAttempts: 1,
    concurrency: 1,
  });
  provideAgencyImporter((slotDeps, actor, file) => importAgencyArchive(slotDeps, actor, file));
}
