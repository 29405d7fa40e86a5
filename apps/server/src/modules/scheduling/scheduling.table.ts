import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { clientContactsTable } from '../contacts/contacts.table';
import { interviewsTable, pipelinesTable } from '../pipelines/pipelines.table';
import { usersTable } from '../users/users.table';

/**
 * Interview times offered for one pipeline (issue 35, decision 124): the interviewer (a user) and their time
 * zone, the length, the place or video link; open until booked, cancelled, or replaced by a new offer (a
 * reschedule, which keeps the calendar UID and raises the SEQUENCE). At most one open or booked offer per
 * pipeline, and one booked interview per interviewer and start time (both enforced by unique indexes).
 */
export const slotOffersTable = pgTable(
  'slot_offers',
  {
    id: serial('id').primaryKey(),
    pipelineId: integer('pipeline_id')
      .notNull()
      .references(() => pipelinesTable.id, { onDelete: 'cascade' }),
    interviewerId: integer('interviewer_id').references(() => usersTable.id, { onDelete: 'set null' }),
    interviewerName: text('interviewer_name').notNull().default(''),
    /** The interviewer's IANA zone: the times were offered in it, and the invitation's TZID is it. */
    timeZone: text('time_zone').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    location: text('location').notNull().default(''),
    meetingUrl: text('meeting_url').notNull().default(''),
    note: text('note').notNull().default(''),
    /** True: the contact's pick books the interview; false: the candidate and the contact pick the same time. */
    contactPickBooks: boolean('contact_pick_books').notNull().default(false),
    /** open | booked | cancelled | replaced. */
    status: text('status').notNull().default('open'),
    /** The calendar UID, kept across reschedules (a new offer replacing a booked one takes it over). */
    calendarUid: text('calendar_uid').notNull(),
    /** The SEQUENCE of the last invitation sent for the UID (-1: none sent yet). */
    sequence: integer('sequence').notNull().default(-1),
    replacesOfferId: integer('replaces_offer_id'),
    bookedSlotId: integer('booked_slot_id'),
    /** The booked time (copied from the slot) for the double-booking index. */
    bookedStartsAt: timestamp('booked_starts_at', { withTimezone: true }),
    /** The pipeline's client interview the booking made. */
    interviewId: integer('interview_id').references(() => interviewsTable.id, { onDelete: 'set null' }),
    createdById: integer('created_by').references(() => usersTable.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('slot_offers_status_check', sql`${table.status} in ('open', 'booked', 'cancelled', 'replaced')`),
    index('slot_offers_pipeline_idx').on(table.pipelineId, table.createdAt),
    uniqueIndex('slot_offers_one_active_idx')
      .on(table.pipelineId)
      .where(sql`${table.status} in ('open', 'booked')`),
    uniqueIndex('slot_offers_interviewer_booked_idx')
      .on(table.interviewerId, table.bookedStartsAt)
      .where(sql`${table.status} = 'booked'`),
  ],
);

export type SlotOfferRow = typeof slotOffersTable.$inferSelect;
export type NewSlotOfferRow = typeof slotOffersTable.$inferInsert;

/** One offered time of an offer, as a UTC instant (its end is the start plus the offer's length). */
export const offeredSlotsTable = pgTable(
  'offered_slots',
  {
    id: serial('id').primaryKey(),
    offerId: integer('offer_id')
      .notNull()
      .references(() => slotOffersTable.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
  },
  (table) => [uniqueIndex('offered_slots_offer_start_idx').on(table.offerId, table.startsAt)],
);

export type OfferedSlotRow = typeof offeredSlotsTable.$inferSelect;

/**
 * Who picks (the candidate, the client's contact), each with their own link: a long random token of which only
 * the SHA-256 is stored, expiring. Their pick is the slot they chose (changeable until the interview is booked).
 */
export const slotParticipantsTable = pgTable(
  'slot_participants',
  {
    id: serial('id').primaryKey(),
    offerId: integer('offer_id')
      .notNull()
      .references(() => slotOffersTable.id, { onDelete: 'cascade' }),
    /** candidate | contact. */
    kind: text('kind').notNull(),
    contactId: integer('contact_id').references(() => clientContactsTable.id, { onDelete: 'set null' }),
    name: text('name').notNull().default(''),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    pickedSlotId: integer('picked_slot_id').references(() => offeredSlotsTable.id, { onDelete: 'set null' }),
    pickedAt: timestamp('picked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('slot_participants_kind_check', sql`${table.kind} in ('candidate', 'contact')`),
    uniqueIndex('slot_participants_token_idx').on(table.tokenHash),
    uniqueIndex('slot_participants_offer_kind_idx').on(table.offerId, table.kind),
  ],
);

export type SlotParticipantRow = typeof slotParticipantsTable.$inferSelect;
