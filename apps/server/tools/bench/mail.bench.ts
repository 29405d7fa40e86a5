/**
 * `npm run bench:mail` (issue 33 "Speed"): on the embedded database (PGlite on disk, as the server keeps it),
 * against the test IMAP server on 127.0.0.1 (src/test/imap-server.ts, in this process):
 * 1. the first sync of a mailbox of BENCH_MAIL_MESSAGES (default 10,000) messages APPENDed to the server first
 *    (a third from 500 known candidates, every 20th with a 20 KB attachment): seconds and this process's peak RSS
 *    (sampled every 250 ms; the IMAP server's copy of the mailbox lives in this process too, so it counts);
 * 2. from APPEND to the message on its record's timeline (message_links), with the job runner started and the
 *    IDLE watcher the sync set up: 10 messages, median and max;
 * 3. a candidate's timeline of 1,000 messages paged 25 at a time, newest first, by the keyset query on
 *    message_links (message_links_timeline_idx) plus toMessageViews: p95 per page. The timeline endpoint is the
 *    outbox helper's; this measures the same query directly.
 * Targets: ≤ 300 s and ≤ 500 MB; ≤ 10 s; ≤ 50 ms p95.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { ImapFlow } from 'imapflow';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { buildApp } from '../../src/app';
import { jobsTable } from '../../src/lib/jobs';
import { parseEnv, type AppConfig } from '../../src/config/env';
import { openPglite } from '../../src/db/client';
import { buildCandidate, insertCandidates } from '../../src/factories/candidates.factory';
import { insertUser } from '../../src/factories/users.factory';
import { connectMailbox } from '../../src/modules/mailboxes/mailboxes.service';
import { toMessageViews } from '../../src/modules/messages/messages.service';
import { messageLinksTable, messagesTable } from '../../src/modules/messages/messages.table';
import { candidatesTable } from '../../src/modules/candidates/candidates.table';
import type { ImapAccount } from '../../src/modules/mailboxes/imap-connection';
import { rawMessage, startImapServer } from '../../src/test/imap-server';
import { rerunAsEmbeddedServer } from './bench-database';

const COUNT = Number(process.env.BENCH_MAIL_MESSAGES ?? 10_000);
const CANDIDATES = 500;
const print = (line: string) => void process.stdout.write(`${line}\n`);
const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

const PARAGRAPH =
  'Thanks for getting back to me about the role. I have attached my notes and would be happy to talk on ' +
  'Tuesday or Wednesday afternoon. Let me know what suits the hiring manager best.\n';

function* mailboxMessages(count: number): Generator<string> {
  const attachment = Buffer.alloc(20 * 1024, 42)
    .toString('base64')
    .replace(/.{76}/g, '$&\r\n');
  for (let i = 0; i < count; i++) {
    const from =
      i % 3 === 0
        ? `Candidate ${i % CANDIDATES} <c${i % CANDIDATES}@talent.bench>`
        : `Person ${i} <p${i}@elsewhere.bench>`;
    const base = {
      from,
      to: 'recruiter@agency.bench',
      subject: `Message ${i}`,
      messageId: `bench-${i}@bench.test`,
      date: new Date(Date.now() - (count - i) * 60_000),
    };
    if (i % 20 !== 0) {
      yield rawMessage({ ...base, body: PARAGRAPH.repeat(8) });
      continue;
    }
    yield rawMessage({
      ...base,
      extraHeaders: ['Content-Type: multipart/mixed; boundary="b"'],
      body: [
        '--b',
        'Content-Type: text/plain',
        '',
        PARAGRAPH,
        '--b',
        'Content-Type: application/pdf; name="cv.pdf"',
        'Content-Disposition: attachment; filename="cv.pdf"',
        'Content-Transfer-Encoding: base64',
        '',
        attachment,
        '--b--',
      ].join('\n'),
    });
  }
}

function prepareInChild(dir: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(import.meta.url), [], {
      env: { ...process.env, BENCH_PREPARE_DIR: dir },
      execArgv: ['--import', 'tsx'],
      stdio: 'inherit',
    });
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`preparing the database: exit ${code}`))));
  });
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rd-bench-mail-'));
  const { child, account, append } = await startImapChild();
  const imap = { ...account, append };
  try {
    let started = performance.now();

    await prepareInChild(path.join(dataDir, 'db'));
    const database = await openPglite(path.join(dataDir, 'db'));
    const config: AppConfig = parseEnv({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      PORT: '0',
      WEB_DIST_DIR: path.join(dataDir, 'none'),
    });
    const app = await buildApp(config, { db: database.db });
    await app.ready();
    const deps = app.deps;
    try {
      const owner = await insertUser(deps.db, { userType: ['owner'], email: 'owner@agency.bench' });
      await insertCandidates(
        deps.db,
        Array.from({ length: CANDIDATES }, (_, i) => buildCandidate({ email: `c${i}@talent.bench` })),
      );

      // 1. First sync.
      const baseline = process.memoryUsage().rss;
      let peak = baseline;
      const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 250);
      started = performance.now();
      const mailbox = await connectMailbox(deps, owner, {
        kind: 'shared',
        label: 'Bench',
        email: imap.username,
        host: imap.host,
        port: imap.port,
        tls: false,
        username: imap.username,
        password: imap.password,
      });
      await deps.jobs.drain();
      const syncSeconds = (performance.now() - started) / 1000;
      clearInterval(sampler);
      const [job] = await deps.db
        .select({ result: jobsTable.result })
        .from(jobsTable)
        .where(eq(jobsTable.kind, 'mailbox.sync'))
        .orderBy(sql`(${jobsTable.result}->>'stored')::int desc nulls last`)
        .limit(1);
      print(`Sync job result: ${JSON.stringify(job?.result)}`);
      const [stored] = await deps.db.select({ n: sql<number>`count(*)::int` }).from(messagesTable);
      print(
        `First sync: ${stored!.n.toLocaleString('en-US')} messages stored in ${syncSeconds.toFixed(1)} s; RSS ${mb(baseline)} MB before, peak ${mb(peak)} MB (mailbox ${mailbox.id})`,
      );

      // 2. APPEND → on the record's timeline, with the runner running and the IDLE watcher in place.
      deps.jobs.start();
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const [candidate] = await deps.db
        .select({ id: candidatesTable.id })
        .from(candidatesTable)
        .where(eq(candidatesTable.email, 'c7@talent.bench'));
      const latencies: number[] = [];
      for (let i = 0; i < 10; i++) {
        const id = `latency-${i}@talent.bench`;
        const appended = performance.now();
        await imap.append(rawMessage({ from: 'c7@talent.bench', to: imap.username, messageId: id }));
        for (;;) {
          const [row] = await deps.db
            .select({ id: messagesTable.id })
            .from(messagesTable)
            .innerJoin(messageLinksTable, eq(messageLinksTable.messageId, messagesTable.id))
            .where(
              and(
                eq(messagesTable.messageIdHeader, id),
                eq(messageLinksTable.recordType, 'candidate'),
                eq(messageLinksTable.recordId, candidate!.id),
              ),
            );
          if (row) break;
          if (performance.now() - appended > 60_000) throw new Error(`message ${id} not on the timeline after 60 s`);
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        latencies.push(performance.now() - appended);
      }
      print(
        `APPEND → on the candidate's timeline: median ${Math.round(percentile(latencies, 50))} ms, max ${Math.round(Math.max(...latencies))} ms`,
      );

      // 3. A timeline of 1,000 messages, paged.
      const timelineOwner = candidate!.id;
      const rows = Array.from({ length: 1000 }, (_, i) => ({
        direction: 'inbound' as const,
        status: 'received' as const,
        messageIdHeader: `timeline-${i}@talent.bench`,
        threadKey: `timeline-${i}@talent.bench`,
        fromAddress: 'c7@talent.bench',
        subject: `Timeline ${i}`,
        bodyText: PARAGRAPH.repeat(4),
        occurredAt: new Date(Date.now() - i * 3_600_000),
      }));
      for (let i = 0; i < rows.length; i += 250) {
        const inserted = await deps.db
          .insert(messagesTable)
          .values(rows.slice(i, i + 250))
          .returning({ id: messagesTable.id, occurredAt: messagesTable.occurredAt });
        await deps.db.insert(messageLinksTable).values(
          inserted.map((row) => ({
            messageId: row.id,
            occurredAt: row.occurredAt,
            recordType: 'candidate' as const,
            recordId: timelineOwner,
          })),
        );
      }
      const pageTimes: number[] = [];
      let pages = 0;
      for (let round = 0; round < 5; round++) {
        let cursor: { at: Date; id: number } | null = null;
        for (;;) {
          const t0 = performance.now();
          const links: { messageId: number; occurredAt: Date }[] = await deps.db
            .select({ messageId: messageLinksTable.messageId, occurredAt: messageLinksTable.occurredAt })
            .from(messageLinksTable)
            .where(
              and(
                eq(messageLinksTable.recordType, 'candidate'),
                eq(messageLinksTable.recordId, timelineOwner),
                cursor
                  ? sql`(${messageLinksTable.occurredAt}, ${messageLinksTable.messageId}) < (${cursor.at.toISOString()}::timestamptz, ${cursor.id})`
                  : undefined,
              ),
            )
            .orderBy(desc(messageLinksTable.occurredAt), desc(messageLinksTable.messageId))
            .limit(25);
          const messageRows = links.length
            ? await deps.db
                .select()
                .from(messagesTable)
                .where(
                  inArray(
                    messagesTable.id,
                    links.map((l) => l.messageId),
                  ),
                )
            : [];
          await toMessageViews(deps.db, messageRows, owner);
          pageTimes.push(performance.now() - t0);
          pages++;
          if (links.length < 25) break;
          const last: { messageId: number; occurredAt: Date } = links.at(-1)!;
          cursor = { at: last.occurredAt, id: last.messageId };
        }
      }
      print(
        `Timeline of ${1000 + 10} messages, ${pages} pages of 25: p50 ${percentile(pageTimes, 50).toFixed(1)} ms, p95 ${percentile(pageTimes, 95).toFixed(1)} ms`,
      );
      print('');
      print('| measure | result | target |');
      print('| --- | --- | --- |');
      print(
        `| first sync of ${COUNT.toLocaleString('en-US')} messages | ${syncSeconds.toFixed(1)} s, peak RSS ${mb(peak)} MB | ≤ 300 s, ≤ 500 MB |`,
      );
      print(`| APPEND → on the timeline | max ${(Math.max(...latencies) / 1000).toFixed(2)} s | ≤ 10 s |`);
      print(`| timeline page (25) p95 | ${percentile(pageTimes, 95).toFixed(1)} ms | ≤ 50 ms |`);
      if (syncSeconds > 300 || mb(peak) > 500 || Math.max(...latencies) > 10_000 || percentile(pageTimes, 95) > 50)
        process.exitCode = 1;
    } finally {
      await app.close();
      await database.close();
    }
  } finally {
    child.removeAllListeners('exit');
    child.disconnect();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The IMAP server runs in a child process: its in-memory copy of the mailbox stays out of the measured RSS. */
