import { z } from 'zod';

/**
 * A form's fields with a `confirm_password` that must repeat the new password in `passwordField` (the
 * mismatch shows on the confirmation): registration, password reset and password change.
 */
export function withPasswordConfirmation<Shape extends z.ZodRawShape>(
  shape: Shape,
  passwordField: keyof Shape & string,
) {
  return z.object({ ...shape, confirm_password: z.string() }).refine(
    (values) => {
      const fields = values as Record<string, unknown>;
      return fields[passwordField] === fields.confirm_password;
    },
    {
      message: 'The passwords do not match.',
      path: ['confirm_password'],
    },
  );
}
