/**
 * The pipeline board of one role with 500 pipelines (the size), measured server-side through
 * app.inject like the candidate list: p50/p95 of the board (open and all), the stage headers and a page
 * of the role's candidates. `candidates.bench.ts` calls it at the end of each engine's run, on the
 * database it loaded; it also seeds background roles so the board's index has to pick one role out of many.
 *
 * BENCH_BOARD_PIPELINES (default 500) on the measured role; BENCH_BOARD_BACKGROUND (default 20) other
 * roles with 250 pipelines each.
 */
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { PIPELINE_STAGES } from '@recruitdesk/contracts/pipelines';
import { asc, sql } from 'drizzle-orm';
import { buildApp } from '../../src/app';
import { parseEnv, type AppConfig } from '../../src/config/env';
import type { Db } from '../../src/db/client';
import { generateCandidates } from '../../src/modules/demo/candidate-generator';
import { candidatesTable } from '../../src/modules/candidates/candidates.table';
import { listRolePipelines, rolePipelineHeaders } from '../../src/modules/pipelines/pipelines.service';
import type { NewInterviewRow, NewPipelineRow } from '../../src/modules/pipelines/pipelines.table';
import { createSession } from '../../src/modules/sessions/sessions.service';
import { seededRandom } from '../../src/lib/seeded-random';
import { insertCandidates } from '../../src/factories/candidates.factory';
import { insertClient } from '../../src/factories/clients.factory';
import { insertPipelineChildren, insertPipelines } from '../../src/factories/pipelines.factory';
import { insertRole } from '../../src/factories/roles.factory';
import { insertUser } from '../../src/factories/users.factory';

export interface BoardBenchRow {
  name: string;
  /** Rows the call returned (pipelines, headers or the page's total). */
  count: number;
  p50: number;
  p95: number;
}

const BOARD_PIPELINES = Number(process.env.BENCH_BOARD_PIPELINES ?? 500);
const BACKGROUND_ROLES = Number(process.env.BENCH_BOARD_BACKGROUND ?? 20);
const BACKGROUND_PIPELINES = 250;
const DAY = 86_400_000;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

/** `count` pipelines of the role over every stage (a fifth closed), with past and upcoming interviews. */
function pipelinesFor(roleId: number, candidateIds: number[], random: () => number, now: number) {
  const pipelines: NewPipelineRow[] = [];
  const interviews: Omit<NewInterviewRow, 'pipelineId'>[][] = [];
  for (const candidateId of candidateIds) {
    const stage = PIPELINE_STAGES[Math.floor(random() * 6)] ?? 'sourced';
    const created = new Date(now - Math.floor(random() * 120) * DAY);
    const closed = random() < 0.2;
    pipelines.push({
      roleId,
      candidateId,
      stage,
      state: closed ? 'closed' : 'open',
      closeReason: closed ? 'rejected_by_client' : null,
      stageChangedAt: created,
      closedAt: closed ? created : null,
      version: 3,
      createdAt: created,
      updatedAt: created,
    });
    const mine: Omit<NewInterviewRow, 'pipelineId'>[] = [];
    if (stage !== 'sourced')
      mine.push({ kind: 'internal', scheduledAt: new Date(created.getTime() + 2 * DAY), outcome: 'passed' });
    if (stage === 'internal_interview' || stage === 'client_interview') {
      mine.push({
        kind: stage === 'client_interview' ? 'client' : 'internal',
        scheduledAt: new Date(now + Math.floor(1 + random() * 14) * DAY),
        outcome: 'pending',
      });
    }
    interviews.push(mine);
  }
  return { pipelines, interviews };
}

