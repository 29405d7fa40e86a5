import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { usersTable } from '../users/users.table';

export const activityTable = pgTable(
  'activity',
  {
    id: serial('id').primaryKey(),
    actorId: integer('actor_id').references(() => usersTable.id, { onDelete: 'set null' }),
    // Kept so the log still names the actor after the user is deleted.
    actorName: text('actor_name').notNull().default(''),
    verb: text('verb').notNull(),
    modelType: text('model_type').notNull(),
    objectId: integer('object_id'),
    summary: text('summary').notNull().default(''),
    // What the row's record hangs under (decision 029): a pipeline event names its role, candidate and
    // client, a note on a role its role and client, so a record's history is one indexed query. No foreign
    // keys: the history outlives what it tells about.
    clientId: integer('client_id'),
    roleId: integer('role_id'),
    candidateId: integer('candidate_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('activity_actor_id_idx').on(table.actorId, table.id.desc()),
    index('activity_created_at_idx').on(table.createdAt.desc()),
    index('activity_object_idx').on(table.modelType, table.objectId, table.id.desc()),
    index('activity_client_id_idx').on(table.clientId, table.id.desc()),
    index('activity_role_id_idx').on(table.roleId, table.id.desc()),
    index('activity_candidate_id_idx').on(table.candidateId, table.id.desc()),
  ],
);

export type ActivityRow = typeof activityTable.$inferSelect;
