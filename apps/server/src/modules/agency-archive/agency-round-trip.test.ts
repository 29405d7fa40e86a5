import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/sql-helpers';
import { insertUser } from '../../factories/users.factory';
import { download, runJobs, sha256, tableChecksum, tableNames, uploadArchive } from '../../test/agency-archive';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { HttpClient } from '../../test/http-client';
import { signedInClient } from '../../test/sign-in';
import { seedOnStart } from '../demo/demo.service';
import { settleMatchProfiles } from '../matching/matching.service';
import { EXCLUDED_TABLES } from './archive-format';

// The promise: the demo agency exported, imported into a fresh database, comes back the same: every
// table's rows (all columns) and every stored file. On PGlite by default, on PostgreSQL with
// TEST_DATABASE_URL (build-test-app.ts), like every other server test.

/** Tables the archive deliberately leaves out (archive-format.ts EXCLUDED_TABLES, decision 098). */
const NOT_EXPORTED = [
  'sessions',
  'uploads',
  'invitations',
  'agency_exports',
  'jobs',
  'imports',
  'import_row_results',
  'import_changes',
  'resume_batches',
  'resume_drafts',
  'message_uploads',
  'mailboxes',
  'mailbox_folders',
  'mailbox_messages',
  'notifications',
];
const PASSWORD = 'Demo-Password-Strong-42';

let source: TestApp;
let target: TestApp;
beforeAll(async () => {
  source = await buildTestApp({ env: { DEMO_PASSWORD: PASSWORD } });
  target = await buildTestApp();
});
afterAll(async () => {
  await source?.close();
  await target?.close();
});

async function addStoredFiles(t: TestApp): Promise<string[]> {
  const { storage } = t.app.deps;
  const files = [
    { key: 'resumes/round-trip-1.pdf', body: Buffer.from('%PDF-1.4\nresume one\n%%EOF'), type: 'application/pdf' },
    { key: 'resumes/round-trip-2.txt', body: Buffer.from('Résumé two: Zoë Ångström\n'), type: 'text/plain' },
    { key: 'pictures/owner.png', body: Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3, 4]), type: 'image/png' },
    { key: 'job-descriptions/role.pdf', body: Buffer.from('%PDF-1.4\njob\n%%EOF'), type: 'application/pdf' },
  ];
  for (const file of files) await storage.write(file.key, file.body, file.type);
  await t.db.execute(
    sql`UPDATE candidates SET resume_key = 'resumes/round-trip-1.pdf' WHERE id = (SELECT min(id) FROM candidates)`,
  );
  await t.db.execute(
    sql`UPDATE candidates SET resume_key = 'resumes/round-trip-2.txt' WHERE id = (SELECT max(id) FROM candidates)`,
  );
  await t.db.execute(sql`UPDATE users SET profile_picture_key = 'pictures/owner.png' WHERE email = 'owner@demo.test'`);
  await t.db.execute(
    sql`UPDATE roles SET description_file_key = 'job-descriptions/role.pdf' WHERE id = (SELECT min(id) FROM roles)`,
  );
  return files.map((file) => file.key);
}

describe('the agency export, imported into a fresh RecruitDesk', { timeout: 300_000 }, () => {
  it('gives back the same agency: every table and every file', async () => {
    expect((await seedOnStart(source.app.deps, 'pglite')).kind).toBe('demo-created');
    const keys = await addStoredFiles(source);
    // Derived match profiles brought current first, so matching's recurring refresh (run by runJobs when it is
    // due) has nothing left to change on either side after the snapshot.
    await settleMatchProfiles(source.db);

    const owner = new HttpClient(source.baseUrl);
    await owner.login('owner@demo.test', PASSWORD);
    const started = await owner.post('/api/exports/');
    expect(started.status).toBe(202);
    expect(await runJobs(source)).toBeGreaterThanOrEqual(1);
    const done = (await owner.get(`/api/exports/${started.json.export.id}/`)).json.export;
    expect(done.state).toBe('succeeded');
    expect(done.summary.files).toBe(keys.length);
    // Activity goes on after the snapshot (the download, sign-ins, the import's own row): compare what it held.
    const last = rowsOf<{ last: number }>(await source.db.execute(sql`SELECT max(id)::int AS last FROM activity`))[0]!
      .last;
    const zip = await download(owner, done.download_url);
    expect(zip.status).toBe(200);

    // A fresh RecruitDesk: only the owner who registered it.
    const registered = await insertUser(target.db, { userType: ['owner'] });
    const newcomer = await signedInClient(target, registered);
    const queued = await uploadArchive(newcomer, zip.bytes, '/api/imports/');
    expect(queued.json).toMatchObject({ success: true });
    expect(queued.status).toBe(201);
    expect(await runJobs(target)).toBeGreaterThanOrEqual(1);
    // Compared before anyone signs in on the target (a sign-in writes the user's last login).
    const tables = await tableNames(source.db);
    expect(await tableNames(target.db)).toEqual(tables);
    const compared: string[] = [];
    for (const table of tables) {
      if (NOT_EXPORTED.includes(table)) continue;
      const where = table === 'activity' ? sql`id <= ${last}` : sql`TRUE`;
      const [before, after] = [
        await tableChecksum(source.db, table, where),
        await tableChecksum(target.db, table, where),
      ];
      expect({ table, ...after }).toEqual({ table, ...before });
      compared.push(table);
    }
    expect(NOT_EXPORTED).toEqual(Object.keys(EXCLUDED_TABLES));
    expect(compared).toEqual(expect.arrayContaining(['users', 'candidates', 'pipelines', 'invoices', 'activity']));
    expect((await tableChecksum(target.db, 'candidates')).rows).toBeGreaterThan(1000);
    expect((await tableChecksum(target.db, 'activity', sql`verb = 'imported' AND model_type = 'agency'`)).rows).toBe(1);

    for (const key of keys) {
      const [original, restored] = [await source.app.deps.storage.read(key), await target.app.deps.storage.read(key)];
      expect({ key, sha256: sha256(restored) }).toEqual({ key, sha256: sha256(original) });
    }

    // Every session ended with the import; the agency's own people sign in with their own passwords.
    expect((await newcomer.get('/api/auth/profile/')).status).toBe(401);
    const moved = new HttpClient(target.baseUrl);
    await moved.login('owner@demo.test', PASSWORD);
    const imported = (await moved.get(`/api/imports/${queued.json.import.id}/`)).json.import;
    expect(imported).toMatchObject({ kind: 'agency', status: 'succeeded', error: null });
    expect(imported.counts.created).toBeGreaterThan(10_000);

    // Sequences continue after the imported ids: a new record gets the next id.
    const max = rowsOf<{ max: number }>(await target.db.execute(sql`SELECT max(id)::int AS max FROM clients`))[0]!.max;
    const created = await moved.post('/api/clients/', { name: 'After the move', client_type: 'finders_fee' });
    expect(created.status).toBe(201);
    expect(created.json.client.id).toBe(max + 1);
  });
});
