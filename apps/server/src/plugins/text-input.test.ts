import { count, eq } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertClient } from '../factories/clients.factory';
import { insertRole } from '../factories/roles.factory';
import { insertUser } from '../factories/users.factory';
import { NUL_MESSAGE } from '../lib/text-input';
import type { AssistantEngine } from '../modules/assistant/assistant.service';
import { applicationsTable } from '../modules/applications/applications.table';
import { candidatesTable } from '../modules/candidates/candidates.table';
import { chatsTable } from '../modules/chat/chat.table';
import { ChatSocket } from '../modules/chat/test-support/socket-client';
import { clientsTable } from '../modules/clients/clients.table';
import { notesTable } from '../modules/notes/notes.table';
import { usersTable } from '../modules/users/users.table';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { HttpClient } from '../test/http-client';
import { signedInClient } from '../test/sign-in';

// Issue 29 item 2: a NUL character (U+0000) anywhere in a request's text was a 500 (PostgreSQL 22021).
// The boundary refuses it once (plugins/text-input.ts): a 400 in the usual validation shape, nothing stored.

const engine: AssistantEngine = { name: 'builtin', reply: async () => ({ kind: 'answer', content: 'Fine.' }) };

let t: TestApp;
let owner: HttpClient;
let ownerId: number;

beforeAll(async () => {
  t = await buildTestApp({ env: { TRUST_PROXY: '1' }, deps: { assistantEngine: engine } });
  const row = await insertUser(t.db, { userType: ['owner'], firstName: 'Olive' });
  ownerId = row.id;
  owner = await signedInClient(t, row);
});
afterAll(async () => {
  await t?.close();
});

const rows = async (table: PgTable) => (await t.db.select({ n: count() }).from(table))[0]!.n;

function expectRefused(response: { status: number; json: unknown; text: string }, field: string) {
  expect(response.status, response.text).toBe(400);
  expect(response.json).toEqual({
    success: false,
    error: 'Please correct the highlighted fields.',
    code: 'NUL_IN_TEXT',
    fields: { [field]: [NUL_MESSAGE] },
  });
}

describe('a NUL character in a signed-in request', () => {
  it('is refused in a note, a candidate, a client and the profile, and nothing is stored', async () => {
    const client = await insertClient(t.db, { name: 'Nul Test Client' });
    const notesBefore = await rows(notesTable);
    expectRefused(await owner.post(`/api/notes/client/${client.id}/`, { body: 'a\u0000b' }), 'body');
    expect(await rows(notesTable)).toBe(notesBefore);

    const candidatesBefore = await rows(candidatesTable);
    expectRefused(await owner.post('/api/candidates/', { first_name: 'Ada\u0000', last_name: 'L' }), 'first_name');
    expect(await rows(candidatesTable)).toBe(candidatesBefore);

    const clientsBefore = await rows(clientsTable);
    expectRefused(await owner.post('/api/clients/', { name: 'Acme\u0000', client_type: 'finders_fee' }), 'name');
    expect(await rows(clientsTable)).toBe(clientsBefore);
    expectRefused(await owner.patch(`/api/clients/${client.id}/`, { industry: 'x\u0000' }), 'industry');

    expectRefused(await owner.patch('/api/profile/', { first_name: 'Ol\u0000ive' }), 'first_name');
    const [me] = await t.db.select().from(usersTable).where(eq(usersTable.id, ownerId));
    expect(me!.firstName).toBe('Olive');
  });

  it('is refused in a nested field, an array entry and a key, with the field named as validation names it', async () => {
    expectRefused(
      await owner.post('/api/clients/', {
        name: 'Beacon',
        client_type: 'retainer',
        retainer_instalments: [{ label: 'Half\u0000', percent: 100, milestone: 'on_signing' }],
      }),
      'retainer_instalments.0.label',
    );
    expectRefused(await owner.post('/api/candidates/', { first_name: 'A', last_name: 'B', 'x\u0000': 1 }), 'x');
  });

  it('is refused in a query parameter and a path parameter', async () => {
    const search = await owner.get('/api/search/?q=a%00b');
    expectRefused(search, 'q');
    expectRefused(await owner.get('/api/candidates/?search=a%00b'), 'search');
    const path = await owner.get('/api/notes/cli%00ent/1/');
    expectRefused(path, 'model_type');
  });

  it('is refused when a chat is created with it, and on the chat socket', async () => {
    const before = await rows(chatsTable);
    expectRefused(await owner.post('/api/chat/create/', { initial_message: 'hello\u0000' }), 'initial_message');
    expect(await rows(chatsTable)).toBe(before);

    const created = await owner.post('/api/chat/create/', { initial_message: 'How many open roles?' });
    expect(created.status, created.text).toBe(200);
    const socket = ChatSocket.open(t.baseUrl, `/ws/chat/${ownerId}/${created.json.chat_id}/`, {
      cookie: owner.cookieHeader(),
    });
    await socket.waitFor('agent_response');
    socket.send({ type: 'user_message', message: 'And\u0000 closed ones?' });
    const [error] = await socket.waitFor('error');
    expect(error).toEqual({ type: 'error', message: NUL_MESSAGE });
    socket.send({ type: 'user_message', message: 'And closed ones?' });
    await socket.waitFor('agent_response', 2);
    await socket.close();
    const history = (await owner.get(`/api/chat/${created.json.chat_id}/`)).json;
    expect(JSON.stringify(history)).not.toContain('\\u0000');
  });
});

