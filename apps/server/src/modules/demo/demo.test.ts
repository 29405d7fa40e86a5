import { PIPELINE_STAGES, type PipelineSummary } from '@recruitdesk/contracts/pipelines';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { HttpClient } from '../../test/http-client';
import { DEMO_CANDIDATES, seedOnStart } from './demo.service';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { DEMO_PASSWORD: 'Demo-Password-Strong-42' } });
});
afterAll(async () => {
  await t?.close();
});

// Seeding the whole demo agency takes tens of seconds on a loaded 2-core machine.
describe('demo data', { timeout: 120_000 }, () => {
  it('seeds clients of both types and all states, roles in every state, qualifications and notes', async () => {
    // How long this takes is a figure for the start-up log and `npm start`, not an assertion: a loaded
    // CI machine took 26 s where an idle one takes 5.
    const result = await seedOnStart(t.app.deps, 'pglite');
    expect(result.kind).toBe('demo-created');
    const client = new HttpClient(t.baseUrl);
    await client.login('viewer@demo.test', 'Demo-Password-Strong-42');

    const clients = (await client.get('/api/clients/?page_size=100')).json;
    expect(clients.count).toBeGreaterThanOrEqual(20);
    expect(new Set(clients.clients.map((row: { state: string }) => row.state))).toEqual(
      new Set(['Prospect', 'Open', 'On Hold', 'Closed']),
    );
    expect(new Set(clients.clients.map((row: { client_type: string }) => row.client_type))).toEqual(
      new Set(['finders_fee', 'retainer']),
    );

    const active = (await client.get('/api/roles/dashboard/?page_size=100')).json;
    const closed = (await client.get('/api/roles/closed/?page_size=100')).json;
    expect(active.count + closed.count).toBeGreaterThanOrEqual(60);
    expect(new Set(active.roles.map((row: { state: string }) => row.state))).toEqual(new Set(['open', 'on_hold']));
    expect(new Set(closed.roles.map((row: { close_reason: string }) => row.close_reason)).size).toBeGreaterThanOrEqual(
      4,
    );
    expect(active.roles.every((row: { qualifications_count: number }) => row.qualifications_count >= 2)).toBe(true);
    expect(active.roles.some((row: { notes_count: number }) => row.notes_count > 0)).toBe(true);
    expect(active.roles.some((row: { description_text: string }) => row.description_text.length > 0)).toBe(true);

    // Contacts (issue 33): every client has 1 to 3, its main contact first; every role has a hiring manager
    // from its own client.
    const contacts = (await client.get('/api/contacts/?page_size=100')).json;
    const perClient = new Map<number, number>();
    for (const contact of contacts.contacts as { client: { id: number } }[])
      perClient.set(contact.client.id, (perClient.get(contact.client.id) ?? 0) + 1);
    expect(perClient.size).toBe(clients.count);
    expect(new Set(perClient.values())).toEqual(new Set([1, 2, 3]));
    expect(contacts.contacts.some((contact: { left_company: boolean }) => contact.left_company)).toBe(true);
    const clientOf = new Map(
      (contacts.contacts as { id: number; client: { id: number } }[]).map((contact) => [contact.id, contact.client.id]),
    );
    for (const role of [...active.roles, ...closed.roles] as {
      client: { id: number };
      hiring_manager: { id: number } | null;
    }[]) {
      expect(role.hiring_manager).not.toBeNull();
      expect(clientOf.get(role.hiring_manager?.id ?? 0)).toBe(role.client.id);
    }

    const stats = (await client.get('/api/roles/stats/')).json.stats;
    expect(stats.open_roles).toBe(active.count);
    const withNotes = clients.clients.find((row: { id: number }) => row.id === clients.clients[0].id);
    expect((await client.get(`/api/notes/client/${withNotes.id}/summary/`)).status).toBe(200);

    const candidates = (await client.get('/api/candidates/')).json;
    expect(candidates.count).toBe(DEMO_CANDIDATES);
    expect(candidates.results).toHaveLength(10);
    expect((await client.get('/api/candidates/?skills=python&status=active')).json.count).toBeGreaterThan(0);

    // Pipelines: every active role has 8 to 30, over every stage, some closed with reasons, a few placements.
    const pipelines: PipelineSummary[] = [];
    for (const role of active.roles as { id: number }[]) {
      const board = (await client.get(`/api/roles/${role.id}/pipelines/?state=all`)).json;
      expect(board.count).toBeGreaterThanOrEqual(8);
      expect(board.count).toBeLessThanOrEqual(30);
      pipelines.push(...board.pipelines);
    }
    expect(new Set(pipelines.filter((row) => row.state === 'open').map((row) => row.stage.name))).toEqual(
      new Set(PIPELINE_STAGES),
    );
    const closedReasons = new Set(pipelines.filter((row) => row.state === 'closed').map((row) => row.close_reason));
    expect(closedReasons.size).toBeGreaterThanOrEqual(4);
    const placed = pipelines.filter((row) => row.stage.name === 'placed');
    expect(placed.length).toBeGreaterThanOrEqual(3);
    const now = Date.now();
    const upcoming = pipelines.filter(
      (row) => row.next_interview_at && new Date(row.next_interview_at).getTime() - now < 14 * 86_400_000,
    );
    expect(upcoming.length).toBeGreaterThanOrEqual(10);
    // The calendar is alive: upcoming interviews in each of the next five weeks, none on a weekend.
    const from = new Date(now).toISOString().slice(0, 10);
    const to = new Date(now + 36 * 86_400_000).toISOString().slice(0, 10);
    const feed = (await client.get(`/api/calendar/interviews/?start=${from}&end=${to}`)).json.events as {
      start: string;
    }[];
    const weeks = new Set(
      feed
        .filter((event) => new Date(event.start).getTime() > now)
        .map((event) => Math.floor((new Date(event.start).getTime() - now) / (7 * 86_400_000))),
    );
    expect([...weeks].filter((week) => week < 5).length).toBe(5);
    expect(
      feed
        .filter((event) => new Date(event.start).getTime() > now)
        .every((event) => ![0, 6].includes(new Date(event.start).getUTCDay())),
    ).toBe(true);

    const detail = (await client.get(`/api/pipelines/${placed[0]?.id}/`)).json.data;
    // The viewer reads the placement without its fee (decision 071); the recruiter sees it.
    expect(detail.placement).not.toHaveProperty('fee');
    const recruiter = new HttpClient(t.baseUrl);
    await recruiter.login('recruiter@demo.test', 'Demo-Password-Strong-42');
    const withFee = (await recruiter.get(`/api/pipelines/${placed[0]?.id}/`)).json.data;
    expect(withFee.placement.fee).toBeGreaterThan(0);
    expect(withFee.placement.fee_explanation.length).toBeGreaterThan(20);
    expect(detail.candidate.status).toBe('placed');
    expect(detail.interviews.every((row: { outcome: string }) => row.outcome === 'passed')).toBe(true);
    expect(detail.submittals[0].outcome).toBe('placed');
    expect(detail.events.map((row: { kind: string }) => row.kind)).toEqual([
      'placed',
      'submittal_outcome',
      'submittal_outcome',
      'submitted',
      'interview_outcome',
      'interview_booked',
      'created',
    ]);
    expect(detail.pipeline.version).toBe(detail.events.length);
    const headers = (await client.get(`/api/roles/${placed[0]?.role_id}/pipeline-headers/`)).json;
    expect(headers.headers.find((row: { name: string }) => row.name === 'placed').open_count).toBeGreaterThanOrEqual(1);
  });

  it('has a few dozen applications on the posted roles, in every state, none in the future; converted ones point to a pipeline of their role', async () => {
    const states = (await t.db.execute(
      sql`SELECT status, count(*)::int AS n FROM applications GROUP BY status ORDER BY status`,
    )) as { rows: { status: string; n: number }[] };
    expect(states.rows.map((row) => row.status)).toEqual(['converted', 'new', 'rejected']);
    expect(states.rows.reduce((sum, row) => sum + row.n, 0)).toBeGreaterThanOrEqual(24);
    const wrong = (await t.db.execute(sql`
      SELECT 'application ' || a.id AS what FROM applications a JOIN roles r ON r.id = a.role_id
       WHERE NOT r.indeed_posting OR a.created_at > now() OR a.decided_at > now() OR a.decided_at < a.created_at
          OR (a.status = 'new') <> (a.decided_at IS NULL) OR (a.status = 'rejected') <> (a.reject_reason IS NOT NULL)
      UNION ALL SELECT 'converted ' || a.id FROM applications a LEFT JOIN pipelines p ON p.id = a.pipeline_id
       WHERE a.status = 'converted' AND (p.id IS NULL OR p.role_id <> a.role_id OR p.candidate_id <> a.candidate_id)`)) as {
      rows: { what: string }[];
    };
    expect(wrong.rows.map((row) => row.what)).toEqual([]);
  });

  it('has 8+ weeks of job-board data on the posted roles, none in the future, and performance to show', async () => {
    const recruiter = new HttpClient(t.baseUrl);
    await recruiter.login('recruiter@demo.test', 'Demo-Password-Strong-42');
    const form = (await recruiter.get('/api/job-postings/form-data/')).json;
    const weeks = (await t.db.execute(sql`
      SELECT jp.role_id, count(*)::int AS weeks, max(jp.week_start)::text AS last, bool_or(jp.week_start > (now() at time zone 'UTC')::date) AS future
        FROM job_postings jp JOIN roles r ON r.id = jp.role_id
       WHERE r.opened_at <= (now() at time zone 'UTC')::date - 70
       GROUP BY jp.role_id`)) as { rows: { role_id: number; weeks: number; last: string; future: boolean }[] };
    expect(weeks.rows.length).toBeGreaterThanOrEqual(3);
    for (const row of weeks.rows) {
      expect(row.weeks, `role ${row.role_id}`).toBeGreaterThanOrEqual(8);
      expect(row.future).toBe(false);
      expect(row.last).toBe(form.current_week);
    }
    const performance = (await recruiter.get('/api/job-postings/performance/')).json;
    expect(performance.total.spend_minor).toBeGreaterThan(0);
    expect(performance.total.clicks).toBeGreaterThan(0);
  });

  it('has invoices in every state over the last 12 months, some overdue, with payouts and a credit note', async () => {
    const owner = new HttpClient(t.baseUrl);
    await owner.login('owner@demo.test', 'Demo-Password-Strong-42');
    const list = (await owner.get('/api/invoices/?page_size=100')).json;
    expect(list.count).toBeGreaterThanOrEqual(15);
    const rows = list.results as {
      status: string;
      kind: string;
      overdue: boolean;
      issue_date: string;
      payouts?: unknown;
    }[];
    expect(new Set(rows.map((row) => row.status))).toEqual(new Set(['draft', 'sent', 'paid', 'void']));
    expect(new Set(rows.map((row) => row.kind))).toEqual(new Set(['finders_fee', 'retainer', 'credit_note']));
    expect(rows.some((row) => row.overdue)).toBe(true);
    const stats = (await owner.get('/api/invoices/statistics/')).json.statistics;
    expect(Number(stats.collected)).toBeGreaterThan(0);
    expect(Number(stats.overdue)).toBeGreaterThan(0);
    expect(
      stats.by_month.filter((month: { invoiced: string }) => month.invoiced !== '0.00').length,
    ).toBeGreaterThanOrEqual(4);
    const recruiter = new HttpClient(t.baseUrl);
    await recruiter.login('recruiter@demo.test', 'Demo-Password-Strong-42');
    expect((await recruiter.get('/api/invoices/')).status).toBe(403);
    // Nothing was written in the future, even for a draft dated on a start date ahead, or the history of a
    // role the seed opens today (its work used to start at 15:00 UTC, after now for most of the day).
    const later = (await t.db.execute(sql`
      SELECT 'pipeline event ' || kind || ' ' || created_at::text AS what FROM pipeline_events WHERE created_at > now()
      UNION ALL SELECT 'activity ' || summary || ' ' || created_at::text FROM activity WHERE created_at > now()
      UNION ALL SELECT 'pipeline ' || id || ' ' || created_at::text FROM pipelines WHERE created_at > now() OR updated_at > now()`)) as {
      rows: { what: string }[];
    };
    expect(later.rows.map((row) => row.what)).toEqual([]);
    // Nothing was written in the future, even for a draft dated on a start date ahead.
    const future = (await t.db.execute(sql`
      SELECT 'event ' || kind || ' ' || created_at::text AS what FROM invoice_events WHERE created_at > now()
      UNION ALL SELECT 'invoice ' || number || ' ' || created_at::text FROM invoices WHERE created_at > now() OR updated_at > now() OR sent_at > now() OR voided_at > now()`)) as {
      rows: { what: string }[];
    };
    expect(future.rows.map((row) => row.what)).toEqual([]);
  });

  it('names in each booking line the time its interview row holds; a passed interview took place before its outcome', async () => {
    const result = (await t.db.execute(sql`
      SELECT e.detail, i.kind, i.scheduled_at, i.outcome,
        (SELECT min(n.created_at) FROM pipeline_events n WHERE n.pipeline_id = e.pipeline_id AND n.created_at > e.created_at) AS next_at
      FROM interviews i JOIN pipeline_events e ON e.pipeline_id = i.pipeline_id
        AND ((i.kind = 'internal' AND e.kind = 'interview_booked') OR (i.kind = 'client' AND e.kind = 'submittal_outcome' AND e.to_stage = 'client_interview'))`)) as {
      rows: unknown[];
    };
    const rows = result.rows as {
      detail: string;
      kind: string;
      scheduled_at: string | Date;
      outcome: string;
      next_at: string | Date | null;
    }[];
    expect(rows.length).toBeGreaterThan(100);
    for (const row of rows) {
      const scheduled = new Date(row.scheduled_at);
      expect(row.detail).toBe(
        `${row.kind === 'internal' ? 'Internal' : 'Client'} interview on ${scheduled.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
      );
      if (row.outcome === 'passed' && row.next_at)
        expect(scheduled.getTime()).toBeLessThan(new Date(row.next_at).getTime());
    }
  });
});
