import { RESUME_BULK_ERRORS } from '@recruitdesk/contracts/resume-bulk';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCandidate } from '../../factories/candidates.factory';
import { insertUser } from '../../factories/users.factory';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { buildDocx, buildPdf, PNG_BYTES } from '../../test/documents';
import { HttpClient } from '../../test/http-client';
import { signedInClient } from '../../test/sign-in';
import { candidatesTable } from '../candidates/candidates.table';
import { resumeDraftsTable } from './resume-bulk.table';

let t: TestApp;
let owner: HttpClient;
let superuser: HttpClient;
let recruiter: HttpClient;
let otherRecruiter: HttpClient;
let viewer: HttpClient;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await signedInClient(t, await insertUser(t.db, { userType: ['owner'] }));
  superuser = await signedInClient(t, await insertUser(t.db, { userType: ['superuser'] }));
  recruiter = await signedInClient(t, await insertUser(t.db, { userType: ['recruiter'] }));
  otherRecruiter = await signedInClient(t, await insertUser(t.db, { userType: ['recruiter'] }));
  viewer = await signedInClient(t, await insertUser(t.db, { userType: ['viewer'] }));
});
afterAll(async () => {
  await t?.close();
});

interface UploadFile {
  name: string;
  bytes: Buffer;
  type?: string;
}

