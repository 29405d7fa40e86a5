/**
 * The outbox under faults (issue 33, decision 105), with a real SMTP server on 127.0.0.1:
 * - a server killed with SIGKILL right after the relay accepted a message and before the answer reached the
 *   database (the test-only RECRUITDESK_TEST_KILL_AFTER_RELAY hook in mail-send.ts): after a restart the
 *   message is `unconfirmed` and the relay got it exactly once; it is never sent again on its own. On the
 *   embedded database and on PostgreSQL.
 * - two servers on one PostgreSQL database: 30 messages, each delivered exactly once.
 */
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase } from '../../src/test/build-test-app';
import { HttpClient } from '../../src/test/http-client';
import { startFakeRelay, type FakeRelay } from '../../src/test/mail';
import { eventually, signedInOwner, sleep, startServer, tempDir } from './harness';

const SECRET_KEY = 'fault-test-secret-key-0123456789abcdef';
const MAIL_ENV = { RECRUITDESK_TEST_MAIL_LEASE_MS: '2000', JOBS_POLL_MS: '200' };

function sameCookies(client: HttpClient, baseUrl: string): HttpClient {
  const copy = new HttpClient(baseUrl);
  for (const [name, value] of client.cookies) copy.cookies.set(name, value);
  return copy;
}

async function send(client: HttpClient, subject: string): Promise<number> {
  const response = await client.post('/api/messages/', {
    to: [{ name: 'Fault Test', address: 'fault.test@example.test' }],
    subject,
    body_html: `<p>${subject}</p>`,
  });
  expect(response.status, response.text).toBe(201);
  return response.json.message.id as number;
}

const copiesOf = (relay: FakeRelay, subject: string) =>
  relay.received.filter((mail) => mail.raw.includes(`Subject: ${subject}\r\n`)).length;

async function killAfterRelay(env: Record<string, string>, label: string) {
  const relay = await startFakeRelay();
  const dataDir = tempDir(`mail-kill-${label}`);
  try {
    const serverEnv = { ...env, ...MAIL_ENV, SECRET_KEY, SMTP_URL: relay.url };
    const first = await startServer({ dataDir, env: { ...serverEnv, RECRUITDESK_TEST_KILL_AFTER_RELAY: '1' } });
    const client = await signedInOwner(first.baseUrl);
    const subject = `Killed mid-send ${label}`;
    const id = await send(client, subject);
    // The server kills itself once the relay said 250, before writing it down.
    expect((await first.exited).signal).toBe('SIGKILL');
    expect(copiesOf(relay, subject)).toBe(1);

    const second = await startServer({ dataDir, env: serverEnv });
    try {
      const again = sameCookies(client, second.baseUrl);
      const view = await eventually(
        async () => {
          const message = (await again.get(`/api/messages/${id}/`)).json.message;
          if (message.status === 'sending') throw new Error('still sending');
          return message;
        },
        120_000,
        200,
      );
      expect(view.status).toBe('unconfirmed');
      // Well past the lease and the poll: nothing goes out again.
      await sleep(5000);
      expect(copiesOf(relay, subject)).toBe(1);
      expect((await again.get(`/api/messages/${id}/`)).json.message.status).toBe('unconfirmed');

      // A message sent after the restart goes once, normally.
      const next = await send(again, `After the restart ${label}`);
      await eventually(async () => {
        expect((await again.get(`/api/messages/${next}/`)).json.message.status).toBe('sent');
      });
      expect(copiesOf(relay, `After the restart ${label}`)).toBe(1);
    } finally {
      await second.stop();
    }
  } finally {
    await relay.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

describe('the outbox under faults', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });
  const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

  it(
    'a server killed between the relay and the database: sent once, unconfirmed (PGlite)',
    { timeout: 600_000 },
    async () => {
      await killAfterRelay({}, 'pglite');
    },
  );

  it(
    'a server killed between the relay and the database: sent once, unconfirmed (PostgreSQL)',
    { timeout: 600_000 },
    async () => {
      const created = await createPostgresDatabase(adminUrl);
      cleanups.push(() => created.drop());
      await killAfterRelay({ DATABASE_URL: created.url }, 'pg');
    },
  );

  it('two servers on one database deliver each of 30 messages exactly once', { timeout: 600_000 }, async () => {
    const created = await createPostgresDatabase(adminUrl);
    cleanups.push(() => created.drop());
    const relay = await startFakeRelay();
    cleanups.push(() => relay.close());
    const env = { ...MAIL_ENV, DATABASE_URL: created.url, SECRET_KEY, SMTP_URL: relay.url };
    const [dirA, dirB] = [tempDir('mail-two-a'), tempDir('mail-two-b')];
    cleanups.push(() => rmSync(dirA, { recursive: true, force: true }));
    cleanups.push(() => rmSync(dirB, { recursive: true, force: true }));
    const a = await startServer({ dataDir: dirA, env });
    cleanups.push(() => a.stop());
    const b = await startServer({ dataDir: dirB, env });
    cleanups.push(() => b.stop());
    const onA = await signedInOwner(a.baseUrl);
    const onB = sameCookies(onA, b.baseUrl);

    const ids: number[] = [];
    for (let index = 0; index < 30; index += 1) ids.push(await send(index % 2 ? onB : onA, `Two servers ${index}`));
    await eventually(
      async () => {
        for (const id of ids) expect((await onA.get(`/api/messages/${id}/`)).json.message.status).toBe('sent');
      },
      180_000,
      500,
    );
    await sleep(3000);
    for (let index = 0; index < 30; index += 1)
      expect(copiesOf(relay, `Two servers ${index}`), `message ${index}`).toBe(1);
    expect(relay.received).toHaveLength(30);
  });
});
