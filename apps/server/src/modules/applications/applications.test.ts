import { APPLICATION_ERRORS, APPLICATION_RESUME_MAX_BYTES } from '@recruitdesk/contracts/applications';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { insertApplication } from '../../factories/applications.factory';
import { insertCandidate } from '../../factories/candidates.factory';
import { insertRole } from '../../factories/roles.factory';
import { insertUser } from '../../factories/users.factory';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { buildDocx, buildPdf, PNG_BYTES } from '../../test/documents';
import { HttpClient } from '../../test/http-client';
import { readOutbox } from '../../test/mail';
import { signedInClient } from '../../test/sign-in';
import { rolesTable } from '../roles/roles.table';
import { FORM_TOKEN_TTL_SECONDS, makeFormToken } from './careers-form-token';

let t: TestApp;
let owner: HttpClient;
let recruiter: HttpClient;
let viewer: HttpClient;
let recruiterId: number;
let pdf: Buffer;
let ipSequence = 0;

beforeAll(async () => {
  // Behind a trusted proxy, so each test applies from its own address (the per-IP limit stays per test).
  t = await buildTestApp({ env: { TRUST_PROXY: '1' } });
  owner = await signedInClient(t, await insertUser(t.db, { userType: ['owner'] }));
  const recruiterRow = await insertUser(t.db, { userType: ['recruiter'] });
  recruiterId = recruiterRow.id;
  recruiter = await signedInClient(t, recruiterRow);
  viewer = await signedInClient(t, await insertUser(t.db, { userType: ['viewer'] }));
  pdf = await buildPdf([['Jordan Rivera, data engineer', 'Spark, Airflow and dbt since 2019.']]);
});
afterAll(async () => {
  await t?.close();
});

const nextIp = () => `198.51.100.${++ipSequence}`;
const postedRole = (overrides: Parameters<typeof insertRole>[1] = {}) =>
  insertRole(t.db, {
    indeedPosting: true,
    descriptionText: 'Build data pipelines.\n\nWork with analysts.',
    ...overrides,
  });

interface ApplyOptions {
  fields?: Record<string, string>;
  file?: { bytes: Buffer; name: string; type?: string } | null;
  ip?: string;
  origin?: string;
  csrf?: boolean;
}

/** Sends the public form as a browser would: a pre-session CSRF token, then multipart with the header. */
async function apply(roleId: number, options: ApplyOptions = {}) {
  const visitor = new HttpClient(t.baseUrl);
  await visitor.get('/api/auth/csrf-token/');
  const form = new FormData();
  const fields = {
    role_id: String(roleId),
    first_name: 'Jordan',
    last_name: 'Rivera',
    email: `jordan.${Math.random().toString(36).slice(2, 8)}@example.test`,
    phone: '+1 (206) 555-0199',
    consent: 'on',
    website: '',
    ...options.fields,
  };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const file =
    options.file === undefined ? { bytes: pdf, name: 'Jordan Rivera.pdf', type: 'application/pdf' } : options.file;
  if (file)
    form.append(
      'resume',
      new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/octet-stream' }),
      file.name,
    );
  const headers: Record<string, string> = {
    accept: 'application/json',
    cookie: visitor.cookieHeader(),
    'x-forwarded-for': options.ip ?? nextIp(),
  };
  if (options.csrf !== false) headers['x-csrftoken'] = visitor.cookies.get('csrftoken') ?? '';
  if (options.origin) headers.origin = options.origin;
  const response = await fetch(`${t.baseUrl}/api/public/applications/`, { method: 'POST', body: form, headers });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    json: text ? JSON.parse(text) : undefined,
    email: fields.email,
  };
}

/** The outbox's mails with header folding and quoted-printable soft breaks undone. */
const mailTexts = async () =>
  (await readOutbox(t.dataDir)).map((mail) => mail.replace(/=\r?\n/g, '').replace(/\r?\n[ \t]+/g, ' '));

const inbox = async (as: HttpClient, roleId: number, status = 'all') =>
  (await as.get(`/api/roles/${roleId}/applications/?status=${status}`)).json;

