import {
  PIPELINE_ERRORS,
  PIPELINE_EVENTS_SHOWN,
  PIPELINE_STAGES,
  ROLE_EXPORT_COLUMNS,
} from '@recruitdesk/contracts/pipelines';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { insertCandidate } from '../../factories/candidates.factory';
import { insertClient } from '../../factories/clients.factory';
import { insertInterview, insertPipeline, insertSubmittal } from '../../factories/pipelines.factory';
import { insertRole } from '../../factories/roles.factory';
import { insertUser } from '../../factories/users.factory';
import type { HttpClient } from '../../test/http-client';
import { signedInClient } from '../../test/sign-in';
import { candidatesTable } from '../candidates/candidates.table';
import { rolesTable } from '../roles/roles.table';
import type { UserRow } from '../users/users.service';
import { interviewsTable, pipelineEventsTable } from './pipelines.table';

let t: TestApp;
let owner: HttpClient;
let recruiter: HttpClient;
let viewer: HttpClient;
let recruiterUser: UserRow;
let ownerUser: UserRow;

beforeAll(async () => {
  t = await buildTestApp();
  ownerUser = await insertUser(t.db, { userType: ['owner'], firstName: 'Olive', lastName: 'Owner' });
  owner = await signedInClient(t, ownerUser);
  recruiterUser = await insertUser(t.db, { userType: ['recruiter'], firstName: 'Rita', lastName: 'Recruiter' });
  recruiter = await signedInClient(t, recruiterUser);
  viewer = await signedInClient(t, await insertUser(t.db, { userType: ['viewer'] }));
});
afterAll(async () => {
  await t?.close();
});

const summaries = async (modelType: string, objectId: number) =>
  (
    (await owner.get(`/api/activity/?model_type=${modelType}&object_id=${objectId}&limit=100`)).json.results as {
      summary: string;
    }[]
  ).map((row) => row.summary);

const detail = async (id: number) => (await viewer.get(`/api/pipelines/${id}/`)).json.data;
const versionOf = async (id: number): Promise<number> => (await detail(id)).pipeline.version;
const act = (id: number, action: string, body: Record<string, unknown>, as: HttpClient = recruiter) =>
  as.post(`/api/pipelines/${id}/actions/${action}/`, body);
const eventCount = async (id: number) =>
  (await t.db.select().from(pipelineEventsTable).where(eq(pipelineEventsTable.pipelineId, id))).length;
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
/** The pipeline's pending interviews move to an hour ago: their day has come, and an outcome may be recorded. */
const held = (pipelineId: number) =>
  t.db
    .update(interviewsTable)
    .set({ scheduledAt: new Date(Date.now() - 3_600_000) })
    .where(and(eq(interviewsTable.pipelineId, pipelineId), eq(interviewsTable.outcome, 'pending')));

/** A pipeline of a fresh candidate in `roleId` (a fresh role when not given), through the factory. */
async function pipelineIn(overrides: Parameters<typeof insertPipeline>[1] = {}) {
  return insertPipeline(t.db, overrides);
}

describe('creating pipelines', () => {
  it('adds an existing candidate, shows the summary shape and records the history', async () => {
    const client = await insertClient(t.db, { name: 'Acme Robotics' });
    const role = await insertRole(t.db, {
      clientId: client.id,
      name: 'Senior Engineer',
      recruiterId: recruiterUser.id,
    });
    const candidate = await insertCandidate(t.db, {
      firstName: 'Jane',
      lastName: 'Doe',
      currentTitle: 'Engineer',
      currentCompany: 'Globex',
      email: 'jane.doe@example.test',
    });
    const response = await recruiter.post(`/api/roles/${role.id}/pipelines/`, { candidate_id: candidate.id });
    expect(response.status, response.text).toBe(201);
    expect(response.json).toMatchObject({
      success: true,
      duplicates: [],
      pipeline: {
        role_id: role.id,
        candidate: {
          id: candidate.id,
          name: 'Jane Doe',
          current_title: 'Engineer',
          current_company: 'Globex',
          email: 'jane.doe@example.test',
        },
        stage: { name: 'sourced', label: 'Sourced', position: 0 },
        state: 'open',
        close_reason: null,
        close_note: '',
        recruiter: { id: recruiterUser.id, name: 'Rita Recruiter' },
        closed_at: null,
        next_interview_at: null,
        version: 1,
      },
    });
    const id = response.json.pipeline.id;
    expect(await summaries('pipeline', id)).toEqual(['Added Jane Doe to Senior Engineer at Acme Robotics (Sourced)']);
    const data = await detail(id);
    expect(data.events).toMatchObject([
      {
        kind: 'created',
        from_stage: null,
        to_stage: 'sourced',
        actor: { id: recruiterUser.id, name: 'Rita Recruiter' },
      },
    ]);

    const again = await owner.post(`/api/roles/${role.id}/pipelines/`, { candidate_id: candidate.id });
    expect(again.status).toBe(409);
    expect(again.json).toEqual({ success: false, error: PIPELINE_ERRORS.ALREADY_IN_ROLE, code: 'ALREADY_IN_ROLE' });
  });

  it('creates a new candidate under the role through the candidates service (duplicate warning included)', async () => {
    const role = await insertRole(t.db, { name: 'Data Analyst' });
    await insertCandidate(t.db, { email: 'sam.twin@example.test' });
    const response = await recruiter.post(`/api/roles/${role.id}/pipelines/`, {
      candidate: { first_name: 'Sam', last_name: 'Twin', email: 'Sam.Twin@example.test', skills: ['SQL'] },
      stage: 'internal_interview',
      recruiter_id: null,
    });
    expect(response.status, response.text).toBe(201);
    expect(response.json.pipeline).toMatchObject({
      stage: { name: 'internal_interview' },
      recruiter: null,
      candidate: { name: 'Sam Twin' },
    });
    expect(response.json.duplicates).toEqual([expect.objectContaining({ reason: 'email' })]);
    const candidateId = response.json.pipeline.candidate.id;
    expect((await viewer.get(`/api/candidates/${candidateId}/`)).json.candidate).toMatchObject({
      first_name: 'Sam',
      skills: ['SQL'],
    });
    // The candidate's history holds its pipelines too (decision 029).
    const clientName = (await viewer.get(`/api/roles/${role.id}/`)).json.role.client.name;
    expect(await summaries('candidate', candidateId)).toEqual([
      `Added Sam Twin to Data Analyst at ${clientName} (Internal interview)`,
      'Added candidate Sam Twin',
    ]);

    const viaCandidates = await recruiter.post(`/api/roles/${role.id}/candidates/`, {
      candidate: { first_name: 'Ada', last_name: 'Lovelace' },
    });
    expect(viaCandidates.status, viaCandidates.text).toBe(201);
    expect(viaCandidates.json.pipeline).toMatchObject({
      stage: { name: 'sourced' },
      candidate: { name: 'Ada Lovelace' },
      recruiter: { id: recruiterUser.id },
    });
  });

  it('asks for a confirmation with a reason before adding a do-not-contact or archived candidate, and records the reason (issue 16 item 1)', async () => {
    const client = await insertClient(t.db, { name: 'Quay Credit' });
    const role = await insertRole(t.db, { clientId: client.id, name: 'Risk Analyst' });
    const dnc = await insertCandidate(t.db, { firstName: 'Dora', lastName: 'Noel', status: 'do_not_contact' });
    const refused = await recruiter.post(`/api/roles/${role.id}/pipelines/`, { candidate_id: dnc.id });
    expect(refused.status).toBe(409);
    expect(refused.json).toEqual({
      success: false,
      code: 'CANDIDATE_STATUS_CONFIRM',
      error: 'Dora Noel is marked Do not contact. Say why they are added to this role anyway.',
      candidates: [{ id: dnc.id, name: 'Dora Noel', status: 'do_not_contact' }],
    });
    expect((await viewer.get(`/api/roles/${role.id}/pipelines/`)).json.count).toBe(0);
    const blank = await recruiter.post(`/api/roles/${role.id}/pipelines/`, {
      candidate_id: dnc.id,
      status_confirmation: { reason: '  ' },
    });
    expect(blank.status).toBe(400);
    expect(blank.json.fields['status_confirmation.reason']).toEqual(['Say why this candidate is added anyway.']);

    const added = await recruiter.post(`/api/roles/${role.id}/pipelines/`, {
      candidate_id: dnc.id,
      status_confirmation: { reason: 'She asked us to get back in touch for risk roles.' },
    });
    expect(added.status, added.text).toBe(201);
    expect(added.json.pipeline.candidate).toMatchObject({ id: dnc.id, status: 'do_not_contact' });
    const id = added.json.pipeline.id;
    expect((await detail(id)).events).toMatchObject([
      {
        kind: 'created',
        detail: 'Added although marked Do not contact: She asked us to get back in touch for risk roles.',
      },
    ]);
    expect(await summaries('pipeline', id)).toEqual([
      'Added Dora Noel to Risk Analyst at Quay Credit (Sourced). Added although marked Do not contact: She asked us to get back in touch for risk roles.',
    ]);
    expect(await summaries('candidate', dnc.id)).toEqual([
      'Added Dora Noel to Risk Analyst at Quay Credit although marked Do not contact: She asked us to get back in touch for risk roles.',
      'Added Dora Noel to Risk Analyst at Quay Credit (Sourced). Added although marked Do not contact: She asked us to get back in touch for risk roles.',
    ]);
    // The board card carries the status.
    expect((await viewer.get(`/api/roles/${role.id}/pipelines/`)).json.pipelines[0].candidate.status).toBe(
      'do_not_contact',
    );

    const archived = await insertCandidate(t.db, { firstName: 'Arch', lastName: 'Ive', status: 'archived' });
    expect((await recruiter.post(`/api/roles/${role.id}/pipelines/`, { candidate_id: archived.id })).json.code).toBe(
      'CANDIDATE_STATUS_CONFIRM',
    );
    // A new candidate entered as do not contact needs it too; an active one does not.
    const fresh = await recruiter.post(`/api/roles/${role.id}/candidates/`, {
      candidate: { first_name: 'New', last_name: 'Dnc', status: 'do_not_contact' },
    });
    expect(fresh.json).toMatchObject({
      code: 'CANDIDATE_STATUS_CONFIRM',
      candidates: [{ id: null, name: 'New Dnc', status: 'do_not_contact' }],
    });
    const active = await insertCandidate(t.db, { status: 'active' });
    expect((await recruiter.post(`/api/roles/${role.id}/pipelines/`, { candidate_id: active.id })).status).toBe(201);
  });

  it('refuses closed roles, bad input, unknown records and viewers; a refused create changes nothing', async () => {
    const role = await insertRole(t.db);
    const candidate = await insertCandidate(t.db);
    const count = async () => (await t.db.select({ id: candidatesTable.id }).from(candidatesTable)).length;
    const before = await count();

    const closed = await insertRole(t.db, { state: 'closed', closeReason: 'filled' });
    const refused = await recruiter.post(`/api/roles/${closed.id}/pipelines/`, {
      candidate: { first_name: 'New', last_name: 'Person' },
    });
    expect(refused.status).toBe(409);
    expect(refused.json).toEqual({ success: false, error: PIPELINE_ERRORS.ROLE_CLOSED, code: 'ROLE_CLOSED' });
    expect(
      (
        await recruiter.post(`/api/roles/${closed.id}/candidates/`, {
          candidate: { first_name: 'New', last_name: 'Person' },
        })
      ).json.code,
    ).toBe('ROLE_CLOSED');

    const both = await recruiter.post(`/api/roles/${role.id}/pipelines/`, {
      candidate_id: candidate.id,
      candidate: { first_name: 'A', last_name: 'B' },
    });
    expect(both.status).toBe(400);
    expect(both.json.fields.candidate_id).toEqual(['Choose an existing candidate or enter a new one.']);
    expect((await recruiter.post(`/api/roles/${role.id}/pipelines/`, {})).json.fields.candidate_id).toBeDefined();
    const blank = await recruiter.post(`/api/roles/${role.id}/pipelines/`, {
      candidate: { first_name: '', last_name: 'B' },
    });
    expect(blank.status).toBe(400);
    expect(blank.json.fields['candidate.first_name']).toEqual(['Enter the first name.']);
    expect(
      (await recruiter.post(`/api/roles/${role.id}/pipelines/`, { candidate_id: candidate.id, stage: 'offer' })).json
        .fields.stage,
    ).toBeDefined();
    const unknownCandidate = await recruiter.post(`/api/roles/${role.id}/pipelines/`, { candidate_id: 999999 });
    expect(unknownCandidate.status).toBe(400);
    expect(unknownCandidate.json.fields.candidate_id).toBeDefined();
    const unknownRecruiter = await recruiter.post(`/api/roles/${role.id}/pipelines/`, {
      candidate: { first_name: 'New', last_name: 'Person' },
      recruiter_id: 999999,
    });
    expect(unknownRecruiter.status).toBe(400);
    expect(unknownRecruiter.json.fields.recruiter_id).toBeDefined();
    expect((await recruiter.post('/api/roles/999999/pipelines/', { candidate_id: candidate.id })).status).toBe(404);
    expect((await viewer.post(`/api/roles/${role.id}/pipelines/`, { candidate_id: candidate.id })).status).toBe(403);
    expect(
      (await viewer.post(`/api/roles/${role.id}/candidates/`, { candidate: { first_name: 'A', last_name: 'B' } }))
        .status,
    ).toBe(403);
    expect(await count()).toBe(before);
  });
});