/** POST /api/resumes/bulk/ as a browser would: multipart, the session cookie and the CSRF header. */
async function upload(as: HttpClient, files: UploadFile[]) {
  if (!as.cookies.has('csrftoken')) await as.get('/api/auth/csrf-token/');
  const form = new FormData();
  for (const file of files)
    form.append('files', new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/pdf' }), file.name);
  const headers: Record<string, string> = { accept: 'application/json', cookie: as.cookieHeader() };
  const token = as.cookies.get('csrftoken');
  if (token) headers['x-csrftoken'] = token;
  const response = await fetch(`${t.baseUrl}/api/resumes/bulk/`, { method: 'POST', headers, body: form });
  const text = await response.text();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary response shapes
  return { status: response.status, text, json: (text ? JSON.parse(text) : undefined) as any };
}

/** A word nothing else in the database contains. */
const uniqueWord = (stem: string) => `${stem}${Math.random().toString(36).slice(2, 8).replace(/\d/g, 'q')}`;

const resumeLines = (person: { name: string; email: string; phone: string; title: string; word: string }) => [
  person.name,
  `${person.email} | ${person.phone}`,
  'Berlin, Germany',
  '',
  'Experience',
  `${person.title} at Initech GmbH, 2019 - present`,
  `Built the ${person.word} platform in TypeScript and PostgreSQL.`,
  '',
  'Skills',
  'TypeScript, JS, Postgres, k8s',
];

const drain = () => t.app.deps.jobs.drain();

describe('bulk resume upload', () => {
  it('stores the files, reads them in the job with progress, flags duplicates, creates the confirmed ones', async () => {
    const existingEmail = `${uniqueWord('ada')}@example.com`;
    const existing = await insertCandidate(t.db, { firstName: 'Ada', lastName: 'Byron', email: existingEmail });
    const sharedPhone = '+49 30 901820';
    const words = [uniqueWord('zephyr'), uniqueWord('quasar'), uniqueWord('nimbus')];
    const ada = await buildPdf([
      resumeLines({
        name: 'Ada Lovelace',
        email: existingEmail,
        phone: '+44 20 7946 0018',
        title: 'Senior Engineer',
        word: words[0]!,
      }),
    ]);
    const grace = await buildDocx(
      resumeLines({
        name: 'Grace Hopper',
        email: 'grace.hopper@navy.example',
        phone: sharedPhone,
        title: 'Staff Engineer',
        word: words[1]!,
      }),
    );
    const alan = await buildPdf([
      resumeLines({
        name: 'Alan Turing',
        email: 'alan.turing@bletchley.example',
        phone: sharedPhone,
        title: 'Researcher',
        word: words[2]!,
      }),
    ]);
    const uploaded = await upload(recruiter, [
      { name: 'ada.pdf', bytes: ada },
      {
        name: 'grace.docx',
        bytes: grace,
        type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      },
      { name: 'alan.pdf', bytes: alan },
      { name: 'photo.pdf', bytes: PNG_BYTES },
    ]);
    expect(uploaded.status, uploaded.text).toBe(201);
    const batch = uploaded.json.batch;
    expect(batch).toMatchObject({
      status: 'parsing',
      progress: { done: 0, total: 3 },
      counts: { pending: 3, parsed: 0 },
      refused: [{ filename: 'photo.pdf', reason: `photo.pdf: ${RESUME_BULK_ERRORS.FILE_TYPE}` }],
    });
    expect(batch.drafts.map((draft: { filename: string }) => draft.filename)).toEqual([
      'ada.pdf',
      'grace.docx',
      'alan.pdf',
    ]);

    // The job reads them off the request thread.
    expect(await drain()).toBeGreaterThanOrEqual(1);
    const read = await recruiter.get(`/api/resumes/bulk/${batch.id}/`);
    expect(read.status, read.text).toBe(200);
    const view = read.json.batch;
    expect(view).toMatchObject({ status: 'ready', progress: { done: 3, total: 3 }, counts: { parsed: 3 } });
    const [adaDraft, graceDraft, alanDraft] = view.drafts;
    expect(adaDraft.values).toMatchObject({ first_name: 'Ada', last_name: 'Lovelace', email: existingEmail });
    expect(adaDraft.values.skills).toEqual(
      expect.arrayContaining(['TypeScript', 'JavaScript', 'PostgreSQL', 'Kubernetes']),
    );
    expect(adaDraft.confidence.email).toBeGreaterThan(0.5);
    expect(adaDraft.overall_confidence).toBeGreaterThan(0);
    expect(graceDraft.values).toMatchObject({
      first_name: 'Grace',
      last_name: 'Hopper',
      email: 'grace.hopper@navy.example',
    });
    expect(graceDraft.values.phone).toBe('+4930901820');
    // Against the database: the same email.
    expect(adaDraft.duplicates).toEqual([
      { id: existing.id, name: 'Ada Byron', email: existingEmail, reason: 'email' },
    ]);
    expect(graceDraft.duplicates).toEqual([]);
    // Inside the batch: the same phone.
    expect(graceDraft.batch_duplicates).toEqual([{ draft_id: alanDraft.id, filename: 'alan.pdf', reason: 'phone' }]);
    expect(alanDraft.batch_duplicates).toEqual([{ draft_id: graceDraft.id, filename: 'grace.docx', reason: 'phone' }]);
    expect(adaDraft.batch_duplicates).toEqual([]);

    // Bad edits refuse the whole request, naming the draft and the field.
    const bad = await recruiter.post(`/api/resumes/bulk/${batch.id}/confirm/`, {
      ids: [graceDraft.id, alanDraft.id],
      edits: [{ id: alanDraft.id, values: { email: 'not an email' } }],
    });
    expect(bad.status, bad.text).toBe(400);
    expect(Object.keys(bad.json.fields)).toEqual([`${alanDraft.id}.email`]);
    expect((await t.db.select().from(candidatesTable).where(eq(candidatesTable.lastName, 'Hopper'))).length).toBe(0);

    // Confirm two, one of them edited.
    const confirmed = await recruiter.post(`/api/resumes/bulk/${batch.id}/confirm/`, {
      ids: [graceDraft.id, alanDraft.id],
      edits: [{ id: alanDraft.id, values: { current_title: 'Mathematician', last_name: 'Turing ' } }],
    });
    expect(confirmed.status, confirmed.text).toBe(200);
    expect(confirmed.json.created).toHaveLength(2);
    const after = confirmed.json.batch;
    expect(after.counts).toMatchObject({ parsed: 1, confirmed: 2 });
    const graceId = confirmed.json.created[0].candidate_id;
    const alanId = confirmed.json.created[1].candidate_id;
    expect(after.drafts[1].candidate).toEqual({ id: graceId, name: 'Grace Hopper' });

    const graceCandidate = (await viewer.get(`/api/candidates/${graceId}/`)).json.candidate;
    expect(graceCandidate).toMatchObject({
      first_name: 'Grace',
      last_name: 'Hopper',
      email: 'grace.hopper@navy.example',
      source: 'Resume upload',
      resume: { filename: 'grace.docx', has_text: true },
    });
    const alanCandidate = (await viewer.get(`/api/candidates/${alanId}/`)).json.candidate;
    expect(alanCandidate).toMatchObject({
      last_name: 'Turing',
      current_title: 'Mathematician',
      resume: { filename: 'alan.pdf' },
    });
    // The resume's text is searchable.
    for (const [word, id] of [
      [words[1]!, graceId],
      [words[2]!, alanId],
    ] as const) {
      const found = await viewer.get(`/api/candidates/?search=${word}`);
      expect(found.json.results.map((row: { id: number }) => row.id)).toEqual([id]);
    }
    // The resume downloads.
    const link = await viewer.get(`/api/candidates/${graceId}/resume/download-url/`);
    expect(link.status, link.text).toBe(200);
    const file = await fetch(new URL(link.json.url, t.baseUrl), { headers: { cookie: viewer.cookieHeader() } });
    expect(Buffer.from(await file.arrayBuffer()).equals(grace)).toBe(true);
    // The upload's own copy is gone.
    const [row] = await t.db.select().from(resumeDraftsTable).where(eq(resumeDraftsTable.id, graceDraft.id));
    expect(row?.storageKey).toBeNull();

    // Never twice.
    const again = await recruiter.post(`/api/resumes/bulk/${batch.id}/confirm/`, { ids: [graceDraft.id] });
    expect(again.status).toBe(409);
    expect(again.json).toMatchObject({ success: false, code: 'DRAFT_ALREADY_CONFIRMED' });
    const concurrent = await Promise.all([
      recruiter.post(`/api/resumes/bulk/${batch.id}/confirm/`, { ids: [adaDraft.id] }),
      recruiter.post(`/api/resumes/bulk/${batch.id}/confirm/`, { ids: [adaDraft.id] }),
    ]);
    expect(concurrent.map((response) => response.status).sort()).toEqual([200, 409]);
    expect((await t.db.select().from(candidatesTable).where(eq(candidatesTable.lastName, 'Lovelace'))).length).toBe(1);

    // Another batch's draft is not this batch's.
    const stranger = await recruiter.post(`/api/resumes/bulk/${batch.id}/confirm/`, { ids: [999_999] });
    expect(stranger.status).toBe(400);
    expect(stranger.json.fields.ids[0]).toContain(RESUME_BULK_ERRORS.DRAFT_NOT_IN_BATCH);
  });

  it('discards the rest: their files deleted, the batch closed, nothing more to create', async () => {
    const uploaded = await upload(recruiter, [
      { name: 'one.pdf', bytes: await buildPdf([['Marie Curie', 'marie@radium.example']]) },
      { name: 'two.pdf', bytes: await buildPdf([['Pierre Curie', 'pierre@radium.example']]) },
    ]);
    expect(uploaded.status, uploaded.text).toBe(201);
    const id = uploaded.json.batch.id;
    await drain();
    const [first, second] = (await recruiter.get(`/api/resumes/bulk/${id}/`)).json.batch.drafts;
    const keys = (await t.db.select().from(resumeDraftsTable).where(eq(resumeDraftsTable.batchId, id))).map(
      (row) => row.storageKey!,
    );
    expect((await recruiter.post(`/api/resumes/bulk/${id}/confirm/`, { ids: [first.id] })).status).toBe(200);

    const discarded = await recruiter.post(`/api/resumes/bulk/${id}/discard/`, {});
    expect(discarded.status, discarded.text).toBe(200);
    expect(discarded.json.batch).toMatchObject({ status: 'closed', counts: { confirmed: 1, discarded: 1, parsed: 0 } });
    expect(await t.app.deps.storage.head(keys[1]!)).toBeNull();
    const late = await recruiter.post(`/api/resumes/bulk/${id}/confirm/`, { ids: [second.id] });
    expect(late.status).toBe(409);
    expect(late.json.code).toBe('DRAFT_DISCARDED');
  });

  it('refuses bad files with a clear message, and more than 200 files', async () => {
    // Nothing usable: 415 naming each file.
    const big = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(10 * 1024 * 1024)]);
    const refused = await upload(recruiter, [
      { name: 'photo.pdf', bytes: PNG_BYTES },
      { name: 'huge.pdf', bytes: big },
      { name: 'empty.pdf', bytes: Buffer.alloc(0) },
      { name: 'notes.txt', bytes: Buffer.from('plain text resume'), type: 'text/plain' },
    ]);
    expect(refused.status, refused.text).toBe(415);
    expect(refused.json).toMatchObject({
      success: false,
      code: 'NOTHING_ACCEPTED',
      error: RESUME_BULK_ERRORS.NOTHING_ACCEPTED,
    });
    expect(refused.json.fields.files).toEqual([
      `photo.pdf: ${RESUME_BULK_ERRORS.FILE_TYPE}`,
      `huge.pdf: ${RESUME_BULK_ERRORS.FILE_TOO_LARGE}`,
      `empty.pdf: ${RESUME_BULK_ERRORS.FILE_EMPTY}`,
      `notes.txt: ${RESUME_BULK_ERRORS.FILE_TYPE}`,
    ]);

    // No file at all, or not multipart.
    const none = await upload(recruiter, []);
    expect([400, 415]).toContain(none.status);
    const json = await recruiter.post('/api/resumes/bulk/', { files: [] });
    expect(json.status).toBe(415);

    // 201 files: refused whole, nothing kept.
    const pdf = await buildPdf([['Tiny resume']]);
    const before = (await t.db.select().from(resumeDraftsTable)).length;
    const tooMany = await upload(
      recruiter,
      Array.from({ length: 201 }, (_, index) => ({ name: `r${index}.pdf`, bytes: pdf })),
    );
    expect(tooMany.status, tooMany.text).toBe(413);
    expect(tooMany.json).toMatchObject({
      success: false,
      code: 'TOO_MANY_FILES',
      error: RESUME_BULK_ERRORS.TOO_MANY_FILES,
    });
    expect((await t.db.select().from(resumeDraftsTable)).length).toBe(before);
  });

  it('lets owners, superusers and recruiters upload; a batch is seen by its uploader and owners only', async () => {
    const files = async () => [{ name: 'cv.pdf', bytes: await buildPdf([['Rosalind Franklin']]) }];
    expect((await upload(viewer, await files())).status).toBe(403);
    expect((await upload(new HttpClient(t.baseUrl), await files())).status).toBe(401);
    for (const client of [owner, superuser]) expect((await upload(client, await files())).status).toBe(201);

    const mine = await upload(recruiter, await files());
    expect(mine.status).toBe(201);
    const id = mine.json.batch.id;
    const draftId = mine.json.batch.drafts[0].id;
    const statuses = async (path: string, method: 'GET' | 'POST', body?: unknown) => {
      const out: Record<string, number> = {};
      for (const [name, client] of Object.entries({ owner, superuser, recruiter, otherRecruiter, viewer }))
        out[name] = (method === 'GET' ? await client.get(path) : await client.post(path, body)).status;
      return out;
    };
    expect(await statuses(`/api/resumes/bulk/${id}/`, 'GET')).toEqual({
      owner: 200,
      superuser: 404,
      recruiter: 200,
      otherRecruiter: 404,
      viewer: 403,
    });
    // Others cannot confirm or discard it (the uploader's own answers come last: 409 while unread).
    const confirm = await statuses(`/api/resumes/bulk/${id}/confirm/`, 'POST', { ids: [draftId] });
    expect(confirm).toMatchObject({ superuser: 404, otherRecruiter: 404, viewer: 403 });
    expect((await recruiter.get(`/api/resumes/bulk/999999/`)).status).toBe(404);
    const discard = await statuses(`/api/resumes/bulk/${id}/discard/`, 'POST', {});
    expect(discard).toMatchObject({ superuser: 404, otherRecruiter: 404, viewer: 403 });
  });
});
