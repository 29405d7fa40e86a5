import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../../factories/users.factory';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { buildDocx, buildPdf, PNG_BYTES } from '../../test/documents';
import { HttpClient } from '../../test/http-client';
import { signedInClient } from '../../test/sign-in';
import { stopResumeWorkers } from './resumes.service';

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
  stopResumeWorkers();
  await t?.close();
});

/** POST /api/resumes/parse/ with one file, as the browser sends it. */
async function upload(client: HttpClient, bytes: Buffer, name: string, type: string, field = 'file') {
  if (!client.cookies.has('csrftoken')) await client.get('/api/auth/csrf-token/');
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(bytes)], { type }), name);
  const response = await fetch(`${t.baseUrl}/api/resumes/parse/`, {
    method: 'POST',
    body: form,
    headers: {
      accept: 'application/json',
      cookie: client.cookieHeader(),
      'x-csrftoken': client.cookies.get('csrftoken') ?? '',
    },
  });
  const text = await response.text();
  return { status: response.status, json: text ? JSON.parse(text) : undefined };
}

const RESUME = [
  'Ludwig van der Berg',
  'Senior Data Engineer',
  'Berlin, Germany | +49 1512 3456789 | ludwig.vdberg@example.org',
  'linkedin.com/in/ludwig-vdberg | github.com/lvdberg | lvdberg.dev',
  '',
  'EXPERIENCE',
  'Senior Data Engineer, Nordlicht Analytics GmbH    Jan 2020 – Present',
  '• Built Airflow pipelines into Postgres and BigQuery; deployed on k8s.',
  'Data Analyst at Hansa Retail AG    03/2016 - 12/2019',
  '• Reporting in SQL and Tableau. Not interested in PHP or WordPress.',
  '',
  'EDUCATION',
  'Technische Universität München',
  'M.Sc. Informatik, 2015',
  '',
  'SKILLS',
  'Python, JS, Golang, Docker, R',
];

describe('POST /api/resumes/parse/', () => {
  it('reads every field of a PDF resume, each with the text it came from', async () => {
    const response = await upload(recruiter, await buildPdf([RESUME]), 'ludwig.pdf', 'application/pdf');
    expect(response.status, JSON.stringify(response.json)).toBe(200);
    const resume = response.json.resume;
    expect(resume.first_name.value).toBe('Ludwig');
    expect(resume.last_name.value).toBe('van der Berg');
    expect(resume.email.value).toBe('ludwig.vdberg@example.org');
    expect(resume.phone.value).toBe('+4915123456789');
    expect(resume.location.value).toBe('Berlin, Germany');
    expect(resume.linkedin_url.value).toBe('https://linkedin.com/in/ludwig-vdberg');
    expect(resume.github_url.value).toBe('https://github.com/lvdberg');
    expect(resume.portfolio_url.value).toBe('https://lvdberg.dev');
    expect(resume.current_title.value).toBe('Senior Data Engineer');
    expect(resume.current_company.value).toBe('Nordlicht Analytics GmbH');
    // Mar 2016 – Dec 2019 and Jan 2020 – now: no gap, so from March 2016 to this month.
    const now = new Date();
    const months = now.getUTCFullYear() * 12 + now.getUTCMonth() + 1 - (2016 * 12 + 2);
    expect(resume.years_experience.value).toBeCloseTo(Math.round((months / 12) * 10) / 10, 1);
    const skills = resume.skills.map((skill: { value: string }) => skill.value);
    expect(skills).toEqual(
      expect.arrayContaining([
        'Python',
        'JavaScript',
        'Go',
        'Docker',
        'R',
        'Apache Airflow',
        'PostgreSQL',
        'BigQuery',
        'Kubernetes',
        'SQL',
        'Tableau',
      ]),
    );
    // Only named in "Not interested in …"; never a substring ("Java" is not in "JavaScript").
    expect(skills).not.toContain('PHP');
    expect(skills).not.toContain('WordPress');
    expect(skills).not.toContain('Java');
    expect(resume.education[0]).toMatchObject({
      institution: 'Technische Universität München',
      degree: 'M.Sc. Informatik',
      year: 2015,
    });
    // Every source is the span of the extracted text it names.
    for (const key of ['first_name', 'last_name', 'email', 'phone', 'current_title', 'current_company']) {
      const source = resume[key].source;
      expect(resume.text.slice(source.start, source.end), key).toBe(source.text);
      expect(resume[key].confidence).toBeGreaterThan(0);
    }
    expect(resume.warnings).toEqual([]);
  });

  it('reads DOCX and plain text the same way', async () => {
    const docx = await upload(owner, await buildDocx(RESUME), 'cv.docx', 'application/octet-stream');
    expect(docx.status).toBe(200);
    expect(docx.json.resume.email.value).toBe('ludwig.vdberg@example.org');
    expect(docx.json.resume.current_company.value).toBe('Nordlicht Analytics GmbH');
    const txt = await upload(owner, Buffer.from(RESUME.join('\n')), 'cv.txt', 'text/plain');
    expect(txt.status).toBe(200);
    expect(txt.json.resume.last_name.value).toBe('van der Berg');
    expect(txt.json.resume.phone.value).toBe('+4915123456789');
  });

  it('gives empty fields and a warning for a PDF without text (a scan)', async () => {
    const response = await upload(recruiter, await buildPdf([[]]), 'scan.pdf', 'application/pdf');
    expect(response.status).toBe(200);
    expect(response.json.resume).toMatchObject({ first_name: null, email: null, phone: null, skills: [], text: '' });
    expect(response.json.resume.warnings[0]).toMatch(/No text could be read/);
  });

  it('refuses a file that is not a PDF, DOCX or text by its content, whatever its name', async () => {
    const response = await upload(recruiter, PNG_BYTES, 'resume.pdf', 'application/pdf');
    expect(response.status).toBe(415);
    expect(response.json).toMatchObject({ success: false, code: 'UNSUPPORTED_MEDIA_TYPE' });
  });

  it('refuses a request without the file, and one over 10 MB', async () => {
    const missing = await upload(recruiter, Buffer.from('x'), 'a.txt', 'text/plain', 'other');
    expect(missing.status).toBe(400);
    expect(missing.json.code).toBe('FILE_REQUIRED');
    const big = await upload(recruiter, Buffer.alloc(10 * 1024 * 1024 + 10, 0x61), 'big.txt', 'text/plain');
    expect(big.status).toBe(413);
  });

  it('is for owners, superusers and recruiters: viewers get 403, strangers 401', async () => {
    const bytes = Buffer.from(RESUME.join('\n'));
    expect((await upload(viewer, bytes, 'cv.txt', 'text/plain')).status).toBe(403);
    expect((await upload(new HttpClient(t.baseUrl), bytes, 'cv.txt', 'text/plain')).status).toBe(401);
    const superuser = await signedInClient(t, await insertUser(t.db, { userType: ['superuser'] }));
    expect((await upload(superuser, bytes, 'cv.txt', 'text/plain')).status).toBe(200);
  });

  it("uses the agency's own aliases", async () => {
    const added = await owner.post('/api/skills/aliases/', { alias: 'Lakehouse', canonical: 'databricks' });
    expect(added.status, added.text).toBe(201);
    const response = await upload(recruiter, Buffer.from(`${RESUME.join('\n')}, Lakehouse`), 'cv.txt', 'text/plain');
    expect(response.json.resume.skills.map((skill: { value: string }) => skill.value)).toContain('Databricks');
  });
});
