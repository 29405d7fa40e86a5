import { AGENCY_ARCHIVE_MESSAGES, type AgencyImport } from '@recruitdesk/contracts/agency-archive';
import { sql } from 'drizzle-orm';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Deps } from '../../lib/deps';
import { randomToken } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import { assertCan } from '../../lib/permissions';
import { recordActivity } from '../activity/activity.service';
import type { UserRow } from '../users/users.service';
import { openAgencyArchive, type OpenedArchive } from './archive-reader';
import { assertEmptyTarget, restoreAgencyArchive, type RestoreResult } from './archive-restore';
import type { JobContext, JobView } from '../../lib/jobs';

export const AGENCY_IMPORT_JOB = 'imports.agency';

interface ImportPayload {
  key: string;
  userId: number;
}

function presentImport(job: JobView): AgencyImport {
  const result = job.result as RestoreResult | null;
  return {
    id: job.id,
    state: job.state,
    progress: {
      done: job.progress.done,
      total: job.progress.total,
      note: job.progress.note,
      eta_seconds: job.progress.etaSeconds,
    },
    created_at: job.createdAt,
    finished_at: job.finishedAt,
    error: job.error,
    result: result && typeof result === 'object' && 'rows' in result ? result : null,
  };
}

/** The checks that need no archive (owner only, an empty RecruitDesk): before an upload is read. */
export async function assertAgencyImportAllowed(deps: Deps, user: UserRow): Promise<void> {
  assertCan(user, 'agency.manage');
  await assertEmptyTarget(deps.db, user.id);
}

/**
 * Starts importing an agency archive (the ZIP `POST /api/exports/` made) at `filePath`: owner only, into an
 * empty RecruitDesk only (409 otherwise), the archive's layout and manifest checked now (400/413), its
 * checksums and the writing in a job. The caller may delete `filePath` afterwards: the archive is copied to
 * the storage, where any server of a cluster can run the job.
 */
export async function importAgencyArchive(deps: Deps, user: UserRow, filePath: string): Promise<AgencyImport> {
  await assertAgencyImportAllowed(deps, user);
  const jobs = deps.jobs;
  (await openAgencyArchive(filePath, { verify: false })).close();
  const key = `agency-imports/${randomToken(24)}.zip`;
  await deps.storage.writeFile(key, filePath, 'application/zip');
  const { id } = await jobs.enqueue<ImportPayload>(deps.db, {
    kind: AGENCY_IMPORT_JOB,
    payload: { key, userId: user.id },
  });
  const job = await jobs.get(id);
  if (!job) throw new AppError('IMPORT_NOT_FOUND', 404, AGENCY_ARCHIVE_MESSAGES.importNotFound);
  return presentImport(job);
}

export async function getAgencyImport(deps: Deps, user: UserRow, id: number): Promise<AgencyImport> {
  assertCan(user, 'agency.manage');
  const job = await deps.jobs.get(id);
  if (!job || job.kind !== AGENCY_IMPORT_JOB)
    throw new AppError('IMPORT_NOT_FOUND', 404, AGENCY_ARCHIVE_MESSAGES.importNotFound);
  return presentImport(job);
}

/** The job: fetch the archive, verify every checksum, then write it all (archive-restore.ts). */
export async function runAgencyImportJob(deps: Deps, ctx: JobContext<ImportPayload>): Promise<RestoreResult> {
  const { key, userId } = ctx.payload;
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
    return result;
  } finally {
    archive?.close();
    await rm(dir, { recursive: true, force: true });
    await deps.storage.delete(key).catch(() => {});
  }
}

export function registerAgencyImportJob(deps: Deps): void {
  // One attempt: a failure rolls the whole import back; the owner uploads again.
  deps.jobs.register<ImportPayload>(AGENCY_IMPORT_JOB, (ctx) => runAgencyImportJob(deps, ctx), {
    maxAttempts: 1,
    concurrency: 1,
  });
}
