import { eq } from 'drizzle-orm';
import { isEmbedded } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import { AppError } from '../../lib/errors';
import type { Deps } from '../../lib/deps';
import { recordActivity } from '../activity/activity.service';
import { candidatesTable } from '../candidates/candidates.table';
import { candidateSearchText } from '../candidates/candidates.service';
import { getUserById } from '../users/users.service';
import { runErasureSteps, stepTables, type ErasureContext } from './erasure-steps';
import { PORTAL_ERASED_TABLES, scrubClientLoopOf } from './erasure-portal.repository';
import {
  deleteApplicationsOf,
  deleteMatchingAndSequencesOf,
  deleteMessagesOf,
  deleteNotesAbout,
  deleteResumeDraftsOf,
  deleteUnsubscribeOf,
  emptyMatchProfile,
  filenamesOf,
  lockCandidate,
  pipelineIdsOf,
  scrubActivity,
  scrubImports,
  scrubPipelines,
} from './erasure.repository';
import { allTerms, erasedName, personTerms, scrubber } from './scrub';

/** Who erases: a user (an owner's request) or the retention job (`userId` null). */
export interface ErasureActor {
  userId: number | null;
  reason: 'request' | 'retention';
}

export interface AnonymiseOptions {
  /**
   * Vacuum the tables the erasure rewrote (default true): on the embedded database their old row versions
   * would otherwise stay in the data files. A batch (the retention job) passes false and calls
   * `vacuumErasedTables` once at its end.
   */
  vacuum?: boolean;
}

/** Every table an erasure rewrites or deletes from, its own modules' and the registered steps'. */
const ERASED_TABLES = [
  'candidates',
  'candidate_search',
  'candidate_match_profiles',
  'candidate_skill_counts',
  'notes',
  'messages',
  'message_links',
  'message_attachments',
  'message_uploads',
  'mailbox_messages',
  'applications',
  'activity',
  'pipelines',
  'pipeline_events',
  'interviews',
  'submittals',
  'placements',
  'imports',
  'import_row_results',
  'import_changes',
  'resume_drafts',
  'match_feedback',
  'sequence_enrolments',
  'sequence_step_sends',
  'unsubscribes',
  ...PORTAL_ERASED_TABLES,
];

export const CANDIDATE_NOT_FOUND = 'This candidate does not exist.';

/**
 * Erases a candidate (issue 34, decision 118): the record stays as "Erased candidate #id" with the facts the
 * books need (pipelines' stages and dates, offers, placements and their fees, invoices); everything that
 * identified or described the person goes, in one transaction: contact details, links, skills, salary,
 * resume and its text, notes, messages and attachments, applications, bulk-resume drafts, import cells,
 * matching verdicts, sequence enrolments, the unsubscribe entry, their name in the history's text, and what
 * the client portal, the scheduling links and the in-app notices kept about them.
 * The audit row says who erased whom ("User #3 erased candidate #17") and nothing of the person. Then,
 * after the commit, their files are removed from the storage (local or S3) and the rewritten tables
 * vacuumed. Erasing an erased candidate does nothing. No permission check: the caller (the erase route's
 * service, the retention job) decides.
 */
