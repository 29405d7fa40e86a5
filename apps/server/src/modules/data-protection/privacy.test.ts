import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCandidate } from '../../factories/candidates.factory';
import { insertUser } from '../../factories/users.factory';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import type { HttpClient } from '../../test/http-client';
import { signedInClient } from '../../test/sign-in';
import { candidatesTable } from '../candidates/candidates.table';
import { privacyToken } from '../unsubscribes/unsubscribes.service';
import { dataProtectionRequestsTable } from './data-protection.table';

// The public self-service privacy page (issue 34): reached from the link in every email to a candidate, no
// account, plain HTML forms; a token made without the server's secret is a 404; hostile names are escaped.

let t: TestApp;
let recruiter: HttpClient;
let owner: HttpClient;
let ip = 0;

beforeAll(async () => {
  t = await buildTestApp();
  recruiter = await signedInClient(t, await insertUser(t.db, { userType: ['recruiter'] }));
  owner = await signedInClient(t, await insertUser(t.db, { userType: ['owner'] }));
});
afterAll(async () => {
  await t?.close();
});

const headers = () => ({ 'x-forwarded-for': `192.0.2.${++ip}` });
const open = async (path: string) => {
  const response = await fetch(`${t.baseUrl}${path}`, { headers: headers() });
  return { status: response.status, html: await response.text(), headers: response.headers };
};
const submit = async (path: string, body: string, extra: Record<string, string> = {}) => {
  const response = await fetch(`${t.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers(), ...extra },
    body,
  });
  return { status: response.status, html: await response.text() };
};
const requestsOf = (candidateId: number) =>
  t.db.select().from(dataProtectionRequestsTable).where(eq(dataProtectionRequestsTable.candidateId, candidateId));

describe('/privacy/{token}', () => {
  it('every email to a candidate links to the page; it shows what is held, escaped, without a session', async () => {
    const candidate = await insertCandidate(t.db, {
      firstName: '<script>alert(1)</script>',
      lastName: '"><img src=x onerror=alert(2)>',
      email: 'hostile.name@example.test',
      phone: '+44 20 7946 0001',
      location: 'Leeds & <b>Bradford</b>',
    });
    const sent = await recruiter.post('/api/messages/', {
      to: [{ record: 'candidate', id: candidate.id }],
      subject: 'A role for you',
      body_html: '<p>Interested?</p>',
    });
    expect(sent.status, sent.text).toBe(201);
    const link = /href="(http[^"]+\/privacy\/[^"]+)"/.exec(sent.json.message.body_html)?.[1];
    expect(link).toBeDefined();
    const path = new URL(link!).pathname;
    expect(path).toBe(`/privacy/${privacyToken(t.config.secretKey, candidate.id)}`);

    const page = await open(path);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.html).not.toContain('<script>alert(1)');
    expect(page.html).not.toContain('<img src=x');
    expect(page.html).not.toContain('<b>Bradford');
    expect(page.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page.html).toContain('Leeds &amp; &lt;b&gt;Bradford&lt;/b&gt;');
    expect(page.html).toContain('Legitimate interest');
    for (const label of ['Keep my profile', 'Send me a copy of my data', 'Forget me', 'Save corrections'])
      expect(page.html).toContain(label);
    // No script: every action is a plain form post.
    expect(page.html).not.toMatch(/<script/i);
  });

  it('answers a forged, tampered or unknown token with a 404 page and changes nothing', async () => {
    const candidate = await insertCandidate(t.db, { firstName: 'Vic', lastName: 'Tim' });
    const good = privacyToken(t.config.secretKey, candidate.id);
    const forged = privacyToken('another-secret-another-secret-another', candidate.id);
    const otherId = `${Buffer.from(String(candidate.id + 1)).toString('base64url')}.${good.split('.')[1]}`;
    for (const token of [
      forged,
      otherId,
      'garbage',
      `${good}x`,
      `${good}.extra`,
      privacyToken(t.config.secretKey, 999999),
    ]) {
      expect((await open(`/privacy/${token}`)).status, token).toBe(404);
      expect((await submit(`/privacy/${token}`, 'action=erasure')).status, token).toBe(404);
    }
    expect(await requestsOf(candidate.id)).toEqual([]);
  });

  it('corrects name, phone and location; refuses bad input; records the correction without the values', async () => {
    const candidate = await insertCandidate(t.db, { firstName: 'Jon', lastName: 'Smiht', phone: '', location: '' });
    const path = `/privacy/${privacyToken(t.config.secretKey, candidate.id)}`;
    const bad = await submit(path, 'action=correct&first_name=&last_name=Smith');
    expect(bad.status).toBe(400);
    expect(bad.html).toContain('Enter your first and last name.');
    expect((await submit(path, 'action=correct&first_name=Jon&last_name=Smith&phone=call%20me')).status).toBe(400);
    expect((await submit(path, `action=correct&first_name=${'x'.repeat(101)}&last_name=Smith`)).status).toBe(400);
    expect((await submit(path, 'action=launch')).status).toBe(400);
    const done = await submit(
      path,
      'action=correct&first_name=Jon&last_name=Smith&phone=%2B44%2020%207946%200002&location=York',
    );
    expect(done.status).toBe(200);
    expect(done.html).toContain('your details are corrected');
    const [row] = await t.db.select().from(candidatesTable).where(eq(candidatesTable.id, candidate.id));
    expect(row).toMatchObject({ lastName: 'Smith', phone: '+44 20 7946 0002', location: 'York' });
    const [request] = await requestsOf(candidate.id);
    expect(request).toMatchObject({ kind: 'rectification', status: 'done', channel: 'self_service' });
    expect(request?.note).not.toContain('Smith');
  });

  it('withdraw consent and ask for erasure land on the data protection page with a 30-day deadline, once each', async () => {
    const candidate = await insertCandidate(t.db, {
      firstName: 'Wanda',
      lastName: 'Drawn',
      legalBasis: 'consent',
      legalBasisSource: 'careers_page',
      consentText: 'I agree.',
    });
    const path = `/privacy/${privacyToken(t.config.secretKey, candidate.id)}`;
    expect((await open(path)).html).toContain('Withdraw my consent');
    const withdrawn = await submit(path, 'action=withdraw');
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.html).toContain('Your consent is withdrawn');
    expect(withdrawn.html).not.toContain('Withdraw my consent</button>');
    const [row] = await t.db.select().from(candidatesTable).where(eq(candidatesTable.id, candidate.id));
    expect(row?.consentWithdrawnAt).not.toBeNull();

    expect((await submit(path, 'action=erasure')).html).toContain('we will erase your data within 30 days');
    expect((await submit(path, 'action=erasure')).html).toContain('We already have this request');
    const kinds = (await requestsOf(candidate.id)).map((request) => request.kind).sort();
    expect(kinds).toEqual(['erasure', 'withdraw_consent']);

    const board = await owner.get('/api/data-protection/');
    const mine = (
      board.json.requests as { candidate_id: number; kind: string; deadline_at: string; received_at: string }[]
    ).filter((request) => request.candidate_id === candidate.id);
    expect(mine.map((request) => request.kind).sort()).toEqual(['erasure', 'withdraw_consent']);
    for (const request of mine)
      expect(Date.parse(request.deadline_at) - Date.parse(request.received_at)).toBe(30 * 86_400_000);
  });

  it('refuses a post from another site, and limits how often one address may use the page', async () => {
    const candidate = await insertCandidate(t.db, { firstName: 'Cross', lastName: 'Site' });
    const path = `/privacy/${privacyToken(t.config.secretKey, candidate.id)}`;
    const cross = await submit(path, 'action=erasure', { origin: 'https://evil.example' });
    expect(cross.status).toBe(403);
    expect(await requestsOf(candidate.id)).toEqual([]);
    // The test server sees one address (no trusted proxy): the earlier tests' visits count too.
    const statuses: number[] = [];
    let last = '';
    for (let round = 0; round < 61 && !statuses.includes(429); round += 1) {
      const response = await fetch(`${t.baseUrl}${path}`);
      statuses.push(response.status);
      last = await response.text();
    }
    expect(statuses.at(-1)).toBe(429);
    expect(new Set(statuses.slice(0, -1))).toEqual(new Set([200]));
    expect(last).toContain('Too many requests');
  });
});
