import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { insertCandidate } from '../../factories/candidates.factory';
import { insertClient } from '../../factories/clients.factory';
import { insertPipeline, insertSubmittal } from '../../factories/pipelines.factory';
import { insertRole } from '../../factories/roles.factory';
import { insertUser } from '../../factories/users.factory';
import type { HttpClient } from '../../test/http-client';
import { signedInClient } from '../../test/sign-in';
import type { UserRow } from '../users/users.service';
import { recordActivity } from './activity.service';

/**
 * A record's history (GET /api/activity/?model_type=&object_id=) includes what hangs under it
 * (issue 16 item 8, decision 029): a role's pipelines, placements, notes and qualifications; a client's
 * roles and their pipelines; a candidate's pipelines and notes — still only what the reader may see.
 */
let t: TestApp;
let owner: HttpClient;
let recruiter: HttpClient;
let viewer: HttpClient;
let ownerUser: UserRow;

beforeAll(async () => {
  t = await buildTestApp();
  ownerUser = await insertUser(t.db, { userType: ['owner'], firstName: 'Olive', lastName: 'Owner' });
  owner = await signedInClient(t, ownerUser);
  recruiter = await signedInClient(
    t,
    await insertUser(t.db, { userType: ['recruiter'], firstName: 'Rita', lastName: 'Recruiter' }),
  );
  viewer = await signedInClient(t, await insertUser(t.db, { userType: ['viewer'] }));
});
afterAll(async () => {
  await t?.close();
});

const history = async (as: HttpClient, modelType: string, objectId: number) => {
  const response = await as.get(`/api/activity/?model_type=${modelType}&object_id=${objectId}&limit=100`);
  expect(response.status, response.text).toBe(200);
  return (response.json.results as { summary: string }[]).map((row) => row.summary);
};

