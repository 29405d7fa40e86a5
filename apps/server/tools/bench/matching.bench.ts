/**
 * `npm run bench:matching` (issue 32): on PostgreSQL and on the embedded database (PGlite),
 * - a role's top 50 over BENCH_MATCH_CANDIDATES (100,000) candidates: p50/p95 of the matching service
 *   (profiles already built), over roles of 3 required + 2 nice-to-have skills drawn from the candidates' skills;
 * - a candidate's matching roles over BENCH_MATCH_ROLES (5,000) open roles: p50/p95 (the role profiles are
 *   cached for 5 s, so the figures include the rebuilds that fall in the run);
 * - freshness: a candidate's skills changed, then the time until the next ranking places them;
 * - how fast profiles are built (with and without resume text), the cost of `npm run matching:rebuild`.
 * BENCH_SKIP_POSTGRES=1 / BENCH_SKIP_PGLITE=1 skip one; BENCH_DATABASE_URL names the PostgreSQL server.
 * The candidates carry no resume text here (a resume only changes how long its profile takes to build,
 * measured separately); BENCH_RESUME_SHARE=0.3 loads resumes for that share.
 */
import { mkdtempSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../src/app';
import { parseEnv } from '../../src/config/env';
import { openPglite, openPostgres, type Database } from '../../src/db/client';
import { rowsOf } from '../../src/db/sql-helpers';
import { seededRandom } from '../../src/lib/seeded-random';
import type { Deps } from '../../src/lib/deps';
import { insertCandidates } from '../../src/factories/candidates.factory';
import { insertClient } from '../../src/factories/clients.factory';
import { buildRole, insertQualifications, insertRoles } from '../../src/factories/roles.factory';
import { insertUser } from '../../src/factories/users.factory';
import { generateCandidates } from '../../src/modules/demo/candidate-generator';
import { updateCandidateRow } from '../../src/modules/candidates/candidates.repository';
import { listMatchingRoles } from '../../src/modules/matching/matching-roles.service';
import { listRoleMatches } from '../../src/modules/matching/matching.service';
import { rebuildAllProfiles } from '../../src/modules/matching/profile-refresh';
import { buildCandidateProfile } from '../../src/modules/matching/profiles';
import { loadSkillTerms } from '../../src/modules/matching/skill-terms';
import type { UserRow } from '../../src/modules/users/users.service';
import { createBenchDatabase } from './bench-database';

const print = (line = '') => void process.stdout.write(`${line}\n`);
const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const CANDIDATES = Number(process.env.BENCH_MATCH_CANDIDATES ?? 100_000);
const ROLES = Number(process.env.BENCH_MATCH_ROLES ?? 5_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const WARMUP = 5;
const RESUME_SHARE = Number(process.env.BENCH_RESUME_SHARE ?? 0);

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
const stats = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95) };
};
const ms = (value: number) => `${value.toFixed(1)} ms`;
/** The machine's 1-minute load average (the figures are wall-clock on a shared machine). */
const load = () => `load average ${loadavg()[0]?.toFixed(1)}`;

async function time<T>(fn: () => Promise<T>): Promise<[number, T]> {
  const started = performance.now();
  const value = await fn();
  return [performance.now() - started, value];
}

