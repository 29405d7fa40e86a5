import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertInterview } from '../../factories/pipelines.factory';
import { sha256 } from '../../lib/crypto';
import type { TestApp } from '../../test/build-test-app';
import type { HttpClient } from '../../test/http-client';
import { activityTable } from '../activity/activity.table';
import { messagesTable } from '../messages/messages.table';
import { notificationsTable } from '../notifications/notifications.table';
import { interviewsTable, pipelineEventsTable, pipelinesTable, submittalsTable } from '../pipelines/pipelines.table';
import {
  clearPortalLimits,
  contactRequests,
  portalWorld,
  scene as sceneOf,
  share as shareOf,
  type PortalWorld,
  type Scene,
} from '../../test/portal-shares';
import { portalEventsTable, portalSharesTable } from './shares.table';

// The shortlist portal over real HTTP: a link shows only what was shared; actions move the pipeline "by contact".

let world: PortalWorld;
let t: TestApp;
let recruiter: HttpClient;
let bare: ReturnType<typeof contactRequests>['bare'];
let form: ReturnType<typeof contactRequests>['form'];
let json: ReturnType<typeof contactRequests>['json'];

beforeAll(async () => {
  world = await portalWorld();
  ({ t, recruiter } = world);
  ({ bare, form, json } = contactRequests(t));
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  t.clock.offsetMs = 0;
  await clearPortalLimits(t);
});
const scene = () => sceneOf(world);
const share = (s: Scene, extra: Record<string, unknown> = {}) => shareOf(world, s, extra);

describe('sharing a shortlist', () => {
  it('creates one share per contact, keeps only the token hash, and emails the link', async () => {
    const s = await scene();
    const { response, url, token, shareId } = await share(s);
    expect(token.length).toBeGreaterThanOrEqual(43);
    const [row] = await t.db.select().from(portalSharesTable).where(eq(portalSharesTable.id, shareId));
    expect(row!.tokenHash).toBe(sha256(token));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row!.removeContactDetails).toBe(true);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(30 * 86_400_000);
    expect(response.json.shares[0].candidates.map((c: { pipeline_id: number }) => c.pipeline_id)).toEqual([
      s.p1.id,
      s.p2.id,
    ]);

    const [mail] = await t.db.select().from(messagesTable).orderBy(desc(messagesTable.id)).limit(1);
    expect(mail!.toAddresses[0]!.address).toBe(s.contact.email);
    expect(mail!.bodyHtml).toContain(url);
  });

  it('refuses contacts of another client and pipelines of another role', async () => {
    const s = await scene();
    const elsewhere = await scene();
    const wrongContact = await recruiter.post(`/api/roles/${s.role.id}/shares/`, {
      contact_ids: [elsewhere.contact.id],
      candidates: [{ pipeline_id: s.p1.id }],
    });
    expect(wrongContact.status).toBe(400);
    expect(wrongContact.json.fields.contact_ids).toBeDefined();
    const wrongPipeline = await recruiter.post(`/api/roles/${s.role.id}/shares/`, {
      contact_ids: [s.contact.id],
      candidates: [{ pipeline_id: elsewhere.p1.id }],
    });
    expect(wrongPipeline.status).toBe(400);
    expect(wrongPipeline.json.fields.candidates).toBeDefined();
  });
});

