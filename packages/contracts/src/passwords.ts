import { z } from 'zod';

/**
 * The shape rules of the password policy (security §7). The server adds the checks that need data:
 * similarity to the user's email and name, and the bundled common-password list.
 */
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 128;

export const NewPasswordSchema = z
  .string({ error: 'Enter a password.' })
  .min(PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters.`)
  .max(PASSWORD_MAX_LENGTH, `Use at most ${PASSWORD_MAX_LENGTH} characters.`)
  .refine((value) => !/^\d+$/.test(value), 'The password cannot be entirely numeric.');
