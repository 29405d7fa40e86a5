import { and, asc, eq, sql } from 'drizzle-orm';
import { boolean, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const usersTable = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    username: text('username').notNull().unique(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    passwordHash: text('password_hash').notNull(),
    userType: text('user_type')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    isActive: boolean('is_active').notNull().default(true),
    timeZone: text('time_zone').notNull().default('UTC'),
    theme: text('theme').notNull().default('light'),
    /** The large-screen sidebar shown as icons only; a preference like the theme (issue 16 item 18). */
    sidebarCollapsed: boolean('sidebar_collapsed').notNull().default(false),
    profilePictureKey: text('profile_picture_key'),
    /** Sanitised HTML appended to the messages this user sends (issue 33). */
    emailSignature: text('email_signature').notNull().default(''),
    lastLogin: timestamp('last_login', { withTimezone: true }),
    dateJoined: timestamp('date_joined', { withTimezone: true }).notNull().defaultNow(),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('users_email_lower_unique').on(sql`lower(${table.email})`)],
);

export type UserRow = typeof usersTable.$inferSelect;
export type NewUserRow = typeof usersTable.$inferInsert;

// ---- Shared columns and conditions: every module that names a person or lists who may recruit ----

/** A user as pickers and names show them. */
export const personNameColumns = {
  id: usersTable.id,
  firstName: usersTable.firstName,
  lastName: usersTable.lastName,
  username: usersTable.username,
  email: usersTable.email,
};

/** Active users who may recruit or interview for the agency (recruiter, owner, superuser). */
export const recruitingUserCondition = and(
  eq(usersTable.isActive, true),
  sql`${usersTable.userType} && ARRAY['recruiter', 'owner', 'superuser']::text[]`,
);

/** By first name, then last name (case-insensitive), then id. */
export const personNameOrder = [
  asc(sql`lower(${usersTable.firstName})`),
  asc(sql`lower(${usersTable.lastName})`),
  asc(usersTable.id),
];
