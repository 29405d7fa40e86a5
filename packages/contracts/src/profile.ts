import { z } from 'zod';
import { NewPasswordSchema } from './passwords';
import { PersonNameSchema, UsernameSchema } from './registration';
import { ThemeSchema, UserSchema } from './users';

/** PATCH /api/profile/: the signed-in user's own profile and preferences. */
export const UpdateProfileInputSchema = z.object({
  first_name: PersonNameSchema.optional(),
  last_name: PersonNameSchema.optional(),
  username: UsernameSchema.optional(),
  theme: ThemeSchema.optional(),
  sidebar_collapsed: z.boolean().optional(),
  /** An IANA time zone name such as Europe/London, or UTC (GET /api/profile/time-zones/). */
  time_zone: z.string().trim().min(1, 'Choose a time zone.').max(64, 'Choose a time zone.').optional(),
  /** HTML from the signature editor; the server sanitises it (no scripts, handlers or styles). */
  email_signature: z.string().max(20_000, 'Keep the signature under 20,000 characters.').optional(),
});
export type UpdateProfileInput = z.infer<typeof UpdateProfileInputSchema>;

export const UpdateProfileResponseSchema = z.object({ success: z.literal(true), user: UserSchema });
export type UpdateProfileResponse = z.infer<typeof UpdateProfileResponseSchema>;

export const TimeZonesResponseSchema = z.object({
  success: z.literal(true),
  time_zones: z.array(z.string()),
});

export const PROFILE_PICTURE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const PROFILE_PICTURE_MAX_BYTES = 5 * 1024 * 1024;

/** POST /api/profile/picture/upload-url/: ask where to upload; then PUT the bytes there. */
export const PictureUploadUrlInputSchema = z.object({
  content_type: z.enum(PROFILE_PICTURE_TYPES, { error: 'Use a PNG, JPEG or WebP image.' }),
  size: z.number().int().positive().max(PROFILE_PICTURE_MAX_BYTES, 'The picture must be 5 MB or smaller.'),
});
export type PictureUploadUrlInput = z.infer<typeof PictureUploadUrlInputSchema>;

/** A signed, expiring upload target (local storage endpoint or an S3 presigned URL). */
export const UploadTargetSchema = z.object({
  url: z.string(),
  method: z.literal('PUT'),
  headers: z.record(z.string(), z.string()),
  key: z.string(),
  expires_at: z.string(),
});
export type UploadTarget = z.infer<typeof UploadTargetSchema>;

export const UploadTargetResponseSchema = z.object({ success: z.literal(true), upload: UploadTargetSchema });
export type UploadTargetResponse = z.infer<typeof UploadTargetResponseSchema>;

/** POST /api/profile/picture/confirm/: the server checks the uploaded bytes and sets the picture. */
export const ConfirmPictureInputSchema = z.object({ key: z.string().min(1).max(500) });

/** POST /api/profile/password/: ends every other session of the user. */
export const ChangePasswordInputSchema = z.object({
  current_password: z
    .string({ error: 'Enter your current password.' })
    .min(1, 'Enter your current password.')
    .max(1024),
  new_password: NewPasswordSchema,
});
export type ChangePasswordInput = z.infer<typeof ChangePasswordInputSchema>;

/** Fixed texts of the profile endpoints. */
export const PROFILE_MESSAGES = {
  pictureType: 'Use a PNG, JPEG or WebP image.',
  pictureTooLarge: 'The picture must be 5 MB or smaller.',
  pictureMissing: 'Upload the picture first, then confirm it.',
  pictureRemoved: 'Your picture was removed.',
  wrongCurrentPassword: 'Your current password is incorrect.',
  passwordChanged: 'Your password has been changed. Other sessions were signed out.',
  timeZone: 'Choose a time zone from the list.',
} as const;
