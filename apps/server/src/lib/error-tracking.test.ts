import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../config/env';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { insertUser } from '../factories/users.factory';
import { startSentrySink, type SentrySink } from '../test/sentry-sink';
import { signedInClient } from '../test/sign-in';
import { createErrorTracker } from './error-tracking';

// Issue 9 §5: the server reports unexpected errors to Sentry (a real HTTP endpoint here) with the user's
// id and type, and nothing that names a person or carries what they sent.
describe('error tracking', { timeout: 60_000 }, () => {
  let sink: SentrySink;
  let t: TestApp;
  beforeAll(async () => {
    sink = await startSentrySink();
    t = await buildTestApp({ env: { SENTRY_DSN: sink.dsn } });
  });
  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });

  it('is off without SENTRY_DSN, and the DSN must be a URL', async () => {
    expect(await createErrorTracker(parseEnv({ DATA_DIR: t.dataDir }))).toBeNull();
    expect(() => parseEnv({ DATA_DIR: t.dataDir, SENTRY_DSN: 'not a dsn' })).toThrow(/SENTRY_DSN/);
  });

  it('tells the browser the DSN at run time', async () => {
    const response = await (await signedInClient(t, await insertUser(t.db))).get('/api/config/');
    expect(response.status).toBe(200);
    expect(response.json).toEqual({ success: true, sentry_dsn: sink.dsn, environment: 'test' });
    const anonymous = await fetch(`${t.baseUrl}/api/config/`);
    expect(anonymous.status).toBe(200);
    // The browser may send its reports to the DSN's host, and nowhere else new.
    const connectSrc = /connect-src ([^;]*)/.exec(anonymous.headers.get('content-security-policy') ?? '')?.[1];
    expect(connectSrc).toBe(`'self' ${new URL(sink.dsn).origin}`);
  });

  it('an unexpected server error arrives with the user id and type, without email, name, body or cookies', async () => {
    const user = await insertUser(t.db, {
      email: 'casey.secret@example.test',
      firstName: 'Casey',
      lastName: 'Quartermaine',
    });
    const recruiter = await signedInClient(t, user);
    await recruiter.get('/api/auth/csrf-token/');
    const session = recruiter.cookies.get('sessionid')!;

    // Bad input is the user's mistake, not an error to report.
    expect((await recruiter.post('/api/clients/', { name: '' })).status).toBe(400);

    // A database that lost its table: the insert fails with the client's values among its parameters.
    await t.db.execute(sql`alter table clients rename to clients_moved_away`);
    try {
      const response = await recruiter.post('/api/clients/', {
        name: 'Zanzibar Confidential Holdings',
        client_type: 'finders_fee',
        contact_name: 'Ann Whitlock',
        contact_email: 'ann.whitlock@zanzibar.example',
      });
      expect(response.status).toBe(500);
      expect(response.json).toEqual({ success: false, error: expect.any(String) });
    } finally {
      await t.db.execute(sql`alter table clients_moved_away rename to clients`);
    }

    await t.app.deps.errorTracker!.flush(5000);
    await expect.poll(() => sink.errorEvents().length, { timeout: 10_000 }).toBe(1);
    const [event] = sink.errorEvents() as [
      {
        tags: Record<string, string>;
        user: unknown;
        request: { method: string; url: string };
        exception: { values: { type: string; value: string }[] };
      },
    ];
    expect(event.tags.user_type).toBe('recruiter');
    expect(event.tags.route).toBe('POST /api/clients/');
    expect(event.user).toEqual({ id: String(user.id) });
    expect(event.request).toMatchObject({ method: 'POST', url: '/api/clients/' });
    // The same scrubbing as the logs: the failed query's message without its values.
    expect(event.exception.values.at(-1)?.value).toMatch(/^Failed query/);

    const everything = sink.envelopes
      .map((envelope) => envelope.raw)
      .join('\n')
      .toLowerCase();
    for (const secret of [
      'casey.secret@example.test',
      'Casey',
      'Quartermaine',
      'Zanzibar',
      'Whitlock',
      'ann.whitlock',
      session,
      recruiter.cookies.get('csrftoken')!,
    ]) {
      expect(everything).not.toContain(secret.toLowerCase());
    }
  });
});
