import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertRole } from '../../factories/roles.factory';
import { insertUser } from '../../factories/users.factory';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { markersIn } from '../../test/find-markers';
import type { HttpClient } from '../../test/http-client';
import { startFakeRelay, type FakeRelay } from '../../test/mail';
import { applyOnCareersPage, candidateBody, newMarkers, sendMessage, uploadResume } from '../../test/marked-person';
import { signedInClient } from '../../test/sign-in';

// Issue 34: the server's logs never carry personal data. A whole workflow runs through HTTP with the logs
// captured at `info` (and the failures the workflow meets on the way, at `warn`): an application on the
// careers page, an import of a CSV, a candidate with a resume, pipeline moves, an email sent, a refused
// erasure and an erasure. None of the people's markers may appear in any log line (ids only).

const lines: string[] = [];
let t: TestApp;
let relay: FakeRelay;
let owner: HttpClient;
beforeAll(async () => {
  relay = await startFakeRelay();
  t = await buildTestApp({
    env: { LOG_LEVEL: 'debug', SMTP_URL: relay.url },
    deps: { logStream: { write: (line) => void lines.push(line) } },
  });
  owner = await signedInClient(t, await insertUser(t.db, { userType: ['owner'] }));
});
afterAll(async () => {
  await t?.close();
  await relay?.close();
});

async function importCsv(rows: string[][]): Promise<void> {
  if (!owner.cookies.has('csrftoken')) await owner.get('/api/auth/csrf-token/');
  const form = new FormData();
  form.append('kind', 'candidates');
  const csv = [['First name', 'Last name', 'Email', 'Phone'], ...rows].map((row) => row.join(',')).join('\n');
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'people.csv');
  const uploaded = await fetch(`${t.baseUrl}/api/imports/`, {
    method: 'POST',
    body: form,
    headers: {
      accept: 'application/json',
      cookie: owner.cookieHeader(),
      'x-csrftoken': owner.cookies.get('csrftoken') ?? '',
    },
  });
  expect(uploaded.status).toBe(201);
  const { import: view } = (await uploaded.json()) as { import: { id: number } };
  const started = await owner.post(`/api/imports/${view.id}/start/`, {
    mapping: ['first_name', 'last_name', 'email', 'phone'],
    duplicate_policy: 'skip',
  });
  expect(started.status, started.text).toBeLessThan(300);
  await t.app.deps.jobs.drain();
  const done = await owner.get(`/api/imports/${view.id}/`);
  expect(done.json.import.status).toBe('succeeded');
}

describe('logs never carry personal data (issue 34)', () => {
  it('a whole workflow, erasure included, logs ids only', async () => {
    const applicant = newMarkers();
    const imported = newMarkers();
    const person = newMarkers();
    const role = await insertRole(t.db, { indeedPosting: true, name: 'Data Engineer' });

    await applyOnCareersPage(t, role.id, applicant);
    await importCsv([
      [imported.firstName, imported.lastName, imported.email, imported.digits],
      // A refused row (no name) that still carries a marker.
      ['', '', `refused${imported.word}@example.test`, ''],
    ]);

    const created = await owner.post('/api/candidates/', candidateBody(person));
    expect(created.status).toBe(201);
    const candidateId = created.json.candidate.id as number;
    await uploadResume(t, owner, candidateId, person);
    const pipeline = await owner.post(`/api/roles/${role.id}/pipelines/`, { candidate_id: candidateId });
    const pipelineId = pipeline.json.pipeline.id as number;
    expect((await owner.patch(`/api/pipelines/${pipelineId}/`, { version: 1, stage: 'client_interview' })).status).toBe(
      200,
    );
    // A refused move (a stale version) is logged as a refusal, without the record's data.
    expect((await owner.patch(`/api/pipelines/${pipelineId}/`, { version: 1, stage: 'offer' })).status).toBe(409);
    await sendMessage(t, owner, candidateId, person);
    // A bad erasure (the wrong name) is logged as a validation failure, without the typed name.
    expect((await owner.post(`/api/candidates/${candidateId}/erase/`, { confirm_name: person.firstName })).status).toBe(
      400,
    );
    expect(
      (
        await owner.post(`/api/candidates/${candidateId}/erase/`, {
          confirm_name: `${person.firstName} ${person.lastName}`,
        })
      ).status,
    ).toBe(200);

    expect(lines.length).toBeGreaterThan(20);
    const logged = lines.join('');
    const found = [applicant, imported, person].flatMap((m) => markersIn('logs', logged, m.all));
    expect(found).toEqual([]);
  });
});
