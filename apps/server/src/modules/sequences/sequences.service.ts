import type { EnrolmentStopReason, Sequence, SequenceInputSchema } from '@recruitdesk/contracts/sequences';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import type { Deps } from '../../lib/deps';
import { AppError } from '../../lib/errors';
import { assertCan, forbidden } from '../../lib/permissions';
import { requireVisibleTemplate } from '../email-templates/email-templates.service';
import { emailTemplatesTable } from '../email-templates/email-templates.table';
import { usersTable } from '../users/users.table';
import { displayName, type UserRow } from '../users/users.service';
import { sequenceEnrolmentsTable, sequencesTable, sequenceStepsTable, type SequenceRow } from './sequences.table';

// Outreach sequences (issue 33): every sender sees and uses every sequence; its author, owners and superusers
// edit it. Viewers send nothing and are refused (decision 108).

type Actor = Pick<UserRow, 'id' | 'userType'>;

const notFound = () => new AppError('SEQUENCE_NOT_FOUND', 404, 'The sequence does not exist.');
const isManager = (actor: Actor) => actor.userType.some((type) => type === 'owner' || type === 'superuser');
const canEdit = (actor: Actor, row: SequenceRow) => row.ownerId === actor.id || isManager(actor);

export async function requireSequence(db: Db, id: number): Promise<SequenceRow> {
  const [row] = await db.select().from(sequencesTable).where(eq(sequencesTable.id, id)).limit(1);
  if (!row) throw notFound();
  return row;
}

/** The steps of these sequences with their templates' names, in order. */
function stepRows(db: Db, sequenceIds: number[]) {
  return db
    .select({
      sequenceId: sequenceStepsTable.sequenceId,
      position: sequenceStepsTable.position,
      templateId: sequenceStepsTable.templateId,
      delayDays: sequenceStepsTable.delayDays,
      templateName: emailTemplatesTable.name,
    })
    .from(sequenceStepsTable)
    .innerJoin(emailTemplatesTable, eq(emailTemplatesTable.id, sequenceStepsTable.templateId))
    .where(inArray(sequenceStepsTable.sequenceId, sequenceIds))
    .orderBy(asc(sequenceStepsTable.sequenceId), asc(sequenceStepsTable.position));
}

export const stepsOf = (db: Db, sequenceId: number) => stepRows(db, [sequenceId]);

async function toApiSequences(db: Db, actor: Actor, rows: SequenceRow[]): Promise<Sequence[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const steps = await stepRows(db, ids);
  const active = await db
    .select({ sequenceId: sequenceEnrolmentsTable.sequenceId, n: count() })
    .from(sequenceEnrolmentsTable)
    .where(and(inArray(sequenceEnrolmentsTable.sequenceId, ids), eq(sequenceEnrolmentsTable.state, 'active')))
    .groupBy(sequenceEnrolmentsTable.sequenceId);
  const ownerIds = [...new Set(rows.map((row) => row.ownerId).filter((id): id is number => id !== null))];
  const owners = ownerIds.length ? await db.select().from(usersTable).where(inArray(usersTable.id, ownerIds)) : [];
  return rows.map((row) => {
    const owner = owners.find((user) => user.id === row.ownerId);
    return {
      id: row.id,
      name: row.name,
      skip_weekends: row.skipWeekends,
      steps: steps
        .filter((step) => step.sequenceId === row.id)
        .map((step) => ({ template: { id: step.templateId, name: step.templateName }, delay_days: step.delayDays })),
      owner: owner ? { id: owner.id, name: displayName(owner) } : null,
      active_enrolments: Number(active.find((item) => item.sequenceId === row.id)?.n ?? 0),
      can_edit: canEdit(actor, row),
      updated_at: row.updatedAt.toISOString(),
    };
  });
}

export async function listSequences(deps: Deps, actor: UserRow): Promise<Sequence[]> {
  assertCan(actor, 'records.write');
  const rows = await deps.db
    .select()
    .from(sequencesTable)
    .orderBy(asc(sql`lower(${sequencesTable.name})`), asc(sequencesTable.id));
  return toApiSequences(deps.db, actor, rows);
}

export async function getSequence(deps: Deps, actor: UserRow, id: number): Promise<Sequence> {
  assertCan(actor, 'records.write');
  const [view] = await toApiSequences(deps.db, actor, [await requireSequence(deps.db, id)]);
  return view!;
}

type Input = z.output<typeof SequenceInputSchema>;

/** Each step's template must be one the actor may use (400 on the step otherwise). */
async function checkTemplates(db: Db, actor: Actor, input: Input): Promise<void> {
  for (const [index, step] of input.steps.entries()) {
    try {
      await requireVisibleTemplate(db, actor, step.template_id);
    } catch {
      const message = 'Choose a template you can use.';
      throw new AppError('TEMPLATE_NOT_FOUND', 400, message, { fields: { [`steps.${index}.template_id`]: [message] } });
    }
  }
}

