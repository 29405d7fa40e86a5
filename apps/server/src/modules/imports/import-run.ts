// The import job (decision 093): the file read from the checkpoint in batches; each batch's records, undo
// record, refused rows and the advanced checkpoint committed in ONE transaction, so a server killed mid-way
// loses at most the batch it was writing, which the next claim of the job does again whole.
import type { ImportKind } from '@recruitdesk/contracts/import-fields';
import { IMPORT_UNDO_DAYS, type DuplicatePolicy } from '@recruitdesk/contracts/imports';
import { NOTE_MAX_LENGTH } from '@recruitdesk/contracts/note-constants';
import type { Db } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import type { Deps } from '../../lib/deps';
import { AppError } from '../../lib/errors';
import { JobError, type JobContext } from '../../lib/jobs';
import { recordActivity } from '../activity/activity.service';
import { insertNoteRows } from '../notes/notes.service';
import { getAgencySettings, getRetentionSettings } from '../settings/settings.service';
import { displayName, getUserById, type UserRow } from '../users/users.service';
import { removeImportFile, localImportFile } from './import-file';
import { KIND_ADAPTERS, type Columns, type KindAdapter } from './import-kinds';
import { ImportPlanner, type ImportPlanInput, type PlannedRow } from './import-plan';
import {
  advanceCheckpoint,
  analyzeTables,
  findImportRow,
  insertRefusedRows,
  updateImportRow,
  upsertChanges,
} from './imports.repository';
import type { ImportRow, NewImportChangeRow } from './imports.table';
import { readRows, type SheetInfo } from './reading';

export const IMPORT_JOB_KIND = 'imports.run';
export interface ImportJobPayload {
  importId: number;
}
/** Claims of a failing import before it is marked failed. */
export const IMPORT_JOB_ATTEMPTS = 3;

/** Tunables the tests and the bench change. */
export const importRunSettings: {
  batchSize: number;
  /** Called after each committed batch (tests: interrupt an import after N batches). */
  afterBatch: ((importId: number, batches: number) => Promise<void> | void) | null;
  /** Called inside a batch's transaction once everything is written (tests: a crash before the commit). */
  beforeCommit: ((importId: number, batch: number) => Promise<void> | void) | null;
} = { batchSize: 500, afterBatch: null, beforeCommit: null };

export interface BatchCounts {
  created: number;
  updated: number;
  skipped: number;
  refused: number;
}

/** The plan's context from the agency settings and the importing user. */
export async function importInputOf(db: Db, row: ImportRow, mapping: string[], policy: DuplicatePolicy, now: Date) {
  const [settings, retention, user] = await Promise.all([
    getAgencySettings(db),
    getRetentionSettings(db),
    row.createdById === null ? undefined : getUserById(db, row.createdById),
  ]);
  const input: ImportPlanInput = {
    kind: row.kind as ImportKind,
    headers: row.headers,
    mapping,
    policy,
    hints: row.columnHints,
    context: {
      defaultCountry: settings.country || 'US',
      currency: settings.currency,
      actorId: user?.id ?? null,
      timeZone: user?.timeZone ?? 'UTC',
      now,
      retentionMonths: retention.retention_months,
    },
  };
  return { input, user: user ?? null };
}

export const sheetInfoOf = (row: ImportRow): SheetInfo => ({
  format: row.format === 'xlsx' ? 'xlsx' : 'csv',
  encoding: row.encoding,
  delimiter: row.delimiter,
  headers: row.headers,
  sampleRows: row.sampleRows,
  rowCount: row.totalRows,
});

/** Writes one planned batch: creations in one multi-row INSERT, the filled fields, notes, undo record, refusals. */
async function writeBatch(
  tx: Db,
  adapter: KindAdapter,
  importRow: ImportRow,
  user: UserRow | null,
  planned: PlannedRow[],
  now: Date,
): Promise<BatchCounts> {
  const counts: BatchCounts = { created: 0, updated: 0, skipped: 0, refused: 0 };
  const creates = planned.filter((row) => row.action === 'create' && row.columns);
  const ids = await adapter.insert(
    tx,
    creates.map((row) => ({ ...row.columns, createdById: user?.id ?? null, updatedAt: now }) as Columns),
  );
  const changes = new Map<number, NewImportChangeRow>();
  const notes: Array<{ id: number; body: string }> = [];
  creates.forEach((row, index) => {
    const id = ids[index];
    if (id === undefined) throw new Error('the insert returned fewer ids than rows');
    changes.set(id, {
      importId: importRow.id,
      entity: adapter.entity,
      entityId: id,
      action: 'created',
      previous: null,
      updatedAtAfter: now,
      line: row.line,
    });
    if (row.note)
      notes.push({ id, body: `Imported from ${importRow.filename}:\n${row.note}`.slice(0, NOTE_MAX_LENGTH) });
  });
  counts.created = creates.length;
  const refused: Array<{ importId: number; line: number; reason: string; cells: string[] }> = [];
  for (const row of planned) {
    if (row.action === 'refuse') {
      refused.push({ importId: importRow.id, line: row.line, reason: row.reason ?? 'Refused.', cells: row.cells });
    } else if (row.action === 'skip') {
      counts.skipped += 1;
    } else if (row.action === 'update' && row.pending) {
      // An earlier row of this batch: its creation already carries the filled fields.
      counts.updated += 1;
    } else if (row.action === 'update' && row.existing && row.set) {
      const updatedAt = await adapter.update(tx, row.existing.id, row.set, now);
      if (!updatedAt) {
        counts.skipped += 1;
        continue;
      }
      counts.updated += 1;
      const earlier = changes.get(row.existing.id);
      changes.set(row.existing.id, {
        importId: importRow.id,
        entity: adapter.entity,
        entityId: row.existing.id,
        action: earlier?.action ?? 'updated',
        previous: earlier?.action === 'created' ? null : { ...row.previous, ...(earlier?.previous ?? {}) },
        updatedAtAfter: updatedAt,
        line: earlier?.line ?? row.line,
      });
    }
  }
  counts.refused = refused.length;
  await upsertChanges(tx, [...changes.values()]);
  await insertRefusedRows(tx, refused);
  const authorName = user ? displayName(user) : 'Import';
  await insertNoteRows(
    tx,
    notes.map((note) => ({
      modelType: adapter.entity,
      objectId: note.id,
      body: note.body,
      authorId: user?.id ?? null,
      authorName,
      createdAt: now,
      updatedAt: now,
    })),
  );
  return counts;
}

