import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCandidate } from '../../factories/candidates.factory';
import { insertUser } from '../../factories/users.factory';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { signedInClient } from '../../test/sign-in';
import { unsubscribedAddresses, unsubscribeToken } from './unsubscribes.service';

// The unsubscribe link in every message to a candidate: a public page (no session), a confirm button, the
// RFC 8058 one-click POST; a token made without the server's secret is a 404 page.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('/unsubscribe/{token}', () => {
  it('shows a confirm page without a session, and the button unsubscribes', async () => {
    const recruiter = await signedInClient(t, await insertUser(t.db, { userType: ['recruiter'] }));
    const candidate = await insertCandidate(t.db, { email: 'Pat.Out@Example.test' });
    const created = await recruiter.post('/api/messages/', {
      to: [{ record: 'candidate', id: candidate.id }],
      subject: 'Opportunity',
      body_html: '<p>Interested?</p>',
    });
    const link = /href="(http[^"]+\/unsubscribe\/[^"]+)"/.exec(created.json.message.body_html)![1]!;
    const path = new URL(link).pathname;

    const page = await fetch(`${t.baseUrl}${path}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<button type="submit"');
    expect(html).not.toContain('pat.out@example.test');
    expect(await unsubscribedAddresses(t.db, ['pat.out@example.test'])).toEqual(new Set());

    const done = await fetch(`${t.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'confirm=1',
    });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain('You are unsubscribed');
    expect(await unsubscribedAddresses(t.db, ['PAT.OUT@example.test', 'other@example.test'])).toEqual(
      new Set(['pat.out@example.test']),
    );

    // From now on compose refuses the address, naming it.
    const refused = await recruiter.post('/api/messages/', {
      to: [{ record: 'candidate', id: candidate.id }],
      subject: 'Again',
      body_html: '<p>x</p>',
    });
    expect(refused.status).toBe(400);
    expect(refused.json.error).toContain('pat.out@example.test');
  });

  it('takes the one-click POST from a mail client, twice without harm', async () => {
    const token = unsubscribeToken(t.config.secretKey, 'one.click@example.test');
    for (let round = 0; round < 2; round += 1) {
      const response = await fetch(`${t.baseUrl}/unsubscribe/${token}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
      expect(response.status).toBe(200);
    }
    expect(await unsubscribedAddresses(t.db, ['one.click@example.test'])).toEqual(new Set(['one.click@example.test']));
  });

  it('answers a forged or broken token with a 404 page and changes nothing', async () => {
    const forged = unsubscribeToken('another-secret-another-secret-another', 'victim@example.test');
    for (const token of [forged, 'garbage', `${Buffer.from('victim@example.test').toString('base64url')}.`]) {
      expect((await fetch(`${t.baseUrl}/unsubscribe/${token}`)).status).toBe(404);
      const post = await fetch(`${t.baseUrl}/unsubscribe/${token}`, { method: 'POST' });
      expect(post.status).toBe(404);
    }
    expect(await unsubscribedAddresses(t.db, ['victim@example.test'])).toEqual(new Set());
  });
});
