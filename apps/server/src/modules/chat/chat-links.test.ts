import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../../factories/users.factory';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { startScriptedModel } from '../../test/scripted-model-server';
import { signedInClient } from '../../test/sign-in';
import { ChatSocket } from './test-support/socket-client';

// Issue 29 item 4: whatever Markdown form a model writes a link in, the stored answer that
// GET /api/chat/{id}/ returns keeps only links to the app's own pages.

const ANSWERS: [string, string][] = [
  ['Reference: [the report][r] and [Acme][ok].\n\n[r]: https://evil.test/r\n[ok]: /clients/7', 'reference'],
  ['Backslash: [x](/\\evil.test/x) and [y](/%5C%5Cok) and [z](</\\evil.test>)', 'backslash'],
  ['Bare: see https://evil.test/steal?q=1 or www.evil.test, mail ceo@example.org', 'bare'],
  ['Autolink: <https://evil.test/a> and <javascript:alert(1)>', 'autolink'],
  ['Html: <a href="https://evil.test">click</a> <img src="https://evil.test/p.png"> <b>bold</b>', 'html'],
  ['Protocol-relative: [p](//evil.test) [q](<//evil.test>) [r](&#x2F;&#x2F;evil.test)', 'relative'],
  ['Schemes: [j](javascript:alert(1)) [d](data:text/html;base64,PHNjcmlwdD4=) [v](vbscript:x)', 'schemes'],
  [
    'Images: ![pixel](https://evil.test/p.png) ![in app](/logo.png) [![inner](https://e.test/i.png)](https://e.test)',
    'images',
  ],
];

describe('GET /api/chat/{id}/ after a model answer full of links', () => {
  let t: TestApp;
  let model: Awaited<ReturnType<typeof startScriptedModel>>;
  beforeAll(async () => {
    model = await startScriptedModel(ANSWERS.map(([content]) => ({ content })));
    t = await buildTestApp({ env: { AI_BASE_URL: model.baseUrl, AI_MODEL: 'scripted-model' } });
  });
  afterAll(async () => {
    await t?.close();
    await model?.close();
  });

  it('returns answers whose only links lead into the app', async () => {
    const owner = await insertUser(t.db, { userType: ['owner'] });
    const client = await signedInClient(t, owner);
    const stored: Record<string, string> = {};
    for (const [, label] of ANSWERS) {
      const chatId = (await client.post('/api/chat/create/', { initial_message: `Links, ${label}` })).json.chat_id;
      const socket = ChatSocket.open(t.baseUrl, `/ws/chat/${owner.id}/${chatId}/`, { cookie: client.cookieHeader() });
      await socket.waitFor('agent_response');
      await socket.close();
      const read = await client.get(`/api/chat/${chatId}/`);
      expect(read.status).toBe(200);
      stored[label] = read.json.chat_history.at(-1).content;
    }
    for (const content of Object.values(stored)) {
      expect(content).not.toMatch(/evil\.test|e\.test|javascript:|data:|vbscript:|<[a-z]|\]\(\/\\|\]\(<?\/\//i);
    }
    expect(stored.reference).toBe('Reference: the report and [Acme](</clients/7>).');
    expect(stored.backslash).toBe('Backslash: x and [y](/%5C%5Cok) and z');
    expect(stored.bare).toBe('Bare: see (link removed) or (link removed), mail ceo at example.org');
    expect(stored.autolink).toBe('Autolink: (link removed) and (link removed)');
    expect(stored.html).toBe('Html: click  bold');
    expect(stored.relative).toBe('Protocol-relative: p q r');
    expect(stored.schemes).toBe('Schemes: j d v');
    expect(stored.images).toBe('Images: pixel in app inner');
  });
});
