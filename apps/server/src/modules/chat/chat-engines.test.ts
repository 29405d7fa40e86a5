import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../../factories/users.factory';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { startScriptedModel } from '../../test/scripted-model-server';
import { signedInClient } from '../../test/sign-in';
import { ChatSocket } from './test-support/socket-client';

// The socket with the engines the server really builds (no injected engine): the built-in analyst by
// default, and the model engine when AI_BASE_URL is set, against a scripted chat-completions server.

describe('with the default engine (the built-in analyst)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers the first message of a new chat over the socket', async () => {
    const owner = await insertUser(t.db, { userType: ['owner'] });
    const client = await signedInClient(t, owner);
    const chatId = (await client.post('/api/chat/create/', { initial_message: 'How many open roles do we have?' })).json
      .chat_id;
    const socket = ChatSocket.open(t.baseUrl, `/ws/chat/${owner.id}/${chatId}/`, { cookie: client.cookieHeader() });
    await expect.poll(() => socket.messages.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(3);
    const reply = socket.messages[2]!;
    expect(['agent_response', 'user_input_request']).toContain(reply.type);
    expect(reply.chat_history.at(-1).role).toMatch(/^agent/);
    await socket.close();
  });
});

describe('with a model configured (AI_BASE_URL)', () => {
  it('asks through ask_user, keeps the pending state in the chat, and resumes with the answer', async () => {
    const model = await startScriptedModel([
      {
        toolCalls: [
          {
            id: 'call_ask',
            name: 'ask_user',
            arguments: '{"question":"Which Acme?","options":["Acme Corporation","Acme Logistics"]}',
          },
        ],
      },
      { content: 'Acme Logistics has no paid invoices in that period.' },
    ]);
    // The agency's zone (AGENCY_TIME_ZONE), not the owner's profile zone, dates the turn: at 04:30 UTC on
    // 1 March 2031 it is still 28 February in Chicago but already 1 March in Berlin.
    const t = await buildTestApp({
      env: { AI_BASE_URL: model.baseUrl, AI_MODEL: 'scripted-model', AGENCY_TIME_ZONE: 'America/Chicago' },
    });
    t.clock.offsetMs = Date.parse('2031-03-01T04:30:00Z') - Date.now();
    try {
      const owner = await insertUser(t.db, { userType: ['owner'], timeZone: 'Europe/Berlin' });
      const client = await signedInClient(t, owner);
      const chatId = (await client.post('/api/chat/create/', { initial_message: 'How much did Acme pay us?' })).json
        .chat_id;
      const socket = ChatSocket.open(t.baseUrl, `/ws/chat/${owner.id}/${chatId}/`, { cookie: client.cookieHeader() });
      const [question] = await socket.waitFor('user_input_request');
      expect(question!.question).toBe('Which Acme?\n\n- Acme Corporation\n- Acme Logistics');
      await socket.close();

      // The answer comes on a new socket: the state waited in the database.
      const again = ChatSocket.open(t.baseUrl, `/ws/chat/${owner.id}/${chatId}/`, { cookie: client.cookieHeader() });
      await again.waitFor('chat_history');
      again.send({ type: 'user_input_response', response: 'Acme Logistics' });
      const [answer] = await again.waitFor('agent_response');
      expect(answer!.message).toBe('Acme Logistics has no paid invoices in that period.');
      expect(again.types()).toEqual(['connection_established', 'chat_history', 'message_received', 'agent_response']);
      const [first, second] = model.requests;
      expect(first!.body.messages[0].content).toContain(
        'Today is 2031-02-28; read periods in the time zone America/Chicago.',
      );
      expect(first!.body.messages.at(-1)).toEqual({ role: 'user', content: 'How much did Acme pay us?' });
      expect(first!.body.tools.length).toBeGreaterThan(1);
      expect(second!.body.messages.at(-1)).toEqual({
        role: 'tool',
        tool_call_id: 'call_ask',
        content: '{"answer":"Acme Logistics"}',
      });
      await again.close();
    } finally {
      await t.close();
      await model.close();
    }
  });
});
