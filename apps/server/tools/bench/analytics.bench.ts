/**
 * `npm run bench:analytics` (and the end of `npm run bench`): the ten analytics sets (issue 12) on PostgreSQL
 * at the issue's scale — 100,000 candidates, 20,000 roles, 200,000 pipelines, 1,000,000 pipeline events —
 * spread over three years, with submittals, placements, answered offers, invoices and payouts. The rows are
 * generated inside PostgreSQL (generate_series), then ANALYZE; each set is measured server-side through
 * app.inject with the default filters and with a client filter: p50 / p95 over BENCH_RUNS runs.
 *
 * BENCH_ANALYTICS_SCALE (default 1) multiplies every count (0.2 = a fifth of the issue's scale);
 * BENCH_DATABASE_URL as for the candidates bench; BENCH_RUNS (default 30). BENCH_KEEP=1 keeps the generated
 * database (its name is printed); BENCH_REUSE=<that name> measures it again without generating (migrations
 * still run, so a new index or summary table is measured on the same rows).
 */
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../../src/app';
import { parseEnv, type AppConfig } from '../../src/config/env';
import { openPostgres } from '../../src/db/client';
import { kpisQuery } from '../../src/modules/analytics/analytics-kpis.repository';
import { createSession } from '../../src/modules/sessions/sessions.service';
import { insertUser } from '../../src/factories/users.factory';
import { printAnalyticsSetTimes } from './analytics-sets-timing';

const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SCALE = Number(process.env.BENCH_ANALYTICS_SCALE ?? 1);
const print = (line: string) => void process.stdout.write(`${line}\n`);

const counts = {
  clients: Math.max(20, Math.round(1000 * SCALE)),
  candidates: Math.round(100_000 * SCALE),
  roles: Math.round(20_000 * SCALE),
  pipelines: Math.round(200_000 * SCALE),
};

const TITLES = [
  'Senior Software Engineer',
  'Software Developer',
  'Frontend Engineer',
  'Backend Developer',
  'Full Stack Engineer',
  'Data Scientist',
  'Data Engineer',
  'Product Manager',
  'Senior Product Designer',
  'UX Designer',
  'QA Engineer',
  'DevOps Engineer',
  'Site Reliability Engineer',
  'Account Executive',
  'Sales Development Representative',
  'Marketing Manager',
  'HR Business Partner',
  'Financial Analyst',
  'Lead Data Scientist',
  'Engineering Manager',
];

