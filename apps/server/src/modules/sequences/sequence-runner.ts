import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import type { Deps } from '../../lib/deps';
import {
  candidateRecipient,
  draftOf,
  leftOutForFields,
  personalise,
  screenCandidate,
} from '../campaigns/outreach.service';
import { candidatesTable } from '../candidates/candidates.table';
import { emailTemplatesTable } from '../email-templates/email-templates.table';
import { roleFields, senderFields } from '../email-templates/merge-context.service';
import type { MergeContext } from '../email-templates/merge.service';
import type { MessageRecordRef } from '../messages/outbox.service';
import { messageLinksTable, messagesTable } from '../messages/messages.table';
import { queueOutboundMessage } from '../messages/outbox.service';
import { unsubscribedAddresses } from '../unsubscribes/unsubscribes.service';
import { usersTable } from '../users/users.table';
import { nextStepAt } from './schedule';
import { stepsOf, stopEnrolments } from './sequences.service';
import { sequenceEnrolmentsTable, sequencesTable, sequenceStepSendsTable } from './sequences.table';

// The recurring job that sends sequences' due steps: each enrolment in its own transaction, locked (a second
// server skips it), and each step queued once (sequence_step_sends' key), however often the job runs.

export const SEQUENCE_JOB = 'sequences.send-due-steps';
const EVERY_MS = 60_000;
const BATCH = 100;

export interface SequenceRunResult {
  queued: number;
  stopped: number;
  finished: number;
}

export function registerSequenceJob(deps: Deps): void {
  deps.jobs.registerRecurring(SEQUENCE_JOB, { everyMs: EVERY_MS }, async (ctx) => {
    const result = await runDueSequenceSteps(deps, ctx.signal);
    return result;
  });
}

/** Every enrolment due now: its step queued, or the enrolment stopped or finished. */
export async function runDueSequenceSteps(deps: Deps, signal?: AbortSignal): Promise<SequenceRunResult> {
  const result: SequenceRunResult = { queued: 0, stopped: 0, finished: 0 };
  const seen = new Set<number>();
  for (;;) {
    const now = deps.config.now();
    const due = await deps.db
      .select({ id: sequenceEnrolmentsTable.id })
      .from(sequenceEnrolmentsTable)
      .where(and(eq(sequenceEnrolmentsTable.state, 'active'), lte(sequenceEnrolmentsTable.nextRunAt, now)))
      .orderBy(asc(sequenceEnrolmentsTable.nextRunAt), asc(sequenceEnrolmentsTable.id))
      .limit(BATCH);
    const fresh = due.filter((row) => !seen.has(row.id));
    if (fresh.length === 0 || signal?.aborted) return result;
    for (const { id } of fresh) {
      seen.add(id);
      const outcome = await inTransaction(deps.db, (tx) => runEnrolment(deps, tx, id, now));
      if (outcome) result[outcome] += 1;
    }
  }
}

type Outcome = keyof SequenceRunResult | null;