describe("a record's history includes what hangs under it", { timeout: 120_000 }, () => {
  it('role, client and candidate each list their children’s events, newest first; other records stay out', async () => {
    const client = await insertClient(t.db, { name: 'Harbor Bank', findersFeePercent: '20' });
    const role = await insertRole(t.db, { clientId: client.id, name: 'Controller', openings: 2 });
    const otherRole = await insertRole(t.db, { clientId: client.id, name: 'Treasurer' });
    const elsewhere = await insertRole(t.db, { name: 'Unrelated Analyst' });
    const jane = await insertCandidate(t.db, { firstName: 'Jane', lastName: 'Doe' });
    const sam = await insertCandidate(t.db, { firstName: 'Sam', lastName: 'Lee' });

    // On the role: a pipeline added and moved, a note on it, a qualification, a note on the role.
    const added = await recruiter.post(`/api/roles/${role.id}/pipelines/`, { candidate_id: jane.id });
    expect(added.status, added.text).toBe(201);
    const pipelineId = added.json.pipeline.id as number;
    expect(
      (await recruiter.patch(`/api/pipelines/${pipelineId}/`, { version: 1, stage: 'internal_interview' })).status,
    ).toBe(200);
    expect((await recruiter.post(`/api/notes/pipeline/${pipelineId}/`, { body: 'Strong on IFRS.' })).status).toBe(201);
    const qualification = await recruiter.post('/api/job-qualifications/', { role_id: role.id, name: 'CPA' });
    expect(qualification.status, qualification.text).toBe(201);
    const roleNote = await recruiter.post(`/api/notes/role/${role.id}/`, { body: 'Budget confirmed.' });
    expect(roleNote.status).toBe(201);
    // A placement on the role (Sam, through an offer).
    const offer = await insertPipeline(t.db, { roleId: role.id, candidateId: sam.id, stage: 'offer' });
    await insertSubmittal(t.db, offer.id);
    const placed = await recruiter.post(`/api/pipelines/${offer.id}/actions/submittal-outcome/`, {
      version: 1,
      outcome: 'placed',
      salary: 100000,
      start_date: '2027-01-04',
    });
    expect(placed.status, placed.text).toBe(200);
    // The other role of the client; Jane in a role of another client.
    expect((await recruiter.post(`/api/roles/${otherRole.id}/pipelines/`, { candidate_id: sam.id })).status).toBe(201);
    expect((await recruiter.post(`/api/roles/${elsewhere.id}/pipelines/`, { candidate_id: jane.id })).status).toBe(201);
    expect((await recruiter.post(`/api/notes/candidate/${jane.id}/`, { body: 'Prefers mornings.' })).status).toBe(201);
    expect((await recruiter.post(`/api/notes/client/${client.id}/`, { body: 'New CFO since May.' })).status).toBe(201);
    // A note deleted later still shows that it was deleted.
    expect((await recruiter.request('DELETE', `/api/notes/item/${roleNote.json.note.id}/`)).status).toBe(200);

    const roleHistory = await history(viewer, 'role', role.id);
    expect(roleHistory).toEqual([
      'Deleted a note on role Controller (Harbor Bank)',
      'Placed Sam Lee in Controller at Harbor Bank',
      'Changed candidate Sam Lee from Active to Placed',
      'Added a note to role Controller (Harbor Bank)',
      'Added qualification CPA to role Controller',
      'Added a note to pipeline Jane Doe — Controller',
      'Moved Jane Doe from Sourced to Internal interview in Controller',
      'Added Jane Doe to Controller at Harbor Bank (Sourced)',
    ]);

    const clientHistory = await history(viewer, 'client', client.id);
    expect(clientHistory).toEqual([
      'Deleted a note on role Controller (Harbor Bank)',
      'Added a note to client Harbor Bank',
      'Added Sam Lee to Treasurer at Harbor Bank (Sourced)',
      ...roleHistory.slice(1),
    ]);
    expect(clientHistory.some((summary) => summary.includes('Unrelated Analyst'))).toBe(false);

    const janeHistory = await history(viewer, 'candidate', jane.id);
    expect(janeHistory).toEqual([
      'Added a note to candidate Jane Doe',
      `Added Jane Doe to Unrelated Analyst at ${(await viewer.get(`/api/roles/${elsewhere.id}/`)).json.role.client.name} (Sourced)`,
      'Added a note to pipeline Jane Doe — Controller',
      'Moved Jane Doe from Sourced to Internal interview in Controller',
      'Added Jane Doe to Controller at Harbor Bank (Sourced)',
    ]);
    expect(janeHistory.some((summary) => summary.includes('Sam Lee'))).toBe(false);

    // Paging the longer history by cursor keeps to the same record.
    const first = (await viewer.get(`/api/activity/?model_type=client&object_id=${client.id}&limit=3`)).json;
    expect(first.has_more).toBe(true);
    const rest = (
      await viewer.get(
        `/api/activity/?model_type=client&object_id=${client.id}&limit=100&before=${first.results.at(-1).id}`,
      )
    ).json;
    expect([...first.results, ...rest.results].map((row: { summary: string }) => row.summary)).toEqual(clientHistory);
  });

  it('a removed pipeline stays in its role’s, client’s and candidate’s history', async () => {
    const client = await insertClient(t.db, { name: 'Quay Credit' });
    const role = await insertRole(t.db, { clientId: client.id, name: 'Risk Analyst' });
    const dora = await insertCandidate(t.db, { firstName: 'Dora', lastName: 'Noel' });
    const added = await recruiter.post(`/api/roles/${role.id}/pipelines/`, { candidate_id: dora.id });
    expect((await recruiter.request('DELETE', `/api/pipelines/${added.json.pipeline.id}/`)).status).toBe(200);
    for (const [type, id] of [
      ['role', role.id],
      ['client', client.id],
      ['candidate', dora.id],
    ] as const) {
      expect((await history(viewer, type, id))[0]).toBe('Removed Dora Noel from Risk Analyst at Quay Credit');
    }
  });

  it('owner-only events under a client stay out of a recruiter’s and a viewer’s history, and the owner sees them', async () => {
    const client = await insertClient(t.db, { name: 'Invoice Client' });
    const role = await insertRole(t.db, { clientId: client.id, name: 'Paid Role' });
    await recordActivity(t.db, {
      actor: ownerUser,
      verb: 'sent',
      modelType: 'invoice',
      objectId: 41,
      summary: 'Sent invoice INV-41 for Paid Role',
      scope: { clientId: client.id, roleId: role.id },
    });
    await recordActivity(t.db, {
      actor: ownerUser,
      verb: 'created',
      modelType: 'invoice_note',
      objectId: 42,
      summary: 'Added a note to invoice INV-41',
      scope: { clientId: client.id },
    });
    await recordActivity(t.db, {
      actor: ownerUser,
      verb: 'updated',
      modelType: 'role',
      objectId: role.id,
      summary: 'Updated role Paid Role',
      scope: { clientId: client.id },
    });
    for (const as of [recruiter, viewer]) {
      expect(await history(as, 'client', client.id)).toEqual(['Updated role Paid Role']);
      expect(await history(as, 'role', role.id)).toEqual(['Updated role Paid Role']);
    }
    expect(await history(owner, 'client', client.id)).toEqual([
      'Updated role Paid Role',
      'Added a note to invoice INV-41',
      'Sent invoice INV-41 for Paid Role',
    ]);
    expect(await history(owner, 'role', role.id)).toEqual([
      'Updated role Paid Role',
      'Sent invoice INV-41 for Paid Role',
    ]);
  });

  it('other record types keep their exact history; object_id without model_type is still refused', async () => {
    const pipeline = await insertPipeline(t.db);
    await recordActivity(t.db, {
      actor: ownerUser,
      verb: 'stage_changed',
      modelType: 'pipeline',
      objectId: pipeline.id,
      summary: 'Moved in pipeline',
      scope: { roleId: pipeline.roleId, candidateId: pipeline.candidateId },
    });
    expect(await history(viewer, 'pipeline', pipeline.id)).toEqual(['Moved in pipeline']);
    const bad = await viewer.get(`/api/activity/?object_id=${pipeline.id}`);
    expect(bad.status).toBe(400);
    expect((await viewer.get('/api/activity/?model_type=role&object_id=abc')).status).toBe(400);
  });

  it('the migration fills in the scope of rows written before it', async () => {
    const client = await insertClient(t.db, { name: 'Backfill Client' });
    const role = await insertRole(t.db, { clientId: client.id, name: 'Backfill Role' });
    const pipeline = await insertPipeline(t.db, { roleId: role.id });
    // Rows as they were written before the scope existed.
    await recordActivity(t.db, {
      actor: null,
      verb: 'stage_changed',
      modelType: 'pipeline',
      objectId: pipeline.id,
      summary: 'Old pipeline row',
    });
    await recordActivity(t.db, {
      actor: null,
      verb: 'updated',
      modelType: 'role',
      objectId: role.id,
      summary: 'Old role row',
    });
    const note = await recruiter.post(`/api/notes/pipeline/${pipeline.id}/`, { body: 'x' });
    await t.db.execute(
      sql`UPDATE activity SET client_id = NULL, role_id = NULL, candidate_id = NULL WHERE model_type = 'note' AND object_id = ${note.json.note.id}`,
    );
    expect(await history(viewer, 'client', client.id)).toEqual([]);

    const migration = readFileSync(new URL('../../../drizzle/0015_activity_scope.sql', import.meta.url), 'utf8');
    const backfill = migration
      .slice(migration.indexOf('-- Backfill'))
      .split('--> statement-breakpoint')
      .map((part) => part.replace(/^--.*$/gm, '').trim())
      .filter(Boolean);
    expect(backfill.length).toBeGreaterThanOrEqual(7);
    for (const statement of backfill) await t.db.execute(sql.raw(statement));

    expect(await history(viewer, 'client', client.id)).toEqual([
      'Added a note to pipeline ' +
        (await viewer.get(`/api/pipelines/${pipeline.id}/`)).json.data.candidate.name +
        ' — Backfill Role',
      'Old role row',
      'Old pipeline row',
    ]);
    expect(await history(viewer, 'candidate', pipeline.candidateId)).toContain('Old pipeline row');
  });
});

