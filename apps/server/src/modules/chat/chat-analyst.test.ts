import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCandidate } from '../../factories/candidates.factory';
import { insertClient } from '../../factories/clients.factory';
import { insertPipeline } from '../../factories/pipelines.factory';
import { insertRole } from '../../factories/roles.factory';
import { insertUser } from '../../factories/users.factory';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { signedInClient } from '../../test/sign-in';
import { ChatSocket } from './test-support/socket-client';

// The built-in analyst through the chat's HTTP and socket (issue 29 items 9, d, e, f): what the owner reads
// back from GET /api/chat/{id}/ after a conversation.

const DAY = 86_400_000;
let t: TestApp;
let roleId: number;

beforeAll(async () => {
  t = await buildTestApp();
  const client = await insertClient(t.db, { name: 'Northwind Traders' });
  const daysAgo = (n: number) => new Date(Date.now() - n * DAY);
  const day = (n: number) => daysAgo(n).toISOString().slice(0, 10);
  // An open role whose three pipelines have not changed stage for 20 days (the dashboard's "stalled").
  roleId = (await insertRole(t.db, { clientId: client.id, name: 'Platform Engineer', openedAt: day(40) })).id;
  for (let i = 0; i < 3; i += 1)
    await insertPipeline(t.db, { roleId, stage: 'submitted', stageChangedAt: daysAgo(20) });
  await insertRole(t.db, {
    clientId: client.id,
    name: 'Office Manager',
    state: 'closed',
    closeReason: 'filled_by_client',
    openedAt: day(300),
    closedAt: daysAgo(200),
  });
  await insertRole(t.db, {
    clientId: client.id,
    name: 'Site Lead',
    state: 'closed',
    closeReason: 'cancelled',
    openedAt: day(100),
    closedAt: daysAgo(10),
  });
  for (const status of ['placed', 'placed', 'active']) await insertCandidate(t.db, { status });
  for (const skills of [['Python', 'SQL'], ['python'], ['Go']])
    await insertCandidate(t.db, { status: 'active', skills });
  await insertPipeline(t.db, { roleId, stage: 'client_interview', stageChangedAt: daysAgo(1) });
});
afterAll(async () => {
  await t?.close();
});

/** Asks the messages in one chat and returns the assistant's turns as stored (GET /api/chat/{id}/). */
async function converse(...messages: string[]): Promise<{ role: string; content: string }[]> {
  const owner = await insertUser(t.db, { userType: ['owner'] });
  const client = await signedInClient(t, owner);
  const chatId = (await client.post('/api/chat/create/', { initial_message: messages[0] })).json.chat_id;
  const socket = ChatSocket.open(t.baseUrl, `/ws/chat/${owner.id}/${chatId}/`, { cookie: client.cookieHeader() });
  const replies = () => socket.messages.filter((m) => m.type === 'agent_response' || m.type === 'user_input_request');
  await expect.poll(() => replies().length, { timeout: 30_000 }).toBe(1);
  for (const [i, message] of messages.slice(1).entries()) {
    socket.send({ type: 'user_message', message });
    await expect.poll(() => replies().length, { timeout: 30_000 }).toBe(i + 2);
  }
  await socket.close();
  const read = await client.get(`/api/chat/${chatId}/`);
  expect(read.status).toBe(200);
  return (read.json.chat_history as { role: string; content: string }[]).filter((turn) => turn.role !== 'user');
}

describe('the built-in analyst over the chat', () => {
  it('greets back and offers examples (item 9)', async () => {
    const [reply] = await converse('Hello');
    expect(reply!.role).toBe('agent');
    expect(reply!.content).toMatch(/^Hello!/);
    expect(reply!.content).toContain('- Which roles have stalled?');
    expect(reply!.content).not.toMatch(/can.t answer/);
  });

  it('reads "so far" as all time and a candidate status as now, asking no period (item 9)', async () => {
    const [closed, placed] = await converse(
      'How many roles have we closed so far?',
      'How many of our candidates have been placed?',
    );
    expect(closed!.role).toBe('agent');
    expect(closed!.content).toContain('**2** roles closed in all time');
    expect(placed!.role).toBe('agent');
    expect(placed!.content).toContain('You have **2** placed candidates right now.');
  });

  it('says it did not understand instead of repeating the last answer (item d)', async () => {
    const [first, second, third] = await converse(
      'How many open roles do we have?',
      'How are we doing?',
      'flibber wobble quux',
    );
    expect(first!.content).toContain('right now');
    for (const reply of [second!, third!]) {
      expect(reply.content).toMatch(/^I didn't understand that question/);
      expect(reply.content).not.toContain('right now');
    }
  });

  it('lists the roles with stalled pipelines as the dashboard defines them (item e)', async () => {
    const [reply] = await converse('Which roles have stalled?');
    expect(reply!.content).toContain('**1** role has stalled pipelines: **3** stalled pipelines in all');
    expect(reply!.content).toContain(`[Platform Engineer \\(Northwind Traders\\)](/roles/${roleId})`);
  });

  it('uses every part of a question or names the part it cannot use (item f)', async () => {
    const [skill, stage, ranking, tomorrow] = await converse(
      'How many candidates know Python?',
      'How many candidates are in the final interview stage?',
      'Who is the slowest recruiter to first submittal this year?',
      'Any interviews tomorrow?',
    );
    expect(skill!.content).toContain('You have **2** candidates with the skill “python” right now.');
    expect(stage!.role).toBe('agent');
    expect(stage!.content).toContain('**1** candidate is in Client interview right now, over all roles');
    expect(ranking!.content).toMatch(/^Not used: median days to first submittal per recruiter/);
    expect(ranking!.content).not.toContain('leads on');
    expect(tomorrow!.content).toContain('No interviews are scheduled for tomorrow.');
  });

  it('shows no internal words: dates of "all time", user ids, n/a (item f)', async () => {
    const [reply, median] = await converse(
      'How many placements have been made so far?',
      "What's our median time to fill this year?",
    );
    expect(reply!.content).toContain('_Based on: Placements · all time_');
    expect(median!.content).toMatch(/^No median time to fill \(no placements\) in this year/);
    for (const content of [reply!.content, median!.content])
      expect(content).not.toMatch(/1900|\(user \d+\)|n\/a|metric |_Used/);
  });
});
