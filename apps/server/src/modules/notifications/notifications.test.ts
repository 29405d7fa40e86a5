import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../../factories/users.factory';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { signedInClient } from '../../test/sign-in';
import { notifyOwners, notifyUsers } from './notifications.service';
import { notificationsTable } from './notifications.table';

// The bell's API: a user sees only their own notices, newest first, pages by id, and marks them read.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('/api/notifications/', () => {
  it('lists only the signed-in user’s notices, newest first, with the unread count', async () => {
    const mine = await insertUser(t.db, { userType: ['recruiter'] });
    const theirs = await insertUser(t.db, { userType: ['recruiter'] });
    await notifyUsers(t.db, [mine.id, mine.id], { kind: 'test.one', title: 'First', link: '/candidates/1' });
    await notifyUsers(t.db, [mine.id, theirs.id], { kind: 'test.two', title: 'Second', body: 'More' });

    const client = await signedInClient(t, mine);
    const list = await client.get('/api/notifications/');
    expect(list.status).toBe(200);
    expect(list.json.unread).toBe(2);
    expect(list.json.results.map((n: { title: string }) => n.title)).toEqual(['Second', 'First']);
    expect(list.json.results[1]).toMatchObject({ kind: 'test.one', link: '/candidates/1', body: '', read: false });

    const page = await client.get(`/api/notifications/?limit=1`);
    expect(page.json.has_more).toBe(true);
    const next = await client.get(`/api/notifications/?limit=1&before=${page.json.results[0].id}`);
    expect(next.json.results.map((n: { title: string }) => n.title)).toEqual(['First']);
    expect(next.json.has_more).toBe(false);
  });

  it('marks read only the user’s own, one by one or all', async () => {
    const mine = await insertUser(t.db, { userType: ['viewer'] });
    const theirs = await insertUser(t.db, { userType: ['viewer'] });
    await notifyUsers(t.db, [mine.id], { kind: 'k', title: 'A' });
    await notifyUsers(t.db, [mine.id], { kind: 'k', title: 'B' });
    await notifyUsers(t.db, [theirs.id], { kind: 'k', title: 'Theirs' });
    const client = await signedInClient(t, mine);
    const other = await signedInClient(t, theirs);
    const theirId = (await other.get('/api/notifications/')).json.results[0].id;
    const [b, a] = (await client.get('/api/notifications/')).json.results;

    const one = await client.post('/api/notifications/read/', { ids: [a.id, theirId] });
    expect(one.json).toMatchObject({ changed: 1, unread: 1 });
    expect((await other.get('/api/notifications/')).json.unread).toBe(1);
    const unread = await client.get('/api/notifications/?unread=true');
    expect(unread.json.results.map((n: { id: number }) => n.id)).toEqual([b.id]);

    const all = await client.post('/api/notifications/read/', { all: true });
    expect(all.json).toMatchObject({ changed: 1, unread: 0 });
  });

  it('refuses a body with neither or both of ids and all', async () => {
    const client = await signedInClient(t, await insertUser(t.db, { userType: ['viewer'] }));
    expect((await client.post('/api/notifications/read/', {})).status).toBe(400);
    expect((await client.post('/api/notifications/read/', { ids: [1], all: true })).status).toBe(400);
    expect((await client.post('/api/notifications/read/', { ids: [0] })).status).toBe(400);
    expect((await client.post('/api/notifications/read/', { ids: 'x' })).status).toBe(400);
  });

  it('notifyOwners reaches every active owner and no one else; long titles are clipped', async () => {
    const owner = await insertUser(t.db, { userType: ['owner'] });
    const gone = await insertUser(t.db, { userType: ['owner'], isActive: false });
    const recruiter = await insertUser(t.db, { userType: ['recruiter'] });
    await notifyOwners(t.db, { kind: 'owners', title: 'x'.repeat(500) });
    const seen = async (user: typeof owner) =>
      (await (await signedInClient(t, user)).get('/api/notifications/')).json.results.filter(
        (n: { kind: string }) => n.kind === 'owners',
      );
    const [notice] = await seen(owner);
    expect(notice.title.length).toBe(200);
    expect(await seen(recruiter)).toEqual([]);
    const goneRows = await t.db.select().from(notificationsTable).where(eq(notificationsTable.userId, gone.id));
    expect(goneRows).toEqual([]);
  });
});
