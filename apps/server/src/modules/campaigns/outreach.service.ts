import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { candidatesTable } from '../candidates/candidates.table';
import {
  candidateFields,
  senderContext,
  type MergeCandidate,
  type SenderFields,
} from '../email-templates/merge-context.service';
import { renderTemplate, type MergeContext, type RenderedTemplate } from '../email-templates/merge.service';
import { messageBody, sendingIdentity, type MessageRecordRef, type OutboundDraft } from '../messages/outbox.service';
import { privacyUrl, unsubscribeUrl } from '../unsubscribes/unsubscribes.service';
import { escapeHtml } from '../../lib/message-html';

// What bulk sends and sequences share: the candidates asked for, who is left out and why, and one candidate's
// personalised message as an outbox draft.

export type LeftOutReason = 'do_not_contact' | 'unsubscribed' | 'no_email' | 'missing_fields' | 'restricted';
export interface LeftOut {
  candidate_id: number;
  name: string;
  reason: LeftOutReason;
  detail: string;
}

const fullName = (candidate: MergeCandidate) => `${candidate.firstName} ${candidate.lastName}`.trim();

/** The candidates, in the order asked (duplicates once); 400 naming any that do not exist. */
export async function requireCandidates(db: Db, ids: number[]): Promise<MergeCandidate[]> {
  const unique = [...new Set(ids)];
  const rows = await db
    .select({
      id: candidatesTable.id,
      firstName: candidatesTable.firstName,
      lastName: candidatesTable.lastName,
      email: candidatesTable.email,
      currentTitle: candidatesTable.currentTitle,
      currentCompany: candidatesTable.currentCompany,
      status: candidatesTable.status,
      processingRestricted: candidatesTable.processingRestricted,
    })
    .from(candidatesTable)
    .where(inArray(candidatesTable.id, unique));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const absent = unique.filter((id) => !byId.has(id));
  if (absent.length)
    throw new AppError('CANDIDATE_NOT_FOUND', 400, 'Some candidates do not exist.', {
      fields: { candidate_ids: [`No candidate with id ${absent.slice(0, 10).join(', ')}.`] },
    });
  return unique.map((id) => byId.get(id)!);
}

/** Why a candidate gets no message, before the template is filled (null: they may be written to). */
export function screenCandidate(candidate: MergeCandidate, unsubscribed: Set<string>): LeftOut | null {
  const base = { candidate_id: candidate.id, name: fullName(candidate) };
  if (candidate.processingRestricted)
    return { ...base, reason: 'restricted', detail: 'Processing restricted (data protection).' };
  if (candidate.status === 'do_not_contact')
    return { ...base, reason: 'do_not_contact', detail: 'Marked do not contact.' };
  if (!candidate.email.trim()) return { ...base, reason: 'no_email', detail: 'No email address.' };
  if (unsubscribed.has(candidate.email.trim().toLowerCase()))
    return { ...base, reason: 'unsubscribed', detail: `${candidate.email} unsubscribed.` };
  return null;
}

/** The template filled for one candidate (the role's and client's fields in `extra`). */
export function personalise(
  template: { subject: string; bodyHtml: string },
  config: { publicUrl: string; secretKey: string },
  sender: SenderFields,
  candidate: MergeCandidate,
  extra: MergeContext,
): RenderedTemplate {
  const privacy = privacyUrl(config.publicUrl, config.secretKey, candidate.id);
  const rendered = renderTemplate(
    { subject: template.subject, body_html: template.bodyHtml },
    {
      ...senderContext(sender),
      ...extra,
      ...candidateFields(candidate),
      unsubscribe_url: unsubscribeUrl(config.publicUrl, config.secretKey, candidate.email),
      privacy_url: privacy,
    },
  );
  // Every email to a candidate links to their privacy page (issue 34), whether or not the template does.
  if (rendered.bodyHtml.includes(privacy)) return rendered;
  return {
    ...rendered,
    bodyHtml: `${rendered.bodyHtml}\n<p><small><a href="${escapeHtml(privacy)}">Your data with ${escapeHtml(sender.agencyName)}</a></small></p>`,
  };
}

/** A candidate left out because the template has no value for some fields. */
export function leftOutForFields(candidate: MergeCandidate, rendered: RenderedTemplate): LeftOut | null {
  const fields = [...rendered.missing, ...rendered.unknown];
  if (!fields.length) return null;
  return {
    candidate_id: candidate.id,
    name: fullName(candidate),
    reason: 'missing_fields',
    detail: `No value for ${fields.join(', ')}.`,
  };
}

/**
 * The outbox draft of a rendered message from the sender. The body is the template's HTML with escaped values;
 * the outbox helper's sanitiser (issue 33 "HTML sanitising of bodies") belongs here when it lands.
 */
export function draftOf(
  mailFrom: string,
  sender: SenderFields,
  rendered: RenderedTemplate,
  to: { name: string; address: string },
  records: MessageRecordRef[],
  sendAfter: Date | null,
): OutboundDraft {
  return {
    authorId: sender.recruiter.id,
    ...sendingIdentity(mailFrom, sender.recruiter, sender.agencyName),
    to: [{ name: to.name.replace(/[\r\n]+/g, ' '), address: to.address }],
    subject: rendered.subject,
    ...messageBody(rendered.bodyHtml),
    records,
    sendAfter,
  };
}

export const candidateRecipient = (candidate: MergeCandidate) => ({
  name: fullName(candidate),
  address: candidate.email.trim(),
});
