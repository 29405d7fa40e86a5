import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { insertClient } from '../../factories/clients.factory';
import { insertRole } from '../../factories/roles.factory';
import { insertUser } from '../../factories/users.factory';
import type { HttpClient } from '../../test/http-client';
import { signedInClient } from '../../test/sign-in';
import type { UserRow } from '../users/users.service';

let t: TestApp;
let owner: HttpClient;
let recruiter: HttpClient;
let other: HttpClient;
let viewer: HttpClient;
let ownerUser: UserRow;
let recruiterUser: UserRow;

beforeAll(async () => {
  t = await buildTestApp();
  ownerUser = await insertUser(t.db, { userType: ['owner'], firstName: 'Olga', lastName: 'Owner' });
  owner = await signedInClient(t, ownerUser);
  recruiterUser = await insertUser(t.db, { userType: ['recruiter'], firstName: 'Rita', lastName: 'Recruiter' });
  recruiter = await signedInClient(t, recruiterUser);
  other = await signedInClient(t, await insertUser(t.db, { userType: ['superuser'] }));
  viewer = await signedInClient(t, await insertUser(t.db, { userType: ['viewer'] }));
});
afterAll(async () => {
  await t?.close();
});

describe('notes', () => {
  it('creates, lists pinned first then newest, and summarizes', async () => {
    const client = await insertClient(t.db, { name: 'Notes Client Ltd' });
    const path = `/api/notes/client/${client.id}/`;
    const first = await recruiter.post(path, { body: 'First call went well.' });
    expect(first.status, first.text).toBe(201);
    expect(first.json.note).toMatchObject({
      model_type: 'client',
      object_id: client.id,
      body: 'First call went well.',
      pinned: false,
      author: { id: recruiterUser.id, name: 'Rita Recruiter' },
      can_edit: true,
    });
    const pinned = await owner.post(path, { body: 'Fee agreed at 20 %.', pinned: true });
    const third = await recruiter.post(path, { body: '  Sent three CVs.  ' });
    expect(third.json.note.body).toBe('Sent three CVs.');

    const list = await viewer.get(path);
    expect(list.status).toBe(200);
    expect(list.json.count).toBe(3);
    expect(list.json.target).toEqual({ model_type: 'client', object_id: client.id, label: 'Notes Client Ltd' });
    expect(list.json.notes.map((note: { id: number }) => note.id)).toEqual([
      pinned.json.note.id,
      third.json.note.id,
      first.json.note.id,
    ]);
    expect(list.json.notes.every((note: { can_edit: boolean }) => note.can_edit === false)).toBe(true);
    const asRecruiter = (await recruiter.get(path)).json.notes as { id: number; can_edit: boolean }[];
    expect(asRecruiter.map((note) => note.can_edit)).toEqual([false, true, true]);
    expect((await owner.get(path)).json.notes.every((note: { can_edit: boolean }) => note.can_edit)).toBe(true);
    const paged = await viewer.get(`${path}?page=2&page_size=2`);
    expect(paged.json.notes).toHaveLength(1);
    expect(paged.json.count).toBe(3);

    const summary = await viewer.get(`${path}summary/`);
    expect(summary.status).toBe(200);
    expect(summary.json.summary).toMatchObject({ count: 3, pinned_count: 1, latest: { id: third.json.note.id } });
    expect(summary.json.summary.authors).toEqual([
      { id: ownerUser.id, name: 'Olga Owner' },
      { id: recruiterUser.id, name: 'Rita Recruiter' },
    ]);
    const activity = (await owner.get('/api/activity/?model_type=note')).json.results as { summary: string }[];
    expect(activity.map((row) => row.summary)).toContain('Added a note to client Notes Client Ltd');
  });

  it('notes on roles count on the role and name it', async () => {
    const role = await insertRole(t.db, { name: 'Nurse Manager' });
    expect((await recruiter.post(`/api/notes/role/${role.id}/`, { body: 'Urgent.' })).status).toBe(201);
    const list = await viewer.get(`/api/notes/role/${role.id}/`);
    expect(list.json.target.label).toMatch(/^Nurse Manager \(/);
    expect((await viewer.get(`/api/roles/${role.id}/`)).json.role.notes_count).toBe(1);
  });

  it('only the author or an owner edits, pins and deletes', async () => {
    const client = await insertClient(t.db);
    const created = await recruiter.post(`/api/notes/client/${client.id}/`, { body: 'Mine' });
    const id = created.json.note.id as number;
    const refused = await other.patch(`/api/notes/item/${id}/`, { pinned: true });
    expect(refused.status).toBe(403);
    expect(refused.json).toMatchObject({
      code: 'NOTE_NOT_AUTHOR',
      error: 'Only the author or an owner can change this note.',
    });
    expect((await other.request('DELETE', `/api/notes/item/${id}/`)).json.code).toBe('NOTE_NOT_AUTHOR');
    expect((await viewer.patch(`/api/notes/item/${id}/`, { pinned: true })).json.code).toBe('FORBIDDEN');

    const edited = await recruiter.patch(`/api/notes/item/${id}/`, { body: 'Mine, edited' });
    expect(edited.status).toBe(200);
    expect(edited.json.note).toMatchObject({ body: 'Mine, edited', pinned: false });
    const pinnedByOwner = await owner.patch(`/api/notes/item/${id}/`, { pinned: true });
    expect(pinnedByOwner.json.note).toMatchObject({
      pinned: true,
      body: 'Mine, edited',
      author: { id: recruiterUser.id },
    });
    expect((await recruiter.patch(`/api/notes/item/${id}/`, {})).status).toBe(400);
    expect((await recruiter.patch(`/api/notes/item/${id}/`, { body: '   ' })).status).toBe(400);
    expect((await recruiter.patch('/api/notes/item/999999/', { pinned: true })).status).toBe(404);

    const deleted = await owner.request('DELETE', `/api/notes/item/${id}/`);
    expect(deleted.status).toBe(200);
    expect((await viewer.get(`/api/notes/client/${client.id}/`)).json.count).toBe(0);
    const activity = (await owner.get('/api/activity/?model_type=note')).json.results as {
      object_id: number;
      summary: string;
    }[];
    expect(activity.filter((row) => row.object_id === id).map((row) => row.summary)).toEqual([
      `Deleted a note on client ${client.name}`,
      `Pinned a note on client ${client.name}`,
      `Edited a note on client ${client.name}`,
      `Added a note to client ${client.name}`,
    ]);
  });

  it('an edit of the text records the edit time; pinning does not', async () => {
    const client = await insertClient(t.db);
    const created = await recruiter.post(`/api/notes/client/${client.id}/`, { body: 'Draft' });
    const id = created.json.note.id as number;
    expect(created.json.note.edited_at).toBeNull();
    try {
      t.clock.offsetMs = 90 * 60_000;
      const before = Date.now() + t.clock.offsetMs;
      const edited = await recruiter.patch(`/api/notes/item/${id}/`, { body: 'Final' });
      const editedAt = Date.parse(edited.json.note.edited_at);
      expect(editedAt).toBeGreaterThanOrEqual(before - 1000);
      expect(editedAt).toBeLessThanOrEqual(Date.now() + t.clock.offsetMs);
      expect(edited.json.note.created_at).toBe(created.json.note.created_at);

      t.clock.offsetMs = 3 * 60 * 60_000;
      const pinned = await recruiter.patch(`/api/notes/item/${id}/`, { pinned: true });
      expect(pinned.json.note.edited_at).toBe(edited.json.note.edited_at);
      const unchanged = await recruiter.patch(`/api/notes/item/${id}/`, { body: 'Final' });
      expect(unchanged.json.note.edited_at).toBe(edited.json.note.edited_at);
      const listed = (await viewer.get(`/api/notes/client/${client.id}/`)).json.notes[0];
      expect(listed).toMatchObject({ id, body: 'Final', edited_at: edited.json.note.edited_at });
    } finally {
      t.clock.offsetMs = 0;
    }
  });

  it('a deleted author keeps their name on the note', async () => {
    const author = await insertUser(t.db, { userType: ['recruiter'], firstName: 'Gone', lastName: 'Soon' });
    const client = await insertClient(t.db);
    const note = await (
      await signedInClient(t, author)
    ).post(`/api/notes/client/${client.id}/`, { body: 'Before I go' });
    expect((await owner.request('DELETE', `/api/users/${author.id}/`)).status).toBe(200);
    const list = await viewer.get(`/api/notes/client/${client.id}/`);
    expect(list.json.notes[0]).toMatchObject({ id: note.json.note.id, author: { id: null, name: 'Gone Soon' } });
  });

  it('unknown targets and bad input', async () => {
    expect((await viewer.get('/api/notes/client/999999/')).json).toMatchObject({ code: 'NOTE_TARGET_NOT_FOUND' });
    expect((await recruiter.post('/api/notes/role/999999/', { body: 'x' })).status).toBe(404);
    expect((await viewer.get('/api/notes/candidate/1/')).status).toBe(404);
    expect((await viewer.get('/api/notes/client/999998/summary/')).status).toBe(404);
    expect((await viewer.get('/api/notes/planet/1/')).status).toBe(400);
    expect((await viewer.get('/api/notes/client/abc/')).status).toBe(400);
    const client = await insertClient(t.db);
    expect((await recruiter.post(`/api/notes/client/${client.id}/`, { body: '' })).json.fields.body).toBeDefined();
    expect((await recruiter.post(`/api/notes/client/${client.id}/`, { body: 'x'.repeat(10_001) })).status).toBe(400);
    expect((await viewer.post(`/api/notes/client/${client.id}/`, { body: 'x' })).status).toBe(403);
  });
});
