import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { candidatesTable } from '../candidates/candidates.table';
import { rolesTable } from '../roles/roles.table';
import { usersTable } from '../users/users.table';

/**
 * What matching compares of each candidate (profiles.ts), one row per candidate. The trigger
 * `candidates_match_profile_mark` (this module's migration) marks the row stale, and copies the status and
 * last activity, in the same transaction as any insert or update of the candidate, whichever code wrote it;
 * the matching service rebuilds stale rows before it ranks (and `npm run matching:rebuild` rebuilds them all).
 */
export const candidateMatchProfilesTable = pgTable(
  'candidate_match_profiles',
  {
    candidateId: integer('candidate_id')
      .primaryKey()
      .references(() => candidatesTable.id, { onDelete: 'cascade' }),
    stale: boolean('stale').notNull().default(true),
    /** Skill keys (canonical names lower-cased), from the skills list and the resume. */
    skills: text('skills')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    level: smallint('level').notNull().default(0),
    years: integer('years'),
    salaryMinor: bigint('salary_minor', { mode: 'number' }),
    salaryCurrency: text('salary_currency').notNull().default(''),
    locationTokens: text('location_tokens')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    titleTokens: text('title_tokens')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    status: text('status').notNull(),
    lastActivity: timestamp('last_activity', { withTimezone: true }).notNull(),
    builtAt: timestamp('built_at', { withTimezone: true }),
    /**
     * Goes up with every write of the row (the trigger `candidate_match_profiles_revision` sets it from a
     * sequence): each server's in-memory index reads the rows changed since it last looked.
     */
    revision: bigint('revision', { mode: 'number' }).notNull().default(0),
  },
  (table) => [
    index('candidate_match_profiles_revision_idx').on(table.revision),
    index('candidate_match_profiles_skills_idx').using('gin', table.skills).with({ fastupdate: false }),
    index('candidate_match_profiles_stale_idx')
      .on(table.candidateId)
      .where(sql`stale`),
  ],
);

/** A role's matching weights and must-have skills (absent: the defaults). */
export const roleMatchSettingsTable = pgTable('role_match_settings', {
  roleId: integer('role_id')
    .primaryKey()
    .references(() => rolesTable.id, { onDelete: 'cascade' }),
  weights: jsonb('weights').notNull(),
  mustSkills: text('must_skills')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  updatedById: integer('updated_by').references(() => usersTable.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** "Not a fit" for a role, with why: the ranking halves the candidate's score for that role. */
export const matchFeedbackTable = pgTable(
  'match_feedback',
  {
    id: serial('id').primaryKey(),
    roleId: integer('role_id')
      .notNull()
      .references(() => rolesTable.id, { onDelete: 'cascade' }),
    candidateId: integer('candidate_id')
      .notNull()
      .references(() => candidatesTable.id, { onDelete: 'cascade' }),
    verdict: text('verdict').notNull(),
    reason: text('reason').notNull(),
    createdById: integer('created_by').references(() => usersTable.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('match_feedback_role_candidate_unique').on(table.roleId, table.candidateId),
    index('match_feedback_candidate_idx').on(table.candidateId),
  ],
);

export type CandidateMatchProfileRow = typeof candidateMatchProfilesTable.$inferSelect;
