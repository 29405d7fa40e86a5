import { RESUME_MAX_BYTES } from '@recruitdesk/contracts/candidates';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { candidatesTable } from './candidates.table';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { buildDocx, buildPdf, PNG_BYTES } from '../../test/documents';
import { insertCandidate } from '../../factories/candidates.factory';
import { insertUser } from '../../factories/users.factory';
import type { HttpClient } from '../../test/http-client';
import { signedInClient } from '../../test/sign-in';

const PDF_TYPE = 'application/pdf';
const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

let t: TestApp;
let owner: HttpClient;
let recruiter: HttpClient;
let viewer: HttpClient;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await signedInClient(t, await insertUser(t.db, { userType: ['owner'] }));
  recruiter = await signedInClient(t, await insertUser(t.db, { userType: ['recruiter'] }));
  viewer = await signedInClient(t, await insertUser(t.db, { userType: ['viewer'] }));
});
afterAll(async () => {
  await t?.close();
});

/** A word nothing else in the database contains. */
const uniqueWord = (stem: string) => `${stem}${Math.random().toString(36).slice(2, 8).replace(/\d/g, 'q')}`;

async function upload(as: HttpClient, candidateId: number, body: Buffer, filename: string, contentType: string) {
  const target = await as.post(`/api/candidates/${candidateId}/resume/upload-url/`, {
    filename,
    content_type: contentType,
    size: body.length,
  });
  expect(target.status, target.text).toBe(200);
  const { url, headers, key } = target.json.upload as { url: string; headers: Record<string, string>; key: string };
  expect(key).toMatch(new RegExp(`^resumes/${candidateId}/\\d+-[A-Za-z0-9_-]+\\.(pdf|docx)$`));
  if (!as.cookies.has('csrftoken')) await as.get('/api/auth/csrf-token/');
  const put = await fetch(new URL(url, t.baseUrl), {
    method: 'PUT',
    headers: { ...headers, cookie: as.cookieHeader(), 'x-csrftoken': as.cookies.get('csrftoken') ?? '' },
    body,
  });
  expect(put.status).toBe(200);
  return key;
}

const searchIds = async (search: string) =>
  ((await viewer.get(`/api/candidates/?search=${encodeURIComponent(search)}`)).json.results as { id: number }[]).map(
    (row) => row.id,
  );

const summaries = async (objectId: number) =>
  (
    (await owner.get(`/api/activity/?model_type=candidate&object_id=${objectId}&limit=50`)).json.results as {
      summary: string;
    }[]
  ).map((row) => row.summary);

