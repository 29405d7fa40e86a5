import { eq, sql } from 'drizzle-orm';
import { date, index, integer, numeric, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { candidatesTable } from '../candidates/candidates.table';
import { clientContactsTable } from '../contacts/contacts.table';
import { joinRoleClient, rolesTable } from '../roles/roles.table';
import { usersTable } from '../users/users.table';

/** One candidate in one role (design §3). `version` goes up with every change (optimistic concurrency). */
export const pipelinesTable = pgTable(
  'pipelines',
  {
    id: serial('id').primaryKey(),
    roleId: integer('role_id')
      .notNull()
      .references(() => rolesTable.id, { onDelete: 'cascade' }),
    candidateId: integer('candidate_id')
      .notNull()
      .references(() => candidatesTable.id, { onDelete: 'cascade' }),
    stage: text('stage').notNull().default('sourced'),
    state: text('state').notNull().default('open'),
    closeReason: text('close_reason'),
    closeNote: text('close_note').notNull().default(''),
    recruiterId: integer('recruiter_id').references(() => usersTable.id, { onDelete: 'set null' }),
    stageChangedAt: timestamp('stage_changed_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    // The latest offer (issue 12, decision 035): its salary (null when recorded without one), when it was made,
    // and the candidate's answer (accepted on placement; declined / withdrawn when closed from the offer stage).
    offeredSalary: numeric('offered_salary', { precision: 14, scale: 2 }),
    offerCurrency: text('offer_currency'),
    offeredAt: timestamp('offered_at', { withTimezone: true }),
    offerAnswer: text('offer_answer'),
    offerAnsweredAt: timestamp('offer_answered_at', { withTimezone: true }),
    version: integer('version').notNull().default(1),
    createdById: integer('created_by').references(() => usersTable.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('pipelines_role_candidate_unique').on(table.roleId, table.candidateId),
    index('pipelines_role_state_stage_idx').on(table.roleId, table.state, table.stage),
    index('pipelines_candidate_id_idx').on(table.candidateId),
    // Analytics (issue 12): the funnel and the KPIs filter pipelines by creation date; the optimal wage range reads answered offers.
    index('pipelines_created_at_idx').on(table.createdAt),
    index('pipelines_offered_at_idx')
      .on(table.offeredAt)
      .where(sql`offer_answer is not null`),
  ],
);

export type PipelineRow = typeof pipelinesTable.$inferSelect;
export type NewPipelineRow = typeof pipelinesTable.$inferInsert;

/** A pipeline's history: every stage change, close, reopen and action, with who and when. */
export const pipelineEventsTable = pgTable(
  'pipeline_events',
  {
    id: serial('id').primaryKey(),
    pipelineId: integer('pipeline_id')
      .notNull()
      .references(() => pipelinesTable.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    fromStage: text('from_stage'),
    toStage: text('to_stage'),
    detail: text('detail').notNull().default(''),
    actorId: integer('actor_id').references(() => usersTable.id, { onDelete: 'set null' }),
    // Kept so the history still names the actor after the user is deleted.
    actorName: text('actor_name').notNull().default(''),
    /**
     * Set instead of `actor_id` when a client's contact did it through the shortlist portal (issue 35,
     * decision 122): `actor_name` then holds the contact's name.
     */
    contactId: integer('contact_id').references(() => clientContactsTable.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('pipeline_events_pipeline_created_idx').on(table.pipelineId, table.createdAt)],
);

export type PipelineEventRow = typeof pipelineEventsTable.$inferSelect;
export type NewPipelineEventRow = typeof pipelineEventsTable.$inferInsert;

export const interviewsTable = pgTable(
  'interviews',
  {
    id: serial('id').primaryKey(),
    pipelineId: integer('pipeline_id')
      .notNull()
      .references(() => pipelinesTable.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }).notNull(),
    durationMinutes: integer('duration_minutes').notNull().default(45),
    location: text('location').notNull().default(''),
    meetingUrl: text('meeting_url').notNull().default(''),
    interviewerId: integer('interviewer_id').references(() => usersTable.id, {
      onDelete: 'set null',
    }),
    interviewerName: text('interviewer_name').notNull().default(''),
    outcome: text('outcome').notNull().default('pending'),
    feedback: text('feedback').notNull().default(''),
    createdById: integer('created_by').references(() => usersTable.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('interviews_pipeline_id_idx').on(table.pipelineId),
    index('interviews_scheduled_at_idx').on(table.scheduledAt),
  ],
);

export type InterviewRow = typeof interviewsTable.$inferSelect;
export type NewInterviewRow = typeof interviewsTable.$inferInsert;

export const submittalsTable = pgTable(
  'submittals',
  {
    id: serial('id').primaryKey(),
    pipelineId: integer('pipeline_id')
      .notNull()
      .references(() => pipelinesTable.id, { onDelete: 'cascade' }),
    submittedOn: date('submitted_on', { mode: 'string' }).notNull(),
    submittedById: integer('submitted_by').references(() => usersTable.id, {
      onDelete: 'set null',
    }),
    proposedSalary: numeric('proposed_salary', { precision: 14, scale: 2 }),
    note: text('note').notNull().default(''),
    outcome: text('outcome').notNull().default('pending'),
    outcomeAt: timestamp('outcome_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('submittals_pipeline_id_idx').on(table.pipelineId)],
);

export type SubmittalRow = typeof submittalsTable.$inferSelect;
export type NewSubmittalRow = typeof submittalsTable.$inferInsert;

/**
 * A placement is money owed: its pipeline cannot be deleted while it exists (RESTRICT), and so neither
 * can the pipeline's candidate or role (their cascades stop here).
 */
export const placementsTable = pgTable('placements', {
  id: serial('id').primaryKey(),
  pipelineId: integer('pipeline_id')
    .notNull()
    .unique('placements_pipeline_id_unique')
    .references(() => pipelinesTable.id, { onDelete: 'restrict' }),
  salary: numeric('salary', { precision: 14, scale: 2 }).notNull(),
  currency: text('currency').notNull().default('USD'),
  startDate: date('start_date', { mode: 'string' }).notNull(),
  fee: numeric('fee', { precision: 14, scale: 2 }).notNull(),
  feePercent: numeric('fee_percent', { precision: 5, scale: 2 }),
  feeExplanation: text('fee_explanation').notNull().default(''),
  guaranteeEnd: date('guarantee_end', { mode: 'string' }),
  createdById: integer('created_by').references(() => usersTable.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type PlacementRow = typeof placementsTable.$inferSelect;
export type NewPlacementRow = typeof placementsTable.$inferInsert;

// ---- Shared join: pipeline -> role -> client, read by pipelines, applications, invoices, calendar and demo ----

/**
 * Joins the pipeline's role and the role's client (both inner) onto a dynamic select that already reads
 * `pipelinesTable` (from it, or joined to it): `joinPipelineRoleClient(db.select(...).from(pipelinesTable).$dynamic())`.
 */
export function joinPipelineRoleClient<T extends PgSelect>(query: T) {
  return joinRoleClient(query.innerJoin(rolesTable, eq(rolesTable.id, pipelinesTable.roleId)));
}

/** Joins the pipeline's candidate and role (both inner) onto a dynamic select that already reads `pipelinesTable`. */
export function joinPipelineCandidateRole<T extends PgSelect>(query: T) {
  return query
    .innerJoin(candidatesTable, eq(candidatesTable.id, pipelinesTable.candidateId))
    .innerJoin(rolesTable, eq(rolesTable.id, pipelinesTable.roleId));
}
