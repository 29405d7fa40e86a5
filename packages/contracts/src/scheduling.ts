/** Interview scheduling (issue 35): slots offered for a pipeline, picked by the candidate and the client's contact. */
import { z } from 'zod';
import { IdSchema } from './common';

const text = (max: number) => z.string().trim().max(max, `Use at most ${max} characters.`);

export const SCHEDULING_MESSAGES = {
  slotsRequired: 'Offer at least one time.',
  tooManySlots: 'Offer at most 10 times.',
  slotTime: 'Enter a date and time.',
  slotPast: 'Offer times in the future.',
  slotDuplicate: 'Each time may be offered once.',
  timeZone: 'Choose a time zone from the list.',
  interviewerNotFound: 'Choose an interviewer from the list.',
  contactNotFound: "Choose one of the client's contacts.",
  noContact: 'The role has no hiring manager: choose the contact who interviews.',
  contactNoEmail: 'This contact has no email address.',
  candidateNoEmail: 'The candidate has no email address.',
  stage: 'Interview times can be offered once the candidate was submitted to the client.',
  nothingOffered: 'No interview times are offered for this candidate.',
  linkNotFound: 'This link is not valid or has expired.',
  slotTaken: 'This time is no longer available. Choose another.',
  slotNotOffered: 'Choose one of the times offered.',
  closed: 'This interview is no longer being scheduled.',
  tooMany: 'Too many requests. Wait a moment and try again.',
  meetingUrl: 'Enter a link starting with https:// or http://.',
  notHeld: 'The interview has not taken place yet. Tell us how it went afterwards.',
  outcomeRecorded: 'The outcome of this interview is already recorded. Thank you.',
} as const;

/** Every IANA zone the runtime knows, e.g. 'America/New_York'; 'UTC' too. */
export function isTimeZone(zone: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(zone)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const TimeZoneSchema = z.string().trim().refine(isTimeZone, { error: SCHEDULING_MESSAGES.timeZone });

/** A wall-clock time in the offer's time zone: '2026-12-01T09:30'. */
const LocalDateTimeSchema = z
  .string({ error: SCHEDULING_MESSAGES.slotTime })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, SCHEDULING_MESSAGES.slotTime);

/**
 * POST /api/pipelines/{id}/slots/: offer times (wall clock in `time_zone`, the interviewer's zone) to the
 * candidate and the client's contact (the role's hiring manager unless `contact_id`). Offering again while an
 * interview is booked or times are open replaces them (a reschedule).
 */
export const OfferSlotsInputSchema = z.object({
  interviewer_id: IdSchema,
  time_zone: TimeZoneSchema,
  duration_minutes: z.coerce
    .number({ error: 'Enter the length in minutes.' })
    .int('Enter whole minutes.')
    .min(15, 'An interview lasts at least 15 minutes.')
    .max(480, 'An interview lasts at most 8 hours.')
    .default(60),
  location: text(300).default(''),
  meeting_url: text(500)
    .refine((value) => value === '' || /^https?:\/\/\S+$/i.test(value), { error: SCHEDULING_MESSAGES.meetingUrl })
    .default(''),
  slots: z
    .array(z.object({ start: LocalDateTimeSchema }))
    .min(1, SCHEDULING_MESSAGES.slotsRequired)
    .max(10, SCHEDULING_MESSAGES.tooManySlots),
  contact_id: IdSchema.optional(),
  /** Book as soon as the contact picks (else when both picked the same time); default: the agency's setting. */
  contact_pick_books: z.boolean().optional(),
  note: text(2000).default(''),
});
export type OfferSlotsInput = z.input<typeof OfferSlotsInputSchema>;

export const SLOT_OFFER_STATUSES = ['open', 'booked', 'cancelled', 'replaced'] as const;
export type SlotOfferStatus = (typeof SLOT_OFFER_STATUSES)[number];

export const SlotSchema = z.object({
  id: z.number().int(),
  starts_at: z.string(),
  ends_at: z.string(),
  /** Taken by another interview of the interviewer (or booked elsewhere): no longer pickable. */
  available: z.boolean(),
});
export type Slot = z.infer<typeof SlotSchema>;

export const SlotParticipantSchema = z.object({
  kind: z.enum(['candidate', 'contact']),
  name: z.string(),
  picked_slot_id: z.number().int().nullable(),
  picked_at: z.string().nullable(),
  expires_at: z.string(),
  /** The participant's own link: shown to the recruiter only right after offering (copy to send by hand). */
  url: z.string().optional(),
});
export type SlotParticipant = z.infer<typeof SlotParticipantSchema>;

export const SlotOfferSchema = z.object({
  id: z.number().int(),
  status: z.enum(SLOT_OFFER_STATUSES),
  interviewer: z.object({ id: z.number().int().nullable(), name: z.string() }),
  time_zone: z.string(),
  duration_minutes: z.number().int(),
  location: z.string(),
  meeting_url: z.string(),
  contact_pick_books: z.boolean(),
  slots: z.array(SlotSchema),
  participants: z.array(SlotParticipantSchema),
  booked_slot_id: z.number().int().nullable(),
  /** The pipeline's client interview this booking made. */
  interview_id: z.number().int().nullable(),
  /** The calendar invitation's SEQUENCE (0 for the first booking, +1 for each reschedule or cancel). */
  sequence: z.number().int(),
  created_at: z.string(),
});
export type SlotOffer = z.infer<typeof SlotOfferSchema>;

/** GET /api/pipelines/{id}/slots/: the current offer (null when none), and the earlier ones, newest first. */
export const SlotOffersResponseSchema = z.object({
  success: z.literal(true),
  offer: SlotOfferSchema.nullable(),
  history: z.array(SlotOfferSchema),
});
export type SlotOffersResponse = z.infer<typeof SlotOffersResponseSchema>;

export const SlotOfferResponseSchema = z.object({ success: z.literal(true), offer: SlotOfferSchema });
export type SlotOfferResponse = z.infer<typeof SlotOfferResponseSchema>;

/** POST /api/pipelines/{id}/slots/cancel/: cancels the open offer, or the booked interview (a CANCEL invitation). */
export const CancelSlotsInputSchema = z.object({ reason: text(500).default('') });
export type CancelSlotsInput = z.input<typeof CancelSlotsInputSchema>;

/** POST /api/schedule/{token}/pick/ (JSON or a form post). */
export const PickSlotInputSchema = z.object({ slot_id: IdSchema, tz: z.string().max(64).optional() });
export type PickSlotInput = z.input<typeof PickSlotInputSchema>;

export const PickSlotResponseSchema = z.object({
  success: z.literal(true),
  picked_slot_id: z.number().int(),
  booked: z.boolean(),
  starts_at: z.string().nullable(),
});
export type PickSlotResponse = z.infer<typeof PickSlotResponseSchema>;

/** POST /api/schedule/{token}/outcome/ (the contact's link, after the interview; JSON or a form post). */
export const ScheduleOutcomeInputSchema = z.object({
  outcome: z.enum(['passed', 'rejected'], { error: 'Choose how it went.' }),
  feedback: text(2000).default(''),
  tz: z.string().max(64).optional(),
});
export type ScheduleOutcomeInput = z.input<typeof ScheduleOutcomeInputSchema>;

export const ScheduleOutcomeResponseSchema = z.object({
  success: z.literal(true),
  outcome: z.enum(['passed', 'rejected']),
});
