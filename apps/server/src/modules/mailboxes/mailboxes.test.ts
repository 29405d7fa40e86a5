// Over 400 lines: one scenario per issue-33 "Receiving" promise against one real IMAP server; splitting would repeat the setup.
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { insertCandidate } from '../../factories/candidates.factory';
import { insertClient } from '../../factories/clients.factory';
import { insertContact } from '../../factories/contacts.factory';
import { insertRole } from '../../factories/roles.factory';
import { insertUser } from '../../factories/users.factory';
import { jobsTable } from '../../lib/jobs';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { closedPort } from '../../test/closed-port';
import type { HttpClient } from '../../test/http-client';
import { rawMessage, startImapServer, type TestImapServer } from '../../test/imap-server';
import { signedInClient } from '../../test/sign-in';
import { linkMessage } from '../messages/outbox.service';
import { messageAttachmentsTable, messageLinksTable, messagesTable } from '../messages/messages.table';
import type { UserRow } from '../users/users.service';
import { enqueueDueSyncs, isWatching } from './mailbox-sync';
import { mailboxesTable, mailboxFoldersTable } from './mailboxes.table';
import { notificationsTable } from '../notifications/notifications.table';
import { sequenceEnrolmentsTable, sequencesTable } from '../sequences/sequences.table';

let t: TestApp;
let imap: TestImapServer;
let owner: UserRow;
let recruiter: UserRow;
let otherRecruiter: UserRow;
let ownerClient: HttpClient;
let recruiterClient: HttpClient;
let mailboxId: number;
let jane: Awaited<ReturnType<typeof insertCandidate>>;
let hana: Awaited<ReturnType<typeof insertContact>>;

const messageBy = async (messageIdHeader: string) =>
  (await t.db.select().from(messagesTable).where(eq(messagesTable.messageIdHeader, messageIdHeader)))[0];
const linksOf = async (id: number) =>
  (await t.db.select().from(messageLinksTable).where(eq(messageLinksTable.messageId, id)))
    .map((link) => `${link.recordType}:${link.recordId}`)
    .sort();
const mailboxRow = async (id = mailboxId) =>
  (await t.db.select().from(mailboxesTable).where(eq(mailboxesTable.id, id)))[0]!;
/** Runs the sync the poll would start now, for every mailbox. */
const syncNow = async () => {
  await enqueueDueSyncs(t.app.deps);
  await t.app.deps.jobs.drain();
};

beforeAll(async () => {
  t = await buildTestApp();
  imap = await startImapServer();
  owner = await insertUser(t.db, { userType: ['owner'], email: 'owner@agency.test' });
  recruiter = await insertUser(t.db, { userType: ['recruiter'], email: 'recruiter@agency.test' });
  otherRecruiter = await insertUser(t.db, { userType: ['recruiter'], email: 'other@agency.test' });
  ownerClient = await signedInClient(t, owner);
  recruiterClient = await signedInClient(t, recruiter);
  jane = await insertCandidate(t.db, { firstName: 'Jane', lastName: 'Doe', email: 'jane@talent.test' });
  const client = await insertClient(t.db);
  hana = await insertContact(t.db, { clientId: client.id, email: 'hana@client.test' });
});
afterAll(async () => {
  await t?.close();
  await imap?.close();
});

