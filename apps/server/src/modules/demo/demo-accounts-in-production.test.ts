import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError } from '../../config/env';
import { openPglite } from '../../db/client';
import { embeddedDatabaseDir } from '../../db/first-start';
import { insertClient } from '../../factories/clients.factory';
import { DEFAULT_TEST_PASSWORD, insertUser } from '../../factories/users.factory';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import type { Db } from '../../db/client';
import { HttpClient } from '../../test/http-client';
import { signedInClient } from '../../test/sign-in';
import { clientsTable } from '../clients/clients.table';
import { countUsers } from '../users/users.service';
import { usersTable } from '../users/users.table';
import { DEMO_USERS, REMOVE_DEMO_COMMAND, seedOnStart } from './demo.service';

// Issue 29 item 6: a data directory first started with the demo agency keeps its four logins (password
// printed at that start); in production the server refuses to start while they exist, or removes them
// when told to (REMOVE_DEMO_ACCOUNTS), creating the owner from OWNER_EMAIL/OWNER_PASSWORD if needed.

const OWNER_PASSWORD = 'Harbour-Lantern-Quiet-93';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** The demo agency's logins as a first development start leaves them (the rest of the demo is not needed). */
async function insertDemoLogins(db: Db) {
  const rows = [];
  for (const demo of DEMO_USERS)
    rows.push(
      await insertUser(db, { email: demo.email, username: demo.email.split('@')[0], userType: [demo.userType] }),
    );
  return rows;
}

const refusalOf = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error as ConfigError,
  );

describe('demo logins on a production start', { timeout: 90_000 }, () => {
  it('refuse to start, naming the logins and the command that removes them; nothing changes', async () => {
    t = await buildTestApp({ env: { NODE_ENV: 'production' } });
    await insertDemoLogins(t.db);
    await insertUser(t.db, { email: 'boss@agency.example', userType: ['owner'] });
    for (const kind of ['pglite', 'postgres'] as const) {
      const refusal = await refusalOf(seedOnStart(t.app.deps, kind));
      expect(refusal).toBeInstanceOf(ConfigError);
      expect(refusal!.variable).toBe('REMOVE_DEMO_ACCOUNTS');
      expect(refusal!.message).toContain(REMOVE_DEMO_COMMAND);
      expect(refusal!.message).toContain('owner@demo.test');
    }
    expect(await countUsers(t.db)).toBe(5);
  });

  it('a single deactivated demo login is still refused', async () => {
    t = await buildTestApp({ env: { NODE_ENV: 'production' } });
    await insertUser(t.db, { email: 'boss@agency.example', userType: ['owner'] });
    const viewer = await insertUser(t.db, { email: 'Viewer@Demo.test', userType: ['viewer'] });
    await t.db.update(usersTable).set({ isActive: false }).where(eq(usersTable.id, viewer.id));
    expect((await refusalOf(seedOnStart(t.app.deps, 'pglite')))?.message).toContain('viewer@demo.test');
  });

  it('with REMOVE_DEMO_ACCOUNTS: the demo logins and their sessions go, their records stay, the real owner stays', async () => {
    t = await buildTestApp({ env: { NODE_ENV: 'production', REMOVE_DEMO_ACCOUNTS: '1' } });
    const [demoOwner] = await insertDemoLogins(t.db);
    const boss = await insertUser(t.db, { email: 'boss@agency.example', userType: ['owner'] });
    const client = await insertClient(t.db, { name: 'Made By The Demo', createdById: demoOwner!.id });
    const demoSession = await signedInClient(t, demoOwner!);
    expect((await demoSession.get('/api/clients/')).status).toBe(200);

    const result = await seedOnStart(t.app.deps, 'pglite');
    expect(result).toEqual({
      kind: 'demo-removed',
      emails: DEMO_USERS.map((user) => user.email),
      ownerCreated: null,
    });
    expect((await demoSession.get('/api/clients/')).status).toBe(401);
    const again = new HttpClient(t.baseUrl);
    const login = await again.post('/api/auth/login/', {
      email: 'owner@demo.test',
      password: DEFAULT_TEST_PASSWORD,
      remember_me: false,
    });
    expect(login.status).toBe(400);
    await new HttpClient(t.baseUrl).login(boss.email, DEFAULT_TEST_PASSWORD);
    const [kept] = await t.db.select().from(clientsTable).where(eq(clientsTable.id, client.id));
    expect(kept).toMatchObject({ name: 'Made By The Demo', createdById: null });
    // The next start finds nothing to remove.
    expect(await seedOnStart(t.app.deps, 'pglite')).toEqual({ kind: 'none' });
  });

  it('removing the only owner needs OWNER_EMAIL/OWNER_PASSWORD, and then creates that owner first', async () => {
    t = await buildTestApp({ env: { NODE_ENV: 'production', REMOVE_DEMO_ACCOUNTS: 'true' } });
    await insertDemoLogins(t.db);
    const refusal = await refusalOf(seedOnStart(t.app.deps, 'postgres'));
    expect(refusal).toBeInstanceOf(ConfigError);
    expect(refusal!.message).toContain('OWNER_EMAIL and OWNER_PASSWORD');
    expect(await countUsers(t.db)).toBe(4);
    await t.close();

    t = await buildTestApp({
      env: {
        NODE_ENV: 'production',
        REMOVE_DEMO_ACCOUNTS: 'true',
        OWNER_EMAIL: 'first@agency.example',
        OWNER_PASSWORD,
      },
    });
    await insertDemoLogins(t.db);
    expect(await seedOnStart(t.app.deps, 'pglite')).toMatchObject({
      kind: 'demo-removed',
      ownerCreated: 'first@agency.example',
    });
    expect(await countUsers(t.db)).toBe(1);
    const owner = await new HttpClient(t.baseUrl).login('first@agency.example', OWNER_PASSWORD);
    expect(owner.json.user.user_type).toEqual(['owner']);
  });

  it('outside production the demo logins are left alone', async () => {
    t = await buildTestApp({ env: { NODE_ENV: 'development', REMOVE_DEMO_ACCOUNTS: '1' } });
    await insertDemoLogins(t.db);
    expect(await seedOnStart(t.app.deps, 'pglite')).toEqual({
      kind: 'demo-exists',
      emails: DEMO_USERS.map((user) => user.email),
    });
    expect(await countUsers(t.db)).toBe(4);
  });
});

describe('the server process on a data directory with demo logins', { timeout: 180_000 }, () => {
  const serverEntry = path.join(import.meta.dirname, '..', '..', 'server.ts');
  let dataDir: string | undefined;
  afterEach(() => {
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('exits 1 in production, naming the logins and the command that removes them in its log', async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'rd-demo-prod-'));
    const database = await openPglite(embeddedDatabaseDir(dataDir));
    await database.migrate();
    await insertDemoLogins(database.db);
    await database.close();
    const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'silent', DATA_DIR: dataDir, HOST: '127.0.0.1' };
    for (const name of ['DATABASE_URL', 'OWNER_EMAIL', 'OWNER_PASSWORD', 'DEMO_PASSWORD', 'REDIS_URL'])
      delete env[name];
    const refused = spawnSync(process.execPath, ['--import', 'tsx', serverEntry], {
      env: { ...env, NODE_ENV: 'production', PORT: '0' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain(REMOVE_DEMO_COMMAND);
    expect(refused.stderr).toContain('owner@demo.test');
  }, 120_000);
});
