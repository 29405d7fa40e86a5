// Plain constants, no zod: the sign-in page imports them without loading the schema library.

/** Fixed texts shared by the server and the screens. */
export const AUTH_MESSAGES = {
  invalidCredentials: 'The email or password you entered is incorrect.',
  tooManyAttempts: 'Too many sign-in attempts. Please wait and try again.',
  resetRequested:
    'If an account exists for that email, we have sent a link to reset the password. The link is valid for 24 hours.',
  resetInvalid: 'This password reset link is invalid or has expired. Please request a new one.',
  resetDone: 'Your password has been changed. You can now sign in.',
  sessionExpired: 'Your session has expired. Please log in again.',
  csrfFailed: 'CSRF token missing or incorrect',
  notAuthenticated: 'Authentication credentials were not provided.',
} as const;