export async function anonymiseCandidate(
  deps: Deps,
  candidateId: number,
  actor: ErasureActor,
  options: AnonymiseOptions = {},
): Promise<void> {
  const user = actor.userId === null ? null : ((await getUserById(deps.db, actor.userId)) ?? null);
  const files = await inTransaction(deps.db, async (tx) => {
    const row = await lockCandidate(tx, candidateId);
    if (!row) throw new AppError('CANDIDATE_NOT_FOUND', 404, CANDIDATE_NOT_FOUND);
    if (row.erasedAt) return null;
    const replacement = erasedName(candidateId);
    const pipelineIds = await pipelineIdsOf(tx, candidateId);
    const terms = personTerms({ ...row, filenames: await filenamesOf(tx, candidateId, pipelineIds, row) });
    const context: ErasureContext = {
      candidateId,
      replacement,
      scrub: scrubber(terms, replacement),
      terms: allTerms(terms),
      pipelineIds,
    };

    const attachmentKeys = await deleteMessagesOf(tx, candidateId, pipelineIds, row.email);
    const applications = await deleteApplicationsOf(tx, candidateId, row.email);
    await deleteNotesAbout(tx, candidateId, pipelineIds, applications.ids);
    const draftKeys = await deleteResumeDraftsOf(tx, candidateId);
    await deleteMatchingAndSequencesOf(tx, candidateId);
    await deleteUnsubscribeOf(tx, row.email);
    await scrubPipelines(tx, context);
    await scrubActivity(tx, context, applications.ids);
    await scrubImports(tx, context);
    await scrubClientLoopOf(tx, context);
    await runErasureSteps(tx, context);

    const now = deps.config.now();
    const anonymous = {
      firstName: 'Erased candidate',
      lastName: `#${candidateId}`,
      email: '',
      phone: '',
      location: '',
      currentTitle: '',
      currentCompany: '',
      linkedinUrl: '',
      githubUrl: '',
      portfolioUrl: '',
      skills: [] as string[],
      resumeText: '',
    };
    await tx
      .update(candidatesTable)
      .set({
        ...anonymous,
        phoneDigits: '',
        skillsNormalized: [],
        searchText: candidateSearchText(anonymous),
        yearsExperience: null,
        desiredSalary: null,
        source: '',
        consentDate: null,
        resumeKey: null,
        resumeFilename: null,
        resumeSize: null,
        resumeContentType: null,
        resumeUploadedAt: null,
        resumeHasText: false,
        // A placement is a fact of the books; anyone else leaves the working lists.
        status: row.status === 'placed' ? 'placed' : 'archived',
        processingRestricted: true,
        erasedAt: now,
        updatedAt: now,
      })
      .where(eq(candidatesTable.id, candidateId));
    await emptyMatchProfile(tx, candidateId);

    await recordActivity(tx, {
      actor: user,
      verb: 'erased',
      modelType: 'candidate',
      objectId: candidateId,
      summary:
        actor.reason === 'retention'
          ? `Retention anonymised candidate #${candidateId}`
          : `User #${actor.userId ?? 0} erased candidate #${candidateId}`,
      at: now,
    });
    return [row.resumeKey, ...applications.keys, ...attachmentKeys, ...draftKeys].filter((key): key is string =>
      Boolean(key),
    );
  });
  if (files === null) return;
  // After the commit (a rolled-back erasure keeps its files). A failed delete is logged by key, never thrown.
  for (const key of new Set(files)) {
    await deps.storage
      .delete(key)
      .catch((error: unknown) => deps.log.warn({ err: error, key }, 'erasure: file delete failed'));
  }
  if (options.vacuum !== false) await vacuumErasedTables(deps);
}

/**
 * Vacuums every table an erasure touches. Embedded (PGlite, no autovacuum): VACUUM FULL, which writes each
 * table (and its indexes and TOAST) anew, so the old pages holding the erased values leave the data files.
 * PostgreSQL: a plain VACUUM (no exclusive lock), which frees the dead row versions for reuse; pg_dump never
 * showed them. See docs/data-protection.md for what the write-ahead log still holds.
 */
export async function vacuumErasedTables(deps: Pick<Deps, 'db' | 'log'>): Promise<void> {
  const full = isEmbedded(deps.db);
  // The planner's samples (pg_statistic) held the erased values too: ANALYZE above replaces them, and on
  // the embedded database the catalog is rewritten after the tables.
  const tables = [...ERASED_TABLES, ...stepTables(), ...(full ? ['pg_statistic'] : [])];
  for (const table of tables) {
    try {
      await deps.db.execute(`VACUUM ${full ? '(FULL, ANALYZE)' : '(ANALYZE)'} "${table}"`);
    } catch (error) {
      deps.log.warn({ err: error, table }, 'erasure: vacuum failed');
    }
  }
}
