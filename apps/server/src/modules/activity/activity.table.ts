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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('activity_actor_id_idx').on(table.actorId, table.id.desc()),
    index('activity_created_at_idx').on(table.createdAt.desc()),
    index('activity_object_idx').on(table.modelType, table.objectId, table.id.desc()),
  ],
);

export type ActivityRow = typeof activityTable.$inferSelect;
