import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { candidatesTable } from '../candidates/candidates.table';
import { emailTemplatesTable } from '../email-templates/email-templates.table';
import { messagesTable } from '../messages/messages.table';
import { rolesTable } from '../roles/roles.table';
import { usersTable } from '../users/users.table';

/** An outreach sequence (issue 33): up to 5 templated steps (sequence_steps), weekends skipped by choice. */
export const sequencesTable = pgTable('sequences', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  skipWeekends: boolean('skip_weekends').notNull().default(true),
  ownerId: integer('owner_id').references(() => usersTable.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A step: its template and the days after the previous step (a used template cannot be deleted). */
export const sequenceStepsTable = pgTable(
  'sequence_steps',
  {
    sequenceId: integer('sequence_id')
      .notNull()
      .references(() => sequencesTable.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    templateId: integer('template_id')
      .notNull()
      .references(() => emailTemplatesTable.id, { onDelete: 'restrict' }),
    delayDays: integer('delay_days').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.sequenceId, table.position] }),
    index('sequence_steps_template_idx').on(table.templateId),
  ],
);

export const ENROLMENT_STATES = ['active', 'stopped', 'finished'] as const;

/** One candidate going through a sequence: the next step and when it is due. */
export const sequenceEnrolmentsTable = pgTable(
  'sequence_enrolments',
  {
    id: serial('id').primaryKey(),
    sequenceId: integer('sequence_id')
      .notNull()
      .references(() => sequencesTable.id, { onDelete: 'cascade' }),
    candidateId: integer('candidate_id')
      .notNull()
      .references(() => candidatesTable.id, { onDelete: 'cascade' }),
    roleId: integer('role_id').references(() => rolesTable.id, { onDelete: 'set null' }),
    /** Who enrolled the candidate: the messages go out as them. */
    enrolledById: integer('enrolled_by').references(() => usersTable.id, { onDelete: 'set null' }),
    state: text('state', { enum: ENROLMENT_STATES }).notNull().default('active'),
    stopReason: text('stop_reason'),
    stopDetail: text('stop_detail').notNull().default(''),
    /** The inbound message that stopped it (a reply). */
    stopMessageId: integer('stop_message_id').references(() => messagesTable.id, { onDelete: 'set null' }),
    nextStep: integer('next_step').notNull().default(0),
    nextRunAt: timestamp('next_run_at', { withTimezone: true }),
    enrolledAt: timestamp('enrolled_at', { withTimezone: true }).notNull().defaultNow(),
    stoppedAt: timestamp('stopped_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('sequence_enrolments_state_check', sql`${table.state} in ('active', 'stopped', 'finished')`),
    // A candidate is in a sequence once at a time.
    uniqueIndex('sequence_enrolments_active_idx')
      .on(table.sequenceId, table.candidateId)
      .where(sql`${table.state} = 'active'`),
    index('sequence_enrolments_due_idx')
      .on(table.nextRunAt)
      .where(sql`${table.state} = 'active'`),
    index('sequence_enrolments_candidate_idx').on(table.candidateId),
  ],
);

/** Each step queued for an enrolment, once: the key that makes the recurring job safe to run twice. */
export const sequenceStepSendsTable = pgTable(
  'sequence_step_sends',
  {
    enrolmentId: integer('enrolment_id')
      .notNull()
      .references(() => sequenceEnrolmentsTable.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    messageId: integer('message_id').references(() => messagesTable.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.enrolmentId, table.position] })],
);

export type SequenceRow = typeof sequencesTable.$inferSelect;
export type SequenceStepRow = typeof sequenceStepsTable.$inferSelect;
export type EnrolmentRow = typeof sequenceEnrolmentsTable.$inferSelect;
