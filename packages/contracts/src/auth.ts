import { z } from 'zod';
import { EmailSchema } from './common';
import { NewPasswordSchema } from './passwords';
import { UserSchema } from './users';

export const CsrfTokenResponseSchema = z.object({ csrf_token: z.string() });

export const LoginInputSchema = z.object({
  email: EmailSchema,
  password: z
    .string({ error: 'Enter your password.' })
    .min(1, 'Enter your password.')
    .max(1024, 'The password is too long.'),
  remember_me: z.boolean().optional().default(false),
});
export type LoginInput = z.input<typeof LoginInputSchema>;

export const LoginResponseSchema = z.object({
  success: z.literal(true),
  user: UserSchema,
  /** Session length in seconds, or null for a browser-session cookie. */
  session_max_age: z.number().int().nullable(),
});
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

export const ProfileResponseSchema = z.object({ success: z.literal(true), user: UserSchema });

export const AuthStatusResponseSchema = z.object({
  authenticated: z.boolean(),
  user: UserSchema.nullable(),
});
export type AuthStatusResponse = z.infer<typeof AuthStatusResponseSchema>;

export const PasswordResetInputSchema = z.object({ email: EmailSchema });
export type PasswordResetInput = z.infer<typeof PasswordResetInputSchema>;

export const PasswordResetConfirmInputSchema = z.object({
  uid: z.string().min(1).max(64),
  token: z.string().min(1).max(256),
  new_password: NewPasswordSchema,
});
export type PasswordResetConfirmInput = z.infer<typeof PasswordResetConfirmInputSchema>;

export { AUTH_MESSAGES } from './auth-messages';
