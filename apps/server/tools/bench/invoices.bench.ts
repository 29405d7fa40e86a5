/**
 * The invoice list and statistics at 50,000 invoices (issue 11: p95 ≤ 50 ms on PostgreSQL), measured
 * server-side through app.inject as an owner: p50/p95 of the list (default page, filters, search, sorts)
 * and the statistics (all, one client, a date range). `candidates.bench.ts` calls it on the PostgreSQL
 * database of `npm run bench`; `npm run bench:invoices` runs it alone in a fresh PostgreSQL database
 * (BENCH_DATABASE_URL, default the local server), or on PGlite with BENCH_INVOICES_ENGINE=pglite.
 *
 * BENCH_INVOICES (default 50000) invoices over 300 clients and the last 24 months; BENCH_RUNS (default 60).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../../src/app';
import { parseEnv, type AppConfig } from '../../src/config/env';
import { openPglite, openPostgres, type Db } from '../../src/db/client';
import { insertClients, buildClient } from '../../src/factories/clients.factory';
import { insertInvoiceRows } from '../../src/factories/invoices.factory';
import { insertRoles, buildRole } from '../../src/factories/roles.factory';
import { insertUser } from '../../src/factories/users.factory';
import { seededRandom } from '../../src/lib/seeded-random';
import { formatInvoiceNumber } from '../../src/modules/invoices/invoices.service';
import type { NewInvoiceRow, NewPayoutRow } from '../../src/modules/invoices/invoices.table';
import { createSession } from '../../src/modules/sessions/sessions.service';

export interface InvoiceBenchRow {
  name: string;
  count: number;
  p50: number;
  p95: number;
}

const DAY = 86_400_000;
const print = (text: string) => process.stdout.write(`${text}\n`);
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
const isoDate = (time: number) => new Date(time).toISOString().slice(0, 10);

/** `total` invoices: finder's fees and retainers over 300 clients, 24 months, every state, with payouts. */
async function seed(db: Db, total: number): Promise<{ clientId: number }> {
  const random = seededRandom(2024);
  const now = Date.now();
  const clients = await insertClients(
    db,
    Array.from({ length: 300 }, (_, index) =>
      buildClient({
        name: `Bench Client ${String(index + 1).padStart(3, '0')} ${['Acme', 'Globex', 'Initech', 'Umbrella', 'Soylent'][index % 5]}`,
        clientType: index % 4 === 0 ? 'retainer' : 'finders_fee',
      }),
    ),
  );
  const roles = await insertRoles(
    db,
    clients.flatMap((client) =>
      Array.from({ length: 3 }, (_, index) =>
        buildRole({ clientId: client.id, name: `Bench role ${client.id}-${index + 1}` }),
      ),
    ),
  );
  const today = isoDate(now);
  const drafts = Array.from({ length: total }, () => {
    const client = clients[Math.floor(random() * clients.length)]!;
    const role =
      client.clientType === 'finders_fee'
        ? (roles[(client.id - clients[0]!.id) * 3 + Math.floor(random() * 3)] ?? null)
        : null;
    const issue = isoDate(now - Math.floor(random() * 730) * DAY);
    const due = isoDate(new Date(`${issue}T00:00:00Z`).getTime() + 30 * DAY);
    const totalMinor = (5_000 + Math.floor(random() * 45_000)) * 100 + Math.floor(random() * 100);
    const roll = random();
    const status =
      issue > isoDate(now - 20 * DAY) && roll < 0.3
        ? 'draft'
        : roll < 0.03
          ? 'void'
          : due < today && roll < 0.8
            ? 'paid'
            : 'sent';
    const paidMinor = status === 'paid' ? totalMinor : status === 'sent' && roll > 0.9 ? Math.floor(totalMinor / 2) : 0;
    const payouts: Omit<NewPayoutRow, 'invoiceId' | 'clientId' | 'currency' | 'invoiceIssueDate'>[] =
      paidMinor > 0
        ? [{ date: due < today ? due : today, amountMinor: paidMinor, method: 'bank_transfer', reference: '' }]
        : [];
    const row: Omit<NewInvoiceRow, 'number' | 'numberYear' | 'numberSeq'> = {
      kind: role ? 'finders_fee' : 'retainer',
      status,
      clientId: client.id,
      roleId: role?.id ?? null,
      issueDate: issue,
      dueDate: due,
      currency: 'USD',
      subtotalMinor: totalMinor,
      totalMinor,
      paidMinor,
      balanceMinor: status === 'void' ? 0 : totalMinor - paidMinor,
      sentAt: status === 'draft' ? null : new Date(`${issue}T12:00:00Z`),
    };
    return {
      row,
      payouts,
      lines: [
        {
          position: 1,
          description: 'Bench fee',
          quantityHundredths: 100,
          unitMinor: totalMinor,
          amountMinor: totalMinor,
        },
      ],
    };
  });
  drafts.sort((a, b) => (a.row.issueDate < b.row.issueDate ? -1 : a.row.issueDate > b.row.issueDate ? 1 : 0));
  const seq = new Map<number, number>();
  await insertInvoiceRows(
    db,
    drafts.map(({ row, payouts, lines }) => {
      const year = Number(row.issueDate.slice(0, 4));
      const next = (seq.get(year) ?? 0) + 1;
      seq.set(year, next);
      return { ...row, number: formatInvoiceNumber(year, next), numberYear: year, numberSeq: next, lines, payouts };
    }),
  );
  await db.execute(sql`ANALYZE invoices`);
  await db.execute(sql`ANALYZE invoice_lines`);
  await db.execute(sql`ANALYZE payouts`);
  await db.execute(sql`ANALYZE clients`);
  await db.execute(sql`ANALYZE roles`);
  return { clientId: clients[7]!.id };
}