const KIND_WORDS: Record<ImportKind, [string, string]> = {
  candidates: ['candidate', 'candidates'],
  clients: ['client', 'clients'],
  roles: ['role', 'roles'],
};

export function importSummary(row: Pick<ImportRow, 'kind' | 'filename'>, counts: BatchCounts): string {
  const [one, many] = KIND_WORDS[row.kind as ImportKind] ?? ['record', 'records'];
  return (
    `Imported ${counts.created} ${counts.created === 1 ? one : many} from ${row.filename}` +
    ` (${counts.updated} updated, ${counts.skipped} skipped, ${counts.refused} refused)`
  );
}

/** The job's handler: resumes from the import's checkpoint; finishes, analyzes and records one activity row. */
export async function runImport(deps: Deps, ctx: JobContext<ImportJobPayload>): Promise<unknown> {
  const id = ctx.payload.importId;
  let importRow = await findImportRow(deps.db, id);
  if (!importRow || (importRow.status !== 'queued' && importRow.status !== 'running')) return { ignored: true };
  try {
    if (importRow.status === 'queued')
      importRow = await updateImportRow(deps.db, id, { status: 'running', startedAt: deps.config.now() });
    const adapter = KIND_ADAPTERS[importRow.kind as ImportKind];
    const { input, user } = await importInputOf(
      deps.db,
      importRow,
      importRow.mapping ?? [],
      (importRow.duplicatePolicy ?? 'skip') as DuplicatePolicy,
      deps.config.now(),
    );
    const file = await localImportFile(deps, importRow.fileKey);
    const planner = new ImportPlanner(input, { keepAcrossBatches: false });
    let done = importRow.rowsDone;
    let batches = 0;
    await ctx.progress(done, importRow.totalRows, { force: true });
    const rows = readRows(file, sheetInfoOf(importRow), {
      fromRow: done,
      batchSize: importRunSettings.batchSize,
      signal: ctx.signal,
    });
    for await (const batch of rows) {
      ctx.signal.throwIfAborted();
      const now = deps.config.now();
      input.context.now = now;
      const current = importRow;
      await inTransaction(deps.db, async (tx) => {
        const planned = await planner.planBatch(tx, batch);
        const counts = await writeBatch(tx, adapter, current, user, planned, now);
        if (!(await advanceCheckpoint(tx, id, done, done + batch.length, counts)))
          throw new JobError('The import moved on under another worker.');
        await importRunSettings.beforeCommit?.(id, batches + 1);
      });
      done += batch.length;
      batches += 1;
      await ctx.progress(done, importRow.totalRows);
      await importRunSettings.afterBatch?.(id, batches);
    }
    const now = deps.config.now();
    const finished = await inTransaction(deps.db, async (tx) => {
      const row = await updateImportRow(tx, id, {
        status: 'succeeded',
        finishedAt: now,
        undoUntil: new Date(now.getTime() + IMPORT_UNDO_DAYS * 86_400_000),
      });
      await recordActivity(tx, {
        actor: user,
        verb: 'imported',
        modelType: 'import',
        objectId: id,
        summary: importSummary(row, {
          created: row.createdCount,
          updated: row.updatedCount,
          skipped: row.skippedCount,
          refused: row.refusedCount,
        }),
      });
      return row;
    });
    // The search and the lists plan with the new rows counted (decision 023: PGlite has no autovacuum).
    await analyzeTables(deps.db, adapter.entity);
    adapter.changed(deps.db);
    await removeImportFile(deps, finished.fileKey);
    return { created: finished.createdCount, updated: finished.updatedCount, refused: finished.refusedCount };
  } catch (error) {
    const final = error instanceof AppError || ctx.attempt >= IMPORT_JOB_ATTEMPTS;
    if (final && !ctx.signal.aborted) {
      const message = error instanceof AppError ? error.message : 'The import stopped on an unexpected error.';
      await updateImportRow(deps.db, id, { status: 'failed', error: message, finishedAt: deps.config.now() });
      deps.log.error({ err: error, importId: id }, 'import failed');
      if (error instanceof AppError) return { failed: message };
    }
    throw error;
  }
}
