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

let t: TestApp;
let owner: HttpClient;
let superuser: HttpClient;
let recruiter: HttpClient;
let otherRecruiter: HttpClient;
let viewer: HttpClient;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await signedInClient(t, await insertUser(t.db, { userType: ['owner'] }));
  superuser = await signedInClient(t, await insertUser(t.db, { userType: ['superuser'] }));
  recruiter = await signedInClient(
    t,
    await insertUser(t.db, {
      userType: ['recruiter'],
      firstName: 'Rita',
      lastName: 'Recruiter',
      email: 'rita@agency.test',
    }),
  );
  otherRecruiter = await signedInClient(t, await insertUser(t.db, { userType: ['recruiter'] }));
  viewer = await signedInClient(t, await insertUser(t.db, { userType: ['viewer'] }));
});
afterAll(async () => {
  await t?.close();
});

const template = (overrides: Record<string, unknown> = {}) => ({
  name: 'Intro',
  scope: 'shared',
  subject: 'Hello {{candidate.first_name}}',
  body_html: '<p>Hi {{ candidate.first_name }}, about {{role.title}} at {{client.name}}.</p>{{recruiter.signature}}',
  ...overrides,
});

describe('email templates', () => {
  it('creates, lists, reads, updates and deletes; personal templates are their author’s alone', async () => {
    const shared = await recruiter.post('/api/email-templates/', template());
    expect(shared.status, shared.text).toBe(201);
    expect(shared.json.template).toMatchObject({
      name: 'Intro',
      scope: 'shared',
      purpose: 'general',
      owner: { name: 'Rita Recruiter' },
      can_edit: true,
    });
    const personal = await recruiter.post('/api/email-templates/', template({ name: 'Mine', scope: 'personal' }));
    expect(personal.status).toBe(201);
    const sharedId = shared.json.template.id;
    const personalId = personal.json.template.id;

    const ownList = await recruiter.get('/api/email-templates/');
    expect(ownList.json.templates.map((x: { id: number }) => x.id)).toEqual(
      expect.arrayContaining([sharedId, personalId]),
    );
    // Others see the shared one (not editable for a recruiter) but never the personal one, not even the owner.
    for (const other of [otherRecruiter, owner]) {
      const list = await other.get('/api/email-templates/');
      const ids = list.json.templates.map((x: { id: number }) => x.id);
      expect(ids).toContain(sharedId);
      expect(ids).not.toContain(personalId);
      expect((await other.get(`/api/email-templates/${personalId}/`)).status).toBe(404);
      expect((await other.request('PUT', `/api/email-templates/${personalId}/`, { body: template() })).status).toBe(
        404,
      );
    }
    expect((await otherRecruiter.get(`/api/email-templates/${sharedId}/`)).json.template.can_edit).toBe(false);
    expect(
      (await otherRecruiter.request('PUT', `/api/email-templates/${sharedId}/`, { body: template({ name: 'X' }) }))
        .status,
    ).toBe(403);
    expect((await otherRecruiter.request('DELETE', `/api/email-templates/${sharedId}/`)).status).toBe(403);
    // Owners and superusers edit shared templates; only the author makes one personal.
    const renamed = await superuser.request('PUT', `/api/email-templates/${sharedId}/`, {
      body: template({ name: 'Intro v2', purpose: 'submittal' }),
    });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.json.template).toMatchObject({ name: 'Intro v2', purpose: 'submittal', can_edit: true });
    expect(
      (await owner.request('PUT', `/api/email-templates/${sharedId}/`, { body: template({ scope: 'personal' }) }))
        .status,
    ).toBe(403);
    expect((await recruiter.get('/api/email-templates/?purpose=submittal&q=v2')).json.templates).toHaveLength(1);

    expect((await owner.request('DELETE', `/api/email-templates/${sharedId}/`)).status).toBe(200);
    expect((await recruiter.get(`/api/email-templates/${sharedId}/`)).status).toBe(404);
    expect((await recruiter.request('DELETE', `/api/email-templates/${personalId}/`)).status).toBe(200);
  });

  it('refuses viewers (they send nothing) and bad input', async () => {
    expect((await viewer.get('/api/email-templates/')).status).toBe(403);
    expect((await viewer.post('/api/email-templates/', template())).status).toBe(403);
    const bad = await recruiter.post('/api/email-templates/', { name: '', subject: '', body_html: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.json.fields).toMatchObject({ name: ['Enter a name.'], subject: ['Enter a subject.'] });
    expect((await recruiter.get('/api/email-templates/99999999999/')).status).toBe(400);
    expect((await recruiter.get('/api/email-templates/?scope=bogus')).status).toBe(400);
  });

  it('previews with real records: a pipeline gives candidate, role and client; values are escaped', async () => {
    const client = await insertClient(t.db, { name: 'Cascade & Co' });
    const role = await insertRole(t.db, { clientId: client.id, name: 'Data Engineer', location: 'Seattle' });
    const candidate = await insertCandidate(t.db, { firstName: '<img src=x onerror=alert(1)>', lastName: 'Doe' });
    const pipeline = await insertPipeline(t.db, { roleId: role.id, candidateId: candidate.id });
    const created = await recruiter.post('/api/email-templates/', template());
    const id = created.json.template.id;

    const preview = await recruiter.post(`/api/email-templates/${id}/preview/`, { pipeline_id: pipeline.id });
    expect(preview.status, preview.text).toBe(200);
    expect(preview.json.preview).toEqual({
      subject: 'Hello <img src=x onerror=alert(1)>',
      body_html: '<p>Hi &lt;img src=x onerror=alert(1)&gt;, about Data Engineer at Cascade &amp; Co.</p>',
      missing: [],
      unknown: [],
    });

    // A role alone gives its client; the candidate's fields are then missing and marked.
    const byRole = await recruiter.post(`/api/email-templates/${id}/preview/`, { role_id: role.id });
    expect(byRole.json.preview.missing).toEqual(['candidate.first_name']);
    expect(byRole.json.preview.body_html).toContain('data-merge-missing="candidate.first_name"');
    expect(byRole.json.preview.body_html).toContain('Cascade &amp; Co');

    // A contact's fields, the recruiter (the acting user), unknown tags.
    const contact = await insertContact(t.db, { clientId: client.id, firstName: 'Hana', jobTitle: 'VP' });
    const other = await recruiter.post(
      '/api/email-templates/',
      template({
        subject: 'For {{contact.first_name}} ({{contact.job_title}})',
        body_html: '{{recruiter.full_name}} <{{recruiter.email}}> at {{client.name}} {{candidate.salary}}',
      }),
    );
    const byContact = await recruiter.post(`/api/email-templates/${other.json.template.id}/preview/`, {
      contact_id: contact.id,
    });
    expect(byContact.json.preview).toMatchObject({
      subject: 'For Hana (VP)',
      missing: [],
      unknown: ['candidate.salary'],
    });
    expect(byContact.json.preview.body_html).toContain('Rita Recruiter <rita@agency.test> at Cascade &amp; Co');

    const missingRecord = await recruiter.post(`/api/email-templates/${id}/preview/`, { candidate_id: 999_999 });
    expect(missingRecord.status).toBe(400);
    expect(missingRecord.json.fields.candidate_id).toEqual(['Choose an existing candidate.']);
  });
});