async function runEnrolment(deps: Deps, tx: Db, id: number, now: Date): Promise<Outcome> {
  const [enrolment] = await tx
    .select()
    .from(sequenceEnrolmentsTable)
    .where(
      and(
        eq(sequenceEnrolmentsTable.id, id),
        eq(sequenceEnrolmentsTable.state, 'active'),
        lte(sequenceEnrolmentsTable.nextRunAt, now),
      ),
    )
    .for('update', { skipLocked: true });
  if (!enrolment) return null;
  const stop = async (reason: Parameters<typeof stopEnrolments>[2], detail: string): Promise<Outcome> => {
    await stopEnrolments(tx, eq(sequenceEnrolmentsTable.id, id), reason, detail);
    return 'stopped';
  };
  const [sequence] = await tx.select().from(sequencesTable).where(eq(sequencesTable.id, enrolment.sequenceId));
  const steps = await stepsOf(tx, enrolment.sequenceId);
  const step = steps[enrolment.nextStep];
  if (!sequence || !step) {
    await tx
      .update(sequenceEnrolmentsTable)
      .set({ state: 'finished', nextRunAt: null, updatedAt: now })
      .where(eq(sequenceEnrolmentsTable.id, id));
    return 'finished';
  }

  const [candidate] = await tx.select().from(candidatesTable).where(eq(candidatesTable.id, enrolment.candidateId));
  if (!candidate) return stop('stopped_by_user', 'The candidate was deleted.');
  if (candidate.status === 'placed') return stop('placed', 'The candidate was placed.');
  // A reply the mailbox sync logged without stopping the sequence (it calls stopSequencesOnReply) stops it here.
  const [reply] = await tx
    .select({ id: messagesTable.id })
    .from(messageLinksTable)
    .innerJoin(messagesTable, eq(messagesTable.id, messageLinksTable.messageId))
    .where(
      and(
        eq(messageLinksTable.recordType, 'candidate'),
        eq(messageLinksTable.recordId, candidate.id),
        eq(messagesTable.direction, 'inbound'),
        gte(messageLinksTable.occurredAt, enrolment.enrolledAt),
      ),
    )
    .limit(1);
  if (reply) {
    await stopEnrolments(tx, eq(sequenceEnrolmentsTable.id, id), 'replied', 'The candidate replied.', {
      stopMessageId: reply.id,
    });
    return 'stopped';
  }
  const screened = screenCandidate(candidate, await unsubscribedAddresses(tx, [candidate.email]));
  if (screened) return stop(screened.reason, screened.detail);
  const [user] = enrolment.enrolledById
    ? await tx.select().from(usersTable).where(eq(usersTable.id, enrolment.enrolledById))
    : [];
  if (!user?.isActive) return stop('stopped_by_user', 'The recruiter who enrolled the candidate has left.');

  const [template] = await tx.select().from(emailTemplatesTable).where(eq(emailTemplatesTable.id, step.templateId));
  let extra: MergeContext = {};
  const records: MessageRecordRef[] = [{ recordType: 'candidate', recordId: candidate.id }];
  if (enrolment.roleId !== null) {
    const { clientId, ...fields } = await roleFields(tx, enrolment.roleId);
    extra = fields;
    records.push({ recordType: 'role', recordId: enrolment.roleId }, { recordType: 'client', recordId: clientId });
  }
  const sender = await senderFields(tx, user);
  const rendered = personalise(template!, deps.config, sender, candidate, extra);
  const refused = leftOutForFields(candidate, rendered);
  if (refused) return stop('missing_fields', `Step ${step.position + 1}: ${refused.detail}`);

  // The step's key: a second run (or server) finds it taken and queues nothing more.
  const [claimed] = await tx
    .insert(sequenceStepSendsTable)
    .values({ enrolmentId: id, position: step.position, createdAt: now })
    .onConflictDoNothing()
    .returning({ position: sequenceStepSendsTable.position });
  if (claimed) {
    const message = await queueOutboundMessage(
      tx,
      deps.jobs,
      draftOf(deps.config.mailFrom, sender, rendered, candidateRecipient(candidate), records, null),
    );
    await tx
      .update(sequenceStepSendsTable)
      .set({ messageId: message.id })
      .where(and(eq(sequenceStepSendsTable.enrolmentId, id), eq(sequenceStepSendsTable.position, step.position)));
  }
  const following = steps[enrolment.nextStep + 1];
  await tx
    .update(sequenceEnrolmentsTable)
    .set(
      following
        ? {
            nextStep: enrolment.nextStep + 1,
            nextRunAt: nextStepAt(now, following.delayDays, sequence.skipWeekends, deps.config.agencyTimeZone),
            updatedAt: sql`now()`,
          }
        : { nextStep: enrolment.nextStep + 1, state: 'finished', nextRunAt: null, updatedAt: sql`now()` },
    )
    .where(eq(sequenceEnrolmentsTable.id, id));
  return claimed ? 'queued' : following ? null : 'finished';
}
