import { AUTH_MESSAGES } from '@recruitdesk/contracts/auth-messages';

export const SESSION_EXPIRED_TOAST = {
  message: AUTH_MESSAGES.sessionExpired,
  duration: 4000,
  position: 'top-center',
} as const;
export const SESSION_EXPIRED_REDIRECT_MS = 1000;

let expiring = false;

/** True between a 401 and the redirect to the sign-in page (the auth guard shows a loading screen). */
export function isSessionExpiring(): boolean {
  return expiring;
}

export interface SessionExpiredDeps {
  showToast: (message: string, options: { duration: number; position: 'top-center'; id: string }) => void;
  logout: () => void;
  redirect: () => void;
}

/**
 * The session-expiry flow (spec §4): toast, clear the local session, then after 1 s go to the sign-in page.
 * Parallel 401s run it once.
 */
export function createSessionExpiredHandler(deps: SessionExpiredDeps): () => void {
  return () => {
    if (expiring) return;
    expiring = true;
    deps.showToast(SESSION_EXPIRED_TOAST.message, {
      duration: SESSION_EXPIRED_TOAST.duration,
      position: SESSION_EXPIRED_TOAST.position,
      id: 'session-expired',
    });
    deps.logout();
    setTimeout(() => {
      try {
        deps.redirect();
      } finally {
        expiring = false;
      }
    }, SESSION_EXPIRED_REDIRECT_MS);
  };
}

export function resetSessionExpiryForTests(): void {
  expiring = false;
}
