// Over 400 lines: the Import API end to end (permissions, each bad input, preview, duplicate policies, the job,
// undo, the report, the history, saved mappings) shares one app and its helpers.
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/sql-helpers';
import { insertCandidate } from '../../factories/candidates.factory';
import { insertClient } from '../../factories/clients.factory';
import { insertPipeline } from '../../factories/pipelines.factory';
import { insertRole } from '../../factories/roles.factory';
import { insertUser } from '../../factories/users.factory';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import type { HttpClient } from '../../test/http-client';
import { signedInClient } from '../../test/sign-in';
import { HttpClient as Client } from '../../test/http-client';
import { importRunSettings } from './imports.service';
import { readingLimits } from './reading/import-file';

let t: TestApp;
let owner: HttpClient;
let superuser: HttpClient;
let recruiter: HttpClient;
let viewer: HttpClient;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await signedInClient(
    t,
    await insertUser(t.db, { userType: ['owner'], firstName: 'Olive', lastName: 'Owner' }),
  );
  superuser = await signedInClient(t, await insertUser(t.db, { userType: ['superuser'] }));
  recruiter = await signedInClient(t, await insertUser(t.db, { userType: ['recruiter'] }));
  viewer = await signedInClient(t, await insertUser(t.db, { userType: ['viewer'] }));
  const settings = await owner.request('PUT', '/api/settings/agency/', {
    body: {
      agency_name: 'Test Agency',
      currency: 'EUR',
      default_finders_fee_percent: 18,
      default_payment_terms_days: 45,
      invoice_issuer: {},
    },
  });
  expect(settings.status, settings.text).toBe(200);
});
afterAll(async () => {
  await t?.close();
});
afterEach(() => {
  importRunSettings.batchSize = 500;
  importRunSettings.afterBatch = null;
  importRunSettings.beforeCommit = null;
});

/** Sends the import form as the browser does: multipart with the CSRF header. */
async function upload(
  client: HttpClient,
  options: { kind?: string | null; name?: string | null; content?: string | Uint8Array; csrf?: boolean } = {},
) {
  if (!client.cookies.has('csrftoken')) await client.get('/api/auth/csrf-token/');
  const form = new FormData();
  if (options.kind !== null) form.append('kind', options.kind ?? 'candidates');
  if (options.name !== null) {
    const content = options.content ?? 'First name,Last name\nAda,Lovelace\n';
    form.append(
      'file',
      new Blob([typeof content === 'string' ? content : new Uint8Array(content)]),
      options.name ?? 'people.csv',
    );
  }
  const headers: Record<string, string> = { accept: 'application/json', cookie: client.cookieHeader() };
  if (options.csrf !== false) headers['x-csrftoken'] = client.cookies.get('csrftoken') ?? '';
  const response = await fetch(`${t.baseUrl}/api/imports/`, { method: 'POST', body: form, headers });
  const text = await response.text();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary response shapes
  return { status: response.status, json: (text ? JSON.parse(text) : undefined) as any, text };
}

