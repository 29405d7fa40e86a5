import { AUTH_MESSAGES } from '@recruitdesk/contracts/auth';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../../lib/mail';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { DEFAULT_TEST_PASSWORD, insertUser } from '../../factories/users.factory';
import { HttpClient } from '../../test/http-client';
import { extractResetLink, readOutbox } from '../../test/mail';
import { checkPasswordPolicy, PASSWORD_MESSAGES } from './password-policy';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const NEW_PASSWORD = 'Quiet-Lantern-Harbor-42';

async function requestLink(client: HttpClient, email: string, expectedMails: number) {
  const response = await client.post('/api/auth/password-reset/', { email });
  expect(response.status).toBe(200);
  const mails = await readOutbox(t.dataDir, expectedMails);
  expect(mails.length).toBe(expectedMails);
  return { mail: mails[mails.length - 1]!, link: extractResetLink(mails[mails.length - 1]!) };
}

describe('password reset', () => {
  it('works end to end through the outbox, ends old sessions and is single-use', async () => {
    const user = await insertUser(t.db, { email: 'reset.me@example.test' });
    const other = new HttpClient(t.baseUrl);
    await other.login(user.email, DEFAULT_TEST_PASSWORD);

    const client = new HttpClient(t.baseUrl);
    const { mail, link } = await requestLink(client, 'RESET.me@example.test', 1);
    expect(mail).toMatch(/^To: reset\.me@example\.test/m);
    expect(mail).toMatch(/^Subject: Reset your RecruitDesk password/m);
    expect(link.url.startsWith(`${t.baseUrl}/auth/reset-password/`)).toBe(true);

    const weak = await client.post('/api/auth/password-reset/confirm/', { ...link, new_password: 'password1234' });
    expect(weak.status).toBe(400);
    expect(weak.json.fields.new_password).toContain(PASSWORD_MESSAGES.common);

    const done = await client.post('/api/auth/password-reset/confirm/', {
      uid: link.uid,
      token: link.token,
      new_password: NEW_PASSWORD,
    });
    expect(done.json).toEqual({ success: true, message: AUTH_MESSAGES.resetDone });
    expect((await other.get('/api/auth/profile/')).status).toBe(401);

    const again = await client.post('/api/auth/password-reset/confirm/', {
      uid: link.uid,
      token: link.token,
      new_password: 'Another-Long-Phrase-77',
    });
    expect(again.status).toBe(400);
    expect(again.json.error).toBe(AUTH_MESSAGES.resetInvalid);
    await client.login(user.email, NEW_PASSWORD);
  });

  it('a link dies when the password changes by another link', async () => {
    const user = await insertUser(t.db);
    const client = new HttpClient(t.baseUrl);
    const first = (await requestLink(client, user.email, 2)).link;
    t.clock.offsetMs += 1000; // a different timestamp for the second link
    const second = (await requestLink(client, user.email, 3)).link;
    expect(
      (await client.post('/api/auth/password-reset/confirm/', { ...second, new_password: NEW_PASSWORD })).status,
    ).toBe(200);
    expect(
      (await client.post('/api/auth/password-reset/confirm/', { ...first, new_password: 'Another-Long-Phrase-77' }))
        .status,
    ).toBe(400);
  });

  it('links expire after 24 hours', async () => {
    const user = await insertUser(t.db);
    const client = new HttpClient(t.baseUrl);
    const { link } = await requestLink(client, user.email, 4);
    t.clock.offsetMs += 24 * 3_600_000 + 5_000;
    const late = await client.post('/api/auth/password-reset/confirm/', { ...link, new_password: NEW_PASSWORD });
    expect(late.status).toBe(400);
    expect(late.json.error).toBe(AUTH_MESSAGES.resetInvalid);
    const tampered = await client.post('/api/auth/password-reset/confirm/', {
      uid: link.uid,
      token: `${link.token}x`,
      new_password: NEW_PASSWORD,
    });
    expect(tampered.status).toBe(400);
  });

  it('answers unknown emails exactly like known ones, sending nothing', async () => {
    const known = await insertUser(t.db);
    const client = new HttpClient(t.baseUrl);
    const a = await client.post('/api/auth/password-reset/', { email: known.email });
    const b = await client.post('/api/auth/password-reset/', { email: 'ghost@example.test' });
    expect(a.status).toBe(b.status);
    expect(a.text).toBe(b.text);
    expect(a.json.message).toBe(AUTH_MESSAGES.resetRequested);
    const mails = await readOutbox(t.dataDir, 6, 500);
    expect(mails.filter((mail) => mail.includes('ghost@example.test'))).toHaveLength(0);
  });

  it('limits reset requests per email (429)', async () => {
    const client = new HttpClient(t.baseUrl);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await client.post('/api/auth/password-reset/', { email: 'flood@example.test' })).status);
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses[5]).toBe(429);
  });

  it('password policy rejects short, numeric, common and personal passwords', () => {
    const owner = { email: 'jane.doe@example.test', firstName: 'Jane', lastName: 'Doeberg' };
    expect(checkPasswordPolicy('short', owner)).toContain('Use at least 10 characters.');
    expect(checkPasswordPolicy('12345678901', owner)).toContain('The password cannot be entirely numeric.');
    expect(checkPasswordPolicy('baseball123', owner)).toEqual([]);
    expect(checkPasswordPolicy('qwertyuiop', owner)).toContain(PASSWORD_MESSAGES.common);
    expect(checkPasswordPolicy('my-Doeberg-secret', owner)).toContain(PASSWORD_MESSAGES.similar);
    expect(checkPasswordPolicy('jane.doe-2024!', owner)).toContain(PASSWORD_MESSAGES.similar);
    expect(checkPasswordPolicy(NEW_PASSWORD, owner)).toEqual([]);
  });
});

describe('mail over SMTP', () => {
  it('delivers to a real SMTP server', async () => {
    const received: { from: string; to: string[]; data: string }[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        let data = '';
        stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            data,
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const mailer = createMailer(
      { smtpUrl: `smtp://127.0.0.1:${port}`, mailFrom: 'RecruitDesk <no-reply@recruitdesk.local>', dataDir: t.dataDir },
      { info: () => {} },
    );
    await mailer.send({ to: 'person@example.test', subject: 'Hello from RecruitDesk', text: 'Body text' });
    mailer.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    expect(received).toHaveLength(1);
    expect(received[0]!.to).toEqual(['person@example.test']);
    expect(received[0]!.from).toBe('no-reply@recruitdesk.local');
    expect(received[0]!.data).toMatch(/^Subject: Hello from RecruitDesk/m);
  });
});