describe('the public careers pages', () => {
  it('list posted open roles only and show one with its form and JobPosting JSON-LD, nothing private', async () => {
    const role = await postedRole({
      name: 'Data Engineer <Remote>',
      remoteType: 'remote',
      descriptionText: 'Move data.\n\n]]> </script><script>alert(1)</script>',
    });
    const unposted = await insertRole(t.db, { name: 'Secret Unposted Role' });
    const closed = await postedRole({ name: 'Closed Posted Role', state: 'closed' });
    const list = await fetch(`${t.baseUrl}/careers`);
    expect(list.status).toBe(200);
    expect(list.headers.get('cache-control')).toBe('public, max-age=60');
    const listHtml = await list.text();
    expect(listHtml).toContain(`href="/careers/${role.id}"`);
    expect(listHtml).toContain('Data Engineer &lt;Remote&gt;');
    expect(listHtml).not.toContain(unposted.name);
    expect(listHtml).not.toContain(closed.name);

    const page = await fetch(`${t.baseUrl}/careers/${role.id}`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('name="website"');
    expect(html).toContain('<script src="/careers/assets/apply.js" defer></script>');
    const jsonLd = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)?.[1];
    const posting = JSON.parse(jsonLd ?? '{}');
    expect(posting).toMatchObject({
      '@type': 'JobPosting',
      title: 'Data Engineer <Remote>',
      employmentType: 'FULL_TIME',
      jobLocationType: 'TELECOMMUTE',
      directApply: true,
      url: expect.stringContaining(`/careers/${role.id}`),
    });
    expect(posting.baseSalary).toMatchObject({ currency: 'USD', value: { minValue: 120000, maxValue: 150000 } });
    expect(posting.description).toContain('on behalf of a client');
    // The client's name, fees and notes never appear.
    const { name: client, id: clientId } = (await owner.get(`/api/roles/${role.id}/`)).json.role.client as {
      name: string;
      id: number;
    };
    expect(html).not.toContain(client);
    // Not even where the recruiters' description names the client; a role that allows it shows the name.
    const named = await postedRole({
      clientId,
      name: 'Named Client Role',
      descriptionText: `Join ${client.toUpperCase()} in Boston.`,
    });
    const namedHtml = await (await fetch(`${t.baseUrl}/careers/${named.id}`)).text();
    expect(namedHtml).toContain('Join our client in Boston.');
    expect(namedHtml.toLowerCase()).not.toContain(client.toLowerCase());
    await t.db.update(rolesTable).set({ showClientPublicly: true }).where(eq(rolesTable.id, named.id));
    expect(await (await fetch(`${t.baseUrl}/careers/${named.id}`)).text()).toContain(
      `Join ${client.toUpperCase()} in Boston.`,
    );

    for (const path of [`/careers/${unposted.id}`, `/careers/${closed.id}`, '/careers/abc', '/careers/99999999999']) {
      const missing = await fetch(`${t.baseUrl}${path}`);
      expect(missing.status, path).toBe(404);
      expect(await missing.text()).toContain('no longer open');
    }
    const script = await fetch(`${t.baseUrl}/careers/assets/apply.js`);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toContain('javascript');
  });
});

