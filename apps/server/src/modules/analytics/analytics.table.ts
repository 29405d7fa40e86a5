import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { pipelinesTable } from '../pipelines/pipelines.table';
import { rolesTable } from '../roles/roles.table';

// Summary rows of the analytics sets (issue 12, decision 056). Nothing in the app writes them: triggers on
// submittals, placements and pipelines (migration 0025, `analytics_refresh_roles`) recompute a role's rows
// in the same transaction as every write that changes them, so they always equal a recomputation from those
// tables (analytics-summary.test.ts checks it after random writes). Role, client and family filters join the
// role live; only the credited user is copied (who recorded the submittal or placement, else the pipeline's
// recruiter: migration 0032), and a change of either refreshes the rows.

/** Per role, agency day (analytics_time_zone) and credited user: submittals dated that day, placements recorded that day, their fees. */
export const analyticsRoleDaysTable = pgTable(
  'analytics_role_days',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => rolesTable.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    /** Who recorded the submittal or placement (else the pipeline's recruiter); the recruiter filter of these figures. Null: unassigned. */
    recruiterId: integer('recruiter_id'),
    submittals: integer('submittals').notNull().default(0),
    placements: integer('placements').notNull().default(0),
    /** Σ round(placement fee × 100): minor units. */
    feeMinor: bigint('fee_minor', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
  },
  (table) => [
    index('analytics_role_days_day_idx').on(table.day),
    index('analytics_role_days_role_idx').on(table.roleId, table.day),
  ],
);

/** Per role with a submittal or a placement: the first submittal's date and how many placements it has. */
export const analyticsRolesTable = pgTable('analytics_roles', {
  roleId: integer('role_id')
    .primaryKey()
    .references(() => rolesTable.id, { onDelete: 'cascade' }),
  firstSubmittalOn: date('first_submittal_on', { mode: 'string' }),
  placements: integer('placements').notNull().default(0),
});

/**
 * Every finished stay of a pipeline in a stage (entering it — the "created" event counts as entering the
 * first stage — to the next stage change, in days), with the pipeline's role, recruiter and creation time so
 * the stages set filters them without joining the pipelines. Triggers on pipeline_events and pipelines
 * (migration 0026, `analytics_refresh_stays`) recompute a pipeline's stays on every write that changes them.
 */
export const analyticsStageStaysTable = pgTable(
  'analytics_stage_stays',
  {
    pipelineId: integer('pipeline_id')
      .notNull()
      .references(() => pipelinesTable.id, { onDelete: 'cascade' }),
    roleId: integer('role_id').notNull(),
    recruiterId: integer('recruiter_id'),
    pipelineCreatedAt: timestamp('pipeline_created_at', { withTimezone: true }).notNull(),
    stage: text('stage').notNull(),
    days: doublePrecision('days').notNull(),
  },
  (table) => [
    index('analytics_stage_stays_created_idx').on(table.pipelineCreatedAt),
    index('analytics_stage_stays_pipeline_idx').on(table.pipelineId),
    // A client or family filter: the chosen roles' stays.
    index('analytics_stage_stays_role_idx').on(table.roleId, table.pipelineCreatedAt),
  ],
);

/**
 * One row: the zone whose calendar days the summary rows count placements on (AGENCY_TIME_ZONE, decision 060).
 * The server sets it at start through `analytics_use_time_zone`, which rebuilds the rows when it changes.
 */
export const analyticsTimeZoneTable = pgTable(
  'analytics_time_zone',
  {
    id: boolean('id').primaryKey().default(true),
    timeZone: text('time_zone').notNull().default('UTC'),
  },
  (table) => [check('analytics_time_zone_one_row', sql`${table.id}`)],
);
