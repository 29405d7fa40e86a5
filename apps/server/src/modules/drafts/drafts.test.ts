import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCandidate } from '../../factories/candidates.factory';
import { insertClient } from '../../factories/clients.factory';
import { insertContact } from '../../factories/contacts.factory';
import { insertInterview, insertPipeline } from '../../factories/pipelines.factory';
import { insertRole } from '../../factories/roles.factory';
import { insertUser } from '../../factories/users.factory';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import type { HttpClient } from '../../test/http-client';
import { signedInClient } from '../../test/sign-in';
import type { UserRow } from '../users/users.service';
import { messageLinksTable, messagesTable } from '../messages/messages.table';
import { namePhrases } from './draft-records';
import { silenceDays } from './draft-builders';
import { modelAnswerToHtml } from './draft-model-text';
import { draftKindOf } from './drafts.service';

let t: TestApp;
let recruiterUser: UserRow;
let recruiter: HttpClient;
let viewer: HttpClient;
/** Words nothing else in the database holds, so name search finds only this test's records. */
const tag = () => `Q${Math.random().toString(36).slice(2, 8).replace(/\d/g, 'x')}`;

beforeAll(async () => {
  t = await buildTestApp();
  recruiterUser = await insertUser(t.db, { userType: ['recruiter'] });
  recruiter = await signedInClient(t, recruiterUser);
  viewer = await signedInClient(t, await insertUser(t.db, { userType: ['viewer'] }));
});
afterAll(async () => {
  await t?.close();
});

async function submittalSetup(candidateName: { firstName: string; lastName: string }) {
  const client = await insertClient(t.db, { name: `Cascade ${tag()} Systems` });
  const manager = await insertContact(t.db, {
    clientId: client.id,
    firstName: 'Morgan',
    lastName: 'Hale',
    email: `morgan.${tag().toLowerCase()}@cascade.test`,
  });
  const roleWord = tag();
  const role = await insertRole(t.db, {
    clientId: client.id,
    name: `Data ${roleWord} Engineer`,
    hiringManagerContactId: manager.id,
  });
  const candidate = await insertCandidate(t.db, {
    ...candidateName,
    email: `${tag().toLowerCase()}@example.test`,
    currentTitle: 'Senior Data Engineer',
    currentCompany: 'Initech',
    yearsExperience: 8,
    location: 'Berlin',
    skills: ['Python', 'Spark', 'PostgreSQL'],
    resumeKey: 'resumes/x.pdf',
    resumeFilename: 'jane-resume.pdf',
  });
  return { client, manager, role, roleWord, candidate };
}

