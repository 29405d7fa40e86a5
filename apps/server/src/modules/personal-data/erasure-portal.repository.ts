import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notificationsTable } from '../notifications/notifications.table';
import { slotOffersTable, slotParticipantsTable } from '../scheduling/scheduling.table';
import { portalEventsTable, portalShareCandidatesTable } from '../shares/shares.table';
import { mentionsAny } from './erasure.repository';
import type { ErasureContext } from './erasure-steps';

/** The tables these steps rewrite (vacuumed after an erasure). */
export const PORTAL_ERASED_TABLES = [
  'notifications',
  'portal_share_candidates',
  'portal_events',
  'slot_offers',
  'slot_participants',
];

/**
 * What the client loop (issue 35) and the bell kept about the person: the recruiter's pitch and the client's
 * words on the shortlist (the decisions and their dates stay: they are the pipeline's facts), the scheduling
 * links' name and address (a link of an erased person shows nothing), and every in-app notice that opens their
 * record or pipeline or names them (notices are transient: deleted, not rewritten).
 */
export async function scrubClientLoopOf(tx: Db, context: ErasureContext): Promise<void> {
  const { candidateId, pipelineIds, terms } = context;
  const pipelineLinks = pipelineIds.map((id) => `%/pipelines/${id}`);
  await tx
    .delete(notificationsTable)
    .where(
      or(
        eq(notificationsTable.link, `/candidates/${candidateId}`),
        ...pipelineLinks.map((pattern) => sql`${notificationsTable.link} like ${pattern}`),
        mentionsAny(notificationsTable.title, terms),
        mentionsAny(notificationsTable.body, terms),
      ),
    );
  if (!pipelineIds.length) return;
  await tx
    .update(portalShareCandidatesTable)
    .set({ pitch: '', decisionDetail: '' })
    .where(inArray(portalShareCandidatesTable.pipelineId, pipelineIds));
  await tx.update(portalEventsTable).set({ detail: '' }).where(inArray(portalEventsTable.pipelineId, pipelineIds));
  const offers = await tx
    .select({ id: slotOffersTable.id, note: slotOffersTable.note })
    .from(slotOffersTable)
    .where(inArray(slotOffersTable.pipelineId, pipelineIds));
  for (const offer of offers)
    if (offer.note)
      await tx
        .update(slotOffersTable)
        .set({ note: context.scrub(offer.note, true) })
        .where(eq(slotOffersTable.id, offer.id));
  if (offers.length)
    await tx
      .update(slotParticipantsTable)
      .set({ name: context.replacement, email: '' })
      .where(
        and(
          eq(slotParticipantsTable.kind, 'candidate'),
          inArray(
            slotParticipantsTable.offerId,
            offers.map((offer) => offer.id),
          ),
        ),
      );
}