describe('applying', () => {
  it('stores the application with its resume, records it, confirms by email and shows in the inbox', async () => {
    const role = await postedRole();
    const sent = await apply(role.id, { fields: { email: 'Jordan.Rivera@Example.test' } });
    expect(sent.status, JSON.stringify(sent.json)).toBe(201);
    expect(sent.json.message).toContain('received');
    const mails = await mailTexts();
    const confirmation = mails.find((mail) => mail.includes('To: Jordan.Rivera@example.test'));
    expect(confirmation).toContain(`Subject: We received your application for ${role.name}`);

    const list = await inbox(viewer, role.id, 'new');
    expect(list.count).toBe(1);
    expect(list.results[0]).toMatchObject({
      name: 'Jordan Rivera',
      email: 'Jordan.Rivera@Example.test',
      status: 'new',
      source: 'careers_page',
      has_resume: true,
    });
    const detail = (await viewer.get(`/api/applications/${list.results[0].id}/`)).json.application;
    expect(detail.resume).toEqual({ filename: 'Jordan Rivera.pdf', size: pdf.length, content_type: 'application/pdf' });
    const link = await viewer.get(`/api/applications/${detail.id}/resume/download-url/`);
    expect(link.status).toBe(200);
    const file = await fetch(new URL(link.json.url, t.baseUrl), { headers: { cookie: viewer.cookieHeader() } });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toContain('attachment');
    expect(Buffer.from(await file.arrayBuffer()).equals(pdf)).toBe(true);

    const roleDetail = (await viewer.get(`/api/roles/${role.id}/`)).json.role;
    expect(roleDetail).toMatchObject({ applications_count: 1, new_applications_count: 1 });
    const activity = (await owner.get(`/api/activity/?model_type=application&object_id=${detail.id}`)).json.results as {
      summary: string;
    }[];
    expect(activity.map((row) => row.summary)).toContain(
      `Jordan Rivera applied for ${role.name} through the careers page`,
    );
  });

  it('accepts a DOCX and refuses files that are not a PDF or DOCX by their content (415), and over 10 MB (413)', async () => {
    const role = await postedRole();
    const docx = await buildDocx(['Jordan Rivera', 'Data engineer']);
    expect((await apply(role.id, { file: { bytes: docx, name: 'cv.docx' } })).status).toBe(201);
    const png = await apply(role.id, { file: { bytes: PNG_BYTES, name: 'photo.png', type: 'image/png' } });
    expect(png.status).toBe(415);
    expect(png.json.error).toBe(APPLICATION_ERRORS.type);
    const renamed = await apply(role.id, { file: { bytes: PNG_BYTES, name: 'fake.pdf', type: 'application/pdf' } });
    expect(renamed.status).toBe(415);
    const huge = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(APPLICATION_RESUME_MAX_BYTES)]);
    const big = await apply(role.id, { file: { bytes: huge, name: 'big.pdf' } });
    expect(big.status).toBe(413);
    expect(big.json.error).toBe(APPLICATION_ERRORS.tooLarge);
    expect((await inbox(owner, role.id)).count).toBe(1);
  });

  it('refuses bad input with field errors (400), a missing resume, missing consent, a closed or unposted role (404)', async () => {
    const role = await postedRole();
    const bad = await apply(role.id, { fields: { first_name: '', email: 'not-an-email', consent: '' } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json.fields).sort()).toEqual(['consent', 'email', 'first_name']);
    const noFile = await apply(role.id, { file: null });
    expect(noFile.status).toBe(400);
    expect(noFile.json.fields.resume).toEqual([APPLICATION_ERRORS.missingResume]);
    const unposted = await insertRole(t.db);
    expect((await apply(unposted.id)).status).toBe(404);
    const closed = await postedRole({ state: 'closed' });
    expect((await apply(closed.id)).status).toBe(404);
    const json = await new HttpClient(t.baseUrl).post('/api/public/applications/', { role_id: role.id });
    expect(json.status).toBe(415);
    expect((await inbox(owner, role.id)).count).toBe(0);
  });

  it('refuses a bot that fills the honeypot with a plain 400 and stores nothing', async () => {
    const role = await postedRole();
    const bot = await apply(role.id, { fields: { website: 'http://spam.example' } });
    expect(bot.status).toBe(400);
    expect(bot.json.error).toBe(APPLICATION_ERRORS.refused);
    expect(bot.json.fields).toBeUndefined();
    expect((await inbox(owner, role.id)).count).toBe(0);
  });

  it('needs the CSRF token and the own Origin', async () => {
    const role = await postedRole();
    expect((await apply(role.id, { csrf: false })).status).toBe(403);
    expect((await apply(role.id, { origin: 'https://evil.example' })).status).toBe(403);
    expect((await inbox(owner, role.id)).count).toBe(0);
  });

  it('limits applications per email (3 a day) and per IP (10 an hour) with 429 and Retry-After', async () => {
    const role = await postedRole();
    const email = `limit.${Date.now()}@example.test`;
    for (let i = 0; i < 3; i += 1) expect((await apply(role.id, { fields: { email } })).status).toBe(201);
    const fourth = await apply(role.id, { fields: { email } });
    expect(fourth.status).toBe(429);
    expect(Number(fourth.headers.get('retry-after'))).toBeGreaterThan(0);

    const ip = nextIp();
    for (let i = 0; i < 10; i += 1) expect((await apply(role.id, { ip, fields: { first_name: '' } })).status).toBe(400);
    const blocked = await apply(role.id, { ip });
    expect(blocked.status).toBe(429);
    expect(blocked.json.error).toBe(APPLICATION_ERRORS.tooMany);
  });
});