async function generate(db: ReturnType<typeof openPostgres>['db'], recruiterIds: number[]) {
  const titles = `array[${TITLES.map((t) => `'${t}'`).join(',')}]`;
  const recruiters = `array[${recruiterIds.join(',')}]`;
  const steps: [string, string][] = [
    [
      'clients',
      `insert into clients (name, client_type, retainer_amount, retainer_instalments, created_at)
      select 'Client ' || g, case when g % 10 = 0 then 'retainer' else 'finders_fee' end,
             case when g % 10 = 0 then 30000 end,
             case when g % 10 = 0 then '[{"label":"On signing","percent":50,"milestone":"on_signing"},{"label":"On shortlist","percent":50,"milestone":"on_shortlist"}]'::jsonb else '[]'::jsonb end,
             now() - ((g * 37) % 1095) * interval '1 day'
      from generate_series(1, ${counts.clients}) g`,
    ],
    [
      'candidates',
      `insert into candidates (first_name, last_name, email) select 'First' || g, 'Last' || g, 'c' || g || '@bench.test' from generate_series(1, ${counts.candidates}) g`,
    ],
    [
      'roles',
      `insert into roles (client_id, name, state, close_reason, location, salary_min, salary_max, recruiter_id, opened_at, closed_at)
      select 1 + (g * 7) % ${counts.clients}, (${titles})[1 + g % ${TITLES.length}],
             case when g % 10 < 6 then 'closed' when g % 10 = 6 then 'on_hold' else 'open' end,
             case when g % 10 < 4 then 'filled' when g % 10 < 6 then 'cancelled_by_client' end,
             (array['London','Berlin','New York','Remote'])[1 + g % 4], 60000 + (g % 20) * 5000, 80000 + (g % 20) * 5000,
             (${recruiters})[1 + g % ${recruiterIds.length}],
             current_date - (g * 13) % 1095,
             case when g % 10 < 6 then (current_date - (g * 13) % 1095 + 30 + g % 90)::timestamp at time zone 'UTC' end
      from generate_series(1, ${counts.roles}) g`,
    ],
    [
      'pipelines',
      `insert into pipelines (role_id, candidate_id, stage, state, close_reason, recruiter_id, created_at, stage_changed_at, closed_at,
                                offered_salary, offer_currency, offered_at, offer_answer)
      select r.id, 1 + (g + g / ${counts.candidates}) % ${counts.candidates}, s.stage,
             case when s.pos < 6 and g % 5 < 2 then 'closed' else 'open' end,
             case when s.pos < 6 and g % 5 < 2 then case when s.pos = 5 then 'offer_declined' else 'rejected_by_client' end end,
             r.recruiter_id, r.opened_at + (g % 30), r.opened_at + (g % 30) + s.pos * 6, case when s.pos < 6 and g % 5 < 2 then r.opened_at + (g % 30) + s.pos * 6 + 3 end,
             case when s.pos >= 5 then r.salary_min + (g % 9) * 2500 end, case when s.pos >= 5 then 'USD' end,
             case when s.pos >= 5 then r.opened_at + (g % 30) + 30 end,
             case when s.pos = 6 then 'accepted' when s.pos = 5 and g % 5 < 2 then 'declined' end
      from generate_series(1, ${counts.pipelines}) g
      join roles r on r.id = 1 + g % ${counts.roles}
      cross join lateral (select (array['sourced','internal_interview','submit_pending','submitted','client_interview','offer','placed'])[1 + p] as stage, p as pos
                          from (select (array[0,0,0,1,1,2,3,3,4,5,6])[1 + (g * 7919) % 11] as p) x) s
      on conflict do nothing`,
    ],
    [
      'pipeline_events',
      `insert into pipeline_events (pipeline_id, kind, from_stage, to_stage, created_at)
      select p.id, case when k = 0 then 'created' when k <= st.pos then 'stage_changed' else 'note' end,
             case when k between 1 and st.pos then (array['sourced','internal_interview','submit_pending','submitted','client_interview','offer','placed'])[k] end,
             case when k <= st.pos then (array['sourced','internal_interview','submit_pending','submitted','client_interview','offer','placed'])[k + 1] end,
             p.created_at + k * interval '6 days'
      from pipelines p
      cross join lateral (select array_position(array['sourced','internal_interview','submit_pending','submitted','client_interview','offer','placed'], p.stage) - 1 as pos) st
      cross join generate_series(0, 4) k`,
    ],
    [
      'submittals',
      `insert into submittals (pipeline_id, submitted_on, outcome)
      select id, (created_at + interval '18 days')::date, 'pending' from pipelines where stage in ('submitted','client_interview','offer','placed')`,
    ],
    [
      'placements',
      `insert into placements (pipeline_id, salary, start_date, fee, guarantee_end, created_at)
      select p.id, p.offered_salary, (p.created_at + interval '50 days')::date, round(p.offered_salary * 0.2), (p.created_at + interval '140 days')::date, p.created_at + interval '36 days'
      from pipelines p where p.stage = 'placed'`,
    ],
    [
      'invoices',
      `insert into invoices (number, number_year, number_seq, kind, status, client_id, role_id, placement_id, issue_date, due_date, currency, subtotal_minor, total_minor, paid_minor, balance_minor)
      select 'INV-B-' || pl.id, 3000, pl.id, 'finders_fee', case when pl.id % 3 = 0 then 'sent' else 'paid' end, r.client_id, r.id, pl.id,
             (pl.created_at + interval '3 days')::date, (pl.created_at + interval '33 days')::date, 'USD',
             round(pl.fee * 100), round(pl.fee * 100), case when pl.id % 3 = 0 then 0 else round(pl.fee * 100) end, case when pl.id % 3 = 0 then round(pl.fee * 100) else 0 end
      from placements pl join pipelines p on p.id = pl.pipeline_id join roles r on r.id = p.role_id`,
    ],
    [
      'retainer invoices',
      `insert into invoices (number, number_year, number_seq, kind, status, client_id, instalment, issue_date, due_date, currency, subtotal_minor, total_minor, paid_minor, balance_minor)
      select 'INV-R-' || c.id, 3001, c.id, 'retainer', 'paid', c.id, 0, (c.created_at + interval '9 days')::date, (c.created_at + interval '39 days')::date, 'USD', 1500000, 1500000, 1500000, 0
      from clients c where c.client_type = 'retainer'`,
    ],
    [
      'payouts',
      `insert into payouts (invoice_id, client_id, currency, invoice_issue_date, date, amount_minor) select id, client_id, currency, issue_date, due_date - 5, total_minor from invoices where status = 'paid'`,
    ],
  ];
  for (const [name, statement] of steps) {
    const started = performance.now();
    await db.execute(sql.raw(statement));
    print(`  generated ${name} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  const started = performance.now();
  await db.execute(sql`ANALYZE`);
  print(`  ANALYZE in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const sizes =
    (await db.execute(sql`select (select count(*) from candidates)::int as candidates, (select count(*) from roles)::int as roles,
    (select count(*) from pipelines)::int as pipelines, (select count(*) from pipeline_events)::int as events, (select count(*) from submittals)::int as submittals,
    (select count(*) from placements)::int as placements, (select count(*) from invoices)::int as invoices, (select count(*) from payouts)::int as payouts`)) as unknown as {
      rows: Record<string, number>[];
    };
  print(`  rows: ${JSON.stringify(sizes.rows[0])}`);
}

async function main() {
  const reuse = process.env.BENCH_REUSE;
  const keep = Boolean(process.env.BENCH_KEEP) || Boolean(reuse);
  const name = reuse ?? `rd_bench_analytics_${process.pid}`;
  if (!reuse) {
    const admin = new pg.Client({ connectionString: POSTGRES_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
  }
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  const database = openPostgres(url.toString());
  try {
    await database.migrate();
    print(`Analytics bench on PostgreSQL, scale ${SCALE} (${JSON.stringify(counts)}; events ≈ 5 per pipeline)`);
    const owner = await insertUser(database.db, { userType: ['owner'] });
    if (!reuse) {
      const recruiterIds: number[] = [];
      for (let i = 0; i < 20; i += 1)
        recruiterIds.push((await insertUser(database.db, { userType: ['recruiter'] })).id);
      await generate(database.db, recruiterIds);
    }
    if (keep) print(`  database kept: BENCH_REUSE=${name}`);
    if (process.env.BENCH_EXPLAIN) {
      const scope = {
        from: '1900-01-01',
        to: new Date().toISOString().slice(0, 10),
        clientId: null,
        clientType: null,
        recruiterId: null,
        timeZone: 'UTC',
        roleNames: null,
      };
      const plan = (await database.db.execute(
        sql`explain (analyze, costs off) ${kpisQuery(scope, true)}`,
      )) as unknown as { rows: Record<string, string>[] };
      for (const row of plan.rows) print(Object.values(row)[0]!);
    }
    const dataDir = path.join('/tmp', name);
    const config: AppConfig = parseEnv({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      PORT: '0',
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    });
    const app = await buildApp(config, { db: database.db });
    try {
      const { token } = await createSession(database.db, {
        userId: owner.id,
        rememberMe: false,
        ip: '127.0.0.1',
        userAgent: null,
        now: new Date(),
      });
      await printAnalyticsSetTimes(app, token, [
        { label: 'default', query: '' },
        { label: 'client=8', query: 'client=8' },
      ]);
    } finally {
      await app.close();
    }
  } finally {
    await database.close?.();
    if (!keep) {
      const client = new pg.Client({ connectionString: POSTGRES_URL });
      await client.connect();
      await client.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
        [name],
      );
      await client.query(`DROP DATABASE IF EXISTS ${name}`);
      await client.end();
    }
  }
}

await main();