describe('the board, headers and the role candidates list', () => {
  it('lists by state with stage order, counts per stage, and the next pending interview', async () => {
    const role = await insertRole(t.db);
    const a = await pipelineIn({ roleId: role.id, stage: 'offer' });
    const b = await pipelineIn({ roleId: role.id, stage: 'sourced' });
    const c = await pipelineIn({
      roleId: role.id,
      stage: 'sourced',
      state: 'closed',
      closeReason: 'duplicate',
      closedAt: new Date(),
    });
    const d = await pipelineIn({ roleId: role.id, stage: 'internal_interview' });
    await pipelineIn({ stage: 'sourced' }); // another role
    const soon = new Date(Date.now() + 2 * 86_400_000);
    await insertInterview(t.db, { pipelineId: d.id, scheduledAt: new Date(Date.now() + 5 * 86_400_000) });
    await insertInterview(t.db, { pipelineId: d.id, scheduledAt: soon });
    await insertInterview(t.db, { pipelineId: d.id, scheduledAt: new Date(Date.now() - 86_400_000) });
    await insertInterview(t.db, {
      pipelineId: d.id,
      scheduledAt: new Date(Date.now() + 86_400_000),
      outcome: 'cancelled',
    });

    const open = (await viewer.get(`/api/roles/${role.id}/pipelines/`)).json;
    expect(open.count).toBe(3);
    expect(open.pipelines.map((row: { id: number }) => row.id)).toEqual([b.id, d.id, a.id]);
    expect(open.pipelines[1].next_interview_at).toBe(soon.toISOString());
    expect(open.pipelines[0].next_interview_at).toBeNull();
    const closed = (await viewer.get(`/api/roles/${role.id}/pipelines/?state=closed`)).json;
    expect(closed.pipelines.map((row: { id: number }) => row.id)).toEqual([c.id]);
    expect(closed.pipelines[0]).toMatchObject({ state: 'closed', close_reason: 'duplicate' });
    expect((await viewer.get(`/api/roles/${role.id}/pipelines/?state=all`)).json.count).toBe(4);
    expect((await viewer.get(`/api/roles/${role.id}/pipelines/?state=bogus`)).status).toBe(400);
    expect((await viewer.get('/api/roles/999999/pipelines/')).status).toBe(404);

    const headers = (await viewer.get(`/api/roles/${role.id}/pipeline-headers/`)).json;
    expect(headers.headers.map((row: { name: string }) => row.name)).toEqual([...PIPELINE_STAGES]);
    expect(headers.headers[0]).toEqual({
      name: 'sourced',
      label: 'Sourced',
      position: 0,
      open_count: 1,
      closed_count: 1,
    });
    expect(headers.headers[5]).toMatchObject({ name: 'offer', open_count: 1, closed_count: 0 });
    expect(headers).toMatchObject({
      success: true,
      open_count: 3,
      in_progress_count: 3,
      placed_count: 0,
      closed_count: 1,
    });
    expect((await viewer.get('/api/roles/999999/pipeline-headers/')).status).toBe(404);
  });

  it('headers count a placement as placed, not as a candidate in progress (issue 16 item 7)', async () => {
    const role = await insertRole(t.db, { openings: 2 });
    await pipelineIn({ roleId: role.id, stage: 'placed' });
    await pipelineIn({ roleId: role.id, stage: 'offer' });
    await pipelineIn({
      roleId: role.id,
      stage: 'sourced',
      state: 'closed',
      closeReason: 'duplicate',
      closedAt: new Date(),
    });
    const headers = (await viewer.get(`/api/roles/${role.id}/pipeline-headers/`)).json;
    expect(headers).toMatchObject({ open_count: 2, in_progress_count: 1, placed_count: 1, closed_count: 1 });
  });

  it('searches the role candidates on name, email, title and company, filters and pages', async () => {
    const role = await insertRole(t.db);
    const people = [
      {
        firstName: 'Maria',
        lastName: 'Lopez',
        email: 'maria@lopez.test',
        currentTitle: 'Nurse',
        currentCompany: 'Pinecrest',
      },
      {
        firstName: 'Tom',
        lastName: 'Baker',
        email: 'tom@baker.test',
        currentTitle: 'Staff Engineer',
        currentCompany: 'Initech',
      },
      {
        firstName: 'Ana',
        lastName: 'Silva',
        email: 'ana@silva.test',
        currentTitle: 'Engineer',
        currentCompany: 'Pinecrest Labs',
      },
    ];
    const ids: number[] = [];
    for (const [index, person] of people.entries()) {
      const candidate = await insertCandidate(t.db, person);
      ids.push(
        (
          await pipelineIn({
            roleId: role.id,
            candidateId: candidate.id,
            stage: index === 1 ? 'submitted' : 'sourced',
            state: index === 2 ? 'closed' : 'open',
          })
        ).id,
      );
    }
    const list = async (query: string) => (await viewer.get(`/api/roles/${role.id}/candidates/?${query}`)).json;
    const all = await list('');
    expect(all.count).toBe(3);
    expect(all.results.map((row: { id: number }) => row.id)).toEqual([ids[1], ids[0], ids[2]]);
    expect((await list('search=pinecrest')).count).toBe(2);
    expect((await list('search=pinecrest%20ana')).results.map((row: { id: number }) => row.id)).toEqual([ids[2]]);
    expect((await list('search=tom%40baker')).count).toBe(1);
    expect((await list('search=engineer')).count).toBe(2);
    expect((await list('search=100%25')).count).toBe(0);
    expect((await list('stage=submitted')).results.map((row: { id: number }) => row.id)).toEqual([ids[1]]);
    expect((await list('stage=&state=open')).count).toBe(2);
    expect((await list('state=closed')).count).toBe(1);
    const page = await list('page_size=2&page=2');
    expect(page).toMatchObject({ success: true, count: 3 });
    expect(page.results).toHaveLength(1);
    expect(await list('page=5')).toMatchObject({ results: [], count: 3 });
    expect((await viewer.get(`/api/roles/${role.id}/candidates/?page=0`)).status).toBe(400);
    expect((await viewer.get(`/api/roles/${role.id}/candidates/?stage=hired`)).json.fields.stage).toBeDefined();
  });
});

