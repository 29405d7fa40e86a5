import { clearCsrfCache, setSessionExpiredHandler } from '@/lib/api';

/** Forgets the API wrapper's state between tests: the cached CSRF token and the session-expiry handler. */
export function resetApiStateForTests(): void {
  clearCsrfCache();
  setSessionExpiredHandler(null);
}