describe('the feed is in time order (issue 29 item i)', () => {
  it('lists by when things happened, not by when the rows were written, and pages in that order', async () => {
    const client = await insertClient(t.db, { name: 'Timely Ltd' });
    const scope = { clientId: client.id };
    const write = (summary: string, at?: Date) =>
      recordActivity(t.db, {
        scope,
        actor: ownerUser,
        verb: 'updated',
        modelType: 'client',
        objectId: client.id,
        summary,
        ...(at ? { at } : {}),
      });
    // Written in this order; happened in the order of their names (an import writes the past afterwards).
    await write('Third');
    await write('First', new Date('2020-01-01T09:00:00Z'));
    await write('Second', new Date('2021-01-01T09:00:00Z'));
    expect(await history(owner, 'client', client.id)).toEqual(['Third', 'Second', 'First']);
    const first = (await owner.get(`/api/activity/?model_type=client&object_id=${client.id}&limit=2`)).json;
    expect(first.results.map((row: { summary: string }) => row.summary)).toEqual(['Third', 'Second']);
    const rest = (
      await owner.get(`/api/activity/?model_type=client&object_id=${client.id}&limit=2&before=${first.results[1].id}`)
    ).json;
    expect(rest.results.map((row: { summary: string }) => row.summary)).toEqual(['First']);
    expect(rest.has_more).toBe(false);
  });
});
