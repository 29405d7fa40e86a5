import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCandidate } from '../../factories/candidates.factory';
import { insertClient } from '../../factories/clients.factory';
import { insertRole } from '../../factories/roles.factory';
import { insertUser } from '../../factories/users.factory';
import { jobsTable } from '../../lib/jobs';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import type { HttpClient } from '../../test/http-client';
import { signedInClient } from '../../test/sign-in';
import { messageLinksTable, messagesTable } from '../messages/messages.table';
import { MAIL_SEND_JOB } from '../messages/outbox.service';
import { unsubscribesTable } from '../unsubscribes/unsubscribes.table';

let t: TestApp;
let recruiter: HttpClient;
let viewer: HttpClient;
let templateId: number;
let ritaId: number;

beforeAll(async () => {
  // 60 a minute: one message a second.
  t = await buildTestApp({ env: { MAIL_BULK_PER_MINUTE: '60' } });
  const user = await insertUser(t.db, { userType: ['recruiter'], firstName: 'Rita', email: 'rita@agency.test' });
  ritaId = user.id;
  recruiter = await signedInClient(t, user);
  viewer = await signedInClient(t, await insertUser(t.db, { userType: ['viewer'] }));
  const created = await recruiter.post('/api/email-templates/', {
    name: 'Outreach',
    scope: 'personal',
    subject: '{{role.title}} for {{candidate.first_name}}',
    body_html: '<p>Hi {{candidate.first_name}} at {{candidate.current_company}}</p><a href="{{unsubscribe_url}}">x</a>',
  });
  templateId = created.json.template.id;
});
afterAll(async () => {
  await t?.close();
});

const messagesTo = (address: string) =>
  t.db
    .select()
    .from(messagesTable)
    .where(eq(messagesTable.authorId, ritaId))
    .then((rows) => rows.filter((row) => row.toAddresses.some((to) => to.address === address)));

describe('POST /api/messages/bulk/', () => {
  it('personalises each message, leaves out DNC, unsubscribed, no email and missing fields, and spaces them', async () => {
    const client = await insertClient(t.db, { name: 'Acme' });
    const role = await insertRole(t.db, { clientId: client.id, name: 'Data Engineer' });
    const ok1 = await insertCandidate(t.db, { firstName: '<b>Ann</b>', currentCompany: 'Initech' });
    const ok2 = await insertCandidate(t.db, { firstName: 'Bob', currentCompany: 'Globex' });
    const ok3 = await insertCandidate(t.db, { firstName: 'Cy', currentCompany: 'Hooli' });
    const dnc = await insertCandidate(t.db, { firstName: 'Dee', lastName: 'Nope', status: 'do_not_contact' });
    const unsub = await insertCandidate(t.db, { firstName: 'Una', lastName: 'Sub', email: 'Una.Sub@Example.test' });
    await t.db.insert(unsubscribesTable).values({ address: 'una.sub@example.test' });
    const noEmail = await insertCandidate(t.db, { firstName: 'Ned', lastName: 'Nomail', email: '' });
    const noCompany = await insertCandidate(t.db, { firstName: 'Max', lastName: 'Missing', currentCompany: '' });

    const start = '2030-01-07T09:00:00.000Z';
    const response = await recruiter.post('/api/messages/bulk/', {
      template_id: templateId,
      candidate_ids: [ok1.id, dnc.id, ok2.id, unsub.id, noEmail.id, noCompany.id, ok3.id, ok1.id],
      role_id: role.id,
      send_after: start,
    });
    expect(response.status, response.text).toBe(200);
    expect(response.json.result.queued).toBe(3);
    expect(response.json.result.left_out).toEqual([
      { candidate_id: dnc.id, name: 'Dee Nope', reason: 'do_not_contact', detail: 'Marked do not contact.' },
      {
        candidate_id: unsub.id,
        name: 'Una Sub',
        reason: 'unsubscribed',
        detail: 'Una.Sub@Example.test unsubscribed.',
      },
      { candidate_id: noEmail.id, name: 'Ned Nomail', reason: 'no_email', detail: 'No email address.' },
      {
        candidate_id: noCompany.id,
        name: 'Max Missing',
        reason: 'missing_fields',
        detail: 'No value for candidate.current_company.',
      },
    ]);

    const [first] = await messagesTo(ok1.email);
    expect(first).toMatchObject({ status: 'queued', subject: 'Data Engineer for <b>Ann</b>' });
    expect(first!.bodyHtml).toContain('<p>Hi &lt;b&gt;Ann&lt;/b&gt; at Initech</p>');
    expect(first!.bodyHtml).toMatch(/href="http:\/\/127\.0\.0\.1:\d+\/unsubscribe\/[\w.-]+"/);
    expect(await messagesTo(dnc.email)).toEqual([]);
    expect(await messagesTo(unsub.email)).toEqual([]);

    // Spaced at 60 a minute from the start asked for: 0 s, 1 s, 2 s; each job waits for its message's time.
    const sent = [...(await messagesTo(ok1.email)), ...(await messagesTo(ok2.email)), ...(await messagesTo(ok3.email))];
    expect(sent).toHaveLength(3);
    expect(sent.map((row) => row.sendAfter!.toISOString())).toEqual([
      '2030-01-07T09:00:00.000Z',
      '2030-01-07T09:00:01.000Z',
      '2030-01-07T09:00:02.000Z',
    ]);
    const jobs = await t.db
      .select()
      .from(jobsTable)
      .where(eq(jobsTable.kind, MAIL_SEND_JOB))
      .orderBy(asc(jobsTable.runAfter));
    const mine = jobs.filter((job) => sent.some((row) => (job.payload as { messageId: number }).messageId === row.id));
    expect(mine.map((job) => job.runAfter.toISOString())).toEqual(sent.map((row) => row.sendAfter!.toISOString()));

    // On the candidate's, the role's and the client's timelines.
    const links = await t.db
      .select({ type: messageLinksTable.recordType, id: messageLinksTable.recordId })
      .from(messageLinksTable)
      .where(eq(messageLinksTable.messageId, first!.id));
    expect(links).toEqual(
      expect.arrayContaining([
        { type: 'candidate', id: ok1.id },
        { type: 'role', id: role.id },
        { type: 'client', id: client.id },
      ]),
    );
  });

  it('refuses viewers, too many candidates, unknown candidates and templates', async () => {
    const candidate = await insertCandidate(t.db);
    expect(
      (await viewer.post('/api/messages/bulk/', { template_id: templateId, candidate_ids: [candidate.id] })).status,
    ).toBe(403);
    const many = Array.from({ length: 201 }, (_, i) => i + 1);
    const tooMany = await recruiter.post('/api/messages/bulk/', { template_id: templateId, candidate_ids: many });
    expect(tooMany.status).toBe(400);
    expect(tooMany.json.fields.candidate_ids).toEqual(['Send to at most 200 candidates at once.']);
    const unknown = await recruiter.post('/api/messages/bulk/', {
      template_id: templateId,
      candidate_ids: [candidate.id, 99_999_999],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.json.fields.candidate_ids).toEqual(['No candidate with id 99999999.']);
    expect(
      (await recruiter.post('/api/messages/bulk/', { template_id: 99_999_999, candidate_ids: [candidate.id] })).status,
    ).toBe(404);
    // Nothing was queued by the refusals.
    const queued = await t.db
      .select({ id: messagesTable.id })
      .from(messagesTable)
      .where(
        and(
          inArray(messagesTable.status, ['queued']),
          eq(messagesTable.subject, `Data Engineer for ${candidate.firstName}`),
        ),
      );
    expect(queued).toEqual([]);
  });
});
