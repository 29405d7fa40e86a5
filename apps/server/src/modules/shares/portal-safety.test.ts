import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sha256 } from '../../lib/crypto';
import type { TestApp } from '../../test/build-test-app';
import type { HttpClient } from '../../test/http-client';
import { messagesTable } from '../messages/messages.table';
import { pipelinesTable } from '../pipelines/pipelines.table';
import { PORTAL_LIMITS, portalLimits } from './portal.service';
import {
  clearPortalLimits,
  contactRequests,
  portalWorld,
  scene as sceneOf,
  share as shareOf,
  type PortalWorld,
  type Scene,
} from '../../test/portal-shares';

// The portal's safety (issue 35): one 404 for every link or id that is not live and shared, expiry, revocation
// and renewal, rate limits per link and per IP, and the Origin check on its token-link POSTs.

let world: PortalWorld;
let t: TestApp;
let recruiter: HttpClient;
let bare: ReturnType<typeof contactRequests>['bare'];
let json: ReturnType<typeof contactRequests>['json'];

beforeAll(async () => {
  world = await portalWorld();
  ({ t, recruiter } = world);
  ({ bare, json } = contactRequests(t));
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  t.clock.offsetMs = 0;
  await clearPortalLimits(t);
});
const scene = () => sceneOf(world);
const share = (s: Scene, extra: Record<string, unknown> = {}) => shareOf(world, s, extra);

describe('safety', () => {
  it('answers a wrong token, another candidate and another role with the same 404', async () => {
    const s = await scene();
    const elsewhere = await scene();
    const { path, token } = await share(s);
    await share(elsewhere);
    const wrong = await bare('/portal/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    expect(wrong.status).toBe(404);
    expect(await wrong.text()).toContain('Link not valid');
    expect((await bare('/portal/short')).status).toBe(404);
    expect((await json('/api/portal/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA/more/')).status).toBe(404);
    // Same role, not shared; another role's candidate; not an id.
    for (const id of [s.other.id, elsewhere.plain.id, 'abc', '99999999999']) {
      expect((await bare(`${path}/candidates/${id}`)).status).toBe(404);
      expect((await bare(`${path}/candidates/${id}/resume.pdf`)).status).toBe(404);
      expect((await json(`/api/portal/${token}/candidates/${id}/approve/`)).status).toBe(404);
    }
    const [untouched] = await t.db.select().from(pipelinesTable).where(eq(pipelinesTable.id, s.p3.id));
    expect(untouched!.stage).toBe('sourced');
  });

  it('stops working when revoked or expired; renewing sends a new link and kills the old one', async () => {
    const s = await scene();
    const { path, token, shareId } = await share(s);
    expect((await bare(path)).status).toBe(200);
    t.clock.offsetMs = 31 * 86_400_000;
    expect((await bare(path)).status).toBe(404);
    expect((await json(`/api/portal/${token}/more/`)).status).toBe(404);
    t.clock.offsetMs = 0;

    const revoked = await recruiter.request('DELETE', `/api/shares/${shareId}/`);
    expect(revoked.status).toBe(200);
    expect(revoked.json.share.status).toBe('revoked');
    expect((await bare(path)).status).toBe(404);

    const renewed = await recruiter.post(`/api/shares/${shareId}/renew/`, {});
    expect(renewed.status).toBe(200);
    const fresh = new URL(renewed.json.link.url).pathname;
    expect(fresh).not.toBe(path);
    expect((await bare(path)).status).toBe(404);
    expect((await bare(fresh)).status).toBe(200);
    const [mail] = await t.db.select().from(messagesTable).orderBy(desc(messagesTable.id)).limit(1);
    expect(mail!.bodyHtml).toContain(renewed.json.link.url);
  });

  it('rate limits per link and per IP with 429 and Retry-After', async () => {
    const s = await scene();
    const { path, token } = await share(s);
    for (let index = 0; index < PORTAL_LIMITS.perToken; index += 1)
      await bare(`/portal/${token}/candidates/0`).then((response) => response.body?.cancel());
    const limited = await bare(path);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await json(`/api/portal/${token}/more/`)).status).toBe(429);
    await t.app.deps.throttle.clear([portalLimits(sha256(token), '127.0.0.1')[0]!.key]);

    // Guessing tokens from one address runs into the per-IP limit.
    let last = 0;
    for (let index = 0; index <= PORTAL_LIMITS.perIp && last !== 429; index += 1)
      last = await bare(`/portal/guess${index}AAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`).then((response) => {
        void response.body?.cancel();
        return response.status;
      });
    expect(last).toBe(429);
  });

  it('refuses a portal POST from another site (Origin check)', async () => {
    const s = await scene();
    const { token } = await share(s);
    const response = await bare(`/api/portal/${token}/more/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
      body: '{}',
    });
    expect(response.status).toBe(403);
    // The portal's own form, as a browser posts it (Origin: this site), goes through.
    const own = await bare(`/api/portal/${token}/more/`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: new URL(t.baseUrl).origin },
      body: 'comment=',
    });
    expect(own.status).toBe(303);
  });
});