describe('resumes', () => {
  it('uploads a PDF whose words become searchable, replaces it with a DOCX, renames, downloads and removes it', async () => {
    const candidate = await insertCandidate(t.db, { firstName: 'Ada', lastName: 'Lovelace' });
    const pdfWord = uniqueWord('zanzibarium');
    const pdf = await buildPdf([
      [`Ada Lovelace, analyst`, `Built the ${pdfWord} engine in 1843.`],
      ['Second page: Difference Engine, Bernoulli numbers.'],
    ]);

    const key = await upload(recruiter, candidate.id, pdf, '../../My Resume.pdf', PDF_TYPE);
    const saved = await recruiter.patch(`/api/candidates/${candidate.id}/resume/`, {
      key,
      filename: '../../My Resume.pdf',
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.json.candidate.resume).toEqual({
      filename: 'My Resume.pdf',
      size: pdf.length,
      content_type: PDF_TYPE,
      uploaded_at: expect.any(String),
      has_text: true,
    });
    expect(await searchIds(pdfWord)).toEqual([candidate.id]);
    expect(await searchIds(pdfWord.slice(0, 9))).toContain(candidate.id);
    expect(await searchIds(`bernoulli ${pdfWord}`)).toEqual([candidate.id]);
    expect((await viewer.get(`/api/candidates/${candidate.id}/`)).json.candidate.resume.has_text).toBe(true);

    // A replacement: the old file and its words go, the new ones are searchable.
    const docxWord = uniqueWord('quibblefrost');
    const docx = await buildDocx(['Ada Lovelace', `Wrote the ${docxWord} notes.`]);
    const docxKey = await upload(recruiter, candidate.id, docx, 'cv.docx', DOCX_TYPE);
    const replaced = await recruiter.patch(`/api/candidates/${candidate.id}/resume/`, { key: docxKey });
    expect(replaced.status, replaced.text).toBe(200);
    expect(replaced.json.candidate.resume).toMatchObject({
      filename: 'Ada Lovelace resume.docx',
      content_type: DOCX_TYPE,
      has_text: true,
    });
    expect(await t.app.deps.storage.head(key)).toBeNull();
    expect(await searchIds(pdfWord)).toEqual([]);
    expect(await searchIds(docxWord)).toEqual([candidate.id]);

    // Editing the candidate keeps the resume and its words.
    const edited = await recruiter.request('PUT', `/api/candidates/${candidate.id}/`, {
      body: { first_name: 'Ada', last_name: 'King' },
    });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.json.candidate.resume).toMatchObject({ filename: 'Ada Lovelace resume.docx', has_text: true });
    expect(await searchIds(`king ${docxWord}`)).toEqual([candidate.id]);

    // Rename: sanitized, the extension kept.
    const renamed = await recruiter.patch(`/api/candidates/${candidate.id}/resume/`, {
      filename: 'C:\\fakepath\\Ada "final" <v2>',
    });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.json.candidate.resume.filename).toBe('Ada final v2.docx');

    // The download link is the caller's own and names the file.
    const link = await viewer.get(`/api/candidates/${candidate.id}/resume/download-url/`);
    expect(link.status, link.text).toBe(200);
    const file = await fetch(new URL(link.json.url, t.baseUrl), { headers: { cookie: viewer.cookieHeader() } });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toContain('attachment; filename="Ada final v2.docx"');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(file.headers.get('content-type')).toBe(DOCX_TYPE);
    expect(Buffer.from(await file.arrayBuffer()).equals(docx)).toBe(true);
    const stranger = await fetch(new URL(link.json.url, t.baseUrl), { headers: { cookie: recruiter.cookieHeader() } });
    expect(stranger.status).toBe(403);

    const removed = await recruiter.request('DELETE', `/api/candidates/${candidate.id}/resume/`);
    expect(removed.status, removed.text).toBe(200);
    expect(removed.json.candidate.resume).toBeNull();
    expect(await t.app.deps.storage.head(docxKey)).toBeNull();
    expect(await searchIds(docxWord)).toEqual([]);
    expect(await searchIds('king ada')).toContain(candidate.id);
    expect((await viewer.get(`/api/candidates/${candidate.id}/resume/download-url/`)).status).toBe(404);
    expect((await recruiter.request('DELETE', `/api/candidates/${candidate.id}/resume/`)).status).toBe(404);
    expect((await recruiter.patch(`/api/candidates/${candidate.id}/resume/`, { filename: 'x.pdf' })).status).toBe(404);

    expect(await summaries(candidate.id)).toEqual(
      expect.arrayContaining([
        'Uploaded the resume of candidate Ada Lovelace (My Resume.pdf)',
        'Replaced the resume of candidate Ada Lovelace (Ada Lovelace resume.docx)',
        'Renamed the resume of candidate Ada King to Ada final v2.docx',
        'Removed the resume of candidate Ada King (Ada final v2.docx)',
      ]),
    );
  });

  it('deletes the stored file with the candidate', async () => {
    const candidate = await insertCandidate(t.db);
    const key = await upload(recruiter, candidate.id, await buildPdf([['Leaving soon']]), 'cv.pdf', PDF_TYPE);
    expect((await recruiter.patch(`/api/candidates/${candidate.id}/resume/`, { key })).status).toBe(200);
    // The confirmed file lives under a new key (the upload link is used up).
    const [row] = await t.db
      .select({ resumeKey: candidatesTable.resumeKey })
      .from(candidatesTable)
      .where(eq(candidatesTable.id, candidate.id));
    const stored = row?.resumeKey ?? '';
    expect(stored).not.toBe(key);
    expect(await t.app.deps.storage.head(stored)).not.toBeNull();
    expect((await recruiter.request('DELETE', `/api/candidates/${candidate.id}/`)).status).toBe(200);
    expect(await t.app.deps.storage.head(stored)).toBeNull();
  });

  it('keeps a resume whose text cannot be read (has_text false) and never fails the upload for it', async () => {
    const candidate = await insertCandidate(t.db);
    const scanned = await buildPdf([[]]);
    const key = await upload(recruiter, candidate.id, scanned, 'scan.pdf', PDF_TYPE);
    const saved = await recruiter.patch(`/api/candidates/${candidate.id}/resume/`, { key, filename: 'scan.pdf' });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.json.candidate.resume).toMatchObject({ filename: 'scan.pdf', has_text: false });

    // Starts like a PDF, is not one: stored, no text.
    const broken = Buffer.from('%PDF-1.7\nthis is not really a PDF file\n%%EOF\n');
    const brokenKey = await upload(recruiter, candidate.id, broken, 'broken.pdf', PDF_TYPE);
    const kept = await recruiter.patch(`/api/candidates/${candidate.id}/resume/`, {
      key: brokenKey,
      filename: 'broken.pdf',
    });
    expect(kept.status, kept.text).toBe(200);
    expect(kept.json.candidate.resume).toMatchObject({ filename: 'broken.pdf', size: broken.length, has_text: false });
    expect(await t.app.deps.storage.head(key)).toBeNull();
  });

  it('refuses a PNG named .pdf (415), a ZIP that is not a Word file (415) and files over 10 MB (413, 400 up front), deleting refused files', async () => {
    const candidate = await insertCandidate(t.db);
    const fake = await upload(recruiter, candidate.id, PNG_BYTES, 'photo.pdf', PDF_TYPE);
    const refused = await recruiter.patch(`/api/candidates/${candidate.id}/resume/`, {
      key: fake,
      filename: 'photo.pdf',
    });
    expect(refused.status).toBe(415);
    expect(refused.json).toMatchObject({ success: false, error: 'Use a PDF or DOCX file.' });
    expect(await t.app.deps.storage.head(fake)).toBeNull();

    const zip = await upload(
      recruiter,
      candidate.id,
      Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from('xl/workbook.xml')]),
      'sheet.docx',
      DOCX_TYPE,
    );
    expect((await recruiter.patch(`/api/candidates/${candidate.id}/resume/`, { key: zip })).status).toBe(415);

    const declared = await recruiter.post(`/api/candidates/${candidate.id}/resume/upload-url/`, {
      filename: 'big.pdf',
      content_type: PDF_TYPE,
      size: RESUME_MAX_BYTES + 1,
    });
    expect(declared.status).toBe(400);
    expect(declared.json.fields.size).toEqual(['The resume must be 10 MB or smaller.']);
    const wrongType = await recruiter.post(`/api/candidates/${candidate.id}/resume/upload-url/`, {
      filename: 'a.png',
      content_type: 'image/png',
      size: 10,
    });
    expect(wrongType.status).toBe(400);

    // Over 10 MB written straight into storage under a valid key (the upload link itself caps the size).
    const big = await recruiter.post(`/api/candidates/${candidate.id}/resume/upload-url/`, {
      filename: 'big.pdf',
      content_type: PDF_TYPE,
      size: 1000,
    });
    const bigKey = big.json.upload.key as string;
    await t.app.deps.storage.write(
      bigKey,
      Buffer.concat([Buffer.from('%PDF-'), Buffer.alloc(RESUME_MAX_BYTES)]),
      PDF_TYPE,
    );
    const tooLarge = await recruiter.patch(`/api/candidates/${candidate.id}/resume/`, {
      key: bigKey,
      filename: 'big.pdf',
    });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.json.error).toBe('The resume must be 10 MB or smaller.');
    expect(await t.app.deps.storage.head(bigKey)).toBeNull();

    const missing = await recruiter.post(`/api/candidates/${candidate.id}/resume/upload-url/`, {
      filename: 'gone.pdf',
      content_type: PDF_TYPE,
      size: 1000,
    });
    expect(
      (await recruiter.patch(`/api/candidates/${candidate.id}/resume/`, { key: missing.json.upload.key })).status,
    ).toBe(404);
    expect((await viewer.get(`/api/candidates/${candidate.id}/`)).json.candidate.resume).toBeNull();
  });

  it("refuses someone else's upload, another candidate's key and made-up keys (403)", async () => {
    const candidate = await insertCandidate(t.db);
    const other = await insertCandidate(t.db);
    const pdf = await buildPdf([['Grace Hopper']]);
    const key = await upload(recruiter, candidate.id, pdf, 'resume.pdf', PDF_TYPE);
    expect((await owner.patch(`/api/candidates/${candidate.id}/resume/`, { key, filename: 'x.pdf' })).status).toBe(403);
    expect((await recruiter.patch(`/api/candidates/${other.id}/resume/`, { key, filename: 'x.pdf' })).status).toBe(403);
    expect(
      (await recruiter.patch(`/api/candidates/${candidate.id}/resume/`, { key: `resumes/${candidate.id}/nope.pdf` }))
        .status,
    ).toBe(403);
    expect((await recruiter.patch(`/api/candidates/${candidate.id}/resume/`, { key: '../../etc/passwd' })).status).toBe(
      403,
    );
    expect(await t.app.deps.storage.head(key)).not.toBeNull();
    // Still the uploader's to use.
    expect(
      (await recruiter.patch(`/api/candidates/${candidate.id}/resume/`, { key, filename: 'resume.pdf' })).status,
    ).toBe(200);
  });

  it('lets viewers download but not change resumes, and validates input', async () => {
    const candidate = await insertCandidate(t.db);
    const key = await upload(recruiter, candidate.id, await buildPdf([['Viewer check']]), 'resume.pdf', PDF_TYPE);
    expect((await recruiter.patch(`/api/candidates/${candidate.id}/resume/`, { key })).status).toBe(200);

    expect(
      (
        await viewer.post(`/api/candidates/${candidate.id}/resume/upload-url/`, {
          filename: 'a.pdf',
          content_type: PDF_TYPE,
          size: 10,
        })
      ).status,
    ).toBe(403);
    expect((await viewer.patch(`/api/candidates/${candidate.id}/resume/`, { filename: 'a.pdf' })).status).toBe(403);
    expect((await viewer.request('DELETE', `/api/candidates/${candidate.id}/resume/`)).status).toBe(403);
    expect((await viewer.get(`/api/candidates/${candidate.id}/resume/download-url/`)).status).toBe(200);

    expect((await recruiter.patch(`/api/candidates/${candidate.id}/resume/`, {})).status).toBe(400);
    expect((await recruiter.patch(`/api/candidates/${candidate.id}/resume/`, { filename: '   ' })).status).toBe(400);
    expect(
      (
        await recruiter.post('/api/candidates/999999/resume/upload-url/', {
          filename: 'a.pdf',
          content_type: PDF_TYPE,
          size: 10,
        })
      ).status,
    ).toBe(404);
    expect((await viewer.get('/api/candidates/999999/resume/download-url/')).status).toBe(404);
  });
});