async function seed(db: Db): Promise<number> {
  const random = seededRandom(500);
  const now = Date.now();
  const needed = BOARD_PIPELINES + (BACKGROUND_ROLES > 0 ? BACKGROUND_PIPELINES : 0);
  let ids = (
    await db.select({ id: candidatesTable.id }).from(candidatesTable).orderBy(asc(candidatesTable.id)).limit(needed)
  ).map((row) => row.id);
  if (ids.length < needed) {
    await insertCandidates(db, generateCandidates(needed - ids.length, { seed: 77, offset: 9_000_000 }));
    ids = (
      await db.select({ id: candidatesTable.id }).from(candidatesTable).orderBy(asc(candidatesTable.id)).limit(needed)
    ).map((row) => row.id);
  }
  const client = await insertClient(db, { name: `Board bench ${now}` });
  const role = await insertRole(db, { clientId: client.id, name: 'Board bench role' });
  const roles = [{ roleId: role.id, candidates: ids.slice(0, BOARD_PIPELINES) }];
  for (let index = 0; index < BACKGROUND_ROLES; index += 1) {
    const background = await insertRole(db, { clientId: client.id, name: `Background role ${index + 1}` });
    roles.push({
      roleId: background.id,
      candidates: ids.slice(BOARD_PIPELINES, BOARD_PIPELINES + BACKGROUND_PIPELINES),
    });
  }
  for (const { roleId, candidates } of roles) {
    const { pipelines, interviews } = pipelinesFor(roleId, candidates, random, now);
    const inserted = await insertPipelines(db, pipelines);
    await insertPipelineChildren(db, {
      events: [],
      interviews: inserted.flatMap(({ id }, index) =>
        (interviews[index] ?? []).map((row) => ({ ...row, pipelineId: id })),
      ),
      submittals: [],
      placements: [],
    });
  }
  await db.execute(sql`ANALYZE pipelines`);
  await db.execute(sql`ANALYZE interviews`);
  return role.id;
}

/** Seeds the board, then measures; returns one row per call (the caller prints them). */
export async function benchPipelineBoard(
  db: Db,
  options: { dataDir: string; runs?: number; warmup?: number },
): Promise<BoardBenchRow[]> {
  const runs = options.runs ?? Number(process.env.BENCH_RUNS ?? 60);
  const warmup = options.warmup ?? 5;
  const roleId = await seed(db);
  const config: AppConfig = parseEnv({
    NODE_ENV: 'test',
    DATA_DIR: options.dataDir,
    LOG_LEVEL: 'silent',
    PORT: '0',
    WEB_DIST_DIR: path.join(options.dataDir, 'no-web'),
  });
  const app = await buildApp(config, { db });
  try {
    const user = await insertUser(db, { userType: ['viewer'] });
    const { token } = await createSession(db, {
      userId: user.id,
      rememberMe: false,
      ip: '127.0.0.1',
      userAgent: null,
      now: new Date(),
    });
    const cases: [string, string, (body: Record<string, unknown>) => number][] = [
      [`board, open (${BOARD_PIPELINES} in role)`, `/api/roles/${roleId}/pipelines/`, (body) => body.count as number],
      [
        `board, all (${BOARD_PIPELINES} in role)`,
        `/api/roles/${roleId}/pipelines/?state=all`,
        (body) => body.count as number,
      ],
      [
        'pipeline headers',
        `/api/roles/${roleId}/pipeline-headers/`,
        (body) => (body.open_count as number) + (body.closed_count as number),
      ],
      ['role candidates, page 1', `/api/roles/${roleId}/candidates/`, (body) => body.count as number],
      ['role candidates, search', `/api/roles/${roleId}/candidates/?search=engineer`, (body) => body.count as number],
    ];
    const rows: BoardBenchRow[] = [];
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
    // The same two reads without HTTP and serialization: the service functions alone.
    const deps = app.deps;
    for (const [name, call] of [
      ['board, open (service only)', async () => (await listRolePipelines(deps, user, roleId, 'open')).count],
      ['headers (service only)', async () => (await rolePipelineHeaders(deps, user, roleId)).open_count],
    ] as const) {
      const times: number[] = [];
      let count = 0;
      for (let run = 0; run < warmup + runs; run += 1) {
        const started = performance.now();
        count = await call();
        if (run >= warmup) times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      rows.push({ name, count, p50: percentile(times, 50), p95: percentile(times, 95) });
    }
    return rows;
  } finally {
    await app.close();
  }
}
