import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import { AppError } from '../../lib/errors';
import type { Deps } from '../../lib/deps';
import { assertCan } from '../../lib/permissions';
import { recordActivity } from '../activity/activity.service';
import { candidateName, candidateSearchText, requireCandidateRow } from '../candidates/candidates.service';
import { candidatesTable } from '../candidates/candidates.table';
import type { UserRow } from '../users/users.service';
import { anonymiseCandidate } from './erasure';
import { restrictedAmong } from './erasure.repository';

export { anonymiseCandidate, vacuumErasedTables, type AnonymiseOptions, type ErasureActor } from './erasure';
export { registerErasureStep, type ErasureContext } from './erasure-steps';
export { mentionsAny, restrictedAmong } from './erasure.repository';
export { erasedName } from './scrub';
export { buildPersonalDataExport, exportPersonalData, type PersonalDataExport } from './personal-data-export';

export const ERASE_NAME_MISMATCH = "Type the candidate's full name exactly as shown to confirm the erasure.";

/** Whether the candidate is restricted ("do not process"): search, matching, bulk email and exports leave them out. */
export async function isProcessingRestricted(db: Db, candidateId: number): Promise<boolean> {
  return (await restrictedAmong(db, [candidateId])).has(candidateId);
}

const normalised = (name: string) => name.normalize('NFC').trim().replace(/\s+/g, ' ');

/**
 * POST /api/candidates/{id}/erase/: an owner erases the person, having typed their current full name
 * (decision 118). Irreversible; see `anonymiseCandidate`.
 */
export async function eraseCandidate(deps: Deps, actor: UserRow, id: number, confirmName: string): Promise<void> {
  assertCan(actor, 'personal-data.manage');
  const row = await requireCandidateRow(deps.db, id);
  if (row.erasedAt) throw new AppError('CANDIDATE_ERASED', 409, 'This candidate has already been erased.');
  if (normalised(confirmName) !== normalised(candidateName(row))) {
    throw new AppError('ERASE_NAME_MISMATCH', 400, ERASE_NAME_MISMATCH, {
      fields: { confirm_name: [ERASE_NAME_MISMATCH] },
    });
  }
  await anonymiseCandidate(deps, id, { userId: actor.id, reason: 'request' });
}

/**
 * POST /api/candidates/{id}/restrict/: an owner sets or lifts the "do not process" flag (issue 34,
 * docs/data-protection.md "Restriction"). An erased candidate stays restricted.
 */
export async function setProcessingRestriction(
  deps: Deps,
  actor: UserRow,
  id: number,
  restricted: boolean,
): Promise<{ restricted: boolean }> {
  assertCan(actor, 'personal-data.manage');
  const row = await requireCandidateRow(deps.db, id);
  if (row.erasedAt && !restricted) {
    throw new AppError('CANDIDATE_ERASED', 409, 'An erased candidate stays restricted.');
  }
  if (row.processingRestricted === restricted) return { restricted };
  await inTransaction(deps.db, async (tx) => {
    await tx
      .update(candidatesTable)
      .set({
        processingRestricted: restricted,
        // Restricted: no search text (the trigger candidates_restricted_search_text keeps it so on every
        // write); lifted: the text search finds them again.
        searchText: restricted ? '' : candidateSearchText(row),
        updatedAt: deps.config.now(),
      })
      .where(eq(candidatesTable.id, id));
    await recordActivity(tx, {
      actor,
      verb: restricted ? 'restricted' : 'unrestricted',
      modelType: 'candidate',
      objectId: id,
      summary: restricted
        ? `Restricted processing of candidate #${id}`
        : `Lifted the processing restriction of candidate #${id}`,
      scope: { candidateId: id },
    });
  });
  return { restricted };
}
