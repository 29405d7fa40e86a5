import { DATA_REQUEST_REMINDER_DAYS, type RetentionSettings } from '@recruitdesk/contracts/data-protection';
import { and, eq, isNull } from 'drizzle-orm';
import { inTransaction } from '../../db/transaction';
import type { Deps } from '../../lib/deps';
import { escapeHtml } from '../../lib/html';
import { mailFromAddress } from '../../lib/mail';
import { headerSafe } from '../../lib/message-html';
import { candidateName } from '../candidates/candidates.service';
import { messageBody, queueOutboundMessage } from '../messages/outbox.service';
import { anonymiseCandidate } from '../personal-data/personal-data.service';
import { getAgencySettings, getRetentionSettings } from '../settings/settings.service';
import { isUnsubscribed, privacyUrl } from '../unsubscribes/unsubscribes.service';
import {
  dataProtectionRequestsTable,
  retentionNoticesTable,
  retentionRunsTable,
  type RetentionRunDetail,
  type RetentionRunRow,
} from './data-protection.table';
import { requestsToRemind } from './data-protection.service';
import { notifyOwners } from '../notifications/notifications.service';
import { candidatesDueBefore, RETENTION_MESSAGE_KEY, type RetentionCandidate } from './retention.repository';

// The daily retention job (issue 34, docs/data-protection.md "Retention"): renewal notices before expiry, and at
// expiry (no sooner than the notice's lead after the notice) anonymisation, unless the person renewed or sits in
// an open pipeline. Idempotent: a notice is one row per (person, expiry); anonymised people drop out; a request's
// reminder is claimed once. The runner's lease runs it on one server at a time.

export const RETENTION_JOB = 'data-protection.retention';
const EVERY_MS = 24 * 60 * 60 * 1000;
const DAY_MS = 86_400_000;
const BATCH = 200;
/** The run's details kept for the dashboard (the counts are always whole). */
const DETAILS_KEPT = 500;
export const WAITING_OPEN_PIPELINE = 'In an open pipeline';

export function registerRetentionJob(deps: Deps): void {
  deps.jobs.registerRecurring(
    RETENTION_JOB,
    { everyMs: EVERY_MS, firstRunAfterMs: 5 * 60 * 1000 },
    async (ctx) => toSummary(await runRetention(deps, ctx.signal)),
    { maxAttempts: 2, leaseMs: 5 * 60 * 1000 },
  );
}

const toSummary = (run: RetentionRunRow) => ({
  notices_sent: run.noticesSent,
  anonymised: run.anonymised,
  waiting: run.waiting,
  owners_notified: run.ownersNotified,
  reminders_sent: run.remindersSent,
});

interface Tally {
  noticesSent: number;
  anonymised: number;
  waiting: number;
  ownersNotified: number;
  remindersSent: number;
  details: RetentionRunDetail[];
}

/** One run: every person whose retention ends within the notice's lead, then the requests' reminders. */
export async function runRetention(deps: Deps, signal?: AbortSignal): Promise<RetentionRunRow> {
  const now = deps.config.now();
  const settings = await getRetentionSettings(deps.db);
  const tally: Tally = { noticesSent: 0, anonymised: 0, waiting: 0, ownersNotified: 0, remindersSent: 0, details: [] };
  const note = (detail: Omit<RetentionRunDetail, 'request_id'> & { request_id?: number | null }) => {
    if (tally.details.length < DETAILS_KEPT) tally.details.push({ request_id: null, ...detail });
  };
  const horizon = new Date(now.getTime() + settings.renewal_notice_days * DAY_MS);
  let afterId = 0;
  for (;;) {
    if (signal?.aborted) break;
    const batch = await candidatesDueBefore(deps.db, settings.retention_months, horizon, { afterId, limit: BATCH });
    if (batch.length === 0) break;
    afterId = batch[batch.length - 1]!.id;
    for (const person of batch) {
      const outcome = await handlePerson(deps, settings, person, now);
      if (!outcome) continue;
      if (outcome.action === 'notice_sent') tally.noticesSent += 1;
      if (outcome.action === 'anonymised') tally.anonymised += 1;
      if (outcome.action === 'waiting') tally.waiting += 1;
      if (outcome.action === 'owners_notified') tally.ownersNotified += 1;
      note({ candidate_id: person.id, ...outcome });
    }
  }
  for (const request of await requestsToRemind(deps.db, now, DATA_REQUEST_REMINDER_DAYS)) {
    const claimed = await inTransaction(deps.db, async (tx) => {
      const [row] = await tx
        .update(dataProtectionRequestsTable)
        .set({ remindedAt: now })
        .where(and(eq(dataProtectionRequestsTable.id, request.id), isNull(dataProtectionRequestsTable.remindedAt)))
        .returning({ id: dataProtectionRequestsTable.id });
      if (!row) return false;
      const days = Math.max(0, Math.ceil((request.deadlineAt.getTime() - now.getTime()) / DAY_MS));
      await notifyOwners(tx, {
        kind: 'data_protection.request_due',
        title: `Data protection request #${request.id} is due in ${days} days`,
        body: `A ${request.kind.replace('_', ' ')} request must be answered by ${request.deadlineAt.toISOString().slice(0, 10)}.`,
        link: '/settings/data-protection',
      });
      return true;
    });
    if (claimed) {
      tally.remindersSent += 1;
      note({
        candidate_id: request.candidateId,
        request_id: request.id,
        action: 'reminder_sent',
        reason: '7 days left',
      });
    }
  }
  const [run] = await deps.db
    .insert(retentionRunsTable)
    .values({
      ranAt: now,
      noticesSent: tally.noticesSent,
      anonymised: tally.anonymised,
      waiting: tally.waiting,
      ownersNotified: tally.ownersNotified,
      remindersSent: tally.remindersSent,
      details: tally.details,
    })
    .returning();
  deps.log.info({ runId: run!.id, ...toSummary(run!) }, 'retention job ran');
  return run!;
}

