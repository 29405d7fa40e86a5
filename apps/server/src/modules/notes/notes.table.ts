import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { usersTable } from '../users/users.table';

/** Notes on any record: (model_type, object_id) names it; no foreign key (the services delete them). */
export const notesTable = pgTable(
  'notes',
  {
    id: serial('id').primaryKey(),
    modelType: text('model_type').notNull(),
    objectId: integer('object_id').notNull(),
    body: text('body').notNull(),
    pinned: boolean('pinned').notNull().default(false),
    authorId: integer('author_id').references(() => usersTable.id, { onDelete: 'set null' }),
    // Kept so the note still names its author after the user is deleted.
    authorName: text('author_name').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    // When the text was last changed; null until then. Pinning is not an edit.
    editedAt: timestamp('edited_at', { withTimezone: true }),
  },
  (table) => [index('notes_target_idx').on(table.modelType, table.objectId, table.pinned, table.createdAt)],
);

export type NoteRow = typeof notesTable.$inferSelect;
export type NewNoteRow = typeof notesTable.$inferInsert;