describe('moving a pipeline (PATCH)', () => {
  it('moves to any stage but placed, forwards and back, and changes the recruiter', async () => {
    const pipeline = await pipelineIn();
    const moved = await recruiter.patch(`/api/pipelines/${pipeline.id}/`, { version: 1, stage: 'client_interview' });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.json).toMatchObject({
      success: true,
      offer_close_role: false,
      data: { pipeline: { stage: { name: 'client_interview', label: 'Client interview', position: 4 }, version: 2 } },
    });
    expect(moved.json.data.events[0]).toMatchObject({
      kind: 'stage_changed',
      from_stage: 'sourced',
      to_stage: 'client_interview',
      actor: { name: 'Rita Recruiter' },
    });
    const back = await recruiter.patch(`/api/pipelines/${pipeline.id}/`, { version: 2, stage: 'sourced' });
    expect(back.json.data.pipeline).toMatchObject({ stage: { name: 'sourced' }, version: 3 });
    expect(new Date(back.json.data.pipeline.stage_changed_at).getTime()).toBeGreaterThanOrEqual(
      new Date(moved.json.data.pipeline.stage_changed_at).getTime(),
    );

    const same = await recruiter.patch(`/api/pipelines/${pipeline.id}/`, { version: 3, stage: 'sourced' });
    expect(same.status).toBe(400);
    expect(same.json).toMatchObject({
      error: PIPELINE_ERRORS.SAME_STAGE,
      code: 'SAME_STAGE',
      fields: { stage: [PIPELINE_ERRORS.SAME_STAGE] },
    });
    const placed = await recruiter.patch(`/api/pipelines/${pipeline.id}/`, { version: 3, stage: 'placed' });
    expect(placed.status).toBe(400);
    expect(placed.json).toMatchObject({ error: PIPELINE_ERRORS.PLACE_NEEDS_DETAILS, code: 'PLACE_NEEDS_DETAILS' });
    const noVersion = await recruiter.patch(`/api/pipelines/${pipeline.id}/`, { stage: 'offer' });
    expect(noVersion.status).toBe(400);
    expect(noVersion.json.fields.version).toEqual(['Reload the pipeline and try again.']);
    expect(
      (await recruiter.patch(`/api/pipelines/${pipeline.id}/`, { version: 3, stage: 'hired' })).json.fields.stage,
    ).toBeDefined();

    const assigned = await recruiter.patch(`/api/pipelines/${pipeline.id}/`, {
      version: 3,
      recruiter_id: ownerUser.id,
    });
    expect(assigned.json.data.pipeline).toMatchObject({
      recruiter: { id: ownerUser.id, name: 'Olive Owner' },
      version: 4,
      stage: { name: 'sourced' },
    });
    const unknown = await recruiter.patch(`/api/pipelines/${pipeline.id}/`, { version: 4, recruiter_id: 999999 });
    expect(unknown.status).toBe(400);
    expect(unknown.json.fields.recruiter_id).toBeDefined();
    const cleared = await recruiter.patch(`/api/pipelines/${pipeline.id}/`, { version: 4, recruiter_id: null });
    expect(cleared.json.data.pipeline).toMatchObject({ recruiter: null, version: 5 });
    expect(await summaries('pipeline', pipeline.id)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Moved .+ from Sourced to Client interview in /),
        expect.stringMatching(/^Made Olive Owner the recruiter of /),
        expect.stringMatching(/^Removed the recruiter of /),
      ]),
    );
    expect((await viewer.patch(`/api/pipelines/${pipeline.id}/`, { version: 5, stage: 'offer' })).status).toBe(403);
    expect((await recruiter.patch('/api/pipelines/999999/', { version: 1, stage: 'offer' })).status).toBe(404);
    expect((await recruiter.patch('/api/pipelines/999999/', { version: 1, stage: 'offer' })).json).toMatchObject({
      error: PIPELINE_ERRORS.NOT_FOUND,
      code: 'PIPELINE_NOT_FOUND',
    });
  });

  it('carries the latest 100 events of a long history, newest first, with the total', async () => {
    const pipeline = await pipelineIn();
    const start = Date.parse('2031-01-01T09:00:00Z');
    await t.db.insert(pipelineEventsTable).values(
      Array.from({ length: 104 }, (_, i) => ({
        pipelineId: pipeline.id,
        kind: 'stage_changed',
        fromStage: i % 2 ? 'submitted' : 'sourced',
        toStage: i % 2 ? 'sourced' : 'submitted',
        createdAt: new Date(start + i * 60_000),
      })),
    );
    const total = await eventCount(pipeline.id);
    expect(total).toBeGreaterThan(PIPELINE_EVENTS_SHOWN);
    const read = await detail(pipeline.id);
    expect(read.events).toHaveLength(PIPELINE_EVENTS_SHOWN);
    expect(read.events_total).toBe(total);
    expect(read.events[0].created_at).toBe(new Date(start + 103 * 60_000).toISOString());
    // A short history is sent whole.
    const short = await pipelineIn();
    const shortRead = await detail(short.id);
    expect(shortRead.events_total).toBe(shortRead.events.length);
  });

  it('refuses moving closed and placed pipelines', async () => {
    const closed = await pipelineIn({ state: 'closed', closeReason: 'other', closedAt: new Date() });
    const refused = await recruiter.patch(`/api/pipelines/${closed.id}/`, { version: 1, stage: 'offer' });
    expect(refused.status).toBe(409);
    expect(refused.json).toEqual({ success: false, error: PIPELINE_ERRORS.CLOSED, code: 'CLOSED' });
    const placed = await pipelineIn({ stage: 'placed' });
    const stuck = await recruiter.patch(`/api/pipelines/${placed.id}/`, { version: 1, stage: 'offer' });
    expect(stuck.status).toBe(409);
    expect(stuck.json).toEqual({ success: false, error: PIPELINE_ERRORS.PLACED, code: 'PLACED' });
  });
});

describe('optimistic concurrency', () => {
  it('answers a stale version with 409 and the fresh pipeline, writing nothing', async () => {
    const pipeline = await pipelineIn();
    expect((await recruiter.patch(`/api/pipelines/${pipeline.id}/`, { version: 1, stage: 'submitted' })).status).toBe(
      200,
    );
    const events = await eventCount(pipeline.id);
    const stale = await owner.patch(`/api/pipelines/${pipeline.id}/`, { version: 1, stage: 'offer' });
    expect(stale.status).toBe(409);
    expect(stale.json).toMatchObject({
      success: false,
      error: PIPELINE_ERRORS.CONFLICT,
      code: 'PIPELINE_CONFLICT',
      pipeline: { id: pipeline.id, version: 2, stage: { name: 'submitted' } },
    });
    for (const [path, body] of [
      [`/api/pipelines/${pipeline.id}/close/`, { version: 1, reason: 'other' }],
      [`/api/pipelines/${pipeline.id}/actions/submittal-outcome/`, { version: 1, outcome: 'offer' }],
    ] as const) {
      const response = await owner.post(path, body);
      expect(response.status).toBe(409);
      expect(response.json.code).toBe('PIPELINE_CONFLICT');
    }
    expect(await eventCount(pipeline.id)).toBe(events);
    expect(await versionOf(pipeline.id)).toBe(2);
  });

  it('lets exactly one of two concurrent changes with the same version win', async () => {
    const pipeline = await pipelineIn();
    const results = await Promise.all([
      recruiter.patch(`/api/pipelines/${pipeline.id}/`, { version: 1, stage: 'submitted' }),
      owner.patch(`/api/pipelines/${pipeline.id}/`, { version: 1, stage: 'offer' }),
    ]);
    expect(results.map((response) => response.status).sort()).toEqual([200, 409]);
    const winner = results.find((response) => response.status === 200)?.json.data.pipeline;
    const loser = results.find((response) => response.status === 409)?.json;
    expect(loser).toMatchObject({
      code: 'PIPELINE_CONFLICT',
      pipeline: { version: 2, stage: { name: winner.stage.name } },
    });
    expect(await versionOf(pipeline.id)).toBe(2);
    expect(
      (await detail(pipeline.id)).events.filter((event: { kind: string }) => event.kind === 'stage_changed'),
    ).toHaveLength(1);

    const other = await pipelineIn();
    const mixed = await Promise.all([
      recruiter.post(`/api/pipelines/${other.id}/close/`, { version: 1, reason: 'candidate_withdrew' }),
      owner.post(`/api/pipelines/${other.id}/actions/book-interview/`, { version: 1, scheduled_at: inDays(3) }),
      recruiter.post(`/api/pipelines/${other.id}/actions/submittal/`, { version: 1, submitted_on: '2026-11-20' }),
    ]);
    expect(mixed.map((response) => response.status).sort()).toEqual([200, 409, 409]);
    const data = await detail(other.id);
    expect(data.pipeline.version).toBe(2);
    expect(data.events).toHaveLength(1);
    expect(data.interviews.length + data.submittals.length).toBeLessThanOrEqual(1);
  });
});

