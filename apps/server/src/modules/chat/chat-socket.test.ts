import { CHAT_MESSAGES } from '@recruitdesk/contracts/chat';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../../factories/users.factory';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import type { HttpClient } from '../../test/http-client';
import { signedInClient } from '../../test/sign-in';
import type { AssistantEngine, EngineInput } from '../assistant/assistant.service';
import { usersTable } from '../users/users.table';
import type { UserRow } from '../users/users.service';
import { CHAT_RATE_LIMIT } from './chat-conversation';
import { MAX_SOCKETS_PER_USER } from './chat.ws';
import { ChatSocket } from './test-support/socket-client';

// The chat socket over a real listening server (issue 13; spec §7, §8; security §23), with a scripted
// engine so the protocol is tested apart from the assistant's answers.

const calls: EngineInput[] = [];
const engine: AssistantEngine = {
  name: 'builtin',
  async reply(input) {
    calls.push(input);
    if (input.message.includes('boom')) throw new Error('engine exploded');
    if (input.message.includes('broken reply')) return { kind: 'answer', content: null as unknown as string };
    if (input.pending)
      return { kind: 'answer', content: `Resumed ${JSON.stringify(input.pending)} with ${input.message}` };
    if (input.message.startsWith('Which'))
      return { kind: 'question', question: 'Acme Corporation or Acme Logistics?', pending: { asked: input.message } };
    return { kind: 'answer', content: `Answer to: ${input.message}` };
  },
};

let t: TestApp;
let owner: UserRow;
let ownerClient: HttpClient;

beforeAll(async () => {
  t = await buildTestApp({ deps: { assistantEngine: engine } });
  owner = await insertUser(t.db, { userType: ['owner'] });
  ownerClient = await signedInClient(t, owner);
});
afterAll(async () => {
  await t?.close();
});

async function newChat(client: HttpClient, message = 'How many open roles?'): Promise<number> {
  const created = await client.post('/api/chat/create/', { initial_message: message });
  expect(created.status).toBe(200);
  return created.json.chat_id as number;
}

const open = (client: HttpClient | null, userId: number, chatId: number | string, origin?: string | null) =>
  ChatSocket.open(t.baseUrl, `/ws/chat/${userId}/${chatId}/`, { cookie: client?.cookieHeader(), origin });

