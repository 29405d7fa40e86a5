// Undoing an import (decision 093): within 7 days, in one transaction, the records it created are removed and
// the fields it filled are set back, unless someone changed those records since; then nothing is undone and
// the answer names them.
import type { ImportKind } from '@recruitdesk/contracts/import-fields';
import { IMPORT_ERRORS } from '@recruitdesk/contracts/imports';
import { inTransaction } from '../../db/transaction';
import type { Deps } from '../../lib/deps';
import { AppError } from '../../lib/errors';
import { recordActivity } from '../activity/activity.service';
import { deleteCandidateRows } from '../candidates/candidates.service';
import { deleteClientRows } from '../clients/clients.service';
import { deleteNotesOf } from '../notes/notes.service';
import { deleteRoleRows } from '../roles/roles.service';
import type { UserRow } from '../users/users.service';
import { KIND_ADAPTERS, type Entity } from './import-kinds';
import { changedSinceImport, changesOf, findImportRow, updateImportRow } from './imports.repository';
import type { ImportRow } from './imports.table';

/** At most this many changed records are named in the refusal. */
const BLOCKED_NAMED = 50;
/** Ids per DELETE statement (far below PostgreSQL's 65,535 parameters). */
const DELETE_CHUNK = 5_000;

const DELETERS: Record<Entity, (db: Parameters<typeof deleteCandidateRows>[0], ids: number[]) => Promise<void>> = {
  candidate: deleteCandidateRows,
  client: deleteClientRows,
  role: deleteRoleRows,
};

const notFound = () => new AppError('IMPORT_NOT_FOUND', 404, IMPORT_ERRORS.IMPORT_NOT_FOUND);

export async function undoImportRows(deps: Deps, actor: UserRow, id: number): Promise<ImportRow> {
  const before = await findImportRow(deps.db, id);
  if (!before) throw notFound();
  const adapter = KIND_ADAPTERS[before.kind as ImportKind];
  const undone = await inTransaction(deps.db, async (tx) => {
    const row = await findImportRow(tx, id, { forUpdate: true });
    if (!row) throw notFound();
    if (row.status !== 'succeeded' || !row.finishedAt || !adapter)
      throw new AppError('NOT_UNDOABLE', 409, IMPORT_ERRORS.NOT_UNDOABLE);
    const now = deps.config.now();
    if (!row.undoUntil || now > row.undoUntil) throw new AppError('UNDO_EXPIRED', 409, IMPORT_ERRORS.UNDO_EXPIRED);
    const changed = await changedSinceImport(tx, id, row.finishedAt, BLOCKED_NAMED);
    if (changed.length) throw new AppError('UNDO_BLOCKED', 409, IMPORT_ERRORS.UNDO_BLOCKED, { extra: { changed } });
    const changes = await changesOf(tx, id, adapter.entity);
    const created = changes.filter((change) => change.action === 'created').map((change) => change.entityId);
    for (const change of changes) {
      if (change.action === 'updated' && change.previous)
        await adapter.update(tx, change.entityId, change.previous, now);
    }
    for (let start = 0; start < created.length; start += DELETE_CHUNK) {
      const ids = created.slice(start, start + DELETE_CHUNK);
      await deleteNotesOf(tx, adapter.entity, ids);
      await DELETERS[adapter.entity](tx, ids);
    }
    const result = await updateImportRow(tx, id, { status: 'undone', undoneAt: now, undoUntil: null });
    await recordActivity(tx, {
      actor,
      verb: 'undone',
      modelType: 'import',
      objectId: id,
      summary: `Undid the import of ${row.filename}: ${created.length} removed, ${changes.length - created.length} restored`,
    });
    return result;
  });
  adapter.changed(deps.db);
  return undone;
}
