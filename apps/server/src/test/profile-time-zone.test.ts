import { ROLE_EXPORT_COLUMNS } from '@recruitdesk/contracts/pipelines';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './build-test-app';
import { insertClient } from '../factories/clients.factory';
import { insertPipeline } from '../factories/pipelines.factory';
import { insertRole } from '../factories/roles.factory';
import { insertUser } from '../factories/users.factory';
import type { HttpClient } from './http-client';
import { signedInClient } from './sign-in';

// Issue 16 item 3, server side: "today", "this month" and export dates follow the user's profile zone.
// The clock stands at 2026-03-01 03:00 UTC: still February 28 (7 pm) in Los Angeles.
const NOW = new Date('2026-03-01T03:00:00Z');

let t: TestApp;
let angeleno: HttpClient;
let londoner: HttpClient;

beforeAll(async () => {
  t = await buildTestApp();
  t.clock.offsetMs = NOW.getTime() - Date.now();
  angeleno = await signedInClient(
    t,
    await insertUser(t.db, { userType: ['recruiter'], timeZone: 'America/Los_Angeles' }),
  );
  londoner = await signedInClient(t, await insertUser(t.db, { userType: ['recruiter'], timeZone: 'Europe/London' }));
});
afterAll(async () => {
  await t?.close();
});

describe('dates in the profile time zone', () => {
  it("a new role opens on the creator's today", async () => {
    const client = await insertClient(t.db, { state: 'Open' });
    const west = await angeleno.post('/api/roles/', { client_id: client.id, name: 'Evening role' });
    expect(west.status, west.text).toBe(201);
    expect(west.json.role.opened_at).toBe('2026-02-28');
    const east = await londoner.post('/api/roles/', { client_id: client.id, name: 'Morning role' });
    expect(east.json.role.opened_at).toBe('2026-03-01');
  });

  it("'roles opened this month' counts the user's month", async () => {
    const client = await insertClient(t.db, { state: 'Open' });
    await insertRole(t.db, { clientId: client.id, openedAt: '2026-02-10' });
    const west = (await angeleno.get('/api/roles/stats/')).json.stats;
    const east = (await londoner.get('/api/roles/stats/')).json.stats;
    // February for Los Angeles: the role above and the 'Evening role' of Feb 28 (and 'Morning role').
    expect(west.roles_opened_this_month - east.roles_opened_this_month).toBe(2);
  });

  it("the export's dates and file name are the exporting user's calendar dates", async () => {
    const role = await insertRole(t.db, { name: 'Zoned' });
    const late = new Date('2026-03-01T02:00:00Z'); // Feb 28, 6 pm in Los Angeles; Mar 1, 2 am in London
    await insertPipeline(t.db, { roleId: role.id, createdAt: late, stageChangedAt: late });

    const read = async (client: HttpClient) => {
      const response = await fetch(`${t.baseUrl}/api/roles/${role.id}/candidates/export/`, {
        headers: { cookie: client.cookieHeader() },
      });
      expect(response.status).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(
        Buffer.from(await response.arrayBuffer()) as unknown as Parameters<typeof workbook.xlsx.load>[0],
      );
      const row = workbook.worksheets[0]!.getRow(2);
      const cell = (name: (typeof ROLE_EXPORT_COLUMNS)[number]) =>
        row.getCell(ROLE_EXPORT_COLUMNS.indexOf(name) + 1).value as Date;
      return {
        disposition: response.headers.get('content-disposition') ?? '',
        added: cell('Added'),
        changed: cell('Stage changed'),
      };
    };
    const west = await read(angeleno);
    expect(west.disposition).toContain('zoned-candidates-2026-02-28.xlsx');
    expect(west.added.toISOString().slice(0, 16)).toBe('2026-02-28T18:00');
    expect(west.changed.toISOString().slice(0, 10)).toBe('2026-02-28');
    const east = await read(londoner);
    expect(east.disposition).toContain('zoned-candidates-2026-03-01.xlsx');
    expect(east.added.toISOString().slice(0, 16)).toBe('2026-03-01T02:00');
    expect(east.changed.toISOString().slice(0, 10)).toBe('2026-03-01');
  });
});
