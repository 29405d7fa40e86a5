import { z } from 'zod';

/** One sign-in of the current user (GET /api/sessions/). */
export const SessionSchema = z.object({
  id: z.number().int(),
  /** e.g. 'Chrome 156 on Linux' */
  device: z.string(),
  browser: z.string().nullable(),
  os: z.string().nullable(),
  ip: z.string().nullable(),
  created_at: z.string(),
  last_seen_at: z.string(),
  expires_at: z.string(),
  remember_me: z.boolean(),
  current: z.boolean(),
});
export type Session = z.infer<typeof SessionSchema>;

export const SessionListResponseSchema = z.object({ success: z.literal(true), sessions: z.array(SessionSchema) });
export type SessionListResponse = z.infer<typeof SessionListResponseSchema>;

/** POST /api/sessions/revoke-others/ */
export const RevokeOthersResponseSchema = z.object({ success: z.literal(true), revoked: z.number().int() });

export const SESSION_MESSAGES = {
  notFound: 'Session not found.',
  revoked: 'The session was signed out.',
  revokedCurrent: 'You have been signed out.',
} as const;
