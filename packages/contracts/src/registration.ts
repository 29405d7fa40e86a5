import { z } from 'zod';
import { EmailSchema } from './common';
import { NewPasswordSchema } from './passwords';
import { UserSchema, UserTypeInputSchema, UserTypeSchema } from './users';

export const INVITATION_STATUSES = ['pending', 'accepted', 'cancelled', 'expired'] as const;

export const InvitationSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  user_type: z.array(UserTypeSchema),
  status: z.enum(INVITATION_STATUSES),
  invited_by: z.object({ id: z.number().int().nullable(), name: z.string() }).nullable(),
  created_at: z.string(),
  expires_at: z.string(),
  last_sent_at: z.string(),
});
export type Invitation = z.infer<typeof InvitationSchema>;

/** POST /api/registration/invitations/ */
export const CreateInvitationInputSchema = z.object({
  email: EmailSchema,
  user_type: UserTypeInputSchema,
});
export type CreateInvitationInput = z.input<typeof CreateInvitationInputSchema>;

export const InvitationResponseSchema = z.object({ success: z.literal(true), invitation: InvitationSchema });
export type InvitationResponse = z.infer<typeof InvitationResponseSchema>;

/** GET /api/registration/invitations/pending/ */
export const PendingInvitationsResponseSchema = z.object({
  success: z.literal(true),
  invitations: z.array(InvitationSchema),
});
export type PendingInvitationsResponse = z.infer<typeof PendingInvitationsResponseSchema>;

export const InvitationTokenParamSchema = z.object({ token: z.string().min(1).max(200) });

/** GET /api/registration/validate/{token}/ when the token can be used. */
export const ValidateInvitationResponseSchema = z.object({
  success: z.literal(true),
  valid: z.literal(true),
  email: z.string(),
  user_type: z.array(UserTypeSchema),
  expires_at: z.string(),
  agency_name: z.string(),
  invited_by: z.string().nullable(),
});
export type ValidateInvitationResponse = z.infer<typeof ValidateInvitationResponseSchema>;

/**
 * Why a token cannot be used: each has its own code (in the error body's `code`) and message.
 * Unknown → 404; expired, cancelled, used → 410.
 */
export const INVITATION_ERRORS = {
  INVITATION_NOT_FOUND: 'This invitation link is not valid. Check that you copied the whole link from the email.',
  INVITATION_EXPIRED: 'This invitation has expired. Ask the person who invited you to send a new one.',
  INVITATION_CANCELLED: 'This invitation was cancelled. Ask the person who invited you if you still need access.',
  INVITATION_USED: 'This invitation has already been used. Sign in with the account you created.',
} as const;
export type InvitationErrorCode = keyof typeof INVITATION_ERRORS;

export const INVITATION_CONFLICTS = {
  ACCOUNT_EXISTS: 'A user with this email already exists.',
  INVITATION_PENDING: 'An invitation for this email is already pending. Resend it instead.',
} as const;

export const UsernameSchema = z
  .string({ error: 'Choose a username.' })
  .trim()
  .min(3, 'Use at least 3 characters.')
  .max(150, 'Use at most 150 characters.')
  .regex(/^[\w.@+-]+$/, 'Use letters, digits and @ . + - _ only.');

export const PersonNameSchema = z
  .string({ error: 'Enter a name.' })
  .trim()
  .min(1, 'Enter a name.')
  .max(150, 'Use at most 150 characters.');

/** POST /api/registration/complete/ → the new user is signed in (same answer as login). */
export const CompleteRegistrationInputSchema = z.object({
  token: z.string().min(1).max(200),
  username: UsernameSchema,
  first_name: PersonNameSchema,
  last_name: PersonNameSchema,
  password: NewPasswordSchema,
});
export type CompleteRegistrationInput = z.input<typeof CompleteRegistrationInputSchema>;

export const CompleteRegistrationResponseSchema = z.object({
  success: z.literal(true),
  user: UserSchema,
  session_max_age: z.number().int().nullable(),
});

export const INVITATION_MESSAGES = {
  notFound: 'Invitation not found.',
  notPending: 'This invitation is no longer pending.',
  ownerOnly: 'Only an owner can invite another owner.',
  ownersInvitation: "Only an owner can change an owner's invitation.",
  tooMany: 'Too many invitations. Please wait and try again.',
  tooManyLookups: 'Too many attempts. Please wait and try again.',
} as const;
