import { CHAT_MESSAGES } from '@recruitdesk/contracts/chat';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../../factories/users.factory';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { HttpClient } from '../../test/http-client';
import { signedInClient } from '../../test/sign-in';
import type { UserRow } from '../users/users.service';

// The chat's REST side (issue 13, spec §7): owners only, each chat its creator's alone.

let t: TestApp;
let owner: UserRow;
let ownerClient: HttpClient;
let otherOwnerClient: HttpClient;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await insertUser(t.db, { userType: ['owner'] });
  ownerClient = await signedInClient(t, owner);
  otherOwnerClient = await signedInClient(t, await insertUser(t.db, { userType: ['owner'] }));
});
afterAll(async () => {
  await t?.close();
});

describe('POST /api/chat/create/', () => {
  it('stores the first message as the chat’s first user turn and answers the chat id', async () => {
    const created = await ownerClient.post('/api/chat/create/', {
      initial_message: 'How much did Acme pay us last quarter?',
    });
    expect(created.status).toBe(200);
    expect(created.json).toEqual({ success: true, chat_id: expect.any(Number) });
    const read = await ownerClient.get(`/api/chat/${created.json.chat_id}/`);
    expect(read.status).toBe(200);
    expect(read.json).toEqual({
      success: true,
      chat_id: created.json.chat_id,
      title: 'How much did Acme pay us last quarter?',
      chat_history: [
        {
          role: 'user',
          content: 'How much did Acme pay us last quarter?',
          timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        },
      ],
    });
  });

  it('refuses a message over 2000 characters with the spec’s text, and accepts exactly 2000', async () => {
    const tooLong = await ownerClient.post('/api/chat/create/', { initial_message: 'x'.repeat(2001) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.json).toMatchObject({
      success: false,
      error: 'Message is too long (maximum 2000 characters)',
      fields: { initial_message: ['Message is too long (maximum 2000 characters)'] },
    });
    const limit = await ownerClient.post('/api/chat/create/', { initial_message: 'y'.repeat(2000) });
    expect(limit.status).toBe(200);
    const title = (await ownerClient.get(`/api/chat/${limit.json.chat_id}/`)).json.title as string;
    expect(title.length).toBeLessThanOrEqual(80);
  });

  it('answers bad input with 400, never 500', async () => {
    for (const body of [
      {},
      { initial_message: '' },
      { initial_message: '   ' },
      { initial_message: 42 },
      { initial_message: null },
      [],
    ]) {
      const answer = await ownerClient.post('/api/chat/create/', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.json.success).toBe(false);
    }
    expect((await ownerClient.post('/api/chat/create/', { initial_message: ' ' })).json.error).toBe(
      CHAT_MESSAGES.messageEmpty,
    );
    const malformed = await ownerClient.request('POST', '/api/chat/create/', { rawBody: '{"initial_message":' });
    expect(malformed.status).toBe(400);
  });

  it('needs the CSRF token', async () => {
    const answer = await ownerClient.request('POST', '/api/chat/create/', {
      body: { initial_message: 'hi' },
      csrf: false,
      headers: {},
    });
    expect(answer.status).toBe(403);
  });
});

describe('GET /api/chat/{id}/', () => {
  it('is 404 for another owner’s chat and for a missing one, the same answer', async () => {
    const created = await ownerClient.post('/api/chat/create/', { initial_message: 'Mine' });
    const theirs = await otherOwnerClient.get(`/api/chat/${created.json.chat_id}/`);
    const missing = await otherOwnerClient.get('/api/chat/2147483000/');
    expect(theirs.status).toBe(404);
    expect(theirs.json).toMatchObject({ success: false, error: 'Chat not found.' });
    expect(missing.json).toEqual(theirs.json);
  });

  it('answers 400 for an id that is not a positive integer', async () => {
    for (const id of ['abc', '0', '-1', '1.5', '99999999999']) {
      expect((await ownerClient.get(`/api/chat/${id}/`)).status, id).toBe(400);
    }
  });
});

describe('GET /api/chat/user/chats/', () => {
  it('lists only the user’s chats, newest activity first, with the last message, paged', async () => {
    const user = await insertUser(t.db, { userType: ['owner'] });
    const client = await signedInClient(t, user);
    const ids: number[] = [];
    for (const text of ['first chat', 'second chat', 'third chat']) {
      ids.push((await client.post('/api/chat/create/', { initial_message: text })).json.chat_id);
    }
    await otherOwnerClient.post('/api/chat/create/', { initial_message: 'not theirs' });
    const list = await client.get('/api/chat/user/chats/');
    expect(list.status).toBe(200);
    expect(list.json.count).toBe(3);
    expect(list.json.chats.map((chat: { id: number }) => chat.id)).toEqual([...ids].reverse());
    expect(list.json.chats[0]).toEqual({
      id: ids[2],
      title: 'third chat',
      created_at: expect.any(String),
      updated_at: expect.any(String),
      message_count: 1,
      last_message: { role: 'user', content: 'third chat', timestamp: expect.any(String) },
    });
    const page2 = await client.get('/api/chat/user/chats/?page=2&page_size=2');
    expect(page2.json.chats.map((chat: { id: number }) => chat.id)).toEqual([ids[0]]);
    expect(page2.json.count).toBe(3);
    expect((await client.get('/api/chat/user/chats/?page_size=1000')).status).toBe(400);
    expect((await client.get('/api/chat/user/chats/?page=0')).status).toBe(400);
  });
});

describe('permissions: owners only (security §12)', () => {
  it('recruiter, viewer and superuser-only users get 403 on every route; signed-out 401', async () => {
    const created = await ownerClient.post('/api/chat/create/', { initial_message: 'owner only' });
    for (const type of ['recruiter', 'viewer', 'superuser'] as const) {
      const client = await signedInClient(t, await insertUser(t.db, { userType: [type] }));
      for (const answer of [
        await client.post('/api/chat/create/', { initial_message: 'hello' }),
        await client.get(`/api/chat/${created.json.chat_id}/`),
        await client.get('/api/chat/user/chats/'),
      ]) {
        expect(answer.status, type).toBe(403);
      }
    }
    const anonymous = new HttpClient(t.baseUrl);
    expect((await anonymous.post('/api/chat/create/', { initial_message: 'hello' })).status).toBe(401);
    expect((await anonymous.get(`/api/chat/${created.json.chat_id}/`)).status).toBe(401);
    expect((await anonymous.get('/api/chat/user/chats/')).status).toBe(401);
  });
});
