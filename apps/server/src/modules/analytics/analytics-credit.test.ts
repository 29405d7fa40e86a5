import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCandidate } from '../../factories/candidates.factory';
import { insertClient } from '../../factories/clients.factory';
import { insertRole } from '../../factories/roles.factory';
import { insertUser } from '../../factories/users.factory';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import type { HttpClient } from '../../test/http-client';
import { signedInClient } from '../../test/sign-in';
import type { UserRow } from '../users/users.service';

// Issue 29 item g: a submittal and a placement are credited to the user who recorded them, not to the
// pipeline's recruiter (who defaults to the role's owner).

let t: TestApp;
let owner: HttpClient;
let rita: HttpClient;
let ownerRow: UserRow;
let ritaRow: UserRow;

beforeAll(async () => {
  t = await buildTestApp();
  ownerRow = await insertUser(t.db, { userType: ['owner'], firstName: 'Olive', lastName: 'Owner' });
  ritaRow = await insertUser(t.db, { userType: ['recruiter'], firstName: 'Rita', lastName: 'Recruiter' });
  owner = await signedInClient(t, ownerRow);
  rita = await signedInClient(t, ritaRow);
});
afterAll(async () => {
  await t?.close();
});

describe('analytics credit', () => {
  it('credits the recruiter who submitted and placed, not the role owner', async () => {
    const client = await insertClient(t.db, { name: 'Credit Co', clientType: 'finders_fee' });
    const role = await insertRole(t.db, { clientId: client.id, name: 'Platform Engineer', recruiterId: ownerRow.id });
    const candidate = await insertCandidate(t.db);
    // Rita does every step; the pipeline's recruiter is the role's owner (the default).
    const created = await rita.post(`/api/roles/${role.id}/pipelines/`, { candidate_id: candidate.id });
    expect(created.status, created.text).toBe(201);
    const id = created.json.pipeline.id as number;
    expect(created.json.pipeline.recruiter).toMatchObject({ id: ownerRow.id });
    const today = new Date().toISOString().slice(0, 10);
    const submitted = await rita.post(`/api/pipelines/${id}/actions/submittal/`, { version: 1, submitted_on: today });
    expect(submitted.status, submitted.text).toBe(200);
    const placed = await rita.post(`/api/pipelines/${id}/actions/submittal-outcome/`, {
      version: 2,
      outcome: 'placed',
      salary: 100000,
      start_date: today,
    });
    expect(placed.status, placed.text).toBe(200);

    const summary = await owner.get(`/api/analytics/summary/?client=${client.id}`);
    expect(summary.status, summary.text).toBe(200);
    const rows = summary.json.recruiters as { recruiter_id: number; submittals: number; placements: number }[];
    expect(rows.find((row) => row.recruiter_id === ritaRow.id)).toMatchObject({ submittals: 1, placements: 1 });
    expect(rows.find((row) => row.recruiter_id === ownerRow.id)).toMatchObject({ submittals: 0, placements: 0 });
    // The recruiter filter follows the credit.
    const hers = await owner.get(`/api/analytics/summary/?client=${client.id}&recruiter=${ritaRow.id}`);
    expect(hers.json.summary).toMatchObject({ submittals: 1, placements: 1 });
    const his = await owner.get(`/api/analytics/summary/?client=${client.id}&recruiter=${ownerRow.id}`);
    expect(his.json.summary).toMatchObject({ submittals: 0, placements: 0 });
  });
});
