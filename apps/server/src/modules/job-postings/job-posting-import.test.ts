import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertClient } from '../../factories/clients.factory';
import { insertRole } from '../../factories/roles.factory';
import { insertUser } from '../../factories/users.factory';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import type { HttpClient } from '../../test/http-client';
import { signedInClient } from '../../test/sign-in';
import { parseMoney, parseWeek } from './job-posting-import.service';

// Issue 14, the job board's CSV traffic report: upload, map, preview, import; a bad file imports nothing.

let t: TestApp;
let recruiter: HttpClient;
let viewer: HttpClient;
let ids: { engineer: number; analyst: number; unposted: number };

const mapping = {
  role: 'Job',
  week_start: 'Date',
  status: 'Status',
  spend: 'Cost',
  impressions: 'Impressions',
  clicks: 'Clicks',
  apply_starts: 'Apply starts',
  applies: 'Applies',
};

beforeAll(async () => {
  t = await buildTestApp();
  recruiter = await signedInClient(t, await insertUser(t.db, { userType: ['recruiter'] }));
  viewer = await signedInClient(t, await insertUser(t.db, { userType: ['viewer'] }));
  const client = await insertClient(t.db, { name: 'Importers Ltd' });
  ids = {
    engineer: (await insertRole(t.db, { clientId: client.id, name: 'Platform Engineer', indeedPosting: true })).id,
    analyst: (await insertRole(t.db, { clientId: client.id, name: 'Data Analyst', indeedPosting: true })).id,
    unposted: (await insertRole(t.db, { clientId: client.id, name: 'Receptionist', indeedPosting: false })).id,
  };
});
afterAll(async () => {
  await t?.close();
});

const overviewOf = async (week: string) => (await recruiter.get(`/api/job-postings/overview/?week=${week}`)).json;