describe('close and reopen', () => {
  it('closes with a reason and reopens in the same stage', async () => {
    const pipeline = await pipelineIn({ stage: 'submitted' });
    const noReason = await recruiter.post(`/api/pipelines/${pipeline.id}/close/`, { version: 1 });
    expect(noReason.status).toBe(400);
    expect(noReason.json.fields.reason).toEqual(['Choose why the pipeline is closing.']);
    const closed = await recruiter.post(`/api/pipelines/${pipeline.id}/close/`, {
      version: 1,
      reason: 'candidate_withdrew',
      note: 'Took another offer.',
    });
    expect(closed.status, closed.text).toBe(200);
    expect(closed.json.data.pipeline).toMatchObject({
      state: 'closed',
      close_reason: 'candidate_withdrew',
      close_note: 'Took another offer.',
      version: 2,
      stage: { name: 'submitted' },
    });
    expect(closed.json.data.pipeline.closed_at).not.toBeNull();
    expect(closed.json.data.events[0]).toMatchObject({
      kind: 'closed',
      from_stage: 'submitted',
      detail: 'Candidate withdrew: Took another offer.',
    });
    const twice = await recruiter.post(`/api/pipelines/${pipeline.id}/close/`, { version: 2, reason: 'other' });
    expect(twice.status).toBe(409);
    expect(twice.json).toMatchObject({ error: PIPELINE_ERRORS.CLOSED, code: 'CLOSED' });
    for (const [action, body] of [
      ['book-interview', { scheduled_at: inDays(1) }],
      ['submit-pending', {}],
      ['submittal', { submitted_on: '2026-11-20' }],
      ['submittal-outcome', { outcome: 'offer' }],
      ['internal-interview-outcome', { outcome: 'passed' }],
    ] as const) {
      const response = await act(pipeline.id, action, { version: 2, ...body });
      expect(response.status, action).toBe(409);
      expect(response.json.error, action).toBe(PIPELINE_ERRORS.CLOSED);
    }

    const reopened = await recruiter.post(`/api/pipelines/${pipeline.id}/reopen/`, { version: 2 });
    expect(reopened.status, reopened.text).toBe(200);
    expect(reopened.json.data.pipeline).toMatchObject({
      state: 'open',
      close_reason: null,
      close_note: '',
      closed_at: null,
      version: 3,
      stage: { name: 'submitted' },
    });
    expect(reopened.json.data.events[0]).toMatchObject({ kind: 'reopened', to_stage: 'submitted' });
    const notClosed = await recruiter.post(`/api/pipelines/${pipeline.id}/reopen/`, { version: 3 });
    expect(notClosed.status).toBe(409);
    expect(notClosed.json).toMatchObject({ error: PIPELINE_ERRORS.NOT_CLOSED, code: 'NOT_CLOSED' });
    expect((await recruiter.post(`/api/pipelines/${pipeline.id}/reopen/`, {})).status).toBe(400);
    expect(await summaries('pipeline', pipeline.id)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Closed .+ \(Candidate withdrew\)$/),
        expect.stringMatching(/^Reopened /),
      ]),
    );

    const role = await insertRole(t.db, { state: 'closed', closeReason: 'filled' });
    const inClosedRole = await pipelineIn({
      roleId: role.id,
      state: 'closed',
      closeReason: 'role_closed',
      closedAt: new Date(),
    });
    const refused = await recruiter.post(`/api/pipelines/${inClosedRole.id}/reopen/`, { version: 1 });
    expect(refused.status).toBe(409);
    expect(refused.json.error).toBe(PIPELINE_ERRORS.ROLE_CLOSED);
    expect((await recruiter.post('/api/pipelines/999999/close/', { version: 1, reason: 'other' })).status).toBe(404);
  });
});

describe('internal interviews', () => {
  it('books from Sourced, records no show, passed and failed, and refuses the wrong stages', async () => {
    const pipeline = await pipelineIn();
    const badUrl = await act(pipeline.id, 'book-interview', {
      version: 1,
      scheduled_at: inDays(1),
      meeting_url: 'javascript:alert(1)',
    });
    expect(badUrl.status).toBe(400);
    expect(badUrl.json.fields.meeting_url).toBeDefined();
    const badTime = await act(pipeline.id, 'book-interview', {
      version: 1,
      scheduled_at: 'tomorrow',
      duration_minutes: 2,
    });
    expect(Object.keys(badTime.json.fields).sort()).toEqual(['duration_minutes', 'scheduled_at']);
    const unknown = await act(pipeline.id, 'book-interview', {
      version: 1,
      scheduled_at: inDays(1),
      interviewer_id: 999999,
    });
    expect(unknown.status).toBe(400);
    expect(unknown.json).toMatchObject({
      error: PIPELINE_ERRORS.INTERVIEWER_NOT_FOUND,
      code: 'INTERVIEWER_NOT_FOUND',
      fields: { interviewer_id: [PIPELINE_ERRORS.INTERVIEWER_NOT_FOUND] },
    });
    const noOutcomeYet = await act(pipeline.id, 'internal-interview-outcome', { version: 1, outcome: 'passed' });
    expect(noOutcomeYet.status).toBe(409);
    expect(noOutcomeYet.json).toMatchObject({ error: PIPELINE_ERRORS.OUTCOME_STAGE, code: 'OUTCOME_STAGE' });

    const at = inDays(2);
    const booked = await act(pipeline.id, 'book-interview', {
      version: 1,
      scheduled_at: at,
      location: 'Office 3',
      meeting_url: 'https://meet.example.com/abc',
      interviewer_id: recruiterUser.id,
    });
    expect(booked.status, booked.text).toBe(200);
    expect(booked.json.data.pipeline).toMatchObject({
      stage: { name: 'internal_interview' },
      version: 2,
      next_interview_at: at,
    });
    expect(booked.json.data.interviews).toMatchObject([
      {
        kind: 'internal',
        scheduled_at: at,
        duration_minutes: 45,
        location: 'Office 3',
        meeting_url: 'https://meet.example.com/abc',
        interviewer: { id: recruiterUser.id, name: 'Rita Recruiter' },
        interviewer_name: 'Rita Recruiter',
        outcome: 'pending',
        feedback: '',
      },
    ]);
    expect(booked.json.data.events[0]).toMatchObject({
      kind: 'interview_booked',
      from_stage: 'sourced',
      to_stage: 'internal_interview',
    });

    // Not before it has taken place (issue 29 item l): the outcome waits for the day.
    const early = await act(pipeline.id, 'internal-interview-outcome', { version: 2, outcome: 'passed' });
    expect(early.status).toBe(400);
    expect(early.json).toMatchObject({
      code: 'INTERVIEW_NOT_HELD',
      fields: { outcome: [PIPELINE_ERRORS.INTERVIEW_NOT_HELD] },
    });
    await held(pipeline.id); // the day has come
    const noShow = await act(pipeline.id, 'internal-interview-outcome', { version: 2, outcome: 'no_show' });
    expect(noShow.status, noShow.text).toBe(200);
    expect(noShow.json.data.pipeline).toMatchObject({
      stage: { name: 'internal_interview' },
      state: 'open',
      version: 3,
      next_interview_at: null,
    });
    expect(noShow.json.data.interviews[0].outcome).toBe('no_show');
    const nothingPending = await act(pipeline.id, 'internal-interview-outcome', { version: 3, outcome: 'passed' });
    expect(nothingPending.status).toBe(409);
    expect(nothingPending.json).toMatchObject({
      error: PIPELINE_ERRORS.NO_PENDING_INTERVIEW,
      code: 'NO_PENDING_INTERVIEW',
    });
    expect(
      (await act(pipeline.id, 'internal-interview-outcome', { version: 3, outcome: 'maybe' })).json.fields.outcome,
    ).toEqual(['Choose the outcome.']);

    const rebooked = await act(pipeline.id, 'book-interview', { version: 3, scheduled_at: inDays(4) });
    expect(rebooked.json.data.pipeline).toMatchObject({ stage: { name: 'internal_interview' }, version: 4 });
    await held(pipeline.id);
    const interviewId = rebooked.json.data.interviews.find((row: { outcome: string }) => row.outcome === 'pending').id;
    const passed = await act(pipeline.id, 'internal-interview-outcome', {
      version: 4,
      interview_id: interviewId,
      outcome: 'passed',
      feedback: 'Strong on systems design.',
    });
    expect(passed.status, passed.text).toBe(200);
    expect(passed.json.data.pipeline).toMatchObject({ stage: { name: 'submit_pending' }, version: 5 });
    expect(passed.json.data.interviews.find((row: { id: number }) => row.id === interviewId)).toMatchObject({
      outcome: 'passed',
      feedback: 'Strong on systems design.',
    });
    expect(passed.json.data.events[0]).toMatchObject({
      kind: 'interview_outcome',
      from_stage: 'internal_interview',
      to_stage: 'submit_pending',
      detail: 'Passed: Strong on systems design.',
    });
    const fromSubmitPending = await act(pipeline.id, 'book-interview', { version: 5, scheduled_at: inDays(1) });
    expect(fromSubmitPending.status).toBe(409);
    expect(fromSubmitPending.json).toMatchObject({
      error: PIPELINE_ERRORS.BOOK_INTERVIEW_STAGE,
      code: 'BOOK_INTERVIEW_STAGE',
    });

    const failing = await pipelineIn({ stage: 'internal_interview' });
    await insertInterview(t.db, { pipelineId: failing.id, scheduledAt: new Date(Date.now() - 3_600_000) });
    const failed = await act(failing.id, 'internal-interview-outcome', {
      version: 1,
      outcome: 'failed',
      feedback: 'Not enough depth.',
    });
    expect(failed.status, failed.text).toBe(200);
    expect(failed.json.data.pipeline).toMatchObject({
      state: 'closed',
      close_reason: 'rejected_by_us',
      close_note: 'Not enough depth.',
      stage: { name: 'internal_interview' },
    });
    expect(failed.json.data.events.map((event: { kind: string }) => event.kind).sort()).toEqual([
      'closed',
      'interview_outcome',
    ]);
    expect(await summaries('pipeline', failing.id)).toEqual([
      expect.stringMatching(/: Did not pass; closed \(Rejected by us\)$/),
    ]);
  });
});

