import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { insertUser } from '../factories/users.factory';
import { HttpClient } from '../test/http-client';
import { signedInClient } from '../test/sign-in';
import { redactUrl, serializeError } from './log-redaction';

const SECRET = 'sk_live_9f8e7d6c5b4a3210SECRET';
const lines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({
    env: { LOG_LEVEL: 'info' },
    deps: { logStream: { write: (line) => void lines.push(line) } },
  });
});
afterAll(async () => {
  await t?.close();
});

const logged = () => lines.join('');
const entries = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);

describe('logs never carry query values or tokens in URLs (security §21)', () => {
  it('an unexpected database error is logged with its SQL and code, without the parameter values or the failing row', async () => {
    // A real failing query: the database refuses the row (CHECK violation, 23514) after validation passed.
    await t.db.execute(sql.raw(`ALTER TABLE clients ADD CONSTRAINT no_live_keys CHECK (name NOT LIKE 'sk_live_%')`));
    const owner = await signedInClient(t, await insertUser(t.db, { userType: ['owner'] }));
    const response = await owner.post('/api/clients/', { name: SECRET, client_type: 'finders_fee' });
    expect(response.status).toBe(500);
    expect(response.text).not.toContain(SECRET);

    const error = entries().find((entry) => entry.msg === 'unexpected error');
    expect(error).toBeDefined();
    const err = error!.err as Record<string, unknown>;
    expect(err.query).toMatch(/^insert into "clients"/);
    expect(err.message).toBe('Failed query');
    expect(err.cause).toMatchObject({
      code: '23514',
      constraint: 'no_live_keys',
      message: 'new row for relation "clients" violates check constraint "no_live_keys"',
    });
    expect(logged()).not.toContain(SECRET);
    expect(logged()).not.toContain('sk_live');
    expect(logged()).not.toMatch(/Failing row|params:/);
  });

  it('the CSRF failure log and the request log redact tokens in URLs', async () => {
    const token = 'invitation-token-abcdef0123456789';
    const client = await signedInClient(t, await insertUser(t.db));
    expect(
      (
        await client.request('PUT', `/api/files/upload/${token}/`, {
          csrf: false,
          rawBody: 'x',
          headers: { 'content-type': 'text/plain' },
        })
      ).status,
    ).toBe(403);
    expect(entries().some((entry) => entry.msg === 'CSRF check failed')).toBe(true);
    await new HttpClient(t.baseUrl).get(`/api/registration/validate/${token}/`);
    await new HttpClient(t.baseUrl).get(`/auth/reset-password/MQ/${token}`, { accept: 'text/html' });
    await new HttpClient(t.baseUrl).get(`/api/nope/?token=${token}&page=2`);
    expect(logged()).toContain('[redacted]');
    expect(logged()).not.toContain(token);
  });

  it('redacts secret URLs anywhere in a string, and errors that quote them', () => {
    expect(redactUrl('GET https://app.example/auth/reset-password/MQ/abc-123?x=1 failed')).toBe(
      'GET https://app.example/auth/reset-password/MQ/[redacted]?x=1 failed',
    );
    expect(redactUrl('/api/files/download/tok.sig/')).toBe('/api/files/download/[redacted]/');
    expect(redactUrl('https://bucket.s3/x.pdf?X-Amz-Credential=AKIA%2F1&X-Amz-Signature=deadbeef')).toBe(
      'https://bucket.s3/x.pdf?X-Amz-Credential=[redacted]&X-Amz-Signature=[redacted]',
    );
    expect(redactUrl('/api/clients/?page=2')).toBe('/api/clients/?page=2');
    const serialized = JSON.stringify(
      serializeError(
        new Error('could not fetch /auth/register-from-token/s3cr3t', {
          cause: new Error('at /api/registration/validate/s3cr3t/'),
        }),
      ),
    );
    expect(serialized).not.toContain('s3cr3t');
    const database = Object.assign(new Error(`Failed query: select $1\nparams: ${SECRET}`), {
      query: 'select $1',
      params: [SECRET],
    });
    expect(JSON.stringify(serializeError(database))).not.toContain(SECRET);
    const pg = Object.assign(new Error(`invalid input syntax for type integer: "${SECRET}"`), {
      code: '22P02',
      severity: 'ERROR',
      detail: SECRET,
    });
    expect(JSON.stringify(serializeError(pg))).not.toContain(SECRET);
  });
});