describe('mailbox sync against a real IMAP server', () => {
  it('connects (login checked), syncs INBOX and Sent, matches by address, skips own-domain mail', async () => {
    await imap.append(
      rawMessage({
        from: 'Jane Doe <jane@talent.test>',
        to: imap.username,
        messageId: 'in-1@talent.test',
        subject: 'About the role',
      }),
    );
    await imap.append(
      rawMessage({
        from: 'Recruiter <recruiter@agency.test>',
        to: 'Hana <hana@client.test>',
        messageId: 'sent-1@agency.test',
      }),
      'Sent',
    );
    await imap.append(
      rawMessage({ from: 'owner@agency.test', to: 'recruiter@agency.test', messageId: 'internal-1@agency.test' }),
    );
    await imap.append(
      rawMessage({ from: 'Stranger <stranger@unknown.test>', to: imap.username, messageId: 'stranger-1@unknown.test' }),
    );

    const response = await recruiterClient.post('/api/mailboxes/', imap.account());
    expect(response.status).toBe(201);
    expect(response.json.mailbox).toMatchObject({
      kind: 'personal',
      sync_state: 'connecting',
      owner: { id: recruiter.id },
    });
    expect(JSON.stringify(response.json)).not.toContain(imap.password);
    mailboxId = response.json.mailbox.id;
    expect((await mailboxRow()).passwordEncrypted).not.toContain(imap.password);

    await t.app.deps.jobs.drain();
    const view = (await recruiterClient.get(`/api/mailboxes/${mailboxId}/`)).json.mailbox;
    expect(view).toMatchObject({ sync_state: 'idle', stopped_reason: null, messages_synced: 3, uses_idle: true });
    expect(view.last_synced_at).toEqual(expect.any(String));

    const inbound = (await messageBy('in-1@talent.test'))!;
    expect(inbound).toMatchObject({ direction: 'inbound', status: 'received', subject: 'About the role' });
    expect(await linksOf(inbound.id)).toEqual([`candidate:${jane.id}`]);
    const sent = (await messageBy('sent-1@agency.test'))!;
    expect(sent).toMatchObject({ direction: 'outbound', status: 'sent' });
    expect(await linksOf(sent.id)).toEqual([`client:${hana.clientId}`, `contact:${hana.id}`]);
    expect(await messageBy('internal-1@agency.test')).toBeUndefined();
    expect(await linksOf((await messageBy('stranger-1@unknown.test'))!.id)).toEqual([]);
    expect(isWatching(t.app.deps, mailboxId)).toBe(true);
  });

  it('resumes from the last UID after a restart, without duplicates', async () => {
    await imap.append(rawMessage({ from: 'jane@talent.test', to: imap.username, messageId: 'in-2@talent.test' }));
    // A second server process on the same database: it knows only what the database says.
    const restarted = await buildApp(t.config, { db: t.db });
    await restarted.ready();
    try {
      await enqueueDueSyncs(restarted.deps);
      await restarted.deps.jobs.drain();
    } finally {
      await restarted.close();
    }
    expect(await messageBy('in-2@talent.test')).toBeDefined();
    const [job] = await t.db
      .select({ result: jobsTable.result })
      .from(jobsTable)
      .where(and(eq(jobsTable.kind, 'mailbox.sync'), eq(jobsTable.state, 'succeeded')))
      .orderBy(desc(jobsTable.id))
      .limit(1);
    // Only the new message was fetched: nothing already stored was read again.
    expect((job?.result as { outcomes: unknown }).outcomes).toEqual({ stored: 1 });
    const [count] = await t.db.select({ n: sql<number>`count(*)::int` }).from(messagesTable);
    expect(count!.n).toBe(4);
  });

  it('a new message is fetched through IDLE and lands on its record', async () => {
    expect(isWatching(t.app.deps, mailboxId)).toBe(true);
    await imap.append(
      rawMessage({ from: 'Jane Doe <jane@talent.test>', to: imap.username, messageId: 'idle-1@talent.test' }),
    );
    // The watcher queues the sync job when the server announces the message; run due jobs until it is there.
    const deadline = Date.now() + 20_000;
    let stored = await messageBy('idle-1@talent.test');
    while (!stored && Date.now() < deadline) {
      await t.app.deps.jobs.drain();
      stored = await messageBy('idle-1@talent.test');
      if (!stored) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(stored).toBeDefined();
    expect(await linksOf(stored!.id)).toEqual([`candidate:${jane.id}`]);
  });

  it('a reply joins the thread of the message it answers (same records), confirms and bounces outbound rows', async () => {
    const role = await insertRole(t.db);
    const [outbound] = await t.db
      .insert(messagesTable)
      .values({
        direction: 'outbound',
        status: 'sent',
        messageIdHeader: 'out-1@agency.test',
        threadKey: 'out-1@agency.test',
        fromAddress: 'recruiter@agency.test',
        toAddresses: [{ name: 'Jane', address: 'jane@talent.test' }],
        authorId: recruiter.id,
      })
      .returning();
    await linkMessage(t.db, outbound!.id, outbound!.occurredAt, [
      { recordType: 'candidate', recordId: jane.id },
      { recordType: 'role', recordId: role.id },
    ]);
    const [unconfirmed] = await t.db
      .insert(messagesTable)
      .values({
        direction: 'outbound',
        status: 'unconfirmed',
        messageIdHeader: 'out-2@agency.test',
        threadKey: 'out-2@agency.test',
        fromAddress: 'recruiter@agency.test',
      })
      .returning();
    const [bounced] = await t.db
      .insert(messagesTable)
      .values({
        direction: 'outbound',
        status: 'sent',
        messageIdHeader: 'out-3@agency.test',
        threadKey: 'out-3@agency.test',
        fromAddress: 'recruiter@agency.test',
      })
      .returning();

    // Jane answers from another address, which no record has: the thread still finds her and the role.
    await imap.append(
      rawMessage({
        from: 'Jane <jane.private@elsewhere.test>',
        to: imap.username,
        messageId: 'reply-1@elsewhere.test',
        inReplyTo: 'out-1@agency.test',
        references: '<out-1@agency.test>',
      }),
    );
    await imap.append(
      rawMessage({ from: 'recruiter@agency.test', to: 'jane@talent.test', messageId: 'out-2@agency.test' }),
      'Sent',
    );
    await imap.append(
      [
        'From: Mail Delivery System <mailer-daemon@mx.talent.test>',
        `To: ${imap.username}`,
        'Subject: Undelivered Mail Returned to Sender',
        'Message-ID: <dsn-1@mx.talent.test>',
        'MIME-Version: 1.0',
        'Content-Type: multipart/report; report-type=delivery-status; boundary="B"',
        '',
        '--B',
        'Content-Type: text/plain',
        '',
        'Your message could not be delivered.',
        '--B',
        'Content-Type: message/delivery-status',
        '',
        'Reporting-MTA: dns; mx.talent.test',
        '',
        'Final-Recipient: rfc822; nobody@talent.test',
        'Action: failed',
        'Status: 5.1.1',
        'Diagnostic-Code: smtp; 550 5.1.1 User unknown',
        '--B',
        'Content-Type: text/rfc822-headers',
        '',
        'From: recruiter@agency.test',
        'To: nobody@talent.test',
        'Message-ID: <out-3@agency.test>',
        'Subject: Hello',
        '--B--',
        '',
      ].join('\r\n'),
    );
    await syncNow();

    const reply = (await messageBy('reply-1@elsewhere.test'))!;
    expect(reply.threadKey).toBe('out-1@agency.test');
    expect(await linksOf(reply.id)).toEqual([`candidate:${jane.id}`, `role:${role.id}`].sort());
    // The author of the message replied to is told, with a link to the candidate.
    const [notice] = await t.db
      .select()
      .from(notificationsTable)
      .where(and(eq(notificationsTable.userId, recruiter.id), eq(notificationsTable.link, `/candidates/${jane.id}`)));
    expect(notice).toMatchObject({ kind: 'message.reply', title: 'Jane replied', body: 'Hello' });
    expect((await messageBy('out-2@agency.test'))!.status).toBe('sent');
    expect((await messageBy('out-2@agency.test'))!.id).toBe(unconfirmed!.id);
    expect((await messageBy('out-3@agency.test'))!).toMatchObject({
      status: 'bounced',
      error: expect.stringContaining('User unknown'),
    });
    expect(bounced!.id).toBeGreaterThan(0);
    expect(await messageBy('dsn-1@mx.talent.test')).toBeUndefined();
  });

  it('a candidate’s reply stops their sequence and tells the sender and the one who enrolled them', async () => {
    const sam = await insertCandidate(t.db, { firstName: 'Sam', lastName: 'Reply', email: 'sam.reply@talent.test' });
    const [sequence] = await t.db.insert(sequencesTable).values({ name: 'Data outreach' }).returning();
    const [enrolment] = await t.db
      .insert(sequenceEnrolmentsTable)
      .values({ sequenceId: sequence!.id, candidateId: sam.id, enrolledById: otherRecruiter.id })
      .returning();
    const [outbound] = await t.db
      .insert(messagesTable)
      .values({
        direction: 'outbound',
        status: 'sent',
        messageIdHeader: 'seq-1@agency.test',
        threadKey: 'seq-1@agency.test',
        fromAddress: 'recruiter@agency.test',
        subject: 'A data role',
        toAddresses: [{ name: 'Sam', address: 'sam.reply@talent.test' }],
        authorId: recruiter.id,
      })
      .returning();
    await linkMessage(t.db, outbound!.id, outbound!.occurredAt, [{ recordType: 'candidate', recordId: sam.id }]);

    await imap.append(
      rawMessage({
        from: 'Sam Reply <sam.reply@talent.test>',
        to: imap.username,
        subject: 'Re: A data role',
        messageId: 'seq-reply-1@talent.test',
        inReplyTo: 'seq-1@agency.test',
      }),
    );
    await syncNow();

    const reply = (await messageBy('seq-reply-1@talent.test'))!;
    const [after] = await t.db
      .select()
      .from(sequenceEnrolmentsTable)
      .where(eq(sequenceEnrolmentsTable.id, enrolment!.id));
    expect(after).toMatchObject({ state: 'stopped', stopReason: 'replied', stopMessageId: reply.id });
    const noticesOf = (userId: number) =>
      t.db
        .select()
        .from(notificationsTable)
        .where(and(eq(notificationsTable.userId, userId), eq(notificationsTable.link, `/candidates/${sam.id}`)));
    for (const user of [recruiter, otherRecruiter]) {
      expect(await noticesOf(user.id)).toMatchObject([
        {
          title: 'Sam Reply replied',
          body: 'Re: A data role — stopped the sequence “Data outreach”',
          link: `/candidates/${sam.id}`,
          readAt: null,
        },
      ]);
    }
    expect(await noticesOf(owner.id)).toEqual([]);
  });

  it('lists unmatched mail, attaches it to a record, and makes a candidate from a sender', async () => {
    await imap.append(
      rawMessage({ from: '"Sam Stranger" <sam@newcomer.test>', to: imap.username, messageId: 'sam-1@newcomer.test' }),
    );
    await syncNow();
    const listed = await recruiterClient.get('/api/messages/unmatched/');
    expect(listed.text).toContain('"success":true');
    const page = listed.json;
    const ids = page.results.map((message: { id: number }) => message.id);
    const stranger = (await messageBy('stranger-1@unknown.test'))!;
    const sam = (await messageBy('sam-1@newcomer.test'))!;
    expect(ids).toEqual(expect.arrayContaining([stranger.id, sam.id]));
    expect(page.count).toBe(ids.length);
    // Another recruiter does not see mail from this recruiter's personal mailbox.
    const other = await signedInClient(t, otherRecruiter);
    expect((await other.get('/api/messages/unmatched/')).json.count).toBe(0);
    expect((await other.post(`/api/messages/${stranger.id}/attach/`, { type: 'candidate', id: jane.id })).status).toBe(
      404,
    );

    const attached = await recruiterClient.post(`/api/messages/${stranger.id}/attach/`, {
      type: 'candidate',
      id: jane.id,
    });
    expect(attached.status).toBe(200);
    expect(attached.json.message.records).toEqual([{ type: 'candidate', id: jane.id, name: 'Jane Doe' }]);
    expect(
      (await recruiterClient.post(`/api/messages/${stranger.id}/attach/`, { type: 'role', id: 2_000_000 })).status,
    ).toBe(404);

    const created = await recruiterClient.post(`/api/messages/${sam.id}/attach/`, { create_candidate: true });
    expect(created.status).toBe(200);
    const candidate = (await ownerClient.get(`/api/candidates/${created.json.candidate_id}/`)).json.candidate;
    expect(candidate).toMatchObject({ first_name: 'Sam', last_name: 'Stranger', email: 'sam@newcomer.test' });
    expect(await linksOf(sam.id)).toEqual([`candidate:${created.json.candidate_id}`]);
    const after = (await recruiterClient.get('/api/messages/unmatched/')).json.results.map((m: { id: number }) => m.id);
    expect(after).not.toContain(stranger.id);
    expect(after).not.toContain(sam.id);
  });

  it('stores malformed MIME without crashing, and names with CR/LF or HTML stay one line of text', async () => {
    await imap.append(
      [
        'From: =?utf-8?B?' +
          Buffer.from('Evil\r\nBcc: victim@x.test <img src=x onerror=alert(1)>').toString('base64') +
          '?= <evil@bad.test>',
        `To: ${imap.username}`,
        'Subject: =?utf-8?Q?broken=ZZ?= subject',
        'Message-ID: <broken-1@bad.test>',
        'MIME-Version: 1.0',
        'Content-Type: multipart/mixed; boundary="never-closed"',
        '',
        '--never-closed',
        'Content-Type: text/html; charset=no-such-charset',
        'Content-Transfer-Encoding: base64',
        '',
        '!!!not base64 at all<script>alert(1)</script>',
        '--never-closed',
        'Content-Type: application/octet-stream',
        'Content-Transfer-Encoding: quoted-printable',
        '',
        '=ZZ=',
      ].join('\r\n'),
    );
    await imap.append('this is not a mail message at all\r\n');
    await imap.append(
      rawMessage({ from: 'jane@talent.test', to: imap.username, messageId: 'after-broken@talent.test' }),
    );
    await syncNow();
    const broken = (await messageBy('broken-1@bad.test'))!;
    expect(broken).toBeDefined();
    expect(broken.fromName).not.toMatch(/[\r\n]/);
    expect(broken.fromName).toContain('<img src=x onerror=alert(1)>');
    expect(broken.bodyHtml).not.toContain('<script');
    expect(broken.bodyHtml).not.toContain('<img');
    expect(await messageBy('after-broken@talent.test')).toBeDefined();
    expect((await mailboxRow()).syncState).toBe('idle');
    const view = (await ownerClient.get('/api/messages/unmatched/')).json.results.find(
      (m: { id: number }) => m.id === broken.id,
    );
    expect(view.from.name).not.toMatch(/[\r\n]/);
  });

  it('stores a message with a 20 MB attachment', async () => {
    const file = Buffer.alloc(20 * 1024 * 1024, 7);
    const base64 = file.toString('base64').replace(/.{76}/g, '$&\r\n');
    await imap.append(
      [
        'From: Jane Doe <jane@talent.test>',
        `To: ${imap.username}`,
        'Subject: My portfolio',
        'Message-ID: <big-1@talent.test>',
        'MIME-Version: 1.0',
        'Content-Type: multipart/mixed; boundary="B"',
        '',
        '--B',
        'Content-Type: text/plain',
        '',
        'Attached.',
        '--B',
        'Content-Type: application/zip; name="portfolio.zip"',
        'Content-Disposition: attachment; filename="portfolio.zip"',
        'Content-Transfer-Encoding: base64',
        '',
        base64,
        '--B--',
        '',
      ].join('\r\n'),
    );
    await syncNow();
    const message = (await messageBy('big-1@talent.test'))!;
    const [attachment] = await t.db
      .select()
      .from(messageAttachmentsTable)
      .where(eq(messageAttachmentsTable.messageId, message.id));
    expect(attachment).toMatchObject({ filename: 'portfolio.zip', contentType: 'application/zip', size: file.length });
    expect((await t.app.deps.storage.read(attachment!.storageKey)).equals(file)).toBe(true);
    expect(await linksOf(message.id)).toEqual([`candidate:${jane.id}`]);
  }, 120_000);

  it('a new UIDVALIDITY reads the folder again without duplicating', async () => {
    const before = (await t.db.select({ n: sql<number>`count(*)::int` }).from(messagesTable))[0]!.n;
    imap.bumpUidValidity('INBOX');
    await syncNow();
    const after = (await t.db.select({ n: sql<number>`count(*)::int` }).from(messagesTable))[0]!.n;
    expect(after).toBe(before);
    const [folder] = await t.db
      .select()
      .from(mailboxFoldersTable)
      .where(and(eq(mailboxFoldersTable.mailboxId, mailboxId), eq(mailboxFoldersTable.path, 'INBOX')));
    expect(folder!.uidValidity).toBe(2);
  }, 120_000);
});

describe('mailbox failures', () => {
  it('refuses to connect with a wrong password or an unreachable server, with the reason', async () => {
    const wrong = await ownerClient.post(
      '/api/mailboxes/',
      imap.account({ username: 'nobody@agency.test', password: 'wrong' }),
    );
    expect(wrong.status).toBe(400);
    expect(wrong.json.error).toContain('the server refused the password');
    const refused = await ownerClient.post(
      '/api/mailboxes/',
      imap.account({ port: await closedPort(), username: 'x@agency.test' }),
    );
    expect(refused.status).toBe(400);
    expect(refused.json.error).toContain('the server refused the connection');
    expect((await ownerClient.post('/api/mailboxes/', imap.account())).status).toBe(409);
  });

  it('a password changed at the provider stops the sync with a clear reason; a new password resumes it', async () => {
    const server = await startImapServer({ idle: false });
    try {
      const created = await ownerClient.post(
        '/api/mailboxes/',
        server.account({ kind: 'shared', label: 'Jobs inbox' }),
      );
      expect(created.status).toBe(201);
      const id = created.json.mailbox.id as number;
      await t.app.deps.jobs.drain();
      expect(await mailboxRow(id)).toMatchObject({ syncState: 'idle', usesIdle: false });

      server.setPassword('changed-at-provider');
      await syncNow();
      const stopped = (await ownerClient.get(`/api/mailboxes/${id}/`)).json.mailbox;
      expect(stopped).toMatchObject({ sync_state: 'stopped' });
      expect(stopped.stopped_reason).toContain('the server refused the password');
      expect(stopped.stopped_since).toEqual(expect.any(String));
      // It waits for a new password rather than knocking again (accounts lock after repeated failures).
      expect(await enqueueDueSyncs(t.app.deps)).toBe(1);

      const bad = await ownerClient.patch(`/api/mailboxes/${id}/`, { password: 'still-wrong' });
      expect(bad.status).toBe(400);
      const fixed = await ownerClient.patch(`/api/mailboxes/${id}/`, { password: 'changed-at-provider' });
      expect(fixed.status).toBe(200);
      await t.app.deps.jobs.drain();
      expect((await ownerClient.get(`/api/mailboxes/${id}/`)).json.mailbox).toMatchObject({
        sync_state: 'idle',
        stopped_reason: null,
      });

      // Recruiters do not see the shared mailbox; the owner may disconnect it.
      expect((await recruiterClient.get(`/api/mailboxes/${id}/`)).status).toBe(404);
      expect((await ownerClient.request('DELETE', `/api/mailboxes/${id}/`)).status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it('a server that goes away stops the sync ("refused the connection") and it is retried on its own', async () => {
    const server = await startImapServer({ idle: false });
    const created = await ownerClient.post(
      '/api/mailboxes/',
      server.account({ kind: 'shared', username: 'gone@agency.test' }).valueOf(),
    );
    expect(created.status).toBe(400); // unknown login on this server
    server.addUser('gone@agency.test', 'pw-gone');
    const ok = await ownerClient.post(
      '/api/mailboxes/',
      server.account({ kind: 'shared', username: 'gone@agency.test', password: 'pw-gone' }),
    );
    expect(ok.status).toBe(201);
    const id = ok.json.mailbox.id as number;
    await t.app.deps.jobs.drain();
    await server.close();
    await syncNow();
    const row = await mailboxRow(id);
    expect(row).toMatchObject({
      syncState: 'stopped',
      stoppedReason: 'the server refused the connection',
      retryable: true,
    });
    // Retried after the back-off (capped at 4 minutes, inside the 5 the issue allows).
    t.clock.offsetMs = 5 * 60_000;
    try {
      expect(await enqueueDueSyncs(t.app.deps)).toBeGreaterThanOrEqual(1);
    } finally {
      t.clock.offsetMs = 0;
    }
    await t.db.delete(mailboxesTable).where(eq(mailboxesTable.id, id));
  });
});
