import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCandidate } from '../../factories/candidates.factory';
import { insertClient } from '../../factories/clients.factory';
import { insertContact } from '../../factories/contacts.factory';
import { insertPipeline } from '../../factories/pipelines.factory';
import { insertRole } from '../../factories/roles.factory';
import { insertUser } from '../../factories/users.factory';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import type { HttpClient } from '../../test/http-client';
import { signedInClient } from '../../test/sign-in';
import { messageAttachmentsTable, messageLinksTable, messagesTable } from '../messages/messages.table';
import { pipelineEventsTable, pipelinesTable, submittalsTable } from '../pipelines/pipelines.table';

let t: TestApp;
let recruiter: HttpClient;
let viewer: HttpClient;

beforeAll(async () => {
  t = await buildTestApp();
  recruiter = await signedInClient(
    t,
    await insertUser(t.db, { userType: ['recruiter'], firstName: 'Rita', lastName: 'R', email: 'rita@agency.test' }),
  );
  viewer = await signedInClient(t, await insertUser(t.db, { userType: ['viewer'] }));
});
afterAll(async () => {
  await t?.close();
});

const RESUME = Buffer.from('%PDF-1.4\nJane Doe resume\n%%EOF');

let clients = 0;
async function setup(stage: 'sourced' | 'submit_pending' | 'submitted' = 'submit_pending') {
  clients += 1;
  const client = await insertClient(t.db, { name: `Cascade Cloud ${clients}` });
  const role = await insertRole(t.db, { clientId: client.id, name: 'Data Engineer' });
  const contact = await insertContact(t.db, {
    clientId: client.id,
    firstName: 'Hana',
    lastName: 'Kim',
    email: `hana-${Date.now()}-${Math.random().toString(36).slice(2)}@cascade.test`,
  });
  const key = `resumes/${Date.now()}-${Math.random().toString(36).slice(2)}.pdf`;
  await t.app.deps.storage.write(key, RESUME, 'application/pdf');
  const candidate = await insertCandidate(t.db, {
    firstName: 'Jane',
    lastName: 'Doe',
    email: 'jane.doe@mail.example',
    phone: '+1 555 010 9999',
    resumeKey: key,
    resumeFilename: 'Jane Doe CV.pdf',
    resumeSize: RESUME.length,
    resumeContentType: 'application/pdf',
    resumeUploadedAt: new Date(),
    resumeText:
      'Jane Doe\njane.doe@mail.example · +1 555 010 9999 · linkedin.com/in/janedoe\nData Engineer at Acme 2019-2024',
    resumeHasText: true,
  });
  const pipeline = await insertPipeline(t.db, { roleId: role.id, candidateId: candidate.id, stage });
  return { client, role, contact, candidate, pipeline };
}

const body = (contactId: number, overrides: Record<string, unknown> = {}) => ({
  to_contact_id: contactId,
  subject: 'Candidate for {{role.title}}: {{candidate.full_name}}',
  body_html: '<p>Hi {{contact.first_name}}, meet {{candidate.full_name}}.</p>',
  ...overrides,
});