describe('the inbox', () => {
  it('permission matrix: signed-out 401, viewer reads but cannot decide (403), recruiter acts', async () => {
    const role = await postedRole();
    const application = await insertApplication(t.db, { roleId: role.id });
    const anonymous = new HttpClient(t.baseUrl);
    for (const path of [
      `/api/roles/${role.id}/applications/`,
      '/api/applications/',
      `/api/applications/${application.id}/`,
    ]) {
      expect((await anonymous.get(path)).status, path).toBe(401);
      expect((await viewer.get(path)).status, path).toBe(200);
    }
    expect((await anonymous.post(`/api/applications/${application.id}/convert/`, {})).status).toBe(401);
    expect((await viewer.post(`/api/applications/${application.id}/convert/`, {})).status).toBe(403);
    expect((await viewer.post(`/api/applications/${application.id}/reject/`, { reason: 'No' })).status).toBe(403);
    expect(
      (await recruiter.post(`/api/applications/${application.id}/reject/`, { reason: 'Not qualified' })).status,
    ).toBe(200);
  });

  it('bad input: unknown ids 404, bad ids and bodies 400', async () => {
    expect((await viewer.get('/api/applications/999999/')).status).toBe(404);
    expect((await viewer.get('/api/roles/999999/applications/')).status).toBe(404);
    expect((await viewer.get('/api/applications/abc/')).status).toBe(400);
    expect((await viewer.get('/api/applications/?status=maybe')).status).toBe(400);
    expect((await viewer.get('/api/applications/?page_size=1000')).status).toBe(400);
    const role = await postedRole();
    const application = await insertApplication(t.db, { roleId: role.id });
    const noReason = await recruiter.post(`/api/applications/${application.id}/reject/`, { reason: '  ' });
    expect(noReason.status).toBe(400);
    expect(noReason.json.fields.reason).toBeDefined();
    expect(
      (await recruiter.post(`/api/applications/${application.id}/convert/`, { merge_into_candidate_id: 'x' })).status,
    ).toBe(400);
    expect(
      (await recruiter.post(`/api/applications/${application.id}/convert/`, { merge_into_candidate_id: 999999 }))
        .status,
    ).toBe(400);
  });

  it('rejects with a reason and an optional email; a second decision is a 409', async () => {
    const role = await postedRole();
    const application = await insertApplication(t.db, { roleId: role.id, email: 'reject.me@example.test' });
    const rejected = await recruiter.post(`/api/applications/${application.id}/reject/`, {
      reason: 'Salary expectations',
      send_email: true,
    });
    expect(rejected.status, rejected.text).toBe(200);
    expect(rejected.json.application).toMatchObject({
      status: 'rejected',
      reject_reason: 'Salary expectations',
      reject_email_sent: true,
      decided_by: { id: recruiterId },
    });
    const mails = await mailTexts();
    expect(
      mails.some(
        (mail) => mail.includes('reject.me@example.test') && mail.includes(`Your application for ${role.name}`),
      ),
    ).toBe(true);
    expect((await recruiter.post(`/api/applications/${application.id}/reject/`, { reason: 'Again' })).status).toBe(409);
    expect((await recruiter.post(`/api/applications/${application.id}/convert/`, {})).status).toBe(409);
    expect((await inbox(viewer, role.id, 'rejected')).count).toBe(1);
    expect((await inbox(viewer, role.id, 'new')).count).toBe(0);
  });

  it('converts into a new candidate (source Careers page, resume copied) and a pipeline in the role, in one step', async () => {
    const role = await postedRole();
    const sent = await apply(role.id, {
      fields: { first_name: 'Morgan', last_name: 'Okafor', email: 'morgan.okafor@example.test' },
    });
    expect(sent.status).toBe(201);
    const [item] = (await inbox(recruiter, role.id, 'new')).results;
    const converted = await recruiter.post(`/api/applications/${item.id}/convert/`, {});
    expect(converted.status, converted.text).toBe(200);
    const { candidate_id: candidateId, pipeline_id: pipelineId } = converted.json;
    expect(converted.json.application).toMatchObject({
      status: 'converted',
      candidate_id: candidateId,
      pipeline_id: pipelineId,
    });
    const candidate = (await viewer.get(`/api/candidates/${candidateId}/`)).json.candidate;
    expect(candidate).toMatchObject({
      first_name: 'Morgan',
      last_name: 'Okafor',
      email: 'morgan.okafor@example.test',
      source: 'Careers page',
    });
    expect(candidate.resume).toMatchObject({ filename: 'Jordan Rivera.pdf', has_text: true });
    const pipeline = (await viewer.get(`/api/pipelines/${pipelineId}/`)).json.data.pipeline;
    expect(pipeline).toMatchObject({ role_id: role.id, stage: { name: 'sourced' }, candidate: { id: candidateId } });
    expect((await recruiter.post(`/api/applications/${item.id}/convert/`, {})).status).toBe(409);
    expect((await viewer.get(`/api/roles/${role.id}/`)).json.role).toMatchObject({
      applications_count: 1,
      new_applications_count: 0,
    });
  });

  it('warns about duplicates by email, phone and similar name, and merges into the chosen candidate', async () => {
    const role = await postedRole();
    const existing = await insertCandidate(t.db, {
      firstName: 'Priya',
      lastName: 'Ramanathan',
      email: 'priya.r@example.test',
      phone: '+1 415 555 0101',
      currentCompany: 'Acme',
    });
    const similar = await insertCandidate(t.db, {
      firstName: 'Priya',
      lastName: 'Ramanathen',
      email: 'other@example.test',
      phone: '',
    });
    const application = await insertApplication(t.db, {
      roleId: role.id,
      firstName: 'Priya',
      lastName: 'Ramanathan',
      email: 'PRIYA.R@example.test',
      phone: '(415) 555-0101',
    });
    const detail = (await viewer.get(`/api/applications/${application.id}/`)).json.application;
    const reasons = Object.fromEntries(
      (detail.duplicates as { id: number; reason: string }[]).map((d) => [d.id, d.reason]),
    );
    expect(reasons[existing.id]).toBe('email');
    expect(reasons[similar.id]).toBe('similar_name');

    const merged = await recruiter.post(`/api/applications/${application.id}/convert/`, {
      merge_into_candidate_id: existing.id,
    });
    expect(merged.status, merged.text).toBe(200);
    expect(merged.json.candidate_id).toBe(existing.id);
    const pipeline = (await viewer.get(`/api/pipelines/${merged.json.pipeline_id}/`)).json.data.pipeline;
    expect(pipeline).toMatchObject({ role_id: role.id, candidate: { id: existing.id } });
    // The same person cannot be added to the role twice.
    const again = await insertApplication(t.db, { roleId: role.id, email: 'priya.r@example.test' });
    expect(
      (await recruiter.post(`/api/applications/${again.id}/convert/`, { merge_into_candidate_id: existing.id })).status,
    ).toBe(409);
    expect((await viewer.get(`/api/applications/${again.id}/`)).json.application.status).toBe('new');
  });

  it('lists across roles, and only the caller’s roles with mine=true', async () => {
    const mine = await postedRole({ recruiterId });
    const other = await postedRole();
    const a = await insertApplication(t.db, { roleId: mine.id });
    const b = await insertApplication(t.db, { roleId: other.id });
    const all = (await recruiter.get('/api/applications/?page_size=100')).json.results.map((r: { id: number }) => r.id);
    expect(all).toEqual(expect.arrayContaining([a.id, b.id]));
    const own = (await recruiter.get('/api/applications/?mine=true&page_size=100')).json;
    expect(own.results.map((r: { id: number }) => r.id)).toContain(a.id);
    expect(own.results.map((r: { id: number }) => r.id)).not.toContain(b.id);
    expect(own.results.find((r: { id: number }) => r.id === a.id)).toMatchObject({
      role: { id: mine.id, name: mine.name },
    });
  });

  it('notes on an application (the application note target)', async () => {
    const role = await postedRole();
    const application = await insertApplication(t.db, { roleId: role.id });
    const created = await recruiter.post(`/api/notes/application/${application.id}/`, {
      body: 'Strong portfolio; call on Monday.',
    });
    expect(created.status, created.text).toBe(201);
    const notes = await viewer.get(`/api/notes/application/${application.id}/`);
    expect(notes.status).toBe(200);
    expect((await viewer.get('/api/notes/application/999999/')).status).toBe(404);
  });
});