async function bench(label: string, database: Database): Promise<void> {
  const db = database.db;
  await database.migrate();
  // The app starts on the empty database: on a loaded machine, starting it next to 100,000 candidates in the
  // embedded database exceeded Fastify's 10 s plugin timeout.
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rd-match-bench-'));
  const config = { ...parseEnv({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', PORT: '0' }) };
  const app = await buildApp(config, { db });
  await app.ready();
  const [loadMs] = await time(async () => {
    for (let offset = 0; offset < CANDIDATES; offset += 10_000) {
      await insertCandidates(
        db,
        generateCandidates(Math.min(10_000, CANDIDATES - offset), {
          seed: 4000 + offset,
          offset,
          resumeShare: RESUME_SHARE,
        }),
      );
    }
  });
  const terms = await loadSkillTerms(db);
  const [rebuildMs, rebuilt] = await time(() => rebuildAllProfiles(db, terms));
  const skills = rowsOf<{ spelling: string }>(
    await db.execute(sql`select spelling from candidate_skill_counts order by candidates desc, spelling limit 60`),
  ).map((row) => row.spelling);
  const random = seededRandom(77);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)] as T;
  const client = await insertClient(db, { name: 'Bench client' });
  const roleIds: number[] = [];
  const cities = ['Seattle, WA', 'Austin, TX', 'New York, NY', 'Remote', 'London, United Kingdom'];
  const levels = ['', 'Senior ', 'Junior ', 'Lead '];
  const titles = ['Software Engineer', 'Data Engineer', 'Backend Developer', 'DevOps Engineer', 'Analyst'];
  for (let start = 0; start < ROLES; start += 500) {
    const roles = await insertRoles(
      db,
      Array.from({ length: Math.min(500, ROLES - start) }, () =>
        buildRole({
          clientId: client.id,
          name: `${pick(levels)}${pick(titles)}`,
          location: pick(cities),
          remoteType: pick(['onsite', 'hybrid', 'remote']),
        }),
      ),
    );
    const qualifications = roles.flatMap((role) => {
      const chosen = new Set<string>();
      while (chosen.size < 5) chosen.add(pick(skills));
      return [...chosen].map((name, position) => ({
        roleId: role.id,
        name,
        kind: position < 3 ? 'must_have' : 'nice_to_have',
        position,
      }));
    });
    await insertQualifications(db, qualifications);
    roleIds.push(...roles.map((role) => role.id));
  }
  await database.analyze();

  const deps = (app as unknown as { deps: Deps }).deps;
  const owner: UserRow = await insertUser(db, { userType: ['owner'] });
  const candidateIds = rowsOf<{ id: number }>(await db.execute(sql`select id from candidates order by id`)).map((row) =>
    Number(row.id),
  );
  try {
    const top50: number[] = [];
    const loadBefore = load();
    for (let run = 0; run < WARMUP + RUNS; run += 1) {
      const [took] = await time(() =>
        listRoleMatches(deps, owner, pick(roleIds), { limit: 50, offset: 0, include_excluded: false }),
      );
      if (run >= WARMUP) top50.push(took);
    }
    const loadTop50 = load();
    const roles: number[] = [];
    for (let run = 0; run < WARMUP + RUNS; run += 1) {
      const [took] = await time(() => listMatchingRoles(deps, owner, pick(candidateIds), { limit: 10 }));
      if (run >= WARMUP) roles.push(took);
    }
    const loadRoles = load();
    // Freshness: give a candidate a role's skills, then rank the role.
    const roleId = pick(roleIds);
    const required = rowsOf<{ name: string }>(
      await db.execute(sql`select name from job_qualifications where role_id = ${roleId} order by position`),
    ).map((row) => row.name);
    const candidateId = pick(candidateIds);
    const [row] = rowsOf<Record<string, unknown>>(
      await db.execute(sql`select * from candidates where id = ${candidateId}`),
    );
    const [freshMs, fresh] = await time(async () => {
      await updateCandidateRow(db, candidateId, {
        firstName: String(row?.first_name ?? 'A'),
        lastName: String(row?.last_name ?? 'B'),
        skills: required,
        status: 'active',
        resumeText: '',
        updatedAt: new Date(),
      });
      const answer = await listRoleMatches(deps, owner, roleId, { limit: 50, offset: 0, include_excluded: false });
      return answer.results.find((result) => result.candidate.id === candidateId);
    });
    const withResumes = generateCandidates(300, { seed: 9, resumeShare: 1 });
    const [buildMs] = await time(async () => {
      for (const [index, values] of withResumes.entries()) {
        buildCandidateProfile(terms, {
          id: index,
          currentTitle: values.currentTitle ?? '',
          skills: values.skills ?? [],
          resumeText: values.resumeText ?? '',
          yearsExperience: values.yearsExperience ?? null,
          desiredSalary: values.desiredSalary ?? null,
          desiredSalaryCurrency: 'USD',
          location: values.location ?? '',
          status: 'active',
          updatedAt: new Date(),
        });
      }
    });
    const a = stats(top50);
    const b = stats(roles);
    print(`\n${label}: ${CANDIDATES.toLocaleString('en-US')} candidates, ${ROLES.toLocaleString('en-US')} open roles`);
    print(
      `  loaded candidates in ${(loadMs / 1000).toFixed(1)} s; rebuilt ${rebuilt.toLocaleString('en-US')} profiles in ${(rebuildMs / 1000).toFixed(1)} s`,
    );
    print(
      `  role's top 50               p50 ${ms(a.p50)}  p95 ${ms(a.p95)}  (${RUNS} runs; ${loadBefore} → ${loadTop50})`,
    );
    print(`  candidate's matching roles  p50 ${ms(b.p50)}  p95 ${ms(b.p95)}  (${RUNS} runs; ${loadRoles})`);
    print(
      `  freshness: skills changed → next ranking ${fresh ? `places them at #${fresh.rank}` : 'does NOT place them in the top 50'} after ${ms(freshMs)}`,
    );
    print(`  profile build with a resume (~3 kB): ${ms(buildMs / withResumes.length)} each`);
  } finally {
    await app.close();
  }
}

if (process.env.BENCH_SKIP_POSTGRES !== '1') {
  const created = await createBenchDatabase(POSTGRES_URL);
  const database = openPostgres(created.url);
  try {
    await bench('PostgreSQL', database);
  } finally {
    await database.close();
    await created.drop();
  }
}
if (process.env.BENCH_SKIP_PGLITE !== '1') {
  const database = await openPglite();
  try {
    await bench('PGlite (embedded, in memory)', database);
  } finally {
    await database.close();
  }
}
