// What error-tracking.ts asks of the lazily loaded Sentry client (sentry-client.ts). Its own file, so that
// the two do not import each other (issue 30 item 5: no import cycles, type-only imports included).
import type { User } from '@recruitdesk/contracts/users';

export interface ErrorReporter {
  capture(error: unknown): void;
  setUser(user: Pick<User, 'id' | 'role'> | null): void;
}