describe('the portal page', () => {
  it('shows the shared candidates as text, nothing internal, and records the opening', async () => {
    const s = await scene();
    const { path, shareId } = await share(s);
    const page = await bare(path);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-store');
    const html = await page.text();
    expect(html).toContain('Platform Engineer');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('&quot;&gt;&lt;script&gt;alert(2)&lt;/script&gt;');
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('<script>');
    expect(html).toContain('Ada Lovelace');
    expect(html).not.toContain('Nosy');
    expect(html).not.toContain('INTERNAL-NOTE-SECRET');
    expect(html).not.toContain('hostile.smith@example.test');
    expect(html).not.toContain('555 0101');
    // Salary only when the share says so.
    expect(html).not.toContain('120,000');

    const listed = await recruiter.get(`/api/roles/${s.role.id}/shares/`);
    const mine = listed.json.shares.find((item: { id: number }) => item.id === shareId);
    expect(mine.opened_at).not.toBeNull();
    expect(mine.status).toBe('active');
    expect(mine.events.map((event: { action: string }) => event.action)).toContain('opened');
  });

  it('shows the salary expectation and contact details when the share keeps them', async () => {
    const s = await scene();
    const { path } = await share(s, { show_salary: true, remove_contact_details: false });
    const html = await (await bare(`${path}/candidates/${s.hostile.id}`)).text();
    expect(html).toContain('USD 120,000');
    expect(html).toContain('hostile.smith@example.test');
  });

  it('records each candidate viewed, first and last', async () => {
    const s = await scene();
    const { path, shareId } = await share(s);
    expect((await bare(`${path}/candidates/${s.plain.id}`)).status).toBe(200);
    t.clock.offsetMs = 60 * 60 * 1000;
    expect((await bare(`${path}/candidates/${s.plain.id}`)).status).toBe(200);
    const listed = await recruiter.get(`/api/roles/${s.role.id}/shares/`);
    const item = listed.json.shares
      .find((entry: { id: number }) => entry.id === shareId)
      .candidates.find((c: { pipeline_id: number }) => c.pipeline_id === s.p2.id);
    expect(item.first_viewed_at).not.toBeNull();
    expect(new Date(item.last_viewed_at).getTime()).toBeGreaterThan(new Date(item.first_viewed_at).getTime());
  });

  it('serves the resume as a redacted PDF attachment and audits the download with the contact', async () => {
    const s = await scene();
    const { path } = await share(s);
    const pdf = await bare(`${path}/candidates/${s.hostile.id}/resume.pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect(pdf.headers.get('x-content-type-options')).toBe('nosniff');
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    const [audit] = await t.db
      .select()
      .from(activityTable)
      .where(and(eq(activityTable.verb, 'portal_resume_downloaded'), eq(activityTable.objectId, s.hostile.id)));
    expect(audit!.actorId).toBeNull();
    expect(audit!.actorName).toBe(`Hana Hiring (client contact #${s.contact.id})`);
    // No resume text: 404, not an empty file.
    expect((await bare(`${path}/candidates/${s.plain.id}/resume.pdf`)).status).toBe(404);
  });
});

describe('the contact acts', () => {
  it('approves by a form post without session or CSRF token: Client interview, by the contact', async () => {
    const s = await scene();
    const { path, token } = await share(s);
    const done = await form(`/api/portal/${token}/candidates/${s.plain.id}/approve/`);
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe(`${path}/candidates/${s.plain.id}?done=approved`);
    const [pipeline] = await t.db.select().from(pipelinesTable).where(eq(pipelinesTable.id, s.p2.id));
    expect(pipeline!.stage).toBe('client_interview');
    const [event] = await t.db
      .select()
      .from(pipelineEventsTable)
      .where(eq(pipelineEventsTable.pipelineId, s.p2.id))
      .orderBy(desc(pipelineEventsTable.id))
      .limit(1);
    expect(event).toMatchObject({
      kind: 'submittal_outcome',
      toStage: 'client_interview',
      actorId: null,
      contactId: s.contact.id,
      actorName: 'Hana Hiring',
    });
    const [submittal] = await t.db.select().from(submittalsTable).where(eq(submittalsTable.pipelineId, s.p2.id));
    expect(submittal!.outcome).toBe('client_interview');
    // The recruiter hears of it by email, and the pipeline's history names the contact.
    const mails = await t.db.select().from(messagesTable).orderBy(desc(messagesTable.id)).limit(3);
    expect(mails.some((mail) => mail.subject === `Hana Hiring wants to interview Ada Lovelace`)).toBe(true);
    const [notice] = await t.db
      .select()
      .from(notificationsTable)
      .where(eq(notificationsTable.userId, world.recruiterUser.id))
      .orderBy(desc(notificationsTable.id))
      .limit(1);
    expect(notice).toMatchObject({
      kind: 'portal.approved',
      title: 'Hana Hiring wants to interview Ada Lovelace',
      link: `/roles/${s.role.id}/pipelines/${s.p2.id}`,
    });
    const detail = await recruiter.get(`/api/pipelines/${s.p2.id}/`);
    const latest = detail.json.data.events.find((e: { kind: string }) => e.kind === 'submittal_outcome');
    expect(latest.contact).toEqual({ id: s.contact.id, name: 'Hana Hiring' });
    expect(latest.actor).toBeNull();
    const page = await (await bare(`${path}/candidates/${s.plain.id}?done=approved`)).text();
    expect(page).toContain('Invited to interview');
  });

  it('rejects with a reason (JSON) and closes the pipeline as rejected by the client', async () => {
    const s = await scene();
    const { token } = await share(s);
    const missing = await json(`/api/portal/${token}/candidates/${s.hostile.id}/reject/`, { reason: 'other' });
    expect(missing.status).toBe(400);
    const formMissing = await form(`/api/portal/${token}/candidates/${s.hostile.id}/reject/`, { reason: 'other' });
    expect(formMissing.status).toBe(400);
    expect(await formMissing.text()).toContain('Say why in a few words.');

    const done = await json(`/api/portal/${token}/candidates/${s.hostile.id}/reject/`, {
      reason: 'salary',
      feedback: 'Above our band',
    });
    expect(done.status).toBe(200);
    const [pipeline] = await t.db.select().from(pipelinesTable).where(eq(pipelinesTable.id, s.p1.id));
    expect(pipeline).toMatchObject({ state: 'closed', closeReason: 'rejected_by_client' });
    expect(pipeline!.closeNote).toBe('Salary expectation too high — Above our band');
    // Decided: a second decision is refused.
    const again = await json(`/api/portal/${token}/candidates/${s.hostile.id}/approve/`);
    expect(again.status).toBe(409);
  });

  it('comments and asks for more candidates', async () => {
    const s = await scene();
    const { token, shareId } = await share(s);
    expect(
      (await json(`/api/portal/${token}/candidates/${s.plain.id}/comment/`, { comment: 'Notice period?' })).status,
    ).toBe(200);
    const [event] = await t.db
      .select()
      .from(pipelineEventsTable)
      .where(and(eq(pipelineEventsTable.pipelineId, s.p2.id), eq(pipelineEventsTable.kind, 'client_comment')));
    expect(event).toMatchObject({ detail: 'Notice period?', contactId: s.contact.id });
    const more = await form(`/api/portal/${token}/more/`, { comment: 'More seniors please' });
    expect(more.status).toBe(303);
    const actions = await t.db.select().from(portalEventsTable).where(eq(portalEventsTable.shareId, shareId));
    expect(actions.map((row) => row.action)).toEqual(expect.arrayContaining(['commented', 'more_requested']));
  });

  it("asks for a held client interview's outcome and records it on the pipeline", async () => {
    const s = await scene();
    const { path, token } = await share(s);
    await json(`/api/portal/${token}/candidates/${s.plain.id}/approve/`);
    const held = await insertInterview(t.db, {
      pipelineId: s.p2.id,
      kind: 'client',
      scheduledAt: new Date(Date.now() - 3_600_000),
    });
    const upcoming = await insertInterview(t.db, {
      pipelineId: s.p2.id,
      kind: 'client',
      scheduledAt: new Date(Date.now() + 86_400_000),
    });
    const page = await (await bare(`${path}/candidates/${s.plain.id}`)).text();
    expect(page).toContain(`/interviews/${held.id}/outcome/`);
    expect(page).not.toContain(`/interviews/${upcoming.id}/outcome/`);
    // Not yet held, or another pipeline's: 404.
    expect((await json(`/api/portal/${token}/interviews/${upcoming.id}/outcome/`, { outcome: 'passed' })).status).toBe(
      404,
    );
    const foreign = await insertInterview(t.db, {
      pipelineId: s.p3.id,
      kind: 'client',
      scheduledAt: new Date(Date.now() - 3_600_000),
    });
    expect((await json(`/api/portal/${token}/interviews/${foreign.id}/outcome/`, { outcome: 'passed' })).status).toBe(
      404,
    );

    const done = await form(`/api/portal/${token}/interviews/${held.id}/outcome/`, {
      outcome: 'passed',
      feedback: 'Strong system design',
    });
    expect(done.status).toBe(303);
    const [row] = await t.db.select().from(interviewsTable).where(eq(interviewsTable.id, held.id));
    expect(row).toMatchObject({ outcome: 'passed', feedback: 'Strong system design' });
  });
});