async function imapChild(): Promise<void> {
  const imap = await startImapServer();
  const started = performance.now();
  await imap.appendMany(mailboxMessages(COUNT));
  print(
    `APPENDed ${COUNT.toLocaleString('en-US')} messages to the IMAP server in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  process.send?.({ host: imap.host, port: imap.port, username: imap.username, password: imap.password });
  process.on('disconnect', () => void imap.close().then(() => process.exit(0)));
}

function startImapChild(): Promise<{ child: ChildProcess; account: ImapAccount; append(raw: string): Promise<void> }> {
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(import.meta.url), [], {
      env: { ...process.env, BENCH_IMAP_CHILD: '1' },
      execArgv: ['--import', 'tsx'],
      stdio: 'inherit',
    });
    child.once('exit', (code) => reject(new Error(`IMAP server process ended: ${code}`)));
    child.once('message', (message) => {
      const account = message as { host: string; port: number; username: string; password: string };
      const append = async (raw: string) => {
        const client = new ImapFlow({
          host: account.host,
          port: account.port,
          secure: false,
          auth: { user: account.username, pass: account.password },
          logger: false,
        });
        client.on('error', () => undefined);
        await client.connect();
        await client.append('INBOX', raw);
        await client.logout();
      };
      resolve({ child, account: { ...account, tls: false }, append });
    });
  });
}

const prepareDir = process.env.BENCH_PREPARE_DIR;
if (process.env.BENCH_IMAP_CHILD === '1') {
  await imapChild();
} else if (prepareDir) {
  const database = await openPglite(prepareDir);
  await database.migrate();
  await database.close();
} else if (!(await rerunAsEmbeddedServer(import.meta.url))) {
  await main();
}