describe('submit pending, submittals and their outcomes', () => {
  it('submit pending from Sourced or Internal interview only', async () => {
    const pipeline = await pipelineIn();
    const pending = await act(pipeline.id, 'submit-pending', { version: 1, note: 'CV ready' });
    expect(pending.status, pending.text).toBe(200);
    expect(pending.json.data.pipeline).toMatchObject({ stage: { name: 'submit_pending' }, version: 2 });
    expect(pending.json.data.events[0]).toMatchObject({
      kind: 'stage_changed',
      from_stage: 'sourced',
      to_stage: 'submit_pending',
      detail: 'CV ready',
    });
    const again = await act(pipeline.id, 'submit-pending', { version: 2 });
    expect(again.status).toBe(409);
    expect(again.json).toMatchObject({ error: PIPELINE_ERRORS.SUBMIT_PENDING_STAGE, code: 'SUBMIT_PENDING_STAGE' });
    const fromInterview = await pipelineIn({ stage: 'internal_interview' });
    expect((await act(fromInterview.id, 'submit-pending', { version: 1 })).json.data.pipeline.stage.name).toBe(
      'submit_pending',
    );
  });

  it('submits to the client from any stage before Submitted, then client interview, offer and rejection', async () => {
    const pipeline = await pipelineIn({ stage: 'internal_interview' });
    const badDate = await act(pipeline.id, 'submittal', {
      version: 1,
      submitted_on: '20-11-2026',
      proposed_salary: -5,
    });
    expect(Object.keys(badDate.json.fields).sort()).toEqual(['proposed_salary', 'submitted_on']);
    const early = await act(pipeline.id, 'submittal-outcome', { version: 1, outcome: 'offer' });
    expect(early.status).toBe(409);
    expect(early.json).toMatchObject({
      error: PIPELINE_ERRORS.SUBMITTAL_OUTCOME_STAGE,
      code: 'SUBMITTAL_OUTCOME_STAGE',
    });
    const submitted = await act(pipeline.id, 'submittal', {
      version: 1,
      submitted_on: '2026-11-20',
      proposed_salary: '135000',
      note: 'Sent with CV',
    });
    expect(submitted.status, submitted.text).toBe(200);
    expect(submitted.json.data.pipeline).toMatchObject({ stage: { name: 'submitted' }, version: 2 });
    expect(submitted.json.data.submittals).toMatchObject([
      {
        submitted_on: '2026-11-20',
        proposed_salary: 135000,
        note: 'Sent with CV',
        outcome: 'pending',
        outcome_at: null,
        submitted_by: { id: recruiterUser.id, name: 'Rita Recruiter' },
      },
    ]);
    expect(submitted.json.data.events[0]).toMatchObject({
      kind: 'submitted',
      from_stage: 'internal_interview',
      to_stage: 'submitted',
    });
    const twice = await act(pipeline.id, 'submittal', { version: 2, submitted_on: '2026-11-21' });
    expect(twice.status).toBe(409);
    expect(twice.json).toMatchObject({ error: PIPELINE_ERRORS.SUBMITTAL_STAGE, code: 'SUBMITTAL_STAGE' });

    expect((await act(pipeline.id, 'submittal-outcome', { version: 2, outcome: 'hired' })).json.fields).toBeDefined();
    expect(
      (await act(pipeline.id, 'submittal-outcome', { version: 2, outcome: 'client_interview' })).json.fields
        .scheduled_at,
    ).toBeDefined();
    const at = inDays(6);
    const interview = await act(pipeline.id, 'submittal-outcome', {
      version: 2,
      outcome: 'client_interview',
      scheduled_at: at,
      interviewer_name: 'Dana at Acme',
    });
    expect(interview.status, interview.text).toBe(200);
    expect(interview.json.data.pipeline).toMatchObject({
      stage: { name: 'client_interview' },
      version: 3,
      next_interview_at: at,
    });
    expect(interview.json.data.interviews[0]).toMatchObject({
      kind: 'client',
      duration_minutes: 60,
      interviewer: null,
      interviewer_name: 'Dana at Acme',
      outcome: 'pending',
    });
    expect(interview.json.data.submittals[0].outcome).toBe('client_interview');
    // The client interview is still booked: an offer says what happened to it (issue 16 item 2).
    const unsaid = await act(pipeline.id, 'submittal-outcome', {
      version: 3,
      outcome: 'offer',
      offered_salary: 140000,
      note: 'Verbal',
    });
    expect(unsaid.status).toBe(409);
    expect(unsaid.json).toMatchObject({
      code: 'PENDING_CLIENT_INTERVIEWS',
      interviews: [{ kind: 'client', outcome: 'pending', scheduled_at: at }],
      upcoming_ids: [interview.json.data.interviews[0].id],
    });
    // It is booked for next week: an offer now comes before it, and the refusal says so.
    expect(unsaid.json.error).toMatch(
      /client interview has not taken place yet\. To record the offer before it, confirm that the interview is cancelled\./,
    );
    const offer = await act(pipeline.id, 'submittal-outcome', {
      version: 3,
      outcome: 'offer',
      offered_salary: 140000,
      note: 'Verbal',
      pending_interviews: 'passed',
    });
    expect(offer.status, offer.text).toBe(200);
    expect(offer.json.data.pipeline).toMatchObject({ stage: { name: 'offer' }, version: 4, next_interview_at: null });
    // The detail carries the offer: the placement form starts from its salary (issue 29 c).
    expect(offer.json.data.offer).toMatchObject({ salary: 140000, currency: 'USD', answer: null });
    expect(offer.json.data.events[0]).toMatchObject({
      kind: 'submittal_outcome',
      from_stage: 'client_interview',
      to_stage: 'offer',
      detail: 'Offer of USD 140,000: Verbal',
    });
    // An interview still to come cannot have gone well: it is cancelled, and the history says the offer came first.
    expect(offer.json.data.interviews[0].outcome).toBe('cancelled');
    expect(offer.json.data.events[1].detail).toMatch(
      /^Client interview on .+ UTC: Cancelled \(offer recorded before it took place\)$/,
    );
    const rejected = await act(pipeline.id, 'submittal-outcome', {
      version: 4,
      outcome: 'rejected',
      feedback: 'Went with an internal candidate.',
    });
    expect(rejected.status, rejected.text).toBe(200);
    expect(rejected.json.data.pipeline).toMatchObject({
      state: 'closed',
      close_reason: 'rejected_by_client',
      close_note: 'Went with an internal candidate.',
      stage: { name: 'offer' },
    });
    expect(rejected.json.data.submittals[0].outcome).toBe('rejected');
    expect(await summaries('pipeline', pipeline.id)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Submitted .+ to .+ for /),
        expect.stringMatching(/ rejected .+ for /),
      ]),
    );
  });
});