describe('a conversation', () => {
  it('opens with connection_established and the history, then answers the chat’s first message without message_received', async () => {
    const chatId = await newChat(ownerClient, 'How much did Acme pay us last quarter?');
    const socket = open(ownerClient, owner.id, chatId);
    const [response] = await socket.waitFor('agent_response');
    expect(socket.types()).toEqual(['connection_established', 'chat_history', 'agent_response']);
    expect(socket.messages[1]).toEqual({
      type: 'chat_history',
      chat_history: [
        { role: 'user', content: 'How much did Acme pay us last quarter?', timestamp: expect.any(String) },
      ],
    });
    expect(response).toEqual({
      type: 'agent_response',
      message: 'Answer to: How much did Acme pay us last quarter?',
      chat_history: [
        { role: 'user', content: 'How much did Acme pay us last quarter?', timestamp: expect.any(String) },
        { role: 'agent', content: 'Answer to: How much did Acme pay us last quarter?', timestamp: expect.any(String) },
      ],
    });
    expect(calls.at(-1)).toMatchObject({
      history: [],
      message: 'How much did Acme pay us last quarter?',
      pending: null,
    });
    expect(calls.at(-1)!.ctx.user.id).toBe(owner.id);

    // A second socket on the answered chat only gets the history.
    await socket.close();
    const again = open(ownerClient, owner.id, chatId);
    await again.waitFor('chat_history');
    socket.send({ type: 'user_message', message: 'ignored: closed' });
    again.send({ type: 'user_message', message: 'And the quarter before?' });
    await again.waitFor('agent_response');
    expect(again.types()).toEqual(['connection_established', 'chat_history', 'message_received', 'agent_response']);
    expect(calls.at(-1)!.history.map((turn) => turn.role)).toEqual(['user', 'agent']);
    await again.close();

    const stored = await ownerClient.get(`/api/chat/${chatId}/`);
    expect(stored.json.chat_history.map((turn: { role: string }) => turn.role)).toEqual([
      'user',
      'agent',
      'user',
      'agent',
    ]);
  });

  it('asks a question, and the answer to it resumes the engine with the stored pending state', async () => {
    const chatId = await newChat(ownerClient, 'Which Acme?');
    const socket = open(ownerClient, owner.id, chatId);
    const [question] = await socket.waitFor('user_input_request');
    expect(question).toMatchObject({ type: 'user_input_request', question: 'Acme Corporation or Acme Logistics?' });
    socket.send({ type: 'user_input_response', response: 'Acme Logistics' });
    const [answer] = await socket.waitFor('agent_response');
    expect(answer!.message).toBe('Resumed {"asked":"Which Acme?"} with Acme Logistics');
    expect(socket.types()).toEqual([
      'connection_established',
      'chat_history',
      'user_input_request',
      'message_received',
      'agent_response',
    ]);
    expect(answer!.chat_history.map((turn: { role: string }) => turn.role)).toEqual([
      'user',
      'agent-question',
      'user',
      'agent',
    ]);

    // A new message while a question waits drops the question's state.
    socket.send({ type: 'user_message', message: 'Which client paid most?' });
    await socket.waitFor('user_input_request', 2);
    socket.send({ type: 'user_message', message: 'Never mind: open roles?' });
    await socket.waitFor('agent_response', 2);
    expect(calls.at(-1)).toMatchObject({ message: 'Never mind: open roles?', pending: null });
    await socket.close();
  });

  it('answers bad messages with error messages and keeps the socket open', async () => {
    const chatId = await newChat(ownerClient);
    const socket = open(ownerClient, owner.id, chatId);
    await socket.waitFor('agent_response');
    const errors: [unknown, string][] = [
      [{ type: 'user_message', message: 'x'.repeat(2001) }, 'Message is too long (maximum 2000 characters)'],
      [{ type: 'user_input_response', response: 'y'.repeat(2001) }, 'Response is too long (maximum 2000 characters)'],
      [{ type: 'user_message', message: '   ' }, CHAT_MESSAGES.messageEmpty],
      ['{not json', CHAT_MESSAGES.malformed],
      [{ type: 'user_message' }, CHAT_MESSAGES.malformed],
      [{ type: 'user_message', message: 42 }, CHAT_MESSAGES.malformed],
      [{ type: 'subscribe', channel: 'all' }, CHAT_MESSAGES.unknownType],
      [[1, 2], CHAT_MESSAGES.unknownType],
      ['null', CHAT_MESSAGES.unknownType],
    ];
    for (const [index, [message, text]] of errors.entries()) {
      socket.send(message);
      const received = await socket.waitFor('error', index + 1);
      expect(received.at(-1), JSON.stringify(message)).toEqual({ type: 'error', message: text });
    }
    socket.send({ type: 'user_message', message: 'z'.repeat(2000) });
    await socket.waitFor('agent_response', 2);
    await socket.close();
  });

  it('stores an engine failure as an error turn and sends an error message, never closing', async () => {
    const chatId = await newChat(ownerClient, 'Please boom');
    const socket = open(ownerClient, owner.id, chatId);
    const [error] = await socket.waitFor('error');
    expect(error).toEqual({ type: 'error', message: CHAT_MESSAGES.engineFailed });
    socket.send({ type: 'user_message', message: 'Still there?' });
    await socket.waitFor('agent_response');
    const stored = await ownerClient.get(`/api/chat/${chatId}/`);
    expect(
      stored.json.chat_history.map((turn: { role: string; content: string }) => [turn.role, turn.content]),
    ).toEqual([
      ['user', 'Please boom'],
      ['error', CHAT_MESSAGES.engineFailed],
      ['user', 'Still there?'],
      ['agent', 'Answer to: Still there?'],
    ]);
    await socket.close();
  });

  it('closes with 4005 when something outside the engine fails', async () => {
    const chatId = await newChat(ownerClient, 'broken reply');
    const socket = open(ownerClient, owner.id, chatId);
    expect(await socket.closed).toEqual({ code: 4005, reason: 'Internal server error' });
  });
});

