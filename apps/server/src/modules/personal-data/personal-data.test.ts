import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCandidate } from '../../factories/candidates.factory';
import { insertPipeline } from '../../factories/pipelines.factory';
import { insertRole } from '../../factories/roles.factory';
import { insertUser } from '../../factories/users.factory';
import { emailTemplatesTable } from '../email-templates/email-templates.table';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { zipEntries } from '../../test/find-markers';
import type { HttpClient } from '../../test/http-client';
import { candidateBody, newMarkers, uploadResume } from '../../test/marked-person';
import { signedInClient } from '../../test/sign-in';

// Restriction ("do not process") and the access export (issue 34), through HTTP.

let t: TestApp;
let owner: HttpClient;
let superuser: HttpClient;
let recruiter: HttpClient;
beforeAll(async () => {
  t = await buildTestApp();
  owner = await signedInClient(t, await insertUser(t.db, { userType: ['owner'] }));
  superuser = await signedInClient(t, await insertUser(t.db, { userType: ['superuser'] }));
  recruiter = await signedInClient(t, await insertUser(t.db, { userType: ['recruiter'] }));
});
afterAll(async () => {
  await t?.close();
});

const ids = (json: { results: { id: number }[] }) => json.results.map((row) => row.id);

describe('restricting processing', () => {
  it('keeps the record readable but out of search, matching, bulk email and the role export; lifting brings it back', async () => {
    const m = newMarkers();
    const candidate = await insertCandidate(t.db, {
      firstName: m.firstName,
      lastName: m.lastName,
      email: m.email,
      skills: ['Kotlin'],
    });
    const role = await insertRole(t.db, { name: 'Kotlin Developer' });
    await insertPipeline(t.db, { roleId: role.id, candidateId: candidate.id });
    const path = `/api/candidates/${candidate.id}/restrict/`;

    for (const client of [superuser, recruiter])
      expect((await client.post(path, { restricted: true })).status).toBe(403);
    expect((await owner.post(path, { restricted: 'yes' })).status).toBe(400);
    expect((await owner.post('/api/candidates/999999/restrict/', { restricted: true })).status).toBe(404);

    expect(ids((await owner.get(`/api/candidates/?search=${m.word}`)).json)).toEqual([candidate.id]);
    const restricted = await owner.post(path, { restricted: true });
    expect(restricted.status, restricted.text).toBe(200);
    expect(restricted.json).toEqual({ success: true, restricted: true });

    // Readable on its own page, flagged; left out of the searches.
    expect((await recruiter.get(`/api/candidates/${candidate.id}/`)).json.candidate).toMatchObject({
      processing_restricted: true,
      email: m.email,
    });
    expect(ids((await owner.get(`/api/candidates/?search=${m.word}`)).json)).toEqual([]);
    expect((await owner.get(`/api/search/?q=${m.firstName}`)).json.candidates).toEqual([]);
    // An edit does not bring the search text back while restricted (the trigger).
    const edited = await recruiter.request('PUT', `/api/candidates/${candidate.id}/`, {
      body: { ...candidateBody(m), current_title: 'Kotlin lead' },
    });
    expect(edited.status, edited.text).toBe(200);
    expect(ids((await owner.get(`/api/candidates/?search=${m.word}`)).json)).toEqual([]);

    // Matching and the role's export leave them out.
    const matches = await owner.get(`/api/roles/${role.id}/matches/`);
    expect(matches.status).toBe(200);
    expect(matches.json.results.map((row: { candidate: { id: number } }) => row.candidate.id)).not.toContain(
      candidate.id,
    );
    const exported = await owner.get(`/api/roles/${role.id}/candidates/export/?format=csv`);
    expect(exported.status).toBe(200);
    expect(exported.text).not.toContain(m.word);

    // Bulk email: left out, and says why.
    const [template] = await t.db
      .insert(emailTemplatesTable)
      .values({ name: 'Hello', scope: 'shared', subject: 'Hi {{candidate.first_name}}', bodyHtml: '<p>Hi</p>' })
      .returning();
    const bulk = await recruiter.post('/api/messages/bulk/', {
      template_id: template!.id,
      candidate_ids: [candidate.id],
    });
    expect(bulk.status, bulk.text).toBe(200);
    expect(bulk.json.result).toMatchObject({
      queued: 0,
      left_out: [{ candidate_id: candidate.id, reason: 'restricted' }],
    });

    // The change is in the candidate's history, without personal data.
    const history = await owner.get(`/api/activity/?model_type=candidate&object_id=${candidate.id}&limit=20`);
    expect(history.json.results.map((row: { summary: string }) => row.summary)).toContain(
      `Restricted processing of candidate #${candidate.id}`,
    );

    // Lifted: found again.
    expect((await owner.post(path, { restricted: false })).json).toEqual({ success: true, restricted: false });
    expect(ids((await owner.get(`/api/candidates/?search=${m.word}`)).json)).toEqual([candidate.id]);
    expect((await owner.get(`/api/search/?q=${m.firstName}`)).json.candidates).toHaveLength(1);
  });
});

describe('the access export', () => {
  it('gives an owner a ZIP of every field, note and file (JSON, a readable PDF, the resume), and logs it', async () => {
    const m = newMarkers();
    const created = await recruiter.post('/api/candidates/', candidateBody(m));
    const candidateId = created.json.candidate.id as number;
    await uploadResume(t, recruiter, candidateId, m);
    await recruiter.post(`/api/notes/candidate/${candidateId}/`, { body: `Note${m.word}` });
    const path = `/api/candidates/${candidateId}/export-personal-data/`;

    for (const client of [superuser, recruiter]) expect((await client.post(path)).status).toBe(403);
    expect((await owner.post('/api/candidates/999999/export-personal-data/')).status).toBe(404);

    if (!owner.cookies.has('csrftoken')) await owner.get('/api/auth/csrf-token/');
    const response = await fetch(`${t.baseUrl}${path}`, {
      method: 'POST',
      headers: { cookie: owner.cookieHeader(), 'x-csrftoken': owner.cookies.get('csrftoken') ?? '' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="candidate-${candidateId}-personal-data.zip"`,
    );
    const entries = await zipEntries(Buffer.from(await response.arrayBuffer()));
    expect([...entries.keys()].sort()).toEqual([
      `files/resume-${m.word}.pdf`,
      'personal-data.json',
      'personal-data.pdf',
    ]);
    const json = JSON.parse(entries.get('personal-data.json')!.toString('utf8'));
    expect(json.candidate).toMatchObject({ firstName: m.firstName, email: m.email, phone: m.phone });
    expect(json.candidate.resumeText).toContain(`resume${m.word}`.toLowerCase().replace('resume', 'Resume'));
    expect(json.notes).toEqual([expect.objectContaining({ body: `Note${m.word}` })]);
    expect(entries.get('personal-data.pdf')!.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const history = await owner.get(`/api/activity/?model_type=candidate&object_id=${candidateId}&limit=20`);
    expect(history.json.results[0]).toMatchObject({
      verb: 'exported',
      summary: `Exported the personal data of candidate #${candidateId}`,
    });
  });
});