type Outcome = { action: 'notice_sent' | 'anonymised' | 'waiting' | 'owners_notified'; reason: string } | null;

async function handlePerson(
  deps: Deps,
  settings: RetentionSettings,
  person: RetentionCandidate,
  now: Date,
): Promise<Outcome> {
  const [notice] = await deps.db
    .select()
    .from(retentionNoticesTable)
    .where(and(eq(retentionNoticesTable.candidateId, person.id), eq(retentionNoticesTable.dueAt, person.dueAt)));
  if (!notice) return sendNotice(deps, person, now);
  if (notice.anonymisedAt) return null;
  // At expiry, and never sooner than the notice's lead after the notice went: the person had time to answer.
  const graceEnds = new Date(notice.noticeSentAt.getTime() + settings.renewal_notice_days * DAY_MS);
  if (now < person.dueAt || now < graceEnds) return null;
  if (person.inOpenPipeline) {
    if (notice.waitingReason !== WAITING_OPEN_PIPELINE)
      await deps.db
        .update(retentionNoticesTable)
        .set({ waitingReason: WAITING_OPEN_PIPELINE })
        .where(eq(retentionNoticesTable.id, notice.id));
    return { action: 'waiting', reason: WAITING_OPEN_PIPELINE };
  }
  if (settings.expiry_action === 'notify') {
    if (notice.ownersNotifiedAt) return null;
    await inTransaction(deps.db, async (tx) => {
      await tx
        .update(retentionNoticesTable)
        .set({ ownersNotifiedAt: now, waitingReason: 'Waiting for an owner (the agency only notifies)' })
        .where(eq(retentionNoticesTable.id, notice.id));
      await notifyOwners(tx, {
        kind: 'data_protection.retention_due',
        title: `Candidate #${person.id}'s retention period has ended`,
        body: 'Renew their legal basis or erase them.',
        link: `/candidates/${person.id}`,
      });
    });
    return { action: 'owners_notified', reason: 'Retention period ended; the agency only notifies' };
  }
  await anonymiseCandidate(deps, person.id, { userId: null, reason: 'retention' });
  await deps.db
    .update(retentionNoticesTable)
    .set({ anonymisedAt: now, waitingReason: null })
    .where(eq(retentionNoticesTable.id, notice.id));
  return { action: 'anonymised', reason: 'Retention period ended without renewal' };
}

/** The renewal notice: claimed by its (person, expiry) row first, so a second run sends nothing. */
async function sendNotice(deps: Deps, person: RetentionCandidate, now: Date): Promise<Outcome> {
  const address = person.email.trim();
  const mailable = address !== '' && !(await isUnsubscribed(deps.db, address));
  const agency = (await getAgencySettings(deps.db)).agency_name;
  return inTransaction(deps.db, async (tx) => {
    const [claimed] = await tx
      .insert(retentionNoticesTable)
      .values({ candidateId: person.id, dueAt: person.dueAt, noticeSentAt: now })
      .onConflictDoNothing()
      .returning({ id: retentionNoticesTable.id });
    if (!claimed) return null;
    if (!mailable)
      return {
        action: 'notice_sent',
        reason: address ? 'Unsubscribed: notice recorded, no email' : 'No email address: notice recorded',
      };
    const message = await queueOutboundMessage(tx, deps.jobs, renewalDraft(deps, person, agency, now));
    await tx
      .update(retentionNoticesTable)
      .set({ messageId: message.id })
      .where(eq(retentionNoticesTable.id, claimed.id));
    return { action: 'notice_sent', reason: 'Renewal email queued' };
  });
}

function renewalDraft(deps: Deps, person: RetentionCandidate, agency: string, now: Date) {
  const link = privacyUrl(deps.config.publicUrl, deps.config.secretKey, person.id);
  const day = person.dueAt > now ? person.dueAt.toISOString().slice(0, 10) : null;
  const html = `<p>Dear ${escapeHtml(person.firstName || candidateName(person))},</p>
<p>${escapeHtml(agency)} keeps your profile so that we can tell you about roles that suit you. ${
    day ? `We will delete it on ${day}` : 'We will delete it soon'
  } unless you ask us to keep it.</p>
<p><a href="${escapeHtml(link)}">Keep my profile, or ask to be forgotten</a></p>
<p>On the same page you can see what we hold about you and correct it.</p>
<p>${escapeHtml(agency)}</p>`;
  return {
    authorId: null,
    fromName: headerSafe(agency),
    fromAddress: mailFromAddress(deps.config.mailFrom),
    to: [{ name: headerSafe(candidateName(person)), address: person.email.trim() }],
    subject: headerSafe(`Do you want ${agency} to keep your profile?`),
    ...messageBody(html),
    records: [{ recordType: 'candidate' as const, recordId: person.id }],
    idempotencyKey: `${RETENTION_MESSAGE_KEY}${person.id}:${person.dueAt.toISOString()}`,
  };
}