describe('client interviews resolve (issue 16 item 2)', () => {
  /** A pipeline in Client interview with its submittal and a pending client interview `days` from now. */
  async function interviewing(days = 3) {
    const pipeline = await pipelineIn({ stage: 'client_interview' });
    await insertSubmittal(t.db, pipeline.id, { outcome: 'client_interview' });
    const interview = await insertInterview(t.db, {
      pipelineId: pipeline.id,
      kind: 'client',
      interviewerName: 'Dana at Acme',
      scheduledAt: new Date(Date.now() + days * 86_400_000),
    });
    return { pipeline, interview };
  }

  it('records passed, no show and rescheduled (a new one booked); refuses when none is pending', async () => {
    const { pipeline, interview } = await interviewing();
    expect(
      (await act(pipeline.id, 'client-interview-outcome', { version: 1, outcome: 'maybe' })).json.fields.outcome,
    ).toBeDefined();
    expect(
      (await act(pipeline.id, 'client-interview-outcome', { version: 1, outcome: 'rescheduled' })).json.fields
        .scheduled_at,
    ).toBeDefined();
    // Passed or no show only once it has taken place (issue 29 item l).
    const early = await act(pipeline.id, 'client-interview-outcome', { version: 1, outcome: 'passed' });
    expect(early.status).toBe(400);
    expect(early.json.code).toBe('INTERVIEW_NOT_HELD');
    await held(pipeline.id); // the day has come
    const noShow = await act(pipeline.id, 'client-interview-outcome', {
      version: 1,
      outcome: 'no_show',
      feedback: 'Candidate was ill.',
    });
    expect(noShow.status, noShow.text).toBe(200);
    expect(noShow.json.data.pipeline).toMatchObject({
      stage: { name: 'client_interview' },
      state: 'open',
      next_interview_at: null,
    });
    expect(noShow.json.data.interviews).toMatchObject([
      { id: interview.id, outcome: 'no_show', feedback: 'Candidate was ill.' },
    ]);
    expect((await act(pipeline.id, 'client-interview-outcome', { version: 2, outcome: 'passed' })).json).toMatchObject({
      code: 'NO_PENDING_CLIENT_INTERVIEW',
      error: PIPELINE_ERRORS.NO_PENDING_CLIENT_INTERVIEW,
    });

    const second = await insertInterview(t.db, {
      pipelineId: pipeline.id,
      kind: 'client',
      interviewerName: 'Dana at Acme',
    });
    const newTime = inDays(9);
    const moved = await act(pipeline.id, 'client-interview-outcome', {
      version: 2,
      interview_id: second.id,
      outcome: 'rescheduled',
      scheduled_at: newTime,
      location: 'Acme HQ',
    });
    expect(moved.status, moved.text).toBe(200);
    const interviews = moved.json.data.interviews as {
      id: number;
      outcome: string;
      scheduled_at: string;
      interviewer_name: string;
      location: string;
    }[];
    expect(interviews.find((row) => row.id === second.id)?.outcome).toBe('rescheduled');
    expect(interviews.find((row) => row.outcome === 'pending')).toMatchObject({
      scheduled_at: newTime,
      interviewer_name: 'Dana at Acme',
      location: 'Acme HQ',
    });
    expect(moved.json.data.pipeline.next_interview_at).toBe(newTime);
    await held(pipeline.id);

    const passed = await act(pipeline.id, 'client-interview-outcome', {
      version: 3,
      outcome: 'passed',
      feedback: 'Strong second round.',
    });
    expect(passed.status, passed.text).toBe(200);
    expect(passed.json.data.pipeline).toMatchObject({
      stage: { name: 'client_interview' },
      state: 'open',
      next_interview_at: null,
    });
    expect(passed.json.data.events[0]).toMatchObject({
      kind: 'interview_outcome',
      detail: expect.stringMatching(/^Client interview on .+ UTC: Passed · Strong second round\.$/),
    });
    expect((await summaries('pipeline', pipeline.id))[0]).toMatch(/^Client interview of .+: Passed$/);
  });

  it('rejected closes the pipeline as rejected by the client and marks the submittal', async () => {
    const { pipeline } = await interviewing();
    const rejected = await act(pipeline.id, 'client-interview-outcome', {
      version: 1,
      outcome: 'rejected',
      feedback: 'Not senior enough.',
    });
    expect(rejected.status, rejected.text).toBe(200);
    expect(rejected.json.data.pipeline).toMatchObject({
      state: 'closed',
      close_reason: 'rejected_by_client',
      close_note: 'Not senior enough.',
    });
    expect(rejected.json.data.interviews[0]).toMatchObject({ outcome: 'rejected', feedback: 'Not senior enough.' });
    expect(rejected.json.data.submittals[0].outcome).toBe('rejected');
  });

  it('a move past the interview stage asks about pending client interviews, then resolves them as answered', async () => {
    const { pipeline, interview } = await interviewing(-1);
    const asked = await recruiter.patch(`/api/pipelines/${pipeline.id}/`, { version: 1, stage: 'offer' });
    expect(asked.status).toBe(409);
    expect(asked.json).toMatchObject({
      success: false,
      code: 'PENDING_CLIENT_INTERVIEWS',
      interviews: [{ id: interview.id, kind: 'client', outcome: 'pending', interviewer_name: 'Dana at Acme' }],
    });
    expect(asked.json.error).toMatch(/client interview has no outcome yet/);
    expect(await versionOf(pipeline.id)).toBe(1);
    // Backwards (or sideways before the interview stage) needs no answer.
    expect((await recruiter.patch(`/api/pipelines/${pipeline.id}/`, { version: 1, stage: 'submitted' })).status).toBe(
      200,
    );
    expect(
      (await recruiter.patch(`/api/pipelines/${pipeline.id}/`, { version: 2, stage: 'client_interview' })).status,
    ).toBe(200);
    expect(
      (
        await recruiter.patch(`/api/pipelines/${pipeline.id}/`, {
          version: 3,
          stage: 'offer',
          pending_interviews: 'maybe',
        })
      ).status,
    ).toBe(400);
    const moved = await recruiter.patch(`/api/pipelines/${pipeline.id}/`, {
      version: 3,
      stage: 'offer',
      pending_interviews: 'cancelled',
    });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.json.data.interviews[0]).toMatchObject({ id: interview.id, outcome: 'cancelled' });
    expect(moved.json.data.events.map((event: { detail: string }) => event.detail)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^Client interview on .+: Cancelled \(moved to Offer\)$/)]),
    );
  });

  it('a placement with a booked client interview asks first; placed pipelines never show a next interview', async () => {
    const { pipeline, interview } = await interviewing(5);
    const place = { version: 1, outcome: 'placed', salary: 120000, start_date: '2026-09-01' };
    const asked = await act(pipeline.id, 'submittal-outcome', place);
    expect(asked.json.code).toBe('PENDING_CLIENT_INTERVIEWS');
    expect((await detail(pipeline.id)).pipeline.stage.name).toBe('client_interview');
    expect(asked.json.error).toMatch(/To record the placement before it, confirm that the interview is cancelled/);
    const placed = await act(pipeline.id, 'submittal-outcome', { ...place, pending_interviews: 'cancelled' });
    expect(placed.status, placed.text).toBe(200);
    expect(placed.json.data.pipeline).toMatchObject({ stage: { name: 'placed' }, next_interview_at: null });
    expect(placed.json.data.interviews).toMatchObject([{ id: interview.id, outcome: 'cancelled' }]);
    expect(placed.json.data.events.map((event: { detail: string }) => event.detail)).toEqual(
      expect.arrayContaining([expect.stringMatching(/: Cancelled \(placed before it took place\)$/)]),
    );
    // Even a pending interview left behind by old data never counts as the next one once placed.
    await insertInterview(t.db, { pipelineId: pipeline.id, kind: 'client' });
    expect(
      (await viewer.get(`/api/roles/${pipeline.roleId}/pipelines/`)).json.pipelines[0].next_interview_at,
    ).toBeNull();
  });

  it('an offer after one held interview and before a booked one: the held one gets the answer, the booked one is cancelled', async () => {
    const { pipeline, interview: upcoming } = await interviewing(4);
    const held = await insertInterview(t.db, {
      pipelineId: pipeline.id,
      kind: 'client',
      interviewerName: 'Dana at Acme',
      scheduledAt: new Date(Date.now() - 2 * 86_400_000),
    });
    const offer = { version: 1, outcome: 'offer', offered_salary: 150000 };
    const asked = await act(pipeline.id, 'submittal-outcome', offer);
    expect(asked.status).toBe(409);
    expect(asked.json).toMatchObject({
      code: 'PENDING_CLIENT_INTERVIEWS',
      interviews: [{ id: held.id }, { id: upcoming.id }],
      upcoming_ids: [upcoming.id],
    });
    expect(asked.json.error).toMatch(
      /has 2 client interviews without an outcome, 1 of them not yet held\. Say whether the held one went well or did not happen; to record the offer now, the one still to come is cancelled\./,
    );
    const done = await act(pipeline.id, 'submittal-outcome', { ...offer, pending_interviews: 'passed' });
    expect(done.status, done.text).toBe(200);
    const outcomes = Object.fromEntries(
      (done.json.data.interviews as { id: number; outcome: string }[]).map((row) => [row.id, row.outcome]),
    );
    expect(outcomes).toEqual({ [held.id]: 'passed', [upcoming.id]: 'cancelled' });
    const details = (done.json.data.events as { detail: string }[]).map((event) => event.detail);
    expect(details).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/: Passed \(offer recorded\)$/),
        expect.stringMatching(/: Cancelled \(offer recorded before it took place\)$/),
      ]),
    );
  });

  it('a held interview answered on a board move to Offer keeps the answer', async () => {
    const { pipeline, interview } = await interviewing(-1);
    const asked = await recruiter.patch(`/api/pipelines/${pipeline.id}/`, { version: 1, stage: 'offer' });
    expect(asked.json).toMatchObject({ code: 'PENDING_CLIENT_INTERVIEWS', upcoming_ids: [] });
    expect(asked.json.error).toMatch(/client interview has no outcome yet/);
    const moved = await recruiter.patch(`/api/pipelines/${pipeline.id}/`, {
      version: 1,
      stage: 'offer',
      pending_interviews: 'passed',
    });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.json.data.interviews[0]).toMatchObject({ id: interview.id, outcome: 'passed' });
  });

  it('closing cancels every pending interview, with a history line', async () => {
    const { pipeline } = await interviewing();
    await insertInterview(t.db, { pipelineId: pipeline.id, kind: 'internal' });
    const closed = await recruiter.post(`/api/pipelines/${pipeline.id}/close/`, {
      version: 1,
      reason: 'candidate_withdrew',
    });
    expect(closed.status, closed.text).toBe(200);
    expect((closed.json.data.interviews as { outcome: string }[]).map((row) => row.outcome)).toEqual([
      'cancelled',
      'cancelled',
    ]);
    expect(closed.json.data.events.map((event: { detail: string }) => event.detail)).toContain(
      '2 pending interviews were cancelled: the pipeline was closed',
    );
  });
});