describe('the careers form without JavaScript (decision 054)', () => {
  /** The form's hidden token from the rendered page, as a browser without JavaScript would send it. */
  async function pageToken(roleId: number): Promise<string> {
    const html = await (await fetch(`${t.baseUrl}/careers/${roleId}`)).text();
    expect(html).toContain(`action="/careers/${roleId}/apply"`);
    const token = /name="form_token" value="([^"]+)"/.exec(html)?.[1];
    expect(token).toBeTruthy();
    return token ?? '';
  }

  interface PostOptions {
    token: string;
    fields?: Record<string, string>;
    file?: { bytes: Buffer; name: string } | null;
    origin?: string | null;
  }

  /** A plain form post: multipart, no cookie, no CSRF header; the browser's Origin (own unless told). */
  async function post(roleId: number, options: PostOptions) {
    const form = new FormData();
    const fields = {
      role_id: String(roleId),
      form_token: options.token,
      first_name: 'Ada',
      last_name: 'Okafor',
      email: `ada.${Math.random().toString(36).slice(2, 8)}@example.test`,
      phone: '+44 20 7946 0000',
      consent: 'on',
      website: '',
      ...options.fields,
    };
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    const file = options.file === undefined ? { bytes: pdf, name: 'Ada Okafor.pdf' } : options.file;
    if (file)
      form.append('resume', new Blob([new Uint8Array(file.bytes)], { type: 'application/octet-stream' }), file.name);
    const headers: Record<string, string> = { accept: 'text/html', 'x-forwarded-for': nextIp() };
    const origin = options.origin === undefined ? new URL(t.baseUrl).origin : options.origin;
    if (origin !== null) headers.origin = origin;
    const response = await fetch(`${t.baseUrl}/careers/${roleId}/apply`, {
      method: 'POST',
      body: form,
      headers,
      redirect: 'manual',
    });
    return { status: response.status, headers: response.headers, html: await response.text(), email: fields.email };
  }

  it('a form post without cookies is accepted: 303 to a thank-you page, and the application is in the inbox', async () => {
    const role = await postedRole({ name: 'Platform Engineer' });
    const sent = await post(role.id, { token: await pageToken(role.id) });
    expect(sent.status, sent.html).toBe(303);
    expect(sent.headers.get('location')).toBe(`/careers/${role.id}/applied`);
    expect(sent.headers.get('set-cookie')).toBeNull();
    const thanks = await fetch(`${t.baseUrl}/careers/${role.id}/applied`);
    expect(thanks.status).toBe(200);
    expect(thanks.headers.get('cache-control')).toBe('no-store');
    const thanksHtml = await thanks.text();
    expect(thanksHtml).toContain('Thank you for applying');
    expect(thanksHtml).toContain('Platform Engineer');
    expect(thanksHtml).not.toContain(sent.email);
    const list = await inbox(owner, role.id, 'new');
    expect(list.count).toBe(1);
    expect(list.results[0]).toMatchObject({
      name: 'Ada Okafor',
      email: sent.email,
      source: 'careers_page',
      has_resume: true,
    });
    // Without an Origin header (older browsers), Sec-Fetch-Site absent too: accepted like the API.
    expect((await post(role.id, { token: await pageToken(role.id), origin: null })).status).toBe(303);
  });

  it('a forged, another role’s or expired token fails with a clear page, and nothing is stored', async () => {
    const role = await postedRole();
    const other = await postedRole();
    const good = await pageToken(role.id);
    const [expires, nonce, signature] = good.split('.');
    const forged = [
      `${Number(expires) + 86_400}.${nonce}.${signature}`, // a later expiry, same signature
      `${expires}.${nonce}.${(signature ?? '').replace(/^./, (c) => (c === 'A' ? 'B' : 'A'))}`,
      'not-a-token',
      '',
      await pageToken(other.id), // signed for another role
    ];
    for (const token of forged) {
      const refused = await post(role.id, { token });
      expect(refused.status, token).toBe(403);
      expect(refused.html).toContain('could not be verified');
      expect(refused.html).toContain(`href="/careers/${role.id}"`);
    }
    // The right token with another role's id in the body.
    expect((await post(role.id, { token: good, fields: { role_id: String(other.id) } })).status).toBe(403);

    // Expired: the form comes back with the entered values, a fresh token and the reason.
    const old = makeFormToken(t.config.secretKey, role.id, new Date(Date.now() - (FORM_TOKEN_TTL_SECONDS + 60) * 1000));
    const expired = await post(role.id, { token: old, fields: { first_name: 'Bea', email: 'bea@example.test' } });
    expect(expired.status).toBe(403);
    expect(expired.html).toContain('has expired');
    expect(expired.html).toContain('value="Bea"');
    expect(expired.html).toContain('value="bea@example.test"');
    const fresh = /name="form_token" value="([^"]+)"/.exec(expired.html)?.[1];
    expect(fresh).toBeTruthy();
    expect(fresh).not.toBe(old);
    expect((await inbox(owner, role.id)).count).toBe(0);
    expect((await post(role.id, { token: fresh ?? '' })).status).toBe(303);
  });

  it('a post from another site is refused (Origin) before anything is read', async () => {
    const role = await postedRole();
    const refused = await post(role.id, { token: await pageToken(role.id), origin: 'https://evil.example' });
    expect(refused.status).toBe(403);
    expect(refused.html).toContain('sent from another site');
    expect((await inbox(owner, role.id)).count).toBe(0);
  });

  it('bad input re-shows the form with the errors and the entered values (escaped), never the file', async () => {
    const role = await postedRole();
    const token = await pageToken(role.id);
    const bad = await post(role.id, {
      token,
      fields: { first_name: '', last_name: 'O"Brien <b>', email: 'not-an-email', consent: '' },
    });
    expect(bad.status).toBe(400);
    expect(bad.headers.get('content-type')).toContain('text/html');
    expect(bad.html).toContain('Please correct the highlighted fields.');
    expect(bad.html).toMatch(/id="first_name"[^>]*aria-invalid="true"/);
    expect(bad.html).toMatch(/id="email"[^>]*value="not-an-email"[^>]*aria-invalid="true"/);
    expect(bad.html).toContain('value="O&quot;Brien &lt;b&gt;"');
    expect(bad.html).toContain(APPLICATION_ERRORS.consent);
    expect(bad.html).toContain('choose the file again');
    expect(bad.html).not.toContain('<b>');

    const png = await post(role.id, { token, file: { bytes: PNG_BYTES, name: 'photo.pdf' } });
    expect(png.status).toBe(415);
    expect(png.html).toMatch(/id="resume"[^>]*aria-invalid="true"/);
    expect(png.html).toContain(APPLICATION_ERRORS.type);
    expect(png.html).toContain('value="Ada"');

    const noFile = await post(role.id, { token, file: null });
    expect(noFile.status).toBe(400);
    expect(noFile.html).toContain(APPLICATION_ERRORS.missingResume);

    const bot = await post(role.id, { token, fields: { website: 'http://spam.example' } });
    expect(bot.status).toBe(400);
    expect(bot.html).toContain(APPLICATION_ERRORS.refused);
    expect(bot.html).not.toContain('spam.example');
    expect((await inbox(owner, role.id)).count).toBe(0);

    const closed = await postedRole({ state: 'closed' });
    const gone = await post(closed.id, { token: makeFormToken(t.config.secretKey, closed.id, new Date()) });
    expect(gone.status).toBe(404);
    expect(gone.html).toContain('no longer open');
  });

  it('shares the per-email limit with the API: 429 re-shows the form with Retry-After', async () => {
    const role = await postedRole();
    const email = `nojs.limit.${Math.random().toString(36).slice(2, 8)}@example.test`;
    for (let i = 0; i < 3; i += 1) expect((await apply(role.id, { fields: { email } })).status).toBe(201);
    const limited = await post(role.id, { token: await pageToken(role.id), fields: { email } });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.html).toContain(APPLICATION_ERRORS.tooMany);
  });
});