const csv = (rows: string[][]) =>
  rows
    .map((row) => row.map((cell) => (/[",\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell)).join(','))
    .join('\n') + '\n';

const CANDIDATE_HEADERS = ['First name', 'Last name', 'Email', 'Phone', 'Current company', 'Skills', 'Hobby'];
const CANDIDATE_MAPPING = ['first_name', 'last_name', 'email', 'phone', 'current_company', 'skills', 'note'];

/** Uploads, starts with the mapping and policy, runs the job; returns the finished import. */
async function importFile(
  content: string,
  options: { kind?: string; mapping?: string[]; policy?: string; client?: HttpClient; name?: string } = {},
) {
  const client = options.client ?? owner;
  const uploaded = await upload(client, {
    kind: options.kind ?? 'candidates',
    content,
    name: options.name ?? 'people.csv',
  });
  expect(uploaded.status, uploaded.text).toBe(201);
  const id = uploaded.json.import.id as number;
  const started = await client.post(`/api/imports/${id}/start/`, {
    mapping: options.mapping ?? CANDIDATE_MAPPING,
    duplicate_policy: options.policy ?? 'skip',
  });
  expect(started.status, started.text).toBe(202);
  await t.app.deps.jobs.drain();
  const view = await client.get(`/api/imports/${id}/`);
  expect(view.status).toBe(200);
  return view.json.import;
}

const count = async (table: string, where = 'true') =>
  Number(
    rowsOf<{ n: number }>(await t.db.execute(sql.raw(`select count(*)::int as n from ${table} where ${where}`)))[0]?.n,
  );

let unique = 0;
const nextEmail = () => `person${++unique}.${Date.now().toString(36)}@example.test`;

describe('imports: who may', () => {
  it('lets owners and superusers upload; refuses recruiters and viewers (403), strangers (401) and a missing CSRF token', async () => {
    expect((await upload(owner)).status).toBe(201);
    expect((await upload(superuser)).status).toBe(201);
    expect((await upload(recruiter)).status).toBe(403);
    expect((await upload(viewer)).status).toBe(403);
    expect((await upload(new Client(t.baseUrl))).status).toBe(401);
    expect((await upload(owner, { csrf: false })).status).toBe(403);
    for (const path of ['/api/imports/', '/api/import-mappings/']) {
      expect((await recruiter.get(path)).status).toBe(403);
      expect((await viewer.get(path)).status).toBe(403);
      expect((await new Client(t.baseUrl).get(path)).status).toBe(401);
      expect((await owner.get(path)).status).toBe(200);
    }
    const id = (await upload(owner)).json.import.id;
    const body = { mapping: ['first_name', 'last_name'], duplicate_policy: 'skip' };
    expect((await recruiter.post(`/api/imports/${id}/preview/`, body)).status).toBe(403);
    expect((await recruiter.post(`/api/imports/${id}/start/`, body)).status).toBe(403);
    expect((await viewer.get(`/api/imports/${id}/`)).status).toBe(403);
    expect((await recruiter.post(`/api/imports/${id}/undo/`)).status).toBe(403);
    expect((await recruiter.get(`/api/imports/${id}/report.csv`)).status).toBe(403);
    expect((await owner.request('POST', `/api/imports/${id}/start/`, { body, csrf: false })).status).toBe(403);
  });
});

describe('imports: bad input', () => {
  it('refuses an unknown kind, a missing file, a file over 50 MB, and a kind an archive is not', async () => {
    const wrongKind = await upload(owner, { kind: 'invoices' });
    expect(wrongKind.status).toBe(400);
    expect(wrongKind.json.fields.kind).toBeDefined();
    const noKind = await upload(owner, { kind: null });
    expect(noKind.status).toBe(400);
    const noFile = await upload(owner, { name: null });
    expect(noFile).toMatchObject({ status: 400, json: { code: 'NO_FILE' } });
    const big = new Uint8Array(50 * 1024 * 1024 + 10).fill(0x61);
    const tooBig = await upload(owner, { content: big });
    expect(tooBig.status).toBe(413);
    expect(tooBig.json).toMatchObject({ success: false, code: 'FILE_TOO_LARGE' });
    expect(tooBig.json.error).toMatch(/50 MB/);
    expect((await upload(owner, { kind: 'agency', name: 'agency.zip' })).status).toBe(400);
  });

  it('refuses a file over the row or column limit with a clear message (the reading module’s limits, lowered)', async () => {
    const saved = { ...readingLimits };
    try {
      readingLimits.maxRows = 3;
      const rows = await upload(owner, {
        content: csv([['First name', 'Last name'], ...Array.from({ length: 4 }, (_, i) => [`R${i}`, 'Rows'])]),
      });
      expect(rows).toMatchObject({ status: 400, json: { code: 'TOO_MANY_ROWS' } });
      expect(rows.json.error).toMatch(/3/);
      readingLimits.maxRows = saved.maxRows;
      readingLimits.maxColumns = 3;
      const columns = await upload(owner, {
        content: csv([
          ['A', 'B', 'C', 'D'],
          ['1', '2', '3', '4'],
        ]),
      });
      expect(columns).toMatchObject({ status: 400, json: { code: 'TOO_MANY_COLUMNS' } });
      expect(columns.json.error).toMatch(/3/);
    } finally {
      Object.assign(readingLimits, saved);
    }
    expect(await count('imports', "filename = 'people.csv' and total_rows = 4")).toBe(0);
  });

  it('refuses a mapping that is not one target per column, maps a field twice, misses a required field or names an unknown one', async () => {
    const id = (await upload(owner, { content: csv([CANDIDATE_HEADERS, ['Ada', 'Lovelace', '', '', '', '', '']]) }))
      .json.import.id;
    const attempt = (mapping: string[]) =>
      owner.post(`/api/imports/${id}/preview/`, { mapping, duplicate_policy: 'skip' });
    for (const mapping of [
      ['first_name', 'last_name'],
      ['first_name', 'first_name', 'email', 'phone', 'current_company', 'skills', 'note'],
      ['email', 'ignore', 'ignore', 'ignore', 'ignore', 'ignore', 'note'],
      ['first_name', 'last_name', 'shoe_size', 'phone', 'current_company', 'skills', 'note'],
    ]) {
      const response = await attempt(mapping);
      expect(response.status, JSON.stringify(mapping)).toBe(400);
      expect(response.json.code).toBe('BAD_MAPPING');
      expect(response.json.fields.mapping.length).toBeGreaterThan(0);
    }
    expect(
      (await owner.post(`/api/imports/${id}/start/`, { mapping: ['first_name'], duplicate_policy: 'skip' })).status,
    ).toBe(400);
    expect(
      (await owner.post(`/api/imports/${id}/start/`, { mapping: CANDIDATE_MAPPING, duplicate_policy: 'merge' })).status,
    ).toBe(400);
    expect((await owner.get('/api/imports/999999/')).status).toBe(404);
  });

  it('starts an import once: the second start is 409 and queues no second job', async () => {
    const id = (await upload(owner)).json.import.id;
    const body = { mapping: ['first_name', 'last_name'], duplicate_policy: 'skip' };
    const first = await owner.post(`/api/imports/${id}/start/`, body);
    expect(first.status).toBe(202);
    expect(first.json.import.status).toBe('queued');
    const second = await owner.post(`/api/imports/${id}/start/`, body);
    expect(second).toMatchObject({ status: 409, json: { code: 'ALREADY_STARTED' } });
    expect(await count('jobs', `kind = 'imports.run' and payload->>'importId' = '${id}'`)).toBe(1);
    await t.app.deps.jobs.drain();
  });
});

describe('imports: preview', () => {
  it('shows the first 20 rows as they will be stored, each cell’s problem, duplicates, and totals over the whole file', async () => {
    const existing = nextEmail();
    await insertCandidate(t.db, { firstName: 'Existing', lastName: 'Person', email: existing });
    const rows = [CANDIDATE_HEADERS];
    rows.push(['Grace', 'Hopper', 'GRACE@EXAMPLE.TEST', '(206) 555-0100', 'Navy', 'COBOL; Fortran', 'sailing']);
    rows.push(['Bad', 'Email', 'not-an-email', '', '', '', '']);
    rows.push(['Ex', 'Isting', existing.toUpperCase(), '', '', '', '']);
    rows.push(['Grace', 'Again', 'grace@example.test', '', '', '', '']);
    rows.push(['', 'Nofirst', '', '', '', '', '']);
    for (let index = 0; index < 30; index += 1) rows.push([`P${index}`, 'Many', '', '', '', '', '']);
    const id = (await upload(owner, { content: csv(rows) })).json.import.id;
    const response = await owner.post(`/api/imports/${id}/preview/`, {
      mapping: CANDIDATE_MAPPING,
      duplicate_policy: 'skip',
    });
    expect(response.status, response.text).toBe(200);
    const preview = response.json;
    expect(preview.rows).toHaveLength(20);
    expect(preview.totals).toEqual({ create: 31, update: 0, skip: 2, refuse: 2 });
    const [grace, bad, dup, fileDup, nofirst] = preview.rows;
    expect(grace).toMatchObject({
      line: 2,
      action: 'create',
      values: { first_name: 'Grace', email: 'grace@example.test', phone: '+12065550100', skills: ['COBOL', 'Fortran'] },
      problems: [],
      duplicate: null,
    });
    expect(bad.action).toBe('refuse');
    expect(bad.problems).toEqual([{ field: 'email', message: expect.any(String) }]);
    expect(dup).toMatchObject({ action: 'skip', duplicate: { matched_by: 'email', name: 'Existing Person' } });
    expect(fileDup).toMatchObject({ action: 'skip', duplicate: { matched_by: 'file', line: 2, id: null } });
    expect(nofirst.action).toBe('refuse');
    // Nothing was written.
    expect(await count('candidates', "last_name = 'Many'")).toBe(0);
  });
});

describe('imports: duplicate policies', () => {
  it('skip: a duplicate by email (any case), by phone in another format, by name and company, and inside the file is skipped', async () => {
    const email = nextEmail();
    await insertCandidate(t.db, { firstName: 'Skip', lastName: 'ByEmail', email });
    await insertCandidate(t.db, { firstName: 'Skip', lastName: 'ByPhone', phone: '+1 (312) 555-0142' });
    await insertCandidate(t.db, { firstName: 'Skip', lastName: 'ByName', currentCompany: 'Initech' });
    const result = await importFile(
      csv([
        CANDIDATE_HEADERS,
        ['X', 'One', email.toUpperCase(), '', '', '', ''],
        ['X', 'Two', '', '312.555.0142', '', '', ''],
        ['SKIP', 'byname', '', '', 'INITECH', '', ''],
        ['New', 'Person', 'new.person.skip@example.test', '', '', '', ''],
        ['New', 'Again', 'NEW.PERSON.SKIP@example.test', '', '', '', ''],
      ]),
    );
    expect(result).toMatchObject({ status: 'succeeded', counts: { created: 1, updated: 0, skipped: 4, refused: 0 } });
    expect(await count('candidates', "lower(email) = 'new.person.skip@example.test'")).toBe(1);
  });

  it('update_empty: fills only the empty fields of the existing record, inside the file too', async () => {
    const email = nextEmail();
    const existing = await insertCandidate(t.db, {
      firstName: 'Fill',
      lastName: 'Me',
      email,
      location: 'Paris',
      currentCompany: '',
      skills: [],
    });
    const result = await importFile(
      csv([
        ['First name', 'Last name', 'Email', 'Location', 'Current company', 'Skills'],
        ['Fill', 'Me', email, 'London', 'Acme', 'Go'],
        ['Fresh', 'Row', 'fresh.fill@example.test', '', '', ''],
        ['Fresh', 'Row', 'fresh.fill@example.test', 'Berlin', 'Globex', ''],
      ]),
      {
        mapping: ['first_name', 'last_name', 'email', 'location', 'current_company', 'skills'],
        policy: 'update_empty',
      },
    );
    expect(result.counts).toEqual({ created: 1, updated: 2, skipped: 0, refused: 0 });
    const [row] = rowsOf<{ location: string; current_company: string; skills: string[]; search_text: string }>(
      await t.db.execute(
        sql`select location, current_company, skills, search_text from candidates where id = ${existing.id}`,
      ),
    );
    expect(row).toMatchObject({ location: 'Paris', current_company: 'Acme', skills: ['Go'] });
    expect(row?.search_text).toContain('acme');
    const [fresh] = rowsOf<{ location: string; current_company: string }>(
      await t.db.execute(sql`select location, current_company from candidates where email = 'fresh.fill@example.test'`),
    );
    expect(fresh).toEqual({ location: 'Berlin', current_company: 'Globex' });
  });

  it('create: a duplicate is created anyway', async () => {
    const email = nextEmail();
    await insertCandidate(t.db, { firstName: 'Twice', lastName: 'Made', email });
    const result = await importFile(
      csv([
        ['First name', 'Last name', 'Email'],
        ['Twice', 'Made', email],
      ]),
      {
        mapping: ['first_name', 'last_name', 'email'],
        policy: 'create',
      },
    );
    expect(result.counts.created).toBe(1);
    expect(await count('candidates', `lower(email) = '${email}'`)).toBe(2);
  });

  it('clients match by name or website domain; roles by title and client', async () => {
    await insertClient(t.db, { name: 'Umbrella Corp', website: 'https://www.umbrella.example/about' });
    const clients = await importFile(
      csv([
        ['Name', 'Website', 'Industry'],
        ['UMBRELLA CORP', '', 'Pharma'],
        ['Umbrella Holdings', 'umbrella.example', ''],
        ['Hooli', 'https://hooli.example', 'Tech'],
      ]),
      { kind: 'clients', mapping: ['name', 'website', 'industry'] },
    );
    expect(clients.counts).toEqual({ created: 1, updated: 0, skipped: 2, refused: 0 });
    const hooli = rowsOf<{ id: number; finders_fee_percent: string; currency: string }>(
      await t.db.execute(sql`select id, finders_fee_percent, currency from clients where name = 'Hooli'`),
    )[0];
    expect(hooli).toMatchObject({ currency: 'EUR' });
    expect(Number(hooli?.finders_fee_percent)).toBe(18);
    await insertRole(t.db, { clientId: hooli!.id, name: 'Data Engineer' });
    const roles = await importFile(
      csv([
        ['Title', 'Client', 'Location'],
        ['data engineer', 'hooli', 'Remote'],
        ['Designer', 'Hooli', ''],
        ['Designer', 'Nobody Inc', ''],
      ]),
      { kind: 'roles', mapping: ['title', 'client_name', 'location'] },
    );
    expect(roles.counts).toEqual({ created: 1, updated: 0, skipped: 1, refused: 1 });
    expect(roles.errors_preview[0]).toMatchObject({ line: 4, reason: expect.stringContaining('Nobody Inc') });
    // Client names are unique: "create anyway" refuses a same-named client instead of failing the batch.
    const again = await importFile(csv([['Name'], ['hooli'], ['Pied Piper'], ['PIED PIPER']]), {
      kind: 'clients',
      mapping: ['name'],
      policy: 'create',
    });
    expect(again).toMatchObject({ status: 'succeeded', counts: { created: 1, refused: 2 } });
  });

  it("a client's contact columns become its first contact record", async () => {
    const result = await importFile(
      csv([
        ['Company', 'Contact first name', 'Contact last name', 'Contact email', 'Contact phone'],
        ['Initech', 'Bill', 'Lumbergh', 'bill@initech.example', '+1 415 555 0100'],
        ['Globex', '', '', '', ''],
      ]),
      {
        kind: 'clients',
        mapping: ['name', 'contact_first_name', 'contact_last_name', 'contact_email', 'contact_phone'],
      },
    );
    expect(result.counts).toMatchObject({ created: 2, refused: 0 });
    const contacts = rowsOf<{ client: string; first_name: string; last_name: string; email: string }>(
      await t.db.execute(
        sql`select c.name as client, cc.first_name, cc.last_name, cc.email from client_contacts cc
            join clients c on c.id = cc.client_id where c.name in ('Initech', 'Globex')`,
      ),
    );
    expect(contacts).toEqual([
      { client: 'Initech', first_name: 'Bill', last_name: 'Lumbergh', email: 'bill@initech.example' },
    ]);
  });
});

describe('imports: the job', () => {
  it('imports in batches with notes from unmapped columns, one activity row, and a search that finds the rows', async () => {
    importRunSettings.batchSize = 4;
    const rows = [CANDIDATE_HEADERS];
    for (let index = 0; index < 10; index += 1)
      rows.push([
        `Zeta${index}`,
        'Quokka',
        `zeta${index}.quokka@example.test`,
        '',
        'Quokkacorp',
        'Rust',
        `hobby ${index}`,
      ]);
    rows.push(['Bad', 'Row', 'nope', '', '', '', '']);
    const result = await importFile(csv(rows), { name: 'quokkas.csv' });
    expect(result).toMatchObject({
      status: 'succeeded',
      total_rows: 11,
      progress: { done: 11, total: 11, eta_seconds: null },
      counts: { created: 10, updated: 0, skipped: 0, refused: 1 },
      errors_preview: [{ line: 12, reason: expect.stringContaining('Email') }],
    });
    expect(new Date(result.undo_until).getTime() - new Date(result.finished_at).getTime()).toBe(7 * 86_400_000);
    expect(
      await count('notes', "model_type = 'candidate' and body like 'Imported from quokkas.csv:%Hobby: hobby%'"),
    ).toBe(10);
    expect(await count('activity', `model_type = 'import' and object_id = ${result.id}`)).toBe(1);
    const search = await owner.get('/api/candidates/?search=zeta7');
    expect(search.json.results.map((item: { email: string }) => item.email)).toEqual(['zeta7.quokka@example.test']);
  });

  it('resumes an interrupted import from its checkpoint: the failed batch redone whole, nothing twice', async () => {
    importRunSettings.batchSize = 3;
    const rows = [CANDIDATE_HEADERS];
    for (let index = 0; index < 10; index += 1)
      rows.push([`Res${index}`, 'Umer', `res${index}.umer@example.test`, '', '', '', 'x']);
    const uploaded = await upload(owner, { content: csv(rows) });
    const id = uploaded.json.import.id;
    await owner.post(`/api/imports/${id}/start/`, { mapping: CANDIDATE_MAPPING, duplicate_policy: 'skip' });
    let crashed = false;
    importRunSettings.beforeCommit = (_importId, batch) => {
      if (batch === 3 && !crashed) {
        crashed = true;
        throw new Error('simulated crash before the third batch commits');
      }
    };
    await t.app.deps.jobs.drain();
    const interrupted = (await owner.get(`/api/imports/${id}/`)).json.import;
    expect(interrupted.progress.done).toBe(6);
    expect(interrupted.counts.created).toBe(6);
    expect(await count('candidates', "last_name = 'Umer'")).toBe(6);
    // The job's retry (the runner's backoff skipped): the same handler from the checkpoint.
    const { runImport } = await import('./import-run');
    await runImport(t.app.deps, {
      id: 0,
      kind: 'imports.run',
      payload: { importId: id },
      attempt: 2,
      progress: async () => {},
      signal: new AbortController().signal,
      log: t.app.log,
      scheduledFor: new Date(),
    });
    const done = (await owner.get(`/api/imports/${id}/`)).json.import;
    expect(done).toMatchObject({ status: 'succeeded', counts: { created: 10, skipped: 0, refused: 0 } });
    expect(await count('candidates', "last_name = 'Umer'")).toBe(10);
    expect(
      await count(
        'notes',
        `body like '%Hobby: x%' and object_id in (select id from candidates where last_name = 'Umer')`,
      ),
    ).toBe(10);
    expect(await count('import_changes', `import_id = ${id}`)).toBe(10);
  });
});

describe('imports: undo', () => {
  it('removes the created records and restores the updated fields', async () => {
    const email = nextEmail();
    const existing = await insertCandidate(t.db, { firstName: 'Keep', lastName: 'Me', email, location: '' });
    const result = await importFile(
      csv([
        ['First name', 'Last name', 'Email', 'Location'],
        ['Keep', 'Me', email, 'Lisbon'],
        ['Gone', 'Soon', 'gone.soon@example.test', 'Oslo'],
      ]),
      { mapping: ['first_name', 'last_name', 'email', 'location'], policy: 'update_empty' },
    );
    expect(result.counts).toMatchObject({ created: 1, updated: 1 });
    const undone = await owner.post(`/api/imports/${result.id}/undo/`);
    expect(undone.status, undone.text).toBe(200);
    expect(undone.json.import).toMatchObject({ status: 'undone', undo_until: null });
    expect(await count('candidates', "email = 'gone.soon@example.test'")).toBe(0);
    const [row] = rowsOf<{ location: string; search_text: string }>(
      await t.db.execute(sql`select location, search_text from candidates where id = ${existing.id}`),
    );
    expect(row?.location).toBe('');
    expect((await owner.post(`/api/imports/${result.id}/undo/`)).json.code).toBe('NOT_UNDOABLE');
  });

  it('is refused, naming the record, when one was changed since; and after 7 days', async () => {
    const result = await importFile(
      csv([
        ['First name', 'Last name', 'Email'],
        ['Changed', 'Later', 'changed.later@example.test'],
        ['Piped', 'Later', 'piped.later@example.test'],
        ['Left', 'Alone', 'left.alone@example.test'],
      ]),
      { mapping: ['first_name', 'last_name', 'email'] },
    );
    const ids = rowsOf<{ id: number; first_name: string }>(
      await t.db.execute(sql`select id, first_name from candidates where last_name in ('Later', 'Alone') order by id`),
    );
    const changed = ids.find((row) => row.first_name === 'Changed')!;
    const piped = ids.find((row) => row.first_name === 'Piped')!;
    const edit = await owner.request('PUT', `/api/candidates/${changed.id}/`, {
      body: { first_name: 'Changed', last_name: 'Later', email: 'changed.later@example.test', location: 'Rome' },
    });
    expect(edit.status, edit.text).toBe(200);
    const client = await insertClient(t.db);
    const role = await insertRole(t.db, { clientId: client.id });
    await insertPipeline(t.db, { roleId: role.id, candidateId: piped.id });
    const refused = await owner.post(`/api/imports/${result.id}/undo/`);
    expect(refused.status).toBe(409);
    expect(refused.json.code).toBe('UNDO_BLOCKED');
    expect(refused.json.changed).toEqual(
      expect.arrayContaining([
        { kind: 'candidate', id: changed.id, name: 'Changed Later' },
        { kind: 'candidate', id: piped.id, name: 'Piped Later' },
      ]),
    );
    expect(refused.json.changed).toHaveLength(2);
    expect(await count('candidates', "last_name in ('Later', 'Alone')")).toBe(3);

    const other = await importFile(
      csv([
        ['First name', 'Last name'],
        ['Too', 'Late'],
      ]),
      { mapping: ['first_name', 'last_name'] },
    );
    // Seven days and a minute later (moving the clock would end the sessions too).
    await t.db.execute(
      sql`update imports set undo_until = now() - interval '1 minute', finished_at = now() - interval '7 days 1 minute' where id = ${other.id}`,
    );
    const expired = await owner.post(`/api/imports/${other.id}/undo/`);
    expect(expired).toMatchObject({ status: 409, json: { code: 'UNDO_EXPIRED' } });
  });
});

describe('imports: report and history', () => {
  it('report.csv lists each refused row with its line, reason and original cells, formulas defused', async () => {
    const result = await importFile(
      csv([
        ['First name', 'Last name', 'Email'],
        ['Fine', 'Row', 'fine.row@example.test'],
        ['=HYPERLINK("http://evil")', '', 'x'],
        ['Bad', 'Mail', '@nope'],
      ]),
      { mapping: ['first_name', 'last_name', 'email'], name: 'report me.csv' },
    );
    expect(result.counts.refused).toBe(2);
    const response = await owner.get(`/api/imports/${result.id}/report.csv`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(response.headers.get('content-disposition')).toMatch(/report me-refused-rows\.csv/);
    const lines = response.text
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('"Line","Reason","First name","Last name","Email"');
    expect(lines[1]).toMatch(/^"3","[^"]+","'=HYPERLINK\(""http:\/\/evil""\)","","x"$/);
    expect(lines[2]).toMatch(/^"4","Email: [^"]+","Bad","Mail","'@nope"$/);
    expect(lines).toHaveLength(3);
  });

  it('pages the history, newest first', async () => {
    const first = await owner.get('/api/imports/?page=1&page_size=2');
    expect(first.status).toBe(200);
    expect(first.json.imports).toHaveLength(2);
    const total = first.json.count as number;
    expect(total).toBeGreaterThan(3);
    const ids = first.json.imports.map((item: { id: number }) => item.id);
    expect(ids[0]).toBeGreaterThan(ids[1]);
    const second = await owner.get('/api/imports/?page=2&page_size=2');
    expect(second.json.imports[0].id).toBeLessThan(ids[1]);
    expect((await owner.get('/api/imports/?page_size=1000')).status).toBe(400);
  });
});

describe('imports: saved mappings', () => {
  it('saves, lists by kind, refuses a bad one or a taken name, and deletes', async () => {
    const body = {
      name: 'Old CRM',
      kind: 'candidates',
      headers: ['Given', 'Family'],
      targets: ['first_name', 'last_name'],
    };
    const created = await owner.post('/api/import-mappings/', body);
    expect(created.status, created.text).toBe(201);
    expect(created.json.mapping).toMatchObject({ name: 'Old CRM', targets: ['first_name', 'last_name'] });
    expect((await owner.post('/api/import-mappings/', body)).status).toBe(400);
    expect(
      (await owner.post('/api/import-mappings/', { ...body, name: 'Bad', targets: ['first_name', 'first_name'] }))
        .status,
    ).toBe(400);
    expect(
      (await owner.post('/api/import-mappings/', { ...body, name: 'Short', targets: ['first_name'] })).status,
    ).toBe(400);
    expect((await recruiter.post('/api/import-mappings/', { ...body, name: 'Mine' })).status).toBe(403);
    const list = await owner.get('/api/import-mappings/?kind=candidates');
    expect(list.json.mappings.map((item: { name: string }) => item.name)).toContain('Old CRM');
    expect((await owner.get('/api/import-mappings/?kind=clients')).json.mappings).toEqual([]);
    const id = created.json.mapping.id;
    expect((await owner.request('DELETE', `/api/import-mappings/${id}/`)).status).toBe(200);
    expect((await owner.request('DELETE', `/api/import-mappings/${id}/`)).status).toBe(404);
  });
});