describe('POST /api/pipelines/{id}/submittal-email/', () => {
  it('queues the email with the resume to the contact and records the submittal like the stage action', async () => {
    const { client, role, contact, candidate, pipeline } = await setup();
    const response = await recruiter.post(`/api/pipelines/${pipeline.id}/submittal-email/`, body(contact.id));
    expect(response.status, response.text).toBe(201);
    expect(response.json).toMatchObject({ success: true, stage: 'submitted', version: pipeline.version + 1 });

    const [message] = await t.db.select().from(messagesTable).where(eq(messagesTable.id, response.json.message_id));
    expect(message).toMatchObject({
      status: 'queued',
      subject: 'Candidate for Data Engineer: Jane Doe',
      bodyHtml: '<p>Hi Hana, meet Jane Doe.</p>',
      // Decision 106: from MAIL_FROM's address under the recruiter's name; replies go to the recruiter.
      fromAddress: 'no-reply@recruitdesk.local',
      fromName: expect.stringContaining('Rita R ('),
      toAddresses: [{ name: 'Hana Kim', address: contact.email }],
    });
    const links = await t.db
      .select({ type: messageLinksTable.recordType, id: messageLinksTable.recordId })
      .from(messageLinksTable)
      .where(eq(messageLinksTable.messageId, message!.id));
    expect(links).toEqual(
      expect.arrayContaining([
        { type: 'candidate', id: candidate.id },
        { type: 'pipeline', id: pipeline.id },
        { type: 'role', id: role.id },
        { type: 'client', id: client.id },
        { type: 'contact', id: contact.id },
      ]),
    );
    const [attachment] = await t.db
      .select()
      .from(messageAttachmentsTable)
      .where(eq(messageAttachmentsTable.messageId, message!.id));
    expect(attachment).toMatchObject({
      filename: 'Jane Doe CV.pdf',
      contentType: 'application/pdf',
      size: RESUME.length,
    });
    expect(await t.app.deps.storage.read(attachment!.storageKey)).toEqual(RESUME);

    // The submittal, as POST …/actions/submittal/ records it: stage, submittal row, event.
    const [after] = await t.db.select().from(pipelinesTable).where(eq(pipelinesTable.id, pipeline.id));
    expect(after!.stage).toBe('submitted');
    const submittals = await t.db.select().from(submittalsTable).where(eq(submittalsTable.pipelineId, pipeline.id));
    expect(submittals).toHaveLength(1);
    expect(submittals[0]).toMatchObject({ outcome: 'pending', note: 'Emailed to Hana Kim.' });
    const events = await t.db.select().from(pipelineEventsTable).where(eq(pipelineEventsTable.pipelineId, pipeline.id));
    expect(events.map((event) => event.kind)).toContain('submitted');

    // Once submitted, a second submittal email is refused with the stage rule's message.
    const again = await recruiter.post(`/api/pipelines/${pipeline.id}/submittal-email/`, body(contact.id));
    expect(again.status).toBe(409);
    expect(again.json.error).toBe('This candidate has already been submitted to the client.');
  });

  it('sends the resume without contact details when asked (a text file)', async () => {
    const { contact, pipeline } = await setup('sourced');
    const response = await recruiter.post(
      `/api/pipelines/${pipeline.id}/submittal-email/`,
      body(contact.id, { redact_contact_details: true }),
    );
    expect(response.status, response.text).toBe(201);
    const [attachment] = await t.db
      .select()
      .from(messageAttachmentsTable)
      .where(eq(messageAttachmentsTable.messageId, response.json.message_id));
    expect(attachment!.filename).toBe('Jane Doe - resume (contact details removed).txt');
    const text = (await t.app.deps.storage.read(attachment!.storageKey)).toString('utf8');
    expect(text).toContain('Data Engineer at Acme 2019-2024');
    expect(text).not.toMatch(/jane\.doe@|555|linkedin/);
  });

  it('refuses a contact of another client, missing fields, viewers, and leaves the pipeline as it was', async () => {
    const { client, pipeline } = await setup();
    const stranger = await insertContact(t.db, { clientId: (await insertClient(t.db)).id, email: 'x@other.test' });
    const wrong = await recruiter.post(`/api/pipelines/${pipeline.id}/submittal-email/`, body(stranger.id));
    expect(wrong.status).toBe(400);
    expect(wrong.json.fields.to_contact_id).toEqual([`Choose a contact at ${client.name}.`]);

    const { contact: own, pipeline: other } = await setup();
    const missing = await recruiter.post(
      `/api/pipelines/${other.id}/submittal-email/`,
      body(own.id, { body_html: '<p>{{candidate.current_company}} {{ nope }}</p>' }),
    );
    expect(missing.status).toBe(400);
    expect(missing.json).toMatchObject({
      error: 'The template cannot be sent: unknown fields nope.',
      unknown: ['nope'],
    });
    const marker = await recruiter.post(
      `/api/pipelines/${other.id}/submittal-email/`,
      body(own.id, { body_html: '<mark data-merge-missing="candidate.current_company">[missing]</mark>' }),
    );
    expect(marker.status).toBe(400);
    expect(marker.json.missing).toEqual(['candidate.current_company']);
    expect((await viewer.post(`/api/pipelines/${other.id}/submittal-email/`, body(own.id))).status).toBe(403);
    expect((await recruiter.post('/api/pipelines/99999999/submittal-email/', body(own.id))).status).toBe(404);
    const [unchanged] = await t.db.select().from(pipelinesTable).where(eq(pipelinesTable.id, other.id));
    expect(unchanged!.stage).toBe('submit_pending');
  });
});