async function writeSteps(tx: Db, sequenceId: number, input: Input): Promise<void> {
  await tx.delete(sequenceStepsTable).where(eq(sequenceStepsTable.sequenceId, sequenceId));
  await tx.insert(sequenceStepsTable).values(
    input.steps.map((step, position) => ({
      sequenceId,
      position,
      templateId: step.template_id,
      delayDays: step.delay_days,
    })),
  );
}

export async function createSequence(deps: Deps, actor: UserRow, input: Input): Promise<Sequence> {
  assertCan(actor, 'records.write');
  await checkTemplates(deps.db, actor, input);
  const now = deps.config.now();
  const id = await inTransaction(deps.db, async (tx) => {
    const [row] = await tx
      .insert(sequencesTable)
      .values({
        name: input.name,
        skipWeekends: input.skip_weekends,
        ownerId: actor.id,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await writeSteps(tx, row!.id, input);
    return row!.id;
  });
  return getSequence(deps, actor, id);
}

/** New steps apply to enrolments from their next step on (one past the last step finishes them). */
export async function updateSequence(deps: Deps, actor: UserRow, id: number, input: Input): Promise<Sequence> {
  assertCan(actor, 'records.write');
  const row = await requireSequence(deps.db, id);
  if (!canEdit(actor, row)) throw forbidden();
  await checkTemplates(deps.db, actor, input);
  await inTransaction(deps.db, async (tx) => {
    await tx
      .update(sequencesTable)
      .set({ name: input.name, skipWeekends: input.skip_weekends, updatedAt: deps.config.now() })
      .where(eq(sequencesTable.id, id));
    await writeSteps(tx, id, input);
  });
  return getSequence(deps, actor, id);
}

export async function deleteSequence(deps: Deps, actor: UserRow, id: number): Promise<void> {
  assertCan(actor, 'records.write');
  const row = await requireSequence(deps.db, id);
  if (!canEdit(actor, row)) throw forbidden();
  await inTransaction(deps.db, async (tx) => {
    const [active] = await tx
      .select({ n: count() })
      .from(sequenceEnrolmentsTable)
      .where(and(eq(sequenceEnrolmentsTable.sequenceId, id), eq(sequenceEnrolmentsTable.state, 'active')));
    if (Number(active?.n ?? 0) > 0)
      throw new AppError('SEQUENCE_IN_USE', 409, 'Candidates are still going through this sequence: stop them first.');
    await tx.delete(sequencesTable).where(eq(sequencesTable.id, id));
  });
}

/** Stops the active enrolments matching `where` with the reason; returns those it stopped. */
export async function stopEnrolments(
  db: Db,
  where: ReturnType<typeof and>,
  reason: EnrolmentStopReason,
  detail: string,
  extra: { stopMessageId?: number } = {},
): Promise<{ id: number; enrolledById: number | null; sequenceId: number }[]> {
  const stopped = await db
    .update(sequenceEnrolmentsTable)
    .set({
      state: 'stopped',
      stopReason: reason,
      stopDetail: detail,
      stopMessageId: extra.stopMessageId ?? null,
      stoppedAt: sql`now()`,
      nextRunAt: null,
      updatedAt: sql`now()`,
    })
    .where(and(where, eq(sequenceEnrolmentsTable.state, 'active')))
    .returning({
      id: sequenceEnrolmentsTable.id,
      enrolledById: sequenceEnrolmentsTable.enrolledById,
      sequenceId: sequenceEnrolmentsTable.sequenceId,
    });
  return stopped;
}

/** An enrolment a reply stopped: who enrolled the candidate, in which sequence (to tell them). */
export interface StoppedByReply {
  enrolledById: number | null;
  sequenceName: string;
}

/**
 * A reply from these candidates (the mailbox sync's inbound message `messageId`) stops every sequence they are
 * in. Returns the enrolments it stopped.
 */
export async function stopSequencesOnReply(
  db: Db,
  candidateIds: number[],
  messageId: number,
): Promise<StoppedByReply[]> {
  if (candidateIds.length === 0) return [];
  const stopped = await stopEnrolments(
    db,
    inArray(sequenceEnrolmentsTable.candidateId, candidateIds),
    'replied',
    'The candidate replied.',
    { stopMessageId: messageId },
  );
  if (stopped.length === 0) return [];
  const names = await db
    .select({ id: sequencesTable.id, name: sequencesTable.name })
    .from(sequencesTable)
    .where(inArray(sequencesTable.id, [...new Set(stopped.map((row) => row.sequenceId))]));
  const nameOf = new Map(names.map((row) => [row.id, row.name]));
  return stopped.map((row) => ({ enrolledById: row.enrolledById, sequenceName: nameOf.get(row.sequenceId) ?? '' }));
}
