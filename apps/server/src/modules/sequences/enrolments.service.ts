import type { Enrolment, EnrolmentStopReason, EnrolResultSchema, EnrolSchema } from '@recruitdesk/contracts/sequences';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import type { Deps } from '../../lib/deps';
import { AppError } from '../../lib/errors';
import { assertCan } from '../../lib/permissions';
import {
  leftOutForFields,
  personalise,
  requireCandidates,
  screenCandidate,
  type LeftOut,
} from '../campaigns/outreach.service';
import { candidatesTable } from '../candidates/candidates.table';
import { emailTemplatesTable } from '../email-templates/email-templates.table';
import { roleFields, senderFields } from '../email-templates/merge-context.service';
import type { MergeContext } from '../email-templates/merge.service';
import { rolesTable } from '../roles/roles.table';
import { unsubscribedAddresses } from '../unsubscribes/unsubscribes.service';
import { displayName, type UserRow } from '../users/users.service';
import { nextStepAt } from './schedule';
import { requireSequence, stepsOf } from './sequences.service';
import { sequenceEnrolmentsTable, type EnrolmentRow } from './sequences.table';

// Candidates going through a sequence: enrolling them (the bulk send's left-out rules), listing and stopping.

type EnrolResult = z.infer<typeof EnrolResultSchema>;

/** Candidates into the sequence, its first step due after its delay; the same left-out rules as a bulk send. */
export async function enrolCandidates(
  deps: Deps,
  actor: UserRow,
  id: number,
  input: z.output<typeof EnrolSchema>,
): Promise<EnrolResult> {
  assertCan(actor, 'records.write');
  const sequence = await requireSequence(deps.db, id);
  const steps = await stepsOf(deps.db, id);
  let extra: MergeContext = {};
  if (input.role_id !== undefined) {
    const { clientId: _clientId, ...fields } = await roleFields(deps.db, input.role_id);
    extra = fields;
  }
  const templates = await deps.db
    .select()
    .from(emailTemplatesTable)
    .where(inArray(emailTemplatesTable.id, steps.length ? steps.map((step) => step.templateId) : [0]));
  const sender = await senderFields(deps.db, actor);
  const candidates = await requireCandidates(deps.db, input.candidate_ids);
  const unsubscribed = await unsubscribedAddresses(
    deps.db,
    candidates.map((candidate) => candidate.email),
  );
  const already = new Set(
    (
      await deps.db
        .select({ candidateId: sequenceEnrolmentsTable.candidateId })
        .from(sequenceEnrolmentsTable)
        .where(
          and(
            eq(sequenceEnrolmentsTable.sequenceId, id),
            eq(sequenceEnrolmentsTable.state, 'active'),
            inArray(
              sequenceEnrolmentsTable.candidateId,
              candidates.map((candidate) => candidate.id),
            ),
          ),
        )
    ).map((row) => row.candidateId),
  );
  const leftOut: EnrolResult['left_out'] = [];
  const admitted: number[] = [];
  for (const candidate of candidates) {
    const name = `${candidate.firstName} ${candidate.lastName}`.trim();
    if (already.has(candidate.id)) {
      leftOut.push({
        candidate_id: candidate.id,
        name,
        reason: 'already_enrolled',
        detail: 'Already in this sequence.',
      });
      continue;
    }
    let refused: LeftOut | null = screenCandidate(candidate, unsubscribed);
    for (const template of templates) {
      if (refused) break;
      refused = leftOutForFields(candidate, personalise(template, deps.config, sender, candidate, extra));
    }
    if (refused) leftOut.push(refused);
    else admitted.push(candidate.id);
  }
  const now = deps.config.now();
  const firstAt = nextStepAt(now, steps[0]?.delayDays ?? 0, sequence.skipWeekends, deps.config.agencyTimeZone);
  const enrolled = admitted.length
    ? await inTransaction(
        deps.db,
        async (tx) =>
          (
            await tx
              .insert(sequenceEnrolmentsTable)
              .values(
                admitted.map((candidateId) => ({
                  sequenceId: id,
                  candidateId,
                  roleId: input.role_id ?? null,
                  enrolledById: actor.id,
                  nextStep: 0,
                  nextRunAt: firstAt,
                  enrolledAt: now,
                  updatedAt: now,
                })),
              )
              .onConflictDoNothing()
              .returning({ id: sequenceEnrolmentsTable.id })
          ).length,
      )
    : 0;
  return { enrolled, left_out: leftOut };
}

function toApiEnrolment(
  row: EnrolmentRow,
  candidate: { firstName: string; lastName: string },
  role: { id: number; name: string } | null,
): Enrolment {
  return {
    id: row.id,
    sequence_id: row.sequenceId,
    candidate: { id: row.candidateId, name: `${candidate.firstName} ${candidate.lastName}`.trim() },
    role,
    state: row.state,
    stop_reason: (row.stopReason as EnrolmentStopReason | null) ?? null,
    stop_detail: row.stopDetail,
    next_step: row.nextStep,
    next_run_at: row.nextRunAt?.toISOString() ?? null,
    enrolled_at: row.enrolledAt.toISOString(),
  };
}

async function enrolmentViews(db: Db, where: ReturnType<typeof and>): Promise<Enrolment[]> {
  const rows = await db
    .select({
      enrolment: sequenceEnrolmentsTable,
      firstName: candidatesTable.firstName,
      lastName: candidatesTable.lastName,
      roleId: rolesTable.id,
      roleName: rolesTable.name,
    })
    .from(sequenceEnrolmentsTable)
    .innerJoin(candidatesTable, eq(candidatesTable.id, sequenceEnrolmentsTable.candidateId))
    .leftJoin(rolesTable, eq(rolesTable.id, sequenceEnrolmentsTable.roleId))
    .where(where)
    .orderBy(desc(sequenceEnrolmentsTable.enrolledAt), desc(sequenceEnrolmentsTable.id))
    .limit(1000);
  return rows.map((row) =>
    toApiEnrolment(row.enrolment, row, row.roleId !== null ? { id: row.roleId, name: row.roleName ?? '' } : null),
  );
}

export async function listEnrolments(
  deps: Deps,
  actor: UserRow,
  id: number,
  state: Enrolment['state'] | undefined,
): Promise<Enrolment[]> {
  assertCan(actor, 'records.write');
  await requireSequence(deps.db, id);
  return enrolmentViews(
    deps.db,
    and(eq(sequenceEnrolmentsTable.sequenceId, id), state ? eq(sequenceEnrolmentsTable.state, state) : undefined),
  );
}

/** Stops one candidate's enrolment by hand (a stopped or finished one is answered as it is). */
export async function stopEnrolment(deps: Deps, actor: UserRow, id: number, enrolmentId: number): Promise<Enrolment> {
  assertCan(actor, 'records.write');
  const where = and(eq(sequenceEnrolmentsTable.sequenceId, id), eq(sequenceEnrolmentsTable.id, enrolmentId));
  const now = deps.config.now();
  await deps.db
    .update(sequenceEnrolmentsTable)
    .set({
      state: 'stopped',
      stopReason: 'stopped_by_user',
      stopDetail: `Stopped by ${displayName(actor)}.`,
      stoppedAt: now,
      nextRunAt: null,
      updatedAt: now,
    })
    .where(and(where, eq(sequenceEnrolmentsTable.state, 'active')));
  const [view] = await enrolmentViews(deps.db, where);
  if (!view) throw new AppError('ENROLMENT_NOT_FOUND', 404, 'The enrolment does not exist.');
  return view;
}
