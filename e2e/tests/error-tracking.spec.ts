import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { startSentrySink, type SentrySink } from '../../apps/server/src/test/sentry-sink';
import { expect, login, test } from '../fixtures';
import { DEMO_PASSWORD, E2E_PORT } from '../playwright.config';

// Issue 9 §5: with SENTRY_DSN, a thrown error in the browser reaches Sentry (a real envelope endpoint on
// 127.0.0.1) with the user's id and type and without their email or name. It needs a server started with
// SENTRY_DSN, so this file runs its own, beside the suite's.
const PORT = E2E_PORT + 50;
const dataDir = path.resolve(import.meta.dirname, '../.data-error-tracking');
const serverJs = path.resolve(import.meta.dirname, '../../apps/server/dist/server.js');

let sink: SentrySink;
let server: ChildProcess;

test.use({ baseURL: `http://localhost:${PORT}` });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  sink = await startSentrySink();
  rmSync(dataDir, { recursive: true, force: true });
  server = spawn(process.execPath, [serverJs], {
    env: {
      ...process.env,
      PORT: String(PORT),
      DATA_DIR: dataDir,
      DEMO_PASSWORD,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
      SENTRY_DSN: sink.dsn,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await expect
    .poll(async () => (await fetch(`http://localhost:${PORT}/readyz`).catch(() => null))?.status ?? 0, {
      timeout: 100_000,
      intervals: [500],
    })
    .toBe(200);
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  await sink?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

test('a thrown error in the browser arrives with the user type, without the email or name', async ({ page }) => {
  test.setTimeout(60_000);
  await login(page, 'recruiter');
  const me = (await (await page.request.get('/api/auth/profile/')).json()).user as {
    id: number;
    email: string;
    first_name: string;
    last_name: string;
  };
  // The SDK loads after the app when the server has a DSN.
  await expect.poll(() => page.evaluate(() => '__SENTRY__' in globalThis), { timeout: 15_000 }).toBe(true);

  await page.evaluate(() => {
    setTimeout(() => {
      throw new Error('Browser error for the tracking test');
    });
  });

  await expect
    .poll(
      () =>
        sink.errorEvents().filter((event) => JSON.stringify(event).includes('Browser error for the tracking test'))
          .length,
      { timeout: 20_000 },
    )
    .toBe(1);
  const event = sink.errorEvents().find((e) => JSON.stringify(e).includes('Browser error for the tracking test')) as {
    tags: Record<string, string>;
    user: unknown;
    request?: { url?: string; headers?: Record<string, string> };
  };
  expect(event.tags.user_type).toBe('recruiter');
  expect(event.user).toEqual({ id: String(me.id) });
  expect(event.request?.url).toBe(`http://localhost:${PORT}/dashboard`);

  // The replay of the session that had the error (100% on error) arrives too, with its text masked.
  await expect
    .poll(() => sink.envelopes.some((envelope) => envelope.items.some((item) => item.type === 'replay_event')), {
      timeout: 30_000,
    })
    .toBe(true);
  const cookies = (await page.context().cookies()).map((cookie) => cookie.value).filter((value) => value.length > 8);
  const everything = sink.envelopes
    .map((envelope) => envelope.raw)
    .join('\n')
    .toLowerCase();
  for (const secret of [me.email, me.first_name, me.last_name, ...cookies]) {
    expect(everything).not.toContain(secret.toLowerCase());
  }
});
