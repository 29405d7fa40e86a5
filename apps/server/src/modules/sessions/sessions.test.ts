import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { insertUser } from '../../factories/users.factory';
import { signedInClient } from '../../test/sign-in';
import { describeDevice } from './sessions.service';

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('sessions', () => {
  it('describes devices from the user agent', () => {
    expect(describeDevice(CHROME).device).toBe('Chrome 126 on Linux');
    expect(describeDevice(SAFARI).device).toBe('Mobile Safari 17 on iOS 17');
    expect(describeDevice(null).device).toBe('Unknown device');
  });

  it('lists own sessions with the current one marked; revokes one and the others', async () => {
    const user = await insertUser(t.db);
    const stranger = await insertUser(t.db);
    const strangerClient = await signedInClient(t, stranger);
    const phone = await signedInClient(t, user, SAFARI);
    t.clock.offsetMs = 120_000;
    const laptop = await signedInClient(t, user, CHROME);
    const tablet = await signedInClient(t, user, null);
    const list = await laptop.get('/api/sessions/');
    t.clock.offsetMs = 0;
    expect(list.status).toBe(200);
    expect(list.json.sessions).toHaveLength(3);
    const current = list.json.sessions.find((s: { current: boolean }) => s.current);
    expect(current).toMatchObject({
      device: 'Chrome 126 on Linux',
      browser: 'Chrome 126',
      os: 'Linux',
      ip: '127.0.0.1',
      remember_me: false,
    });
    expect(list.json.sessions.at(-1).device).toBe('Mobile Safari 17 on iOS 17');

    const strangerSessions = (await strangerClient.get('/api/sessions/')).json.sessions;
    const foreign = await laptop.request('DELETE', `/api/sessions/${strangerSessions[0].id}/`);
    expect(foreign.status).toBe(404);
    expect((await strangerClient.get('/api/auth/profile/')).status).toBe(200);

    const phoneId = list.json.sessions.find((s: { device: string }) => s.device.startsWith('Mobile Safari')).id;
    expect((await laptop.request('DELETE', `/api/sessions/${phoneId}/`)).json.success).toBe(true);
    expect((await phone.get('/api/auth/profile/')).status).toBe(401);

    const others = await laptop.post('/api/sessions/revoke-others/');
    expect(others.json).toEqual({ success: true, revoked: 1 });
    expect((await tablet.get('/api/auth/profile/')).status).toBe(401);
    expect((await laptop.get('/api/sessions/')).json.sessions).toHaveLength(1);

    const self = await laptop.request('DELETE', `/api/sessions/${current.id}/`);
    expect(self.json).toEqual({ success: true, message: 'You have been signed out.' });
    expect((await laptop.get('/api/auth/profile/')).status).toBe(401);
  });
});
