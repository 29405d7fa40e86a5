import type { UserRow } from '../modules/users/users.service';
import { createSession } from '../modules/sessions/sessions.service';
import type { TestApp } from './build-test-app';
import { HttpClient } from './http-client';

/** A client signed in as the user without the cost of a password check (a session row made directly). */
export async function signedInClient(t: TestApp, user: UserRow, userAgent: string | null = null): Promise<HttpClient> {
  const { token } = await createSession(t.db, {
    userId: user.id,
    rememberMe: false,
    ip: '127.0.0.1',
    userAgent,
    now: t.config.now(),
  });
  const client = new HttpClient(t.baseUrl);
  client.cookies.set('sessionid', token);
  return client;
}
