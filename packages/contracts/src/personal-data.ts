import { z } from 'zod';

/** A person's data (issue 34): erasure, restriction and the access export of a candidate. */

export const ERASE_CONFIRM_MESSAGE = "Type the candidate's full name exactly as shown to confirm the erasure.";

/** POST /api/candidates/{id}/erase/: the candidate's current full name, typed to confirm. */
export const EraseCandidateInputSchema = z.object({
  confirm_name: z.string({ error: ERASE_CONFIRM_MESSAGE }).max(500, ERASE_CONFIRM_MESSAGE),
});
export type EraseCandidateInput = z.infer<typeof EraseCandidateInputSchema>;

/** POST /api/candidates/{id}/restrict/ */
export const RestrictProcessingInputSchema = z.object({
  restricted: z.boolean({ error: 'Say whether processing is restricted (true or false).' }),
});
export type RestrictProcessingInput = z.infer<typeof RestrictProcessingInputSchema>;

export const RestrictProcessingResponseSchema = z.object({
  success: z.literal(true),
  restricted: z.boolean(),
});
export type RestrictProcessingResponse = z.infer<typeof RestrictProcessingResponseSchema>;