describe('who may open a socket (close codes, spec §8)', () => {
  it('4001 without a session or with an unknown one', async () => {
    const chatId = await newChat(ownerClient);
    expect(await open(null, owner.id, chatId).closed).toEqual({ code: 4001, reason: 'Authentication required' });
    const stranger = ChatSocket.open(t.baseUrl, `/ws/chat/${owner.id}/${chatId}/`, {
      cookie: 'sessionid=not-a-session',
    });
    expect(await stranger.closed).toEqual({ code: 4001, reason: 'Authentication required' });
  });

  it('4002 for a deactivated user whose session is still on record', async () => {
    const user = await insertUser(t.db, { userType: ['owner'] });
    const client = await signedInClient(t, user);
    const chatId = await newChat(client);
    await t.db.update(usersTable).set({ isActive: false }).where(eq(usersTable.id, user.id));
    expect(await open(client, user.id, chatId).closed).toEqual({ code: 4002, reason: 'User account is inactive' });
  });

  it('4003 for a user who is not an owner, for another user’s id in the path, and for a foreign or missing Origin', async () => {
    const chatId = await newChat(ownerClient);
    for (const type of ['recruiter', 'viewer', 'superuser'] as const) {
      const user = await insertUser(t.db, { userType: [type] });
      const client = await signedInClient(t, user);
      expect(await open(client, user.id, chatId).closed, type).toEqual({ code: 4003, reason: 'Access forbidden' });
    }
    const other = await insertUser(t.db, { userType: ['owner'] });
    expect(await open(ownerClient, other.id, chatId).closed).toEqual({ code: 4003, reason: 'Access forbidden' });
    expect(await open(ownerClient, owner.id, chatId, 'https://evil.example').closed).toEqual({
      code: 4003,
      reason: 'Access forbidden',
    });
    expect(await open(ownerClient, owner.id, chatId, null).closed).toEqual({ code: 4003, reason: 'Access forbidden' });
    // A foreign page learns nothing about the visitor's session either.
    expect(await open(null, owner.id, chatId, 'https://evil.example').closed).toEqual({
      code: 4003,
      reason: 'Access forbidden',
    });
  });

  it('4004 for another owner’s chat, a missing or malformed chat id, and beyond the sockets a user may hold', async () => {
    const otherClient = await signedInClient(t, await insertUser(t.db, { userType: ['owner'] }));
    const theirs = await newChat(otherClient);
    const expected = { code: 4004, reason: 'Too many connections or chat not found' };
    expect(await open(ownerClient, owner.id, theirs).closed).toEqual(expected);
    expect(await open(ownerClient, owner.id, 2_147_483_000).closed).toEqual(expected);
    expect(await open(ownerClient, owner.id, 'abc').closed).toEqual(expected);

    const user = await insertUser(t.db, { userType: ['owner'] });
    const client = await signedInClient(t, user);
    const chatId = await newChat(client);
    const sockets: ChatSocket[] = [];
    for (let i = 0; i < MAX_SOCKETS_PER_USER; i += 1) {
      const socket = open(client, user.id, chatId);
      await socket.waitFor('chat_history');
      sockets.push(socket);
    }
    expect(await open(client, user.id, chatId).closed).toEqual(expected);
    await sockets.pop()!.close();
    const replacement = open(client, user.id, chatId);
    await replacement.waitFor('chat_history');
    await Promise.all([...sockets, replacement].map((socket) => socket.close()));
  });

  it('closes an open socket once its session has ended (4001 at the next message)', async () => {
    const user = await insertUser(t.db, { userType: ['owner'] });
    const client = await signedInClient(t, user);
    const chatId = await newChat(client);
    const socket = open(client, user.id, chatId);
    await socket.waitFor('agent_response');
    expect((await client.post('/api/auth/logout/')).status).toBe(200);
    socket.send({ type: 'user_message', message: 'Still signed in?' });
    expect(await socket.closed).toEqual({ code: 4001, reason: 'Authentication required' });
  });

  it('the route decides on the matched path: other spellings of /ws/ get the same close code or no upgrade', async () => {
    const chatId = await newChat(ownerClient);
    for (const path of [`/%77s/chat/${owner.id}/${chatId}/`, `/ws/%63hat/${owner.id}/${chatId}/`]) {
      const result = await ChatSocket.open(t.baseUrl, path, { origin: t.baseUrl }).closed;
      expect([4001, -404], path).toContain(result.code);
    }
  });
});

describe('the per-user message rate limit', () => {
  it(`refuses message ${CHAT_RATE_LIMIT.max + 1} within the window without running the engine`, async () => {
    const user = await insertUser(t.db, { userType: ['owner'] });
    const client = await signedInClient(t, user);
    const chatId = await newChat(client, 'first');
    const socket = open(client, user.id, chatId);
    await socket.waitFor('agent_response');
    for (let i = 2; i <= CHAT_RATE_LIMIT.max; i += 1) {
      socket.send({ type: 'user_message', message: `message ${i}` });
      await socket.waitFor('agent_response', i);
    }
    const before = calls.length;
    socket.send({ type: 'user_message', message: 'one too many' });
    const [error] = await socket.waitFor('error');
    expect(error).toEqual({ type: 'error', message: CHAT_MESSAGES.rateLimited });
    expect(calls.length).toBe(before);
    await socket.close();
  });
});