describe('a NUL character in the anonymous careers form', () => {
  const form = (fields: Record<string, string>, fileName = 'cv.pdf') => {
    const body = new FormData();
    for (const [name, value] of Object.entries(fields)) body.append(name, value);
    body.append('resume', new Blob([new Uint8Array(Buffer.from('%PDF-1.4 tiny'))]), fileName);
    return body;
  };
  const fields = (roleId: number, extra: Record<string, string> = {}) => ({
    role_id: String(roleId),
    first_name: 'Jordan',
    last_name: 'Rivera',
    email: 'jordan@example.test',
    consent: 'on',
    website: '',
    ...extra,
  });
  let ip = 0;

  async function sendApi(body: FormData) {
    const visitor = new HttpClient(t.baseUrl);
    await visitor.get('/api/auth/csrf-token/');
    const response = await fetch(`${t.baseUrl}/api/public/applications/`, {
      method: 'POST',
      body,
      headers: {
        accept: 'application/json',
        cookie: visitor.cookieHeader(),
        'x-csrftoken': visitor.cookies.get('csrftoken') ?? '',
        'x-forwarded-for': `203.0.113.${++ip}`,
      },
    });
    const text = await response.text();
    return { status: response.status, text, json: JSON.parse(text) as unknown };
  }

  it('is refused in a field or the file name through the API, and no application is stored', async () => {
    const role = await insertRole(t.db, { indeedPosting: true });
    const before = await rows(applicationsTable);
    expectRefused(await sendApi(form(fields(role.id, { last_name: 'Riv\u0000era' }))), 'last_name');
    expectRefused(await sendApi(form(fields(role.id), 'cv\u0000.pdf')), 'resume');
    expect(await rows(applicationsTable)).toBe(before);
  });

  it('shows the form again with the field marked when posted without JavaScript, and stores nothing', async () => {
    const role = await insertRole(t.db, { indeedPosting: true });
    const page = await (await fetch(`${t.baseUrl}/careers/${role.id}`)).text();
    const token = /name="form_token" value="([^"]+)"/.exec(page)?.[1] ?? '';
    const before = await rows(applicationsTable);
    const response = await fetch(`${t.baseUrl}/careers/${role.id}/apply`, {
      method: 'POST',
      body: form(fields(role.id, { form_token: token, first_name: 'Jor\u0000dan' })),
      headers: { accept: 'text/html', origin: new URL(t.baseUrl).origin, 'x-forwarded-for': `203.0.113.${++ip}` },
      redirect: 'manual',
    });
    const html = await response.text();
    expect(response.status).toBe(400);
    expect(html).toContain(NUL_MESSAGE);
    expect(html).toContain('value="Jordan"');
    expect(html).not.toContain('\u0000');
    expect(await rows(applicationsTable)).toBe(before);
  });
});