describe('CSV import', () => {
  it('upload: the columns, a sample and a suggested mapping from the headers', async () => {
    const csv = `Job,Date,Status,Cost,Impressions,Clicks,Apply starts,Applies\nPlatform Engineer,2026-01-07,Active,"$1,234.50","12,000",300,40,25\n`;
    const res = await recruiter.post('/api/job-postings/import/upload/', { csv });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      columns: ['Job', 'Date', 'Status', 'Cost', 'Impressions', 'Clicks', 'Apply starts', 'Applies'],
      row_count: 1,
    });
    expect(res.json.sample[0]).toEqual([
      'Platform Engineer',
      '2026-01-07',
      'Active',
      '$1,234.50',
      '12,000',
      '300',
      '40',
      '25',
    ]);
    expect(res.json.suggested_mapping).toEqual({
      Job: 'role',
      Date: 'week_start',
      Status: 'status',
      Cost: 'spend',
      Impressions: 'impressions',
      Clicks: 'clicks',
      'Apply starts': 'apply_starts',
      Applies: 'applies',
    });
  });

  it('a file with errors is refused whole: every problem names its row and column, nothing is written', async () => {
    const csv = [
      'Job,Date,Status,Cost,Impressions,Clicks,Apply starts,Applies',
      'Platform Engineer,2026-01-07,active,100.00,1000,50,5,4', // fine, but must not be written
      `RD-${ids.analyst},2026-01-08,active,12.345,1000,abc,5,4`,
      'Nobody,2026-01-08,active,1,1,1,1,1',
      'Receptionist,2026-13-01,sleeping,1,1,1,1,1',
      'Platform Engineer,2026-01-06,active,1,1,1,1,1', // the same role and week as row 2
    ].join('\n');
    const res = await recruiter.post('/api/job-postings/import/', { csv, mapping });
    expect(res.status).toBe(400);
    expect(res.json.error).toBe(
      'The file has errors; nothing was imported. Row 3, column "Cost": "12.345" is not an amount.',
    );
    expect(res.json.problems).toEqual([
      { row: 3, column: 'Cost', message: '"12.345" is not an amount.' },
      { row: 3, column: 'Clicks', message: '"abc" is not a whole number.' },
      { row: 4, column: 'Job', message: 'No role is titled "Nobody".' },
      { row: 5, column: 'Job', message: '"Receptionist" is not posted on the job board.' },
      { row: 5, column: 'Date', message: '"2026-13-01" is not a date (use YYYY-MM-DD or MM/DD/YYYY).' },
      { row: 5, column: 'Status', message: '"sleeping" is not a status (active, paused or closed).' },
      { row: 6, column: 'Date', message: 'Row 2 already has "Platform Engineer" for the week of 2026-01-05.' },
    ]);
    // The preview refuses the same way; the week stays empty.
    expect((await recruiter.post('/api/job-postings/import/preview/', { csv, mapping })).status).toBe(400);
    const overview = await overviewOf('2026-01-05');
    expect(overview.rows.every((row: { posting: unknown }) => row.posting === null)).toBe(true);
  });

  it('a good file: preview, import, and importing again updates the same weeks', async () => {
    const csv = [
      'Job,Date,Status,Cost,Impressions,Clicks,Apply starts,Applies,Ignored',
      `Platform Engineer,01/07/2026,Active,"$1,234.50","12,000",300,40,25,x`,
      `RD-${ids.analyst},2026-01-12,paused,80,900,30,4,2,y`,
      `${ids.analyst},2026-01-05,,0,0,0,0,0,z`,
    ].join('\r\n');
    const preview = await recruiter.post('/api/job-postings/import/preview/', { csv, mapping });
    expect(preview.status).toBe(200);
    expect(preview.json).toMatchObject({ creates: 3, updates: 0 });
    expect(preview.json.rows[0]).toEqual({
      row: 2,
      role_id: ids.engineer,
      role_name: 'Platform Engineer',
      week_start: '2026-01-05',
      action: 'create',
      figures: {
        status: 'active',
        daily_budget_minor: null,
        spend_minor: 123450,
        impressions: 12000,
        clicks: 300,
        apply_starts: 40,
        applies: 25,
      },
    });
    const done = await recruiter.post('/api/job-postings/import/', { csv, mapping });
    expect(done.status).toBe(200);
    expect(done.json).toEqual({ success: true, created: 3, updated: 0 });
    const week1 = await overviewOf('2026-01-05');
    expect(week1.totals).toMatchObject({ spend_minor: 123450, impressions: 12000, clicks: 300 });
    const week2 = await overviewOf('2026-01-12');
    expect(week2.rows.find((r: { role_id: number }) => r.role_id === ids.analyst).posting).toMatchObject({
      status: 'paused',
      spend_minor: 8000,
    });

    // Again, with only clicks mapped besides role and week: the other figures stay.
    const again = await recruiter.post('/api/job-postings/import/', {
      csv,
      mapping: { role: 'Job', week_start: 'Date', clicks: 'Clicks' },
    });
    expect(again.json).toEqual({ success: true, created: 0, updated: 3 });
    expect(
      (await overviewOf('2026-01-12')).rows.find((r: { role_id: number }) => r.role_id === ids.analyst).posting,
    ).toMatchObject({ status: 'paused', spend_minor: 8000, clicks: 30 });
    const activity = await recruiter.get('/api/activity/?model_type=job_posting');
    expect(activity.json.results[0]).toMatchObject({ verb: 'imported' });
    expect(activity.json.results[0].summary).toContain('0 new and 3 updated weeks for 2 roles');
  });

  it('refuses an incomplete or wrong mapping, an unreadable or empty file, and a viewer', async () => {
    const csv = 'Job,Date\nPlatform Engineer,2026-01-07\n';
    const cases: Array<[unknown, string]> = [
      [{ csv, mapping: { role: 'Job' } }, 'Map a column to every required field: role and week.'],
      [
        { csv, mapping: { role: 'Job', week_start: 'When' } },
        'The mapping names a column the file does not have. (When)',
      ],
      [{ csv, mapping: { role: 'Job', week_start: 'Job' } }, 'Each field can be mapped from one column only.'],
      [
        { csv: 'Job,Date\n"unclosed,2026-01-07\n', mapping: { role: 'Job', week_start: 'Date' } },
        'The file could not be read as CSV.',
      ],
      [{ csv: 'Job,Date\n', mapping: { role: 'Job', week_start: 'Date' } }, 'The file has no rows under its header.'],
    ];
    for (const [body, message] of cases) {
      const res = await recruiter.post('/api/job-postings/import/', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.error).toContain(message);
    }
    expect(
      (
        await recruiter.post('/api/job-postings/import/', {
          csv,
          mapping: { role: 'Job', week_start: 'Date' },
          extra: 1,
        })
      ).status,
    ).toBe(400);
    expect((await recruiter.post('/api/job-postings/import/', { csv: 5, mapping: {} })).status).toBe(400);
    expect((await viewer.post('/api/job-postings/import/upload/', { csv })).status).toBe(403);
    expect(
      (await viewer.post('/api/job-postings/import/', { csv, mapping: { role: 'Job', week_start: 'Date' } })).status,
    ).toBe(403);
  });

  it('reads amounts and dates the way reports write them', () => {
    expect(parseMoney('$1,234.5')).toEqual({ value: 123450 });
    expect(parseMoney('USD 12')).toEqual({ value: 1200 });
    expect(parseMoney('')).toEqual({ value: 0 });
    expect('error' in parseMoney('-5')).toBe(true);
    expect(parseWeek('2026-01-11')).toEqual({ value: '2026-01-05' });
    expect(parseWeek('1/5/2026')).toEqual({ value: '2026-01-05' });
  });
});