describe('placements', () => {
  async function offerIn(roleId: number) {
    const pipeline = await pipelineIn({ roleId, stage: 'offer' });
    await insertSubmittal(t.db, pipeline.id);
    return pipeline;
  }
  const place = (id: number, salary: number | string, startDate: string) =>
    act(id, 'submittal-outcome', { version: 1, outcome: 'placed', salary, start_date: startDate });

  it("finder's fee: the client's % of the salary, guarantee end, candidate placed, offer to close the role", async () => {
    const client = await insertClient(t.db, { name: 'Harbor Bank', findersFeePercent: '20', guaranteeDays: 90 });
    const role = await insertRole(t.db, { clientId: client.id, name: 'Controller', openings: 1 });
    const pipeline = await offerIn(role.id);
    expect((await place(pipeline.id, 0, '2027-01-04')).json.fields.salary).toEqual(['Enter the salary.']);
    expect((await place(pipeline.id, 150000, 'next monday')).json.fields.start_date).toEqual(['Enter the start date.']);
    const placed = await place(pipeline.id, 150000, '2027-01-04');
    expect(placed.status, placed.text).toBe(200);
    expect(placed.json.offer_close_role).toBe(true);
    expect(placed.json.data.pipeline).toMatchObject({ stage: { name: 'placed' }, state: 'open', version: 2 });
    expect(placed.json.data.placement).toMatchObject({
      salary: 150000,
      currency: 'USD',
      start_date: '2027-01-04',
      fee: 30000,
      fee_percent: 20,
      guarantee_end: '2027-04-04',
      created_by: { id: recruiterUser.id, name: 'Rita Recruiter' },
    });
    expect(placed.json.data.placement.fee_explanation).toBe(
      "20 % (Harbor Bank's finder's fee) of the salary USD 150,000 is USD 30,000.",
    );
    expect(placed.json.data.submittals[0].outcome).toBe('placed');
    expect(placed.json.data.candidate.status).toBe('placed');
    expect(placed.json.data.events[0]).toMatchObject({ kind: 'placed', from_stage: 'offer', to_stage: 'placed' });
    // The fee stays out of the history text, which every reader of the record sees (decision 071).
    expect(placed.json.data.events[0].detail).toBe('Starts 2027-01-04.');
    expect(await summaries('pipeline', pipeline.id)).toEqual([
      `Placed ${placed.json.data.candidate.name} in Controller at Harbor Bank`,
    ]);
    expect(await summaries('candidate', pipeline.candidateId)).toEqual([
      `Placed ${placed.json.data.candidate.name} in Controller at Harbor Bank`,
      `Changed candidate ${placed.json.data.candidate.name} from Active to Placed`,
    ]);

    // A placed pipeline cannot move, close, be deleted, nor can its candidate.
    expect((await recruiter.patch(`/api/pipelines/${pipeline.id}/`, { version: 2, stage: 'offer' })).json.error).toBe(
      PIPELINE_ERRORS.PLACED,
    );
    expect(
      (await recruiter.post(`/api/pipelines/${pipeline.id}/close/`, { version: 2, reason: 'other' })).json.error,
    ).toBe(PIPELINE_ERRORS.PLACED);
    expect((await place(pipeline.id, 150000, '2027-01-04')).status).toBe(409);
    const deletePipeline = await recruiter.request('DELETE', `/api/pipelines/${pipeline.id}/`);
    expect(deletePipeline.status).toBe(409);
    expect(deletePipeline.json.code).toBe('PIPELINE_HAS_PLACEMENT');
    const deleteCandidate = await recruiter.request('DELETE', `/api/candidates/${pipeline.candidateId}/`);
    expect(deleteCandidate.status).toBe(409);
    expect(deleteCandidate.json).toEqual({
      success: false,
      error: 'This candidate has a placement; archive them instead.',
      code: 'CANDIDATE_HAS_PLACEMENT',
    });
    expect((await viewer.get(`/api/candidates/${pipeline.candidateId}/`)).status).toBe(200);
    expect((await detail(pipeline.id)).placement).not.toBeNull();
  });

  it("uses the role's fee override, waits for every opening, and never offers to close a closed role", async () => {
    const client = await insertClient(t.db, { findersFeePercent: '20', guaranteeDays: null });
    const role = await insertRole(t.db, {
      clientId: client.id,
      openings: 2,
      feePercentOverride: '25',
      salaryCurrency: 'EUR',
    });
    const first = await place((await offerIn(role.id)).id, '100000', '2027-02-01');
    expect(first.json.offer_close_role).toBe(false);
    expect(first.json.data.placement).toMatchObject({
      fee: 25000,
      fee_percent: 25,
      currency: 'EUR',
      guarantee_end: null,
    });
    expect(first.json.data.placement.fee_explanation).toContain("this role's fee override");
    expect((await place((await offerIn(role.id)).id, 80000, '2027-02-01')).json.offer_close_role).toBe(true);

    const closedRole = await insertRole(t.db, { clientId: client.id, openings: 1 });
    const pipeline = await offerIn(closedRole.id);
    await t.db
      .update(rolesTable)
      .set({ state: 'closed', closeReason: 'filled' })
      .where(eq(rolesTable.id, closedRole.id));
    expect((await place(pipeline.id, 90000, '2027-03-01')).json.offer_close_role).toBe(false);
  });

  it("retainer: the role's share of the retainer per opening, as the payout computes it", async () => {
    const client = await insertClient(t.db, {
      name: 'Brightline Analytics',
      clientType: 'retainer',
      retainerAmount: '30000',
      guaranteeDays: 60,
    });
    const role = await insertRole(t.db, { clientId: client.id, name: 'Data Lead', openings: 1 });
    await insertRole(t.db, { clientId: client.id, openings: 1 });
    const payout = (await recruiter.get(`/api/roles/${role.id}/payout/`)).json.payout;
    const placed = await place((await offerIn(role.id)).id, 180000, '2027-01-15');
    expect(placed.status, placed.text).toBe(200);
    expect(placed.json.data.placement).toMatchObject({
      fee: payout.per_opening,
      fee_percent: null,
      guarantee_end: '2027-03-16',
    });
    expect(placed.json.data.placement.fee).toBe(15000);
    expect(placed.json.data.placement.fee_explanation).toBe(
      "Brightline Analytics' retainer of USD 30,000 over 2 roles gives this role USD 15,000, which over its one opening is USD 15,000 for this placement.",
    );
    expect(placed.json.offer_close_role).toBe(true);
  });
});

describe('details, notes and deleting', () => {
  it('pipeline detail, notes on a pipeline, candidate detail with and without role_id', async () => {
    const role = await insertRole(t.db, { name: 'Senior Engineer' });
    const otherRole = await insertRole(t.db, { name: 'Staff Engineer' });
    const candidate = await insertCandidate(t.db, { firstName: 'Jane', lastName: 'Doe', resumeText: 'x'.repeat(4500) });
    const pipeline = await pipelineIn({ roleId: role.id, candidateId: candidate.id });
    const other = await pipelineIn({ roleId: otherRole.id, candidateId: candidate.id, stage: 'internal_interview' });
    await insertInterview(t.db, { pipelineId: other.id });

    const note = await recruiter.post(`/api/notes/pipeline/${pipeline.id}/`, { body: 'Keen, available in March.' });
    expect(note.status, note.text).toBe(201);
    const notes = (await viewer.get(`/api/notes/pipeline/${pipeline.id}/`)).json;
    expect(notes.target).toEqual({
      model_type: 'pipeline',
      object_id: pipeline.id,
      label: 'Jane Doe — Senior Engineer',
    });
    expect(await summaries('note', note.json.note.id)).toEqual(['Added a note to pipeline Jane Doe — Senior Engineer']);
    expect((await recruiter.post('/api/notes/pipeline/999999/', { body: 'x' })).status).toBe(404);

    const data = await detail(pipeline.id);
    expect(data).toMatchObject({
      pipeline: { id: pipeline.id, role_id: role.id },
      role: {
        id: role.id,
        name: 'Senior Engineer',
        state: 'open',
        openings: 1,
        client: { client_type: 'finders_fee' },
      },
      candidate: { id: candidate.id, name: 'Jane Doe', status: 'active' },
      interviews: [],
      submittals: [],
      placement: null,
      notes_count: 1,
    });
    expect((await viewer.get('/api/pipelines/999999/')).json).toMatchObject({
      success: false,
      error: PIPELINE_ERRORS.NOT_FOUND,
    });

    const plain = (await viewer.get(`/api/candidates/${candidate.id}/detail/`)).json;
    expect(plain.success).toBe(true);
    expect(plain.candidate).toMatchObject({ id: candidate.id, name: 'Jane Doe', pipeline: null, notes_count: 0 });
    expect(plain.candidate.resume_text_preview).toHaveLength(2000);
    expect(plain.candidate.pipelines.map((row: { role: { name: string } }) => row.role.name).sort()).toEqual([
      'Senior Engineer',
      'Staff Engineer',
    ]);
    expect(plain.candidate.interviews).toMatchObject([
      {
        pipeline_id: other.id,
        role: { id: otherRole.id, name: 'Staff Engineer' },
        candidate: { id: candidate.id, name: 'Jane Doe' },
      },
    ]);
    const inRole = (await viewer.get(`/api/candidates/${candidate.id}/detail/?role_id=${role.id}`)).json.candidate;
    expect(inRole.pipeline).toMatchObject({ pipeline: { id: pipeline.id }, notes_count: 1 });
    const elsewhere = await insertRole(t.db);
    expect(
      (await viewer.get(`/api/candidates/${candidate.id}/detail/?role_id=${elsewhere.id}`)).json.candidate.pipeline,
    ).toBeNull();
    expect((await viewer.get(`/api/candidates/${candidate.id}/detail/?role_id=abc`)).status).toBe(400);
    expect((await viewer.get('/api/candidates/999999/detail/')).status).toBe(404);
  });

  it('deletes a pipeline with its notes and history; viewers may not', async () => {
    const pipeline = await pipelineIn();
    await recruiter.post(`/api/notes/pipeline/${pipeline.id}/`, { body: 'A note' });
    expect((await viewer.request('DELETE', `/api/pipelines/${pipeline.id}/`)).status).toBe(403);
    const deleted = await recruiter.request('DELETE', `/api/pipelines/${pipeline.id}/`);
    expect(deleted.status, deleted.text).toBe(200);
    expect((await viewer.get(`/api/pipelines/${pipeline.id}/`)).status).toBe(404);
    expect((await viewer.get(`/api/notes/pipeline/${pipeline.id}/`)).status).toBe(404);
    expect(await eventCount(pipeline.id)).toBe(0);
    expect((await summaries('pipeline', pipeline.id))[0]).toMatch(/^Removed .+ from /);
    expect((await recruiter.request('DELETE', `/api/pipelines/${pipeline.id}/`)).status).toBe(404);
  });

  it('form data lists stages, reasons, outcomes and the agency interviewers', async () => {
    const data = (await viewer.get('/api/pipelines/form-data/')).json;
    expect(data.stages).toHaveLength(7);
    expect(data.stages[0]).toEqual({ value: 'sourced', label: 'Sourced' });
    expect(data.close_reasons).toContainEqual({ value: 'rejected_by_client', label: 'Rejected by the client' });
    expect(data.interview_outcomes).toContainEqual({ value: 'failed', label: 'Did not pass' });
    const ids = data.interviewers.map((row: { id: number }) => row.id);
    expect(ids).toEqual(expect.arrayContaining([recruiterUser.id, ownerUser.id]));
    expect(data.interviewers.every((row: { name: string }) => row.name.length > 0)).toBe(true);
  });
});

