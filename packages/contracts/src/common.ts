import { z } from 'zod';

/** The error body every failing API call returns (design §4). */
export const ErrorResponseSchema = z.object({
  success: z.literal(false),
  error: z.string(),
  code: z.string().optional(),
  fields: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;

export const MessageResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
});
export type MessageResponse = z.infer<typeof MessageResponseSchema>;

/** Ids are PostgreSQL `integer`s: anything above 2^31 - 1 cannot exist and is bad input (400), not a 500. */
export const MAX_ID = 2_147_483_647;
export const IdParamSchema = z.object({ id: z.coerce.number().int().positive().max(MAX_ID) });

/** Django-style email field: trimmed, at most 254 characters. */
export const EmailSchema = z
  .string({ error: 'Enter an email address.' })
  .trim()
  .min(1, 'Enter an email address.')
  .max(254, 'Email addresses are at most 254 characters.')
  .pipe(z.email({ error: 'Enter a valid email address.' }));

/** Fixed texts of the file endpoints (signed upload and download links). */
export const FILE_MESSAGES = {
  linkInvalid: 'This link is not valid.',
  linkExpired: 'This link has expired.',
  wrongType: 'The file type does not match the upload link.',
  tooLarge: 'The file is too large.',
  notFound: 'File not found.',
} as const;
