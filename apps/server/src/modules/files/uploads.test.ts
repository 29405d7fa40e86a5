import { FILE_MESSAGES } from '@recruitdesk/contracts/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { buildPdf, PNG_BYTES } from '../../test/documents';
import { insertCandidate } from '../../factories/candidates.factory';
import { insertRole } from '../../factories/roles.factory';
import { insertUser } from '../../factories/users.factory';
import type { HttpClient } from '../../test/http-client';
import { startS3 } from '../../test/s3';
import { signedInClient } from '../../test/sign-in';
import { MAX_OPEN_UPLOADS, sweepUploads, UPLOAD_RETENTION_MS } from './files.service';

const PDF_TYPE = 'application/pdf';
const MINUTE = 60_000;

interface Target {
  url: string;
  headers: Record<string, string>;
  key: string;
}

/** Security §16 on both storage backends, through real HTTP (S3: a real S3-compatible server). */
for (const backend of ['local', 's3'] as const) {
  describe(`uploads (${backend})`, { timeout: 120_000 }, () => {
    let t: TestApp;
    let s3: Awaited<ReturnType<typeof startS3>> | undefined;
    let recruiter: HttpClient;
    let viewer: HttpClient;

    beforeAll(async () => {
      if (backend === 's3') s3 = await startS3();
      t = await buildTestApp(s3 ? { env: s3.env } : {});
      recruiter = await signedInClient(t, await insertUser(t.db, { userType: ['recruiter'] }));
      viewer = await signedInClient(t, await insertUser(t.db, { userType: ['viewer'] }));
    }, 120_000);
    afterAll(async () => {
      t.clock.offsetMs = 0;
      await t?.close();
      await s3?.close();
    });

    async function resumeTarget(as: HttpClient, candidateId: number, size: number) {
      return as.post(`/api/candidates/${candidateId}/resume/upload-url/`, {
        filename: 'cv.pdf',
        content_type: PDF_TYPE,
        size,
      });
    }

    /** PUT like the browser: same-origin links get the session cookie and CSRF header. */
    async function put(as: HttpClient, target: Target, body: Buffer) {
      const url = new URL(target.url, t.baseUrl);
      if (!as.cookies.has('csrftoken')) await as.get('/api/auth/csrf-token/');
      const sameOrigin = url.origin === t.baseUrl;
      const response = await fetch(url, {
        method: 'PUT',
        headers: {
          ...target.headers,
          ...(sameOrigin ? { cookie: as.cookieHeader(), 'x-csrftoken': as.cookies.get('csrftoken') ?? '' } : {}),
        },
        body,
      });
      return { status: response.status, text: await response.text() };
    }

    async function download(as: HttpClient, path: string) {
      const link = await as.get(path);
      expect(link.status, link.text).toBe(200);
      const url = new URL(link.json.url as string, t.baseUrl);
      const response = await fetch(url, { headers: { cookie: as.cookieHeader() } });
      return {
        url,
        status: response.status,
        headers: response.headers,
        body: Buffer.from(await response.arrayBuffer()),
      };
    }

    it('an upload link works once: after the file is confirmed, the same link cannot overwrite it', async () => {
      const candidate = await insertCandidate(t.db);
      const original = await buildPdf([['The original resume']]);
      // Same length (S3 signs the length), different bytes, still a PDF.
      const swapped = Buffer.concat([Buffer.from('%PDF-'), Buffer.alloc(original.length - 5, 0x41)]);
      const target = (await resumeTarget(recruiter, candidate.id, original.length)).json.upload as Target;
      expect((await put(recruiter, target, original)).status).toBe(200);
      const confirmed = await recruiter.patch(`/api/candidates/${candidate.id}/resume/`, {
        key: target.key,
        filename: 'cv.pdf',
      });
      expect(confirmed.status, confirmed.text).toBe(200);

      const again = await put(recruiter, target, swapped);
      if (backend === 'local') {
        expect(again.status).toBe(410);
        expect(JSON.parse(again.text)).toMatchObject({ success: false, error: FILE_MESSAGES.uploadUsed });
        // Nothing was written, and the used key holds nothing to confirm.
        expect(await t.app.deps.storage.head(target.key)).toBeNull();
        expect((await recruiter.patch(`/api/candidates/${candidate.id}/resume/`, { key: target.key })).status).toBe(
          404,
        );
      } else {
        // A presigned S3 URL cannot be revoked: what it writes lands on the used key, which nothing reads,
        // and confirming it again is refused.
        expect(again.status).toBe(200);
        const reconfirm = await recruiter.patch(`/api/candidates/${candidate.id}/resume/`, { key: target.key });
        expect(reconfirm.status).toBe(410);
        expect(reconfirm.json.error).toBe(FILE_MESSAGES.uploadUsed);
        expect(await t.app.deps.storage.head(target.key)).not.toBeNull();
      }
      const file = await download(viewer, `/api/candidates/${candidate.id}/resume/download-url/`);
      expect(file.status).toBe(200);
      expect(file.body.equals(original)).toBe(true);

      // The sweep removes whatever the used link wrote; the confirmed resume stays.
      t.clock.offsetMs = UPLOAD_RETENTION_MS + MINUTE;
      try {
        await sweepUploads(t.app.deps);
      } finally {
        t.clock.offsetMs = 0;
      }
      expect(await t.app.deps.storage.head(target.key)).toBeNull();
      expect(
        (await download(viewer, `/api/candidates/${candidate.id}/resume/download-url/`)).body.equals(original),
      ).toBe(true);
    });

    it('resume and job-description downloads are no-store attachments with nosniff, served by the app', async () => {
      const candidate = await insertCandidate(t.db);
      const pdf = await buildPdf([['Download headers']]);
      const target = (await resumeTarget(recruiter, candidate.id, pdf.length)).json.upload as Target;
      expect((await put(recruiter, target, pdf)).status).toBe(200);
      expect(
        (await recruiter.patch(`/api/candidates/${candidate.id}/resume/`, { key: target.key, filename: 'cv.pdf' }))
          .status,
      ).toBe(200);

      const role = await insertRole(t.db);
      const text = Buffer.from('A plain text job description.');
      const jd = await recruiter.post(`/api/roles/${role.id}/job-description/upload-url/`, {
        filename: 'jd.txt',
        content_type: 'text/plain',
        size: text.length,
      });
      expect(jd.status, jd.text).toBe(200);
      expect((await put(recruiter, jd.json.upload as Target, text)).status).toBe(200);
      expect(
        (
          await recruiter.post(`/api/roles/${role.id}/job-description/confirm/`, {
            key: jd.json.upload.key,
            filename: 'jd.txt',
          })
        ).status,
      ).toBe(200);

      for (const [path, bytes, name] of [
        [`/api/candidates/${candidate.id}/resume/download-url/`, pdf, 'cv.pdf'],
        [`/api/roles/${role.id}/job-description/download-url/`, text, 'jd.txt'],
      ] as const) {
        const file = await download(viewer, path);
        expect(file.url.origin).toBe(t.baseUrl);
        expect(file.status).toBe(200);
        expect(file.body.equals(bytes)).toBe(true);
        expect(file.headers.get('cache-control')).toBe('no-store');
        expect(file.headers.get('x-content-type-options')).toBe('nosniff');
        expect(file.headers.get('content-disposition')).toMatch(
          new RegExp(`^attachment; filename="${name.replace('.', '\\.')}"`),
        );
        expect(file.headers.get('content-security-policy')).toBe("sandbox; default-src 'none'");
        // The link is the requester's own: another signed-in user is refused, nobody else gets in.
        expect((await fetch(file.url, { headers: { cookie: recruiter.cookieHeader() } })).status).toBe(403);
        expect((await fetch(file.url)).status).toBe(401);
      }
    });

    it(`a user holds at most ${MAX_OPEN_UPLOADS} unconfirmed uploads; confirming or an empty expired link frees a slot`, async () => {
      const user = await insertUser(t.db, { userType: ['recruiter'] });
      const client = await signedInClient(t, user);
      await client.get('/api/auth/csrf-token/');
      const candidate = await insertCandidate(t.db);
      const pdf = await buildPdf([['One of many']]);
      // Resumes and pictures count together; parallel requests cannot pass the limit together.
      const answers = await Promise.all(
        Array.from({ length: MAX_OPEN_UPLOADS + 10 }, (_, index) =>
          index % 2
            ? resumeTarget(client, candidate.id, pdf.length)
            : client.post('/api/profile/picture/upload-url/', { content_type: 'image/png', size: PNG_BYTES.length }),
        ),
      );
      expect(answers.filter((answer) => answer.status === 200)).toHaveLength(MAX_OPEN_UPLOADS);
      const refused = answers.filter((answer) => answer.status !== 200);
      expect(refused).toHaveLength(10);
      for (const answer of refused) {
        expect(answer.status).toBe(429);
        expect(answer.json).toMatchObject({ success: false, error: FILE_MESSAGES.tooManyUploads });
      }
      const retry = await resumeTarget(client, candidate.id, pdf.length);
      expect(retry.status).toBe(429);
      expect(Number(retry.headers.get('retry-after'))).toBeGreaterThan(0);
      // Another user is not affected.
      expect((await resumeTarget(recruiter, candidate.id, pdf.length)).status).toBe(200);

      // Confirming one frees exactly one slot.
      const resumeTargets = answers
        .map((answer) => answer.json.upload as Target | undefined)
        .filter((target): target is Target => Boolean(target?.key.startsWith('resumes/')));
      const first = resumeTargets[0]!;
      expect((await put(client, first, pdf)).status).toBe(200);
      expect((await client.patch(`/api/candidates/${candidate.id}/resume/`, { key: first.key })).status).toBe(200);
      expect((await resumeTarget(client, candidate.id, pdf.length)).status).toBe(200);
      expect((await resumeTarget(client, candidate.id, pdf.length)).status).toBe(429);

      // A file uploaded but not confirmed keeps counting after its link expired; empty expired links do not.
      const second = resumeTargets[1]!;
      expect((await put(client, second, pdf)).status).toBe(200);
      t.clock.offsetMs = 20 * MINUTE;
      try {
        const fresh = await Promise.all(
          Array.from({ length: MAX_OPEN_UPLOADS }, () => resumeTarget(client, candidate.id, pdf.length)),
        );
        expect(fresh.filter((answer) => answer.status === 200)).toHaveLength(MAX_OPEN_UPLOADS - 1);
      } finally {
        t.clock.offsetMs = 0;
      }
      expect(await t.app.deps.storage.head(second.key)).not.toBeNull();
    });

    it('unconfirmed uploads older than 24 h are removed by the sweep; younger ones stay', async () => {
      const user = await insertUser(t.db, { userType: ['recruiter'] });
      const candidate = await insertCandidate(t.db);
      const pdf = await buildPdf([['Forgotten upload']]);
      const client = await signedInClient(t, user);
      const old = (await resumeTarget(client, candidate.id, pdf.length)).json.upload as Target;
      expect((await put(client, old, pdf)).status).toBe(200);
      try {
        // A link made 23 h later (sessions idle out meanwhile: a new sign-in; the file is written straight
        // into storage because the moved clock would sign an S3 URL from the future).
        t.clock.offsetMs = UPLOAD_RETENTION_MS - 60 * MINUTE;
        const later = await signedInClient(t, user);
        const young = (await resumeTarget(later, candidate.id, pdf.length)).json.upload as Target;
        await t.app.deps.storage.write(young.key, pdf, PDF_TYPE);

        t.clock.offsetMs = UPLOAD_RETENTION_MS + MINUTE;
        expect(await sweepUploads(t.app.deps)).toBeGreaterThanOrEqual(1);
        expect(await t.app.deps.storage.head(old.key)).toBeNull();
        expect(await t.app.deps.storage.head(young.key)).not.toBeNull();
        const now = await signedInClient(t, user);
        expect((await now.patch(`/api/candidates/${candidate.id}/resume/`, { key: old.key })).status).toBe(404);
        const kept = await now.patch(`/api/candidates/${candidate.id}/resume/`, { key: young.key });
        expect(kept.status, kept.text).toBe(200);
      } finally {
        t.clock.offsetMs = 0;
      }
    });
  });
}
