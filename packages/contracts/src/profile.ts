import { z } from 'zod';
import { ThemeSchema, UserSchema } from './users';

/** PATCH /api/profile/: the signed-in user's own preferences. */
export const UpdateProfileInputSchema = z.object({
  theme: ThemeSchema.optional(),
  /** An IANA time zone name such as Europe/London, or UTC. */
  time_zone: z.string().trim().min(1, 'Choose a time zone.').max(64, 'Choose a time zone.').optional(),
});
export type UpdateProfileInput = z.infer<typeof UpdateProfileInputSchema>;

export const UpdateProfileResponseSchema = z.object({ success: z.literal(true), user: UserSchema });
export type UpdateProfileResponse = z.infer<typeof UpdateProfileResponseSchema>;
