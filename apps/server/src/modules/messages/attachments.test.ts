import { eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCandidate } from '../../factories/candidates.factory';
import { insertUser } from '../../factories/users.factory';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import type { HttpClient } from '../../test/http-client';
import { startFakeRelay, type FakeRelay } from '../../test/mail';
import { signedInClient } from '../../test/sign-in';
import { sweepMessageUploads, UPLOAD_KEEP_MS } from './message-files';
import { messageUploadsTable } from './message-uploads.table';

// Attachments: an upload from the computer (a 20 MB one here) and a candidate's resume in one click, through
// the real relay and back out through the message's attachment link.

let t: TestApp;
let relay: FakeRelay;
let recruiter: HttpClient;
beforeAll(async () => {
  relay = await startFakeRelay();
  t = await buildTestApp({ env: { SMTP_URL: relay.url } });
  recruiter = await signedInClient(t, await insertUser(t.db, { userType: ['recruiter'] }));
});
afterAll(async () => {
  await t?.close();
  await relay?.close();
});

async function upload(client: HttpClient, name: string, content: Uint8Array) {
  if (!client.cookies.has('csrftoken')) await client.get('/api/auth/csrf-token/');
  const form = new FormData();
  form.append('file', new Blob([content]), name);
  const response = await fetch(`${t.baseUrl}/api/messages/attachments/`, {
    method: 'POST',
    body: form,
    headers: {
      accept: 'application/json',
      cookie: client.cookieHeader(),
      'x-csrftoken': client.cookies.get('csrftoken') ?? '',
    },
  });
  const text = await response.text();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary response shapes
  return { status: response.status, json: (text ? JSON.parse(text) : undefined) as any };
}

/** A "PDF" of `size` bytes: the signature, then filler that changes along the file. */
function pdfOf(size: number): Buffer {
  const bytes = Buffer.alloc(size);
  for (let index = 0; index < size; index += 1) bytes[index] = (index * 31 + (index >> 12)) & 0xff;
  bytes.write('%PDF-1.4\n', 0, 'latin1');
  return bytes;
}

describe('message attachments', () => {
  it('sends a 20 MB upload and a candidate resume, byte for byte', async () => {
    const big = pdfOf(20 * 1024 * 1024);
    const uploaded = await upload(recruiter, 'Job spec.pdf', big);
    expect(uploaded.status).toBe(201);
    expect(uploaded.json.upload).toMatchObject({ filename: 'Job spec.pdf', size: big.length });

    const resume = pdfOf(40_000);
    await t.app.deps.storage.write('resumes/attach-test.pdf', resume, 'application/pdf');
    const candidate = await insertCandidate(t.db, {
      email: 'with-resume@example.test',
      resumeKey: 'resumes/attach-test.pdf',
      resumeFilename: 'Cara Lee resume.pdf',
      resumeSize: resume.length,
      resumeContentType: 'application/pdf',
    });
    const created = await recruiter.post('/api/messages/', {
      to: [{ name: 'Hiring manager', address: 'hm@client.test' }],
      subject: 'Spec and resume',
      body_html: '<p>Attached.</p>',
      attachments: [
        { kind: 'upload', id: uploaded.json.upload.id },
        { kind: 'candidate_resume', id: candidate.id },
      ],
    });
    expect(created.status).toBe(201);
    const attachments = created.json.message.attachments;
    expect(attachments.map((item: { filename: string; size: number }) => [item.filename, item.size])).toEqual([
      ['Job spec.pdf', big.length],
      ['Cara Lee resume.pdf', resume.length],
    ]);

    await t.app.deps.jobs.drain();
    const mail = relay.received.find((item) => item.raw.includes('Subject: Spec and resume'));
    const parsed = await simpleParser(mail!.raw);
    expect(parsed.attachments.map((item) => [item.filename, item.size])).toEqual([
      ['Job spec.pdf', big.length],
      ['Cara Lee resume.pdf', resume.length],
    ]);
    expect(parsed.attachments[0]!.content.equals(big)).toBe(true);

    const download = await fetch(`${t.baseUrl}${attachments[1].url}`, {
      headers: { cookie: recruiter.cookieHeader() },
    });
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(resume)).toBe(true);

    // An upload goes with one message only.
    const reused = await recruiter.post('/api/messages/', {
      to: [{ name: 'HM', address: 'hm@client.test' }],
      subject: 'Again',
      body_html: '<p>x</p>',
      attachments: [{ kind: 'upload', id: uploaded.json.upload.id }],
    });
    expect(reused.status).toBe(400);
  });

  it('refuses executables, disguised files, oversized files, and viewers', async () => {
    expect((await upload(recruiter, 'run.exe', Buffer.from('MZ....'))).status).toBe(415);
    expect((await upload(recruiter, 'fake.pdf', Buffer.from('not a pdf at all'))).status).toBe(415);
    expect((await upload(recruiter, 'big.pdf', pdfOf(25 * 1024 * 1024 + 1))).status).toBe(413);
    const viewer = await signedInClient(t, await insertUser(t.db, { userType: ['viewer'] }));
    expect((await upload(viewer, 'note.txt', Buffer.from('hello'))).status).toBe(403);
    // Someone else's upload cannot be attached.
    const mine = await upload(recruiter, 'note.txt', Buffer.from('hello'));
    const other = await signedInClient(t, await insertUser(t.db, { userType: ['recruiter'] }));
    const stolen = await other.post('/api/messages/', {
      to: [{ name: 'X', address: 'x@example.test' }],
      subject: 'Stolen',
      body_html: '<p>x</p>',
      attachments: [{ kind: 'upload', id: mine.json.upload.id }],
    });
    expect(stolen.status).toBe(400);
  });

  it('forgets uploads never sent after a day, with their files', async () => {
    const kept = await upload(recruiter, 'kept.txt', Buffer.from('kept'));
    const [row] = await t.db.select().from(messageUploadsTable).where(eq(messageUploadsTable.id, kept.json.upload.id));
    t.clock.offsetMs += UPLOAD_KEEP_MS + 60_000;
    try {
      expect((await sweepMessageUploads(t.app.deps)).removed).toBeGreaterThanOrEqual(1);
    } finally {
      t.clock.offsetMs = 0;
    }
    expect(await t.app.deps.storage.head(row!.storageKey)).toBeNull();
    const late = await recruiter.post('/api/messages/', {
      to: [{ name: 'X', address: 'x@example.test' }],
      subject: 'Late',
      body_html: '<p>x</p>',
      attachments: [{ kind: 'upload', id: kept.json.upload.id }],
    });
    expect(late.status).toBe(400);
  });
});
