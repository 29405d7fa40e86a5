import { PROFILE_MESSAGES } from '@recruitdesk/contracts/profile';
import { USER_ERRORS } from '@recruitdesk/contracts/users';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { DEFAULT_TEST_PASSWORD, insertUser } from '../../factories/users.factory';
import { HttpClient } from '../../test/http-client';
import { startS3 } from '../../test/s3';
import { signedInClient } from '../../test/sign-in';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(100, 3)]);
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 '), Buffer.alloc(50)]);

// One app for the profile tests and the local picture flow (each app costs a database).
let base: TestApp;
beforeAll(async () => {
  base = await buildTestApp();
});
afterAll(async () => {
  await base?.close();
});

describe('profile', () => {
  let t: TestApp;
  beforeAll(() => {
    t = base;
  });

  it('updates names, username, theme and time zone; refuses a taken username or unknown zone', async () => {
    const other = await insertUser(t.db, { username: 'taken.name' });
    const user = await insertUser(t.db);
    const client = await signedInClient(t, user);
    const updated = await client.patch('/api/profile/', {
      first_name: ' Grace ',
      last_name: 'Hopper',
      username: 'grace.h',
      theme: 'dark',
      time_zone: 'Europe/Berlin',
      user_type: ['owner'],
    });
    expect(updated.status).toBe(200);
    expect(updated.json.user).toMatchObject({
      first_name: 'Grace',
      last_name: 'Hopper',
      name: 'Grace Hopper',
      initials: 'GH',
      username: 'grace.h',
      theme: 'dark',
      time_zone: 'Europe/Berlin',
      user_type: ['recruiter'],
    });
    const taken = await client.patch('/api/profile/', { username: 'TAKEN.name' });
    expect(taken.status).toBe(400);
    expect(taken.json.fields.username).toEqual([USER_ERRORS.USERNAME_TAKEN]);
    expect(other.username).toBe('taken.name');
    const zone = await client.patch('/api/profile/', { time_zone: 'Mars/Olympus' });
    expect(zone.json.fields.time_zone).toEqual([PROFILE_MESSAGES.timeZone]);
    expect((await client.patch('/api/profile/', { username: 'a b' })).status).toBe(400);
    expect((await client.patch('/api/profile/', { first_name: '' })).status).toBe(400);
    // The collapsed sidebar is a preference kept like the theme (issue 16 item 18).
    expect(updated.json.user.sidebar_collapsed).toBe(false);
    const collapsed = await client.patch('/api/profile/', { sidebar_collapsed: true });
    expect(collapsed.json.user).toMatchObject({ sidebar_collapsed: true, theme: 'dark' });
    expect((await client.get('/api/auth/profile/')).json.user.sidebar_collapsed).toBe(true);
    expect((await client.patch('/api/profile/', { sidebar_collapsed: 'yes' })).status).toBe(400);
    const zones = await client.get('/api/profile/time-zones/');
    expect(zones.json.time_zones).toContain('UTC');
    expect(zones.json.time_zones).toContain('America/New_York');
    // Today's names as well as the old ones Node's ICU lists, and either can be chosen.
    expect(zones.json.time_zones).toEqual(
      expect.arrayContaining(['Asia/Kolkata', 'Asia/Calcutta', 'Europe/Kyiv', 'Asia/Ho_Chi_Minh']),
    );
    expect((await client.patch('/api/profile/', { time_zone: 'Asia/Kolkata' })).json.user.time_zone).toBe(
      'Asia/Kolkata',
    );
    expect([...zones.json.time_zones].sort()).toEqual(zones.json.time_zones);
  });

  it('change password: wrong current is a field error; success ends the other sessions only', async () => {
    const user = await insertUser(t.db, { email: 'pat.change@example.test', firstName: 'Pat', lastName: 'Change' });
    const current = await signedInClient(t, user);
    const other = await signedInClient(t, user);
    const wrong = await current.post('/api/profile/password/', {
      current_password: 'not-my-password',
      new_password: 'Granite-Orchard-River-8',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.json.fields.current_password).toEqual([PROFILE_MESSAGES.wrongCurrentPassword]);
    const weak = await current.post('/api/profile/password/', {
      current_password: DEFAULT_TEST_PASSWORD,
      new_password: 'pat.change-123',
    });
    expect(weak.status).toBe(400);
    expect(weak.json.fields.new_password.length).toBeGreaterThan(0);
    expect(
      (
        await current.post('/api/profile/password/', {
          current_password: DEFAULT_TEST_PASSWORD,
          new_password: '1234567890123',
        })
      ).status,
    ).toBe(400);
    const done = await current.post('/api/profile/password/', {
      current_password: DEFAULT_TEST_PASSWORD,
      new_password: 'Granite-Orchard-River-8',
    });
    expect(done.json).toEqual({ success: true, message: PROFILE_MESSAGES.passwordChanged });
    expect((await current.get('/api/auth/profile/')).status).toBe(200);
    expect((await other.get('/api/auth/profile/')).status).toBe(401);
    await new HttpClient(t.baseUrl).login(user.email, 'Granite-Orchard-River-8');
  });

  it('wrong current passwords count against the sign-in limit (429)', async () => {
    const user = await insertUser(t.db);
    const client = await signedInClient(t, user);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push(
        (
          await client.post('/api/profile/password/', {
            current_password: `wrong-${i}`,
            new_password: 'Granite-Orchard-River-8',
          })
        ).status,
      );
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
  });
});

/** The picture flow end to end: upload URL → PUT → confirm → signed URL → delete, on both backends. */
for (const backend of ['local', 's3'] as const) {
  describe(`profile picture (${backend})`, () => {
    let t: TestApp;
    let s3: Awaited<ReturnType<typeof startS3>> | undefined;
    beforeAll(async () => {
      if (backend === 's3') s3 = await startS3();
      t = s3 ? await buildTestApp({ env: s3.env }) : base;
    });
    afterAll(async () => {
      if (s3) {
        await t?.close();
        await s3.close();
      }
    });

    async function upload(client: HttpClient, body: Buffer, contentType: string, declared = body.length) {
      const target = await client.post('/api/profile/picture/upload-url/', {
        content_type: contentType,
        size: declared,
      });
      expect(target.status, target.text).toBe(200);
      const url = new URL(target.json.upload.url, t.baseUrl);
      const local = url.origin === t.baseUrl;
      const response = await fetch(url, {
        method: 'PUT',
        headers: {
          ...target.json.upload.headers,
          ...(local ? { cookie: client.cookieHeader(), 'x-csrftoken': client.cookies.get('csrftoken')! } : {}),
        },
        body,
      });
      return { key: target.json.upload.key as string, status: response.status };
    }

    it('accepts PNG, JPEG and WebP by content; shows a signed URL; replaces and deletes', async () => {
      const user = await insertUser(t.db);
      const client = await signedInClient(t, user);
      await client.get('/api/auth/csrf-token/');
      const first = await upload(client, PNG, 'image/png');
      expect(first.status).toBe(200);
      expect(first.key).toMatch(new RegExp(`^profile-pictures/${user.id}/[A-Za-z0-9_-]+\\.png$`));
      const confirmed = await client.post('/api/profile/picture/confirm/', { key: first.key });
      expect(confirmed.status, confirmed.text).toBe(200);
      const pictureUrl: string = confirmed.json.user.profile_picture_url;
      expect(pictureUrl).toBeTruthy();
      expect((await client.get('/api/auth/profile/')).json.user.profile_picture_url).toBe(pictureUrl);
      // Both backends: the picture is served by the app (S3 objects streamed through), for this user only.
      const image = await fetch(new URL(pictureUrl, t.baseUrl), { headers: { cookie: client.cookieHeader() } });
      expect(image.status).toBe(200);
      expect(Buffer.from(await image.arrayBuffer()).equals(PNG)).toBe(true);
      expect(image.headers.get('content-type')).toBe('image/png');

      for (const [bytes, type] of [
        [JPEG, 'image/jpeg'],
        [WEBP, 'image/webp'],
      ] as const) {
        const next = await upload(client, bytes, type);
        expect((await client.post('/api/profile/picture/confirm/', { key: next.key })).status).toBe(200);
      }
      expect(await t.app.deps.storage.head(first.key)).toBeNull();
      const removed = await client.request('DELETE', '/api/profile/picture/');
      expect(removed.json.user.profile_picture_url).toBeNull();
    });

    it("refuses a text file named as an image (415), a too-big object (413) and another user's key (403)", async () => {
      const user = await insertUser(t.db);
      const client = await signedInClient(t, user);
      await client.get('/api/auth/csrf-token/');
      const text = await upload(client, Buffer.from('just some text, not an image at all'), 'image/png');
      expect(text.status).toBe(200);
      const refused = await client.post('/api/profile/picture/confirm/', { key: text.key });
      expect(refused.status).toBe(415);
      expect(refused.json.error).toBe(PROFILE_MESSAGES.pictureType);
      expect(await t.app.deps.storage.head(text.key)).toBeNull();

      // A JPEG uploaded under a PNG name is refused too: the type is checked against the bytes.
      const mismatch = await upload(client, JPEG, 'image/png');
      expect((await client.post('/api/profile/picture/confirm/', { key: mismatch.key })).status).toBe(415);

      const tooBig = await client.post('/api/profile/picture/upload-url/', {
        content_type: 'image/png',
        size: 6 * 1024 * 1024,
      });
      expect(tooBig.status).toBe(400);
      const big = Buffer.concat([PNG, Buffer.alloc(6 * 1024 * 1024)]);
      if (backend === 'local') {
        const over = await upload(client, big, 'image/png', PNG.length);
        expect(over.status).toBe(413);
      }
      // An oversized object that got into storage anyway (S3 cannot be asked mid-upload) is refused at confirm.
      const target = await client.post('/api/profile/picture/upload-url/', {
        content_type: 'image/png',
        size: PNG.length,
      });
      const key = target.json.upload.key as string;
      await t.app.deps.storage.write(key, big, 'image/png');
      const confirmBig = await client.post('/api/profile/picture/confirm/', { key });
      expect(confirmBig.status).toBe(413);
      expect(await t.app.deps.storage.head(key)).toBeNull();

      const other = await insertUser(t.db);
      const theirs = await client.post('/api/profile/picture/confirm/', {
        key: `profile-pictures/${other.id}/${'a'.repeat(24)}.png`,
      });
      expect(theirs.status).toBe(403);
      expect((await client.post('/api/profile/picture/confirm/', { key: '../../etc/passwd' })).status).toBe(403);
      expect(
        (
          await client.post('/api/profile/picture/confirm/', {
            key: `profile-pictures/${user.id}/${'c'.repeat(24)}.png`,
          })
        ).status,
      ).toBe(404);
      expect(
        (await client.post('/api/profile/picture/upload-url/', { content_type: 'image/svg+xml', size: 10 })).status,
      ).toBe(400);
    });
  });
}
