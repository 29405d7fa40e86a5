import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCandidate } from '../../factories/candidates.factory';
import { insertClient } from '../../factories/clients.factory';
import { insertContact } from '../../factories/contacts.factory';
import { insertPipeline } from '../../factories/pipelines.factory';
import { insertRole } from '../../factories/roles.factory';
import { insertUser } from '../../factories/users.factory';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { HttpClient } from '../../test/http-client';
import { readOutbox } from '../../test/mail';
import { signedInClient } from '../../test/sign-in';
import { linkMessage } from './message-links.repository';
import { messagesTable } from './messages.table';

// The records' timelines: newest first, keyset pages that never repeat or skip, 404 for an unknown record,
// bcc only for the author and owners.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function inboundOn(recordId: number, occurredAt: Date, subject: string): Promise<number> {
  const [row] = await t.db
    .insert(messagesTable)
    .values({
      direction: 'inbound',
      status: 'received',
      messageIdHeader: `${subject.replace(/\W/g, '')}-${Math.random().toString(36).slice(2)}@example.test`,
      threadKey: subject,
      fromAddress: 'someone@example.test',
      subject,
      occurredAt,
    })
    .returning();
  await linkMessage(t.db, row!.id, occurredAt, [{ recordType: 'candidate', recordId }]);
  return row!.id;
}

describe('GET /api/{type}/{id}/timeline/', () => {
  it('pages a candidate timeline newest first with a keyset cursor (ties by id), every message once', async () => {
    const candidate = await insertCandidate(t.db);
    const base = Date.UTC(2026, 0, 1);
    const ids: { id: number; at: number }[] = [];
    for (let index = 0; index < 23; index += 1) {
      // Every third message shares its time with the one before it.
      const at = base + Math.floor(index - Math.floor(index / 3)) * 60_000;
      ids.push({ id: await inboundOn(candidate.id, new Date(at), `Message ${index}`), at });
    }
    const expected = [...ids].sort((a, b) => b.at - a.at || b.id - a.id).map((item) => item.id);
    const client = await signedInClient(t, await insertUser(t.db, { userType: ['viewer'] }));
    const seen: number[] = [];
    let before: string | null = null;
    for (let page = 0; page < 10; page += 1) {
      const query: string = `?limit=5${before ? `&before=${before}` : ''}`;
      const response = await client.get(`/api/candidates/${candidate.id}/timeline/${query}`);
      expect(response.status).toBe(200);
      seen.push(...response.json.results.map((message: { id: number }) => message.id));
      before = response.json.next;
      if (!before) break;
    }
    expect(seen).toEqual(expected);
    const first = (await client.get(`/api/candidates/${candidate.id}/timeline/?limit=1`)).json.results[0];
    expect(first.records).toEqual([
      { type: 'candidate', id: candidate.id, name: `${candidate.firstName} ${candidate.lastName}` },
    ]);

    expect((await client.get('/api/candidates/999999/timeline/')).status).toBe(404);
    expect((await client.get(`/api/candidates/${candidate.id}/timeline/?before=not-a-cursor`)).status).toBe(400);
    expect((await client.get(`/api/candidates/${candidate.id}/timeline/?limit=1000`)).status).toBe(400);
    expect((await new HttpClient(t.baseUrl).get(`/api/candidates/${candidate.id}/timeline/`)).status).toBe(401);
  });

  it('puts a sent message on the contact, its client, the role and the pipeline; bcc for author and owners only', async () => {
    const author = await insertUser(t.db, { userType: ['recruiter'] });
    const colleague = await insertUser(t.db, { userType: ['recruiter'] });
    const owner = await insertUser(t.db, { userType: ['owner'] });
    const client = await insertClient(t.db);
    const contact = await insertContact(t.db, { clientId: client.id, email: 'hm@client.test' });
    const role = await insertRole(t.db, { clientId: client.id });
    const candidate = await insertCandidate(t.db, { email: 'secret-bcc@example.test' });
    const pipeline = await insertPipeline(t.db, { roleId: role.id, candidateId: candidate.id });

    const writer = await signedInClient(t, author);
    const created = await writer.post('/api/messages/', {
      to: [{ record: 'contact', id: contact.id }],
      bcc: [{ record: 'candidate', id: candidate.id }],
      subject: 'Submittal',
      body_html: '<p>Please see the candidate</p>',
      records: [
        { type: 'role', id: role.id },
        { type: 'pipeline', id: pipeline.id },
      ],
    });
    expect(created.status).toBe(201);
    const id = created.json.message.id;
    expect(created.json.message.bcc).toEqual([{ name: expect.any(String), address: 'secret-bcc@example.test' }]);

    const other = await signedInClient(t, colleague);
    for (const path of [
      `/api/contacts/${contact.id}/timeline/`,
      `/api/clients/${client.id}/timeline/`,
      `/api/roles/${role.id}/timeline/`,
      `/api/pipelines/${pipeline.id}/timeline/`,
    ]) {
      const page = await other.get(path);
      expect(page.status, path).toBe(200);
      expect(page.json.results.map((message: { id: number }) => message.id)).toEqual([id]);
      expect(page.json.results[0].bcc).toEqual([]);
      expect(page.json.results[0].records.map((record: { type: string }) => record.type).sort()).toEqual([
        'client',
        'contact',
        'pipeline',
        'role',
      ]);
    }
    const forColleague = (await other.get(`/api/messages/${id}/`)).json.message;
    expect(JSON.stringify(forColleague)).not.toContain('secret-bcc@example.test');

    for (const user of [author, owner]) {
      const message = (await (await signedInClient(t, user)).get(`/api/messages/${id}/`)).json.message;
      expect(message.bcc.map((item: { address: string }) => item.address)).toEqual(['secret-bcc@example.test']);
      expect(message.records.map((record: { type: string }) => record.type)).toContain('candidate');
    }
    expect((await other.get('/api/messages/99999999/')).status).toBe(404);

    // Without SMTP_URL the message is written to DATA_DIR/mail as an .eml file, and counts as sent.
    await t.app.deps.jobs.drain();
    const sent = (await writer.get(`/api/messages/${id}/`)).json.message;
    expect(sent.status).toBe('sent');
    expect(sent.status_detail).toContain('outbox folder');
    const [eml] = (await readOutbox(t.dataDir, 1)).filter((mail) => mail.includes('Subject: Submittal'));
    expect(eml).toMatch(/^To: .*<hm@client\.test>/m);

    // A reply continues the thread: same thread key, In-Reply-To the first message's Message-ID.
    const reply = await writer.post('/api/messages/', {
      to: [{ record: 'contact', id: contact.id }],
      subject: 'Re: Submittal',
      body_html: '<p>Following up</p>',
      in_reply_to_message_id: id,
    });
    expect(reply.json.message.thread_key).toBe(sent.thread_key);
    await t.app.deps.jobs.drain();
    const [replyEml] = (await readOutbox(t.dataDir, 2)).filter((mail) => mail.includes('Subject: Re: Submittal'));
    expect(replyEml).toContain(`In-Reply-To: <${sent.thread_key}>`);
  });
});