describe('POST /api/messages/drafts/', () => {
  it('drafts a submittal from names in the request, to the role’s hiring manager, with the resume suggested', async () => {
    const last = tag();
    const { manager, role, roleWord, candidate } = await submittalSetup({ firstName: 'Jane', lastName: last });
    const pipeline = await insertPipeline(t.db, {
      candidateId: candidate.id,
      roleId: role.id,
      stage: 'submit_pending',
    });
    const response = await recruiter.post('/api/messages/drafts/', {
      request: `draft a submittal of Jane ${last} to the Data ${roleWord} Engineer role's hiring manager`,
    });
    expect(response.status).toBe(200);
    const draft = response.json.draft;
    expect(draft).toMatchObject({ kind: 'submittal', engine: 'builtin', send_individually: false });
    expect(draft.to).toEqual([{ record: 'contact', id: manager.id, name: 'Morgan Hale', address: manager.email }]);
    expect(draft.subject).toBe(`Submittal: Jane ${last} for ${role.name}`);
    expect(draft.body_html).toContain('Hi Morgan,');
    expect(draft.body_html).toContain('Senior Data Engineer at Initech');
    expect(draft.body_html).toContain('8 years of experience');
    expect(draft.attachments).toEqual([{ kind: 'candidate_resume', id: candidate.id, filename: 'jane-resume.pdf' }]);
    expect(draft.records).toEqual(
      expect.arrayContaining([
        { type: 'candidate', id: candidate.id },
        { type: 'role', id: role.id },
        { type: 'pipeline', id: pipeline.id },
      ]),
    );
  });

  it('escapes what the records hold: a hostile name stays text', async () => {
    const { role, candidate } = await submittalSetup({ firstName: '<img src=x onerror=alert(1)>', lastName: tag() });
    const response = await recruiter.post('/api/messages/drafts/', {
      request: 'draft a submittal',
      candidate_id: candidate.id,
      role_id: role.id,
    });
    expect(response.status).toBe(200);
    expect(response.json.draft.body_html).not.toContain('<img');
    expect(response.json.draft.body_html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('drafts a client update from the open roles, the week’s movement and the interviews ahead', async () => {
    const { client, role, candidate } = await submittalSetup({ firstName: 'Ola', lastName: tag() });
    const pipeline = await insertPipeline(t.db, {
      candidateId: candidate.id,
      roleId: role.id,
      stage: 'client_interview',
    });
    await insertInterview(t.db, { pipelineId: pipeline.id, kind: 'client' });
    const response = await recruiter.post('/api/messages/drafts/', {
      request: `draft this week's update for ${client.name}`,
    });
    expect(response.status).toBe(200);
    const draft = response.json.draft;
    expect(draft.kind).toBe('client_update');
    expect(draft.subject).toBe(`${client.name}: this week's update`);
    expect(draft.body_html).toContain(role.name);
    expect(draft.body_html).toContain('1 client interview');
    expect(draft.body_html).toContain(`Interview with Ola ${candidate.lastName}`);
    expect(draft.to.map((item: { name: string }) => item.name)).toEqual(['Morgan Hale']);
  });

  it('drafts a follow-up to the candidates who have not answered for N days, one message each', async () => {
    const quiet = await insertCandidate(t.db, { firstName: 'Quiet', lastName: tag(), email: `${tag()}@q.test` });
    const answered = await insertCandidate(t.db, { firstName: 'Answered', lastName: tag(), email: `${tag()}@a.test` });
    const recent = await insertCandidate(t.db, { firstName: 'Recent', lastName: tag(), email: `${tag()}@r.test` });
    const day = 86_400_000;
    const message = async (candidateId: number, direction: 'outbound' | 'inbound', daysAgo: number) => {
      const occurredAt = new Date(Date.now() - daysAgo * day);
      const [row] = await t.db
        .insert(messagesTable)
        .values({
          direction,
          status: direction === 'outbound' ? 'sent' : 'received',
          messageIdHeader: `${tag()}@test`,
          threadKey: tag(),
          fromAddress: 'someone@test',
          authorId: direction === 'outbound' ? recruiterUser.id : null,
          occurredAt,
        })
        .returning();
      await t.db
        .insert(messageLinksTable)
        .values({ messageId: row!.id, occurredAt, recordType: 'candidate', recordId: candidateId });
    };
    await message(quiet.id, 'outbound', 10);
    await message(answered.id, 'outbound', 10);
    await message(answered.id, 'inbound', 8);
    await message(recent.id, 'outbound', 3);
    const response = await recruiter.post('/api/messages/drafts/', {
      request: "draft a follow-up to candidates who haven't answered in 7 days",
    });
    expect(response.status).toBe(200);
    const draft = response.json.draft;
    expect(draft).toMatchObject({ kind: 'follow_up', send_individually: true });
    expect(draft.to.map((item: { id: number }) => item.id)).toEqual([quiet.id]);
    expect(draft.body_html).toContain('{{candidate.first_name}}');
  });

  it('says what it can draft when the request is not one of them, and what is missing when a record is', async () => {
    const vague = await recruiter.post('/api/messages/drafts/', { request: 'write something nice' });
    expect(vague.status).toBe(400);
    expect(vague.json.error).toMatch(/I can draft a submittal/);
    const noRole = await recruiter.post('/api/messages/drafts/', { request: `submit ${tag()} please` });
    expect(noRole.status).toBe(400);
    expect(noRole.json.error).toMatch(/Name the candidate|Name the role/);
  });

  it('answers 404 for an id that does not exist, 400 for bad input, 403 for viewers, 401 signed out', async () => {
    expect(
      (await recruiter.post('/api/messages/drafts/', { request: 'submittal', candidate_id: 2_000_000_000 })).status,
    ).toBe(404);
    expect((await recruiter.post('/api/messages/drafts/', { request: 'x' })).status).toBe(400);
    expect(
      (await recruiter.post('/api/messages/drafts/', { request: 'submittal', role_id: 99_999_999_999 })).status,
    ).toBe(400);
    expect((await viewer.post('/api/messages/drafts/', { request: 'draft an update for Acme' })).status).toBe(403);
  });
});

describe('draft helpers', () => {
  it('finds the kind from the words, else from the records', () => {
    const none = { candidate: null, role: null, client: null };
    expect(draftKindOf('follow up with the quiet ones', none)).toBe('follow_up');
    expect(draftKindOf('put Jane forward for the role', none)).toBe('submittal');
    expect(draftKindOf("this week's update for Acme", none)).toBe('client_update');
    expect(draftKindOf('write to them', none)).toBeNull();
  });

  it('reads the silence in days or weeks', () => {
    expect(silenceDays("haven't answered in 10 days")).toBe(10);
    expect(silenceDays('no reply for 2 weeks')).toBe(14);
    expect(silenceDays('chase them')).toBe(7);
  });

  it('offers name phrases without the common words around them', () => {
    const phrases = namePhrases("draft a submittal of Jane Doe to the Data Engineer role's hiring manager");
    expect(phrases).toContain('jane doe');
    expect(phrases).toContain('data engineer');
    expect(phrases).not.toContain('of jane');
  });

  it('reads a model’s answer as text: its markup never reaches the draft', () => {
    const html = modelAnswerToHtml('<p>Hi {{candidate.first_name}},</p><script>alert(1)</script><ul><li>One</li></ul>');
    expect(html).not.toContain('<script');
    expect(html).toContain('<p>Hi {{candidate.first_name}},</p>');
    expect(html).toContain('• One');
  });
});