/** Seeds, then measures every case; returns one row per case. */
export async function benchInvoices(
  db: Db,
  options: { dataDir: string; runs?: number; warmup?: number; total?: number },
): Promise<InvoiceBenchRow[]> {
  const runs = options.runs ?? Number(process.env.BENCH_RUNS ?? 60);
  const warmup = options.warmup ?? 5;
  const total = options.total ?? Number(process.env.BENCH_INVOICES ?? 50_000);
  const { clientId } = await seed(db, total);
  const config: AppConfig = parseEnv({
    NODE_ENV: 'test',
    DATA_DIR: options.dataDir,
    LOG_LEVEL: 'silent',
    PORT: '0',
    WEB_DIST_DIR: path.join(options.dataDir, 'no-web'),
  });
  const app = await buildApp(config, { db });
  try {
    const owner = await insertUser(db, { userType: ['owner'] });
    const { token } = await createSession(db, {
      userId: owner.id,
      rememberMe: false,
      ip: '127.0.0.1',
      userAgent: null,
      now: new Date(),
    });
    const from = isoDate(Date.now() - 90 * DAY);
    const to = isoDate(Date.now());
    const year = new Date().getUTCFullYear();
    const cases: [string, string, (body: Record<string, unknown>) => number][] = [
      ['list, page 1', '/api/invoices/', (body) => body.count as number],
      ['list, page 40', '/api/invoices/?page=40', (body) => body.count as number],
      ['list, status sent', '/api/invoices/?status=sent', (body) => body.count as number],
      ['list, overdue', '/api/invoices/?overdue=true', (body) => body.count as number],
      ['list, one client', `/api/invoices/?client=${clientId}`, (body) => body.count as number],
      ['list, last 90 days', `/api/invoices/?date_from=${from}&date_to=${to}`, (body) => body.count as number],
      ['list, kind retainer', '/api/invoices/?kind=retainer', (body) => body.count as number],
      ['list, search number', `/api/invoices/?search=INV-${year}-001`, (body) => body.count as number],
      ['list, search client', '/api/invoices/?search=initech', (body) => body.count as number],
      ['list, by balance', '/api/invoices/?ordering=-balance', (body) => body.count as number],
      ['list, by client', '/api/invoices/?ordering=client', (body) => body.count as number],
      [
        'statistics, all',
        '/api/invoices/statistics/',
        (body) => (body.statistics as { counts: Record<string, number> }).counts.sent ?? 0,
      ],
      [
        'statistics, one client',
        `/api/invoices/statistics/?client=${clientId}`,
        (body) => (body.statistics as { counts: Record<string, number> }).counts.sent ?? 0,
      ],
      [
        'statistics, 90 days',
        `/api/invoices/statistics/?date_from=${from}&date_to=${to}`,
        (body) => (body.statistics as { counts: Record<string, number> }).counts.sent ?? 0,
      ],
    ];
    const rows: InvoiceBenchRow[] = [];
    for (const [name, url, countOf] of cases) {
      const times: number[] = [];
      let count = 0;
      for (let run = 0; run < warmup + runs; run += 1) {
        const started = performance.now();
        const response = await app.inject({ method: 'GET', url, cookies: { sessionid: token } });
        const elapsed = performance.now() - started;
        if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
        if (run >= warmup) times.push(elapsed);
        count = countOf(response.json() as Record<string, unknown>);
      }
      times.sort((a, b) => a - b);
      rows.push({ name, count, p50: percentile(times, 50), p95: percentile(times, 95) });
    }
    return rows;
  } finally {
    await app.close();
  }
}

export function formatInvoiceBench(label: string, rows: InvoiceBenchRow[]): string {
  const lines = [
    `\n${label}`,
    `${'case'.padEnd(28)} ${'matches'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)}`,
  ];
  for (const row of rows)
    lines.push(
      `${row.name.padEnd(28)} ${String(row.count).padStart(8)} ${row.p50.toFixed(1).padStart(8)} ${row.p95.toFixed(1).padStart(8)}`,
    );
  const slow = rows.filter((row) => row.p95 > 50);
  lines.push(
    slow.length
      ? `Over the 50 ms p95 target: ${slow.map((row) => row.name).join(', ')}`
      : 'Every case is within the 50 ms p95 target.',
  );
  return lines.join('\n');
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rd-bench-inv-'));
  const total = Number(process.env.BENCH_INVOICES ?? 50_000);
  try {
    if (process.env.BENCH_INVOICES_ENGINE === 'pglite') {
      const database = await openPglite();
      await database.migrate();
      print(
        formatInvoiceBench(
          `PGlite, ${total.toLocaleString('en-US')} invoices`,
          await benchInvoices(database.db, { dataDir, total }),
        ),
      );
      await database.close();
      return;
    }
    const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
    const name = `rd_bench_inv_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    try {
      const database = openPostgres(url.toString());
      await database.migrate();
      print(
        formatInvoiceBench(
          `PostgreSQL, ${total.toLocaleString('en-US')} invoices (target p95 ≤ 50 ms)`,
          await benchInvoices(database.db, { dataDir, total }),
        ),
      );
      await database.close();
    } finally {
      if (process.env.BENCH_KEEP_DB === '1') {
        print(`Kept the database ${name}.`);
      } else {
        const client = new pg.Client({ connectionString: adminUrl });
        await client.connect();
        await client.query(
          'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
          [name],
        );
        await client.query(`DROP DATABASE IF EXISTS ${name}`);
        await client.end();
      }
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1]?.endsWith('invoices.bench.ts')) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
