import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertRole } from '../../factories/roles.factory';
import { insertUser } from '../../factories/users.factory';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import type { HttpClient } from '../../test/http-client';
import { signedInClient } from '../../test/sign-in';
import { headerKey } from './job-posting-import.service';
import { currentWeek } from './job-postings.service';

// Issue 29 item m: the funnel (applies ≤ clicks ≤ impressions), headers with units, a budget not set.

let t: TestApp;
let recruiter: HttpClient;
let roleId: number;
let week: string;

const figures = { status: 'active', daily_budget_minor: 2000, spend_minor: 5000, apply_starts: 0 };

beforeAll(async () => {
  t = await buildTestApp();
  recruiter = await signedInClient(t, await insertUser(t.db, { userType: ['recruiter'] }));
  roleId = (await insertRole(t.db, { name: 'Funnel Tester', indeedPosting: true })).id;
  week = currentWeek(t.app.deps);
});
afterAll(async () => {
  await t?.close();
});

describe('a week’s figures keep the funnel in order', () => {
  it('refuses more applies than clicks, or clicks than impressions, with 400 on the field', async () => {
    const bad = await recruiter.post('/api/job-postings/', {
      role_id: roleId,
      week_start: week,
      ...figures,
      impressions: 10_000,
      clicks: 600,
      applies: 5_000,
    });
    expect(bad.status).toBe(400);
    expect(bad.json.fields).toEqual({ applies: ['Applies cannot be more than clicks.'] });
    const worse = await recruiter.post('/api/job-postings/', {
      role_id: roleId,
      week_start: week,
      ...figures,
      impressions: 100,
      clicks: 600,
      applies: 5,
    });
    expect(worse.json.fields).toEqual({ clicks: ['Clicks cannot be more than impressions.'] });
    const good = await recruiter.post('/api/job-postings/', {
      role_id: roleId,
      week_start: week,
      ...figures,
      daily_budget_minor: null,
      impressions: 10_000,
      clicks: 600,
      applies: 60,
    });
    expect(good.status, JSON.stringify(good.json)).toBe(201);
    expect(good.json.posting.daily_budget_minor).toBeNull();
    const update = await recruiter.request('PUT', `/api/job-postings/${good.json.posting.id}/`, {
      body: { ...figures, impressions: 10_000, clicks: 600, applies: 601 },
    });
    expect(update.status).toBe(400);
    expect(update.json.fields.applies).toEqual(['Applies cannot be more than clicks.']);
    const overview = (await recruiter.get('/api/job-postings/overview/')).json;
    const row = overview.rows.find((r: { role_id: number }) => r.role_id === roleId);
    expect(row.posting.daily_budget_minor).toBeNull();
  });

  it('the import suggests columns whatever their units, case or punctuation, and refuses a broken funnel', async () => {
    expect(headerKey('Spend (USD)')).toBe('spend');
    expect(headerKey('DAILY_BUDGET [$]')).toBe('daily budget');
    expect(headerKey('Apply-Starts')).toBe('apply starts');
    expect(headerKey('Reference #')).toBe('reference');
    const csv = [
      'Reference number,Week Of,Spend (USD),Impressions,Clicks,Applies',
      `RD-${roleId},2026-01-07,12.50,1000,600,5000`,
    ].join('\n');
    const upload = await recruiter.post('/api/job-postings/import/upload/', { csv });
    expect(upload.json.suggested_mapping).toEqual({
      'Reference number': 'role',
      'Week Of': 'week_start',
      'Spend (USD)': 'spend',
      Impressions: 'impressions',
      Clicks: 'clicks',
      Applies: 'applies',
    });
    const mapping = {
      role: 'Reference number',
      week_start: 'Week Of',
      spend: 'Spend (USD)',
      impressions: 'Impressions',
      clicks: 'Clicks',
      applies: 'Applies',
    };
    const refused = await recruiter.post('/api/job-postings/import/preview/', { csv, mapping });
    expect(refused.status).toBe(400);
    expect(refused.json.problems).toEqual([
      { row: 2, column: 'Applies', message: 'Applies cannot be more than clicks.' },
    ]);
    // Without impressions or applies in the file, the funnel is not judged on what is not there.
    const partial = await recruiter.post('/api/job-postings/import/preview/', {
      csv,
      mapping: { role: 'Reference number', week_start: 'Week Of', clicks: 'Clicks' },
    });
    expect(partial.status).toBe(200);
    expect(partial.json.rows[0].figures).toMatchObject({ clicks: 600, daily_budget_minor: null });
  });
});