describe('spreadsheet export', () => {
  it('one typed row per pipeline, text as text (no formulas, no apostrophes), bold frozen header, an ASCII-safe attachment name', async () => {
    const role = await insertRole(t.db, { name: 'Ingénieur Données' });
    const evil = await insertCandidate(t.db, {
      firstName: '=HYPERLINK("http://evil.test","click")',
      lastName: '',
      email: 'evil@example.test',
      currentCompany: '@SUM(A1)',
      phone: '+1 614 555 0199',
      currentTitle: '-2+3',
    });
    const evilPipeline = await pipelineIn({
      roleId: role.id,
      candidateId: evil.id,
      stage: 'submitted',
      recruiterId: recruiterUser.id,
    });
    await insertSubmittal(t.db, evilPipeline.id, { submittedOn: '2026-11-02', proposedSalary: '125000.5' });
    await pipelineIn({ roleId: role.id, state: 'closed', closeReason: 'candidate_withdrew', closedAt: new Date() });
    const placed = await pipelineIn({ roleId: role.id, stage: 'offer' });
    await insertSubmittal(t.db, placed.id);
    expect(
      (
        await act(placed.id, 'submittal-outcome', {
          version: 1,
          outcome: 'placed',
          salary: 100000,
          start_date: '2027-01-04',
        })
      ).status,
    ).toBe(200);

    const response = await fetch(`${t.baseUrl}/api/roles/${role.id}/candidates/export/`, {
      headers: { cookie: recruiter.cookieHeader() },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const today = new Date().toISOString().slice(0, 10);
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="ingenieur-donnees-candidates-${today}.xlsx"; filename*=UTF-8''ing%C3%A9nieur-donn%C3%A9es-candidates-${today}.xlsx`,
    );
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('cache-control')).toContain('no-store');

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(
      Buffer.from(await response.arrayBuffer()) as unknown as Parameters<typeof workbook.xlsx.load>[0],
    );
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error('no sheet');
    expect(sheet.rowCount).toBe(4);
    const header = sheet.getRow(1);
    expect(ROLE_EXPORT_COLUMNS.map((_name, index) => header.getCell(index + 1).value)).toEqual([
      ...ROLE_EXPORT_COLUMNS,
    ]);
    expect(header.font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });

    const rows = [2, 3, 4].map((number) => sheet.getRow(number));
    const column = (name: (typeof ROLE_EXPORT_COLUMNS)[number]) => ROLE_EXPORT_COLUMNS.indexOf(name) + 1;
    const evilRow = rows.find((row) => String(row.getCell(column('Email')).value) === 'evil@example.test');
    if (!evilRow) throw new Error('no row for the candidate');
    // Exactly what was typed, stored as a string formatted as Text: never a formula, never an apostrophe.
    const typed: [(typeof ROLE_EXPORT_COLUMNS)[number], string][] = [
      ['Candidate', '=HYPERLINK("http://evil.test","click")'],
      ['Current company', '@SUM(A1)'],
      ['Current title', '-2+3'],
      ['Phone', '+1 614 555 0199'],
    ];
    for (const [name, value] of typed) {
      const cell = evilRow.getCell(column(name));
      expect(cell.value).toBe(value);
      expect(cell.type).toBe(ExcelJS.ValueType.String);
      expect(cell.formula).toBeUndefined();
      expect(cell.numFmt).toBe('@');
    }
    expect(evilRow.getCell(column('Stage')).value).toBe('Submitted');
    expect(evilRow.getCell(column('State')).value).toBe('Open');
    expect(evilRow.getCell(column('Proposed salary')).value).toBe(125000.5);
    expect(evilRow.getCell(column('Submitted on')).value).toEqual(new Date('2026-11-02T00:00:00Z'));
    expect(evilRow.getCell(column('Added')).value).toBeInstanceOf(Date);
    expect(evilRow.getCell(column('Recruiter')).value).toBe('Rita Recruiter');

    const placedRow = rows.find((row) => row.getCell(column('Stage')).value === 'Placed');
    expect(placedRow?.getCell(column('Placement salary')).value).toBe(100000);
    expect(placedRow?.getCell(column('Fee')).value).toBe(20000);
    expect(placedRow?.getCell(column('Start date')).value).toEqual(new Date('2027-01-04T00:00:00Z'));
    const closedRow = rows.find((row) => row.getCell(column('State')).value === 'Closed');
    expect(closedRow?.getCell(column('Close reason')).value).toBe('Candidate withdrew');

    // A viewer's sheet has no fee column (decision 071: viewers see no fees by default).
    const viewers = new ExcelJS.Workbook();
    const asViewer = await fetch(`${t.baseUrl}/api/roles/${role.id}/candidates/export/`, {
      headers: { cookie: viewer.cookieHeader() },
    });
    await viewers.xlsx.load(
      Buffer.from(await asViewer.arrayBuffer()) as unknown as Parameters<typeof viewers.xlsx.load>[0],
    );
    const viewerHeader = viewers.worksheets[0]!.getRow(1);
    const withoutFee = ROLE_EXPORT_COLUMNS.filter((name) => name !== 'Fee');
    expect(withoutFee.map((_name, index) => viewerHeader.getCell(index + 1).value)).toEqual(withoutFee);
    expect(viewerHeader.getCell(withoutFee.length + 1).value).toBeNull();
    const viewerRows = [2, 3, 4].map((number) => viewers.worksheets[0]!.getRow(number));
    const viewerPlaced = viewerRows.find((row) => row.getCell(withoutFee.indexOf('Stage') + 1).value === 'Placed');
    expect(viewerPlaced?.getCell(withoutFee.indexOf('Placement salary') + 1).value).toBe(100000);
    expect(viewerPlaced?.getCell(withoutFee.indexOf('Start date') + 1).value).toEqual(new Date('2027-01-04T00:00:00Z'));
    const viewerEvil = viewerRows.find(
      (row) => row.getCell(withoutFee.indexOf('Email') + 1).value === 'evil@example.test',
    );
    expect(viewerEvil?.getCell(withoutFee.indexOf('Recruiter') + 1).value).toBe('Rita Recruiter');

    expect((await viewer.get('/api/roles/999999/candidates/export/')).status).toBe(404);
  });
});

describe('fuzz', () => {
  it('pipeline bodies and queries never produce a 500', async () => {
    const role = await insertRole(t.db);
    const pipeline = await pipelineIn({ roleId: role.id, stage: 'internal_interview' });
    await insertInterview(t.db, { pipelineId: pipeline.id });
    const id = fc.oneof(
      fc.integer(),
      fc.constant(2 ** 31),
      fc.constant(Number.MAX_SAFE_INTEGER),
      fc.string(),
      fc.constant(null),
    );
    const targets = fc.constantFrom(
      ['POST', `/api/roles/${role.id}/pipelines/`],
      ['POST', `/api/roles/${role.id}/candidates/`],
      ['PATCH', `/api/pipelines/${pipeline.id}/`],
      ['POST', `/api/pipelines/${pipeline.id}/close/`],
      ['POST', `/api/pipelines/${pipeline.id}/reopen/`],
      ...['book-interview', 'internal-interview-outcome', 'submit-pending', 'submittal', 'submittal-outcome'].map(
        (action) => ['POST', `/api/pipelines/${pipeline.id}/actions/${action}/`],
      ),
    );
    const body = fc.oneof(
      fc.anything(),
      fc.record(
        {
          version: fc.oneof(fc.constant(1), id),
          candidate_id: id,
          candidate: fc.oneof(
            fc.anything(),
            fc.record({ first_name: fc.string(), last_name: fc.string(), email: fc.string() }, { requiredKeys: [] }),
          ),
          stage: fc.constantFrom('sourced', 'internal_interview', 'offer', 'placed', 'x'),
          recruiter_id: id,
          reason: fc.constantFrom('other', 'x'),
          note: fc.oneof(fc.string(), fc.anything()),
          scheduled_at: fc.oneof(
            fc.string(),
            fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
          ),
          duration_minutes: fc.oneof(fc.integer(), fc.double(), fc.string()),
          meeting_url: fc.string(),
          interviewer_id: id,
          interview_id: id,
          outcome: fc.constantFrom(
            'passed',
            'failed',
            'no_show',
            'client_interview',
            'rejected',
            'offer',
            'placed',
            'x',
          ),
          submitted_on: fc.oneof(fc.string(), fc.constant('2026-11-20')),
          proposed_salary: fc.oneof(fc.double(), fc.string(), fc.constant(null)),
          salary: fc.oneof(fc.double(), fc.integer(), fc.string()),
          start_date: fc.oneof(fc.string(), fc.constant('2027-01-04')),
          offered_salary: fc.oneof(fc.double(), fc.constant(null)),
        },
        { requiredKeys: [] },
      ),
    );
    await fc.assert(
      fc.asyncProperty(targets, body, async ([method, url], value) => {
        const raw = JSON.stringify(value);
        const response = await owner.request(method!, url!, raw === undefined ? {} : { rawBody: raw });
        expect(response.status, `${method} ${url} ${raw} → ${response.text}`).toBeLessThan(500);
      }),
      { numRuns: 200 },
    );
    const query = fc.record(
      {
        search: fc.string(),
        stage: fc.string(),
        state: fc.string(),
        page: fc.oneof(fc.integer(), fc.string()),
        page_size: fc.integer(),
        role_id: id,
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(query, async (value) => {
        const search = new URLSearchParams(
          Object.entries(value).map(([key, item]): [string, string] => [key, String(item)]),
        ).toString();
        for (const url of [
          `/api/roles/${role.id}/candidates/?${search}`,
          `/api/roles/${role.id}/pipelines/?${search}`,
          `/api/candidates/${pipeline.candidateId}/detail/?${search}`,
        ]) {
          const response = await viewer.get(url);
          expect(response.status, `${url} → ${response.text}`).toBeLessThan(500);
        }
      }),
      { numRuns: 100 },
    );
    for (const url of [
      `/api/pipelines/${2 ** 31}/`,
      `/api/roles/${2 ** 31}/pipelines/`,
      `/api/candidates/${2 ** 31}/detail/`,
    ]) {
      expect((await viewer.get(url)).status, url).toBe(400);
    }
  });
});
