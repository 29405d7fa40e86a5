// Error tracking in the browser (issue 9 §5; decision 012). This file is in the first script and stays
// tiny: it asks the server for the DSN at run time and, only when one is set, loads the Sentry SDK as a
// separate chunk. Errors reported before the SDK is ready wait for it (or are dropped when tracking is off).
import type { PublicConfigResponse } from '@recruitdesk/contracts/error-tracking';
import type { User } from '@recruitdesk/contracts/users';
import type { ErrorReporter } from './error-reporter';

type State = { kind: 'idle' } | { kind: 'loading' } | { kind: 'off' } | { kind: 'on'; reporter: ErrorReporter };

let state: State = { kind: 'idle' };
let waiting: unknown[] = [];
let currentUser: Pick<User, 'id' | 'role'> | null = null;

/** Reports an error (the route error boundary, the root boundary); a no-op when tracking is off. */
export function reportError(error: unknown) {
  if (state.kind === 'on') state.reporter.capture(error);
  else if (state.kind !== 'off' && waiting.length < 20) waiting.push(error);
}

/** The signed-in user's id and type go with every report ("the role is reported", spec §6); nothing else. */
export function setErrorTrackingUser(user: Pick<User, 'id' | 'role'> | null) {
  currentUser = user ? { id: user.id, role: user.role } : null;
  if (state.kind === 'on') state.reporter.setUser(currentUser);
}

/**
 * Reads GET /api/config/ and starts Sentry when the server has a DSN. `load` is the lazy SDK chunk
 * (injectable for tests).
 */
export async function startErrorTracking(
  load: () => Promise<{ startSentry(dsn: string, environment: string): ErrorReporter }> = () =>
    import('./sentry-client'),
): Promise<void> {
  if (state.kind !== 'idle') return;
  state = { kind: 'loading' };
  try {
    const response = await fetch('/api/config/', { credentials: 'same-origin' });
    const config = (await response.json()) as PublicConfigResponse;
    if (!response.ok || !config.sentry_dsn) throw new Error('off');
    const reporter = (await load()).startSentry(config.sentry_dsn, config.environment);
    reporter.setUser(currentUser);
    state = { kind: 'on', reporter };
    for (const error of waiting) reporter.capture(error);
  } catch {
    state = { kind: 'off' };
  }
  waiting = [];
}

/** Tests only: back to the initial state. */
export function resetErrorTrackingForTests() {
  state = { kind: 'idle' };
  waiting = [];
  currentUser = null;
}
