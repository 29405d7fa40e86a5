import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsDir } from '../../config/paths';
import type { Db } from '../../db/client';
import { insertCandidates } from '../../factories/candidates.factory';
import { insertClient } from '../../factories/clients.factory';
import { insertPipelines } from '../../factories/pipelines.factory';
import { insertRoles } from '../../factories/roles.factory';
import { insertUser } from '../../factories/users.factory';
import { openTestDatabase } from '../../test/build-test-app';
import { candidatesTable } from '../candidates/candidates.table';
import { pipelineEventsTable, pipelinesTable, placementsTable, submittalsTable } from '../pipelines/pipelines.table';
import { rolesTable } from '../roles/roles.table';
import { seededRandom } from '../../lib/seeded-random';
import { rowsOf } from '../../db/sql-helpers';

// Decision 056: the analytics summary rows are kept in step by triggers on submittals, placements,
// pipelines and pipeline events. After random writes of every kind (single and multi-row, updates that move rows between days,
// recruiters and roles, deletes and cascades) they must equal a recomputation from the base tables, written
// here independently of the migration's function.

let db: Db;
let drop: () => Promise<void>;
let close: () => Promise<void>;

async function stored() {
  const days = rowsOf<Record<string, unknown>>(
    await db.execute(sql`select role_id, day::text as day, recruiter_id, submittals, placements, fee_minor::text as fee
      from analytics_role_days order by role_id, day, recruiter_id nulls first`),
  );
  const roles = rowsOf<Record<string, unknown>>(
    await db.execute(
      sql`select role_id, first_submittal_on::text as first, placements from analytics_roles order by role_id`,
    ),
  );
  const stays = rowsOf<Record<string, unknown>>(
    await db.execute(sql`select pipeline_id, role_id, recruiter_id, pipeline_created_at::text as created, stage, round(days::numeric, 6)::text as days
      from analytics_stage_stays order by pipeline_id, stage, days`),
  );
  return { days, roles, stays };
}

async function recomputed(zone = 'UTC') {
  const days = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      with facts as (
        select p.role_id, sb.submitted_on as day, coalesce(sb.submitted_by, p.recruiter_id) as recruiter_id, 1 as s, 0 as n, 0::bigint as fee
          from submittals sb join pipelines p on p.id = sb.pipeline_id
        union all
        select p.role_id, (pl.created_at at time zone ${zone}::text)::date, coalesce(pl.created_by, p.recruiter_id), 0, 1, round(pl.fee * 100)::bigint
          from placements pl join pipelines p on p.id = pl.pipeline_id
      )
      select role_id, day::text as day, recruiter_id, sum(s)::int as submittals, sum(n)::int as placements, sum(fee)::text as fee
      from facts group by role_id, day, recruiter_id order by role_id, day, recruiter_id nulls first`),
  );
  const roles = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select r.id as role_id,
             (select min(sb.submitted_on) from submittals sb join pipelines p on p.id = sb.pipeline_id where p.role_id = r.id)::text as first,
             (select count(*) from placements pl join pipelines p on p.id = pl.pipeline_id where p.role_id = r.id)::int as placements
      from roles r
      where exists (select 1 from pipelines p where p.role_id = r.id and (
        exists (select 1 from submittals sb where sb.pipeline_id = p.id) or exists (select 1 from placements pl where pl.pipeline_id = p.id)))
      order by r.id`),
  );
  // A stay: from a stage-change event (or "created") to the pipeline's next one.
  const stays = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select e.pipeline_id, p.role_id, p.recruiter_id, p.created_at::text as created, e.to_stage as stage,
             round((extract(epoch from (select n.created_at from pipeline_events n
                 where n.pipeline_id = e.pipeline_id and n.to_stage is not null and n.to_stage is distinct from n.from_stage
                   and (n.created_at, n.id) > (e.created_at, e.id) order by n.created_at, n.id limit 1) - e.created_at) / 86400)::numeric, 6)::text as days
      from pipeline_events e join pipelines p on p.id = e.pipeline_id
      where e.to_stage is not null and e.to_stage is distinct from e.from_stage
        and exists (select 1 from pipeline_events n where n.pipeline_id = e.pipeline_id and n.to_stage is not null
                      and n.to_stage is distinct from n.from_stage and (n.created_at, n.id) > (e.created_at, e.id))
      order by e.pipeline_id, stage, days`),
  );
  return { days, roles, stays };
}

beforeAll(async () => {
  const opened = await openTestDatabase();
  db = opened.database.db;
  drop = opened.drop;
  close = () => opened.database.close();
});
afterAll(async () => {
  await close?.();
  await drop?.();
});

describe('analytics summary rows', { timeout: 240_000 }, () => {
  it('equal a recomputation from the base tables after random writes, and the migration backfills them', async () => {
    // A seeded generator: the same writes on every run.
    const next = seededRandom(56);
    const pick = <T>(list: T[]): T | undefined => list[Math.floor(next() * list.length)];
    const day = () =>
      `2031-${String(1 + Math.floor(next() * 12)).padStart(2, '0')}-${String(1 + Math.floor(next() * 28)).padStart(2, '0')}`;
    const users = [
      (await insertUser(db, { userType: ['recruiter'] })).id,
      (await insertUser(db, { userType: ['recruiter'] })).id,
      (await insertUser(db, { userType: ['owner'] })).id,
    ];
    const recruiter = () => (next() < 0.15 ? null : pick(users)!);
    const client = await insertClient(db, { name: 'Summary Co' });
    // 80 roles, 3 pipelines each: a multi-row write over more than 64 roles takes the bulk (table lock) path.
    const roles = await insertRoles(
      db,
      Array.from({ length: 80 }, (_, i) => ({
        clientId: client.id,
        name: `Role ${i}`,
        openedAt: '2031-01-01',
        recruiterId: recruiter(),
      })),
    );
    await insertCandidates(
      db,
      Array.from({ length: 400 }, (_, i) => ({
        firstName: 'Sum',
        lastName: `Cand ${i}`,
        email: `sum${i}@example.test`,
      })),
    );
    const candidateIds = rowsOf<{ id: number }>(
      await db.execute(sql`select id from ${candidatesTable} order by id`),
    ).map((row) => row.id);
    let freeCandidate = 0;
    await insertPipelines(
      db,
      roles.flatMap((role) =>
        [0, 1, 2].map(() => ({
          roleId: role.id,
          candidateId: candidateIds[freeCandidate++]!,
          stage: 'submitted',
          state: 'open',
          version: 1,
          recruiterId: recruiter(),
        })),
      ),
    );
    const pipelineIds = async () =>
      rowsOf<{ id: number }>(await db.execute(sql`select id from ${pipelinesTable} order by id`)).map((r) => r.id);
    const submittalIds = async () =>
      rowsOf<{ id: number }>(await db.execute(sql`select id from ${submittalsTable} order by id`)).map((r) => r.id);
    const placed = async () =>
      rowsOf<{ id: number; pipeline_id: number }>(
        await db.execute(sql`select id, pipeline_id from ${placementsTable} order by id`),
      );
    const roleIds = async () =>
      rowsOf<{ id: number }>(await db.execute(sql`select id from ${rolesTable} order by id`)).map((r) => r.id);

    const stages = [
      'sourced',
      'internal_interview',
      'submit_pending',
      'submitted',
      'client_interview',
      'offer',
      'placed',
    ];
    const when = () => new Date(Date.parse('2031-01-01T00:00:00Z') + Math.floor(next() * 300 * 86_400) * 1000);
    const eventIds = async () =>
      rowsOf<{ id: number }>(await db.execute(sql`select id from ${pipelineEventsTable} order by id`)).map((r) => r.id);
    // "created" and a first stage change for every pipeline, each in one statement (240 pipelines).
    await db.insert(pipelineEventsTable).values(
      (await pipelineIds()).map((pipelineId) => ({
        pipelineId,
        kind: 'created',
        toStage: 'sourced',
        createdAt: new Date('2031-01-02T09:00:00Z'),
      })),
    );
    await db.insert(pipelineEventsTable).values(
      (await pipelineIds()).map((pipelineId) => ({
        pipelineId,
        kind: 'stage_changed',
        fromStage: 'sourced',
        toStage: pick(stages.slice(1))!,
        createdAt: when(),
      })),
    );
    // One statement over every pipeline (240 rows, 80 roles).
    await db.insert(submittalsTable).values(
      (await pipelineIds()).map((pipelineId) => ({
        pipelineId,
        submittedOn: day(),
        submittedById: recruiter(),
        outcome: 'pending',
      })),
    );
    expect(await stored()).toEqual(await recomputed());

    const kinds = new Map<string, number>();
    for (let step = 1; step <= 200; step += 1) {
      const op = Math.floor(next() * 15);
      kinds.set(String(op), (kinds.get(String(op)) ?? 0) + 1);
      const pipelines = await pipelineIds();
      if (op === 0) {
        const count = 1 + Math.floor(next() * 4);
        await db.insert(submittalsTable).values(
          Array.from({ length: count }, () => ({
            pipelineId: pick(pipelines)!,
            submittedOn: day(),
            submittedById: recruiter(),
            outcome: 'pending',
          })),
        );
      } else if (op === 1) {
        const id = pick(await submittalIds());
        if (id)
          await db
            .update(submittalsTable)
            .set({ submittedOn: day(), ...(next() < 0.5 ? { submittedById: recruiter() } : {}) })
            .where(eq(submittalsTable.id, id));
      } else if (op === 2) {
        const id = pick(await submittalIds());
        if (id) await db.delete(submittalsTable).where(eq(submittalsTable.id, id));
      } else if (op === 3) {
        const taken = new Set((await placed()).map((p) => p.pipeline_id));
        const free = pipelines.filter((id) => !taken.has(id));
        const pipelineId = pick(free);
        if (pipelineId)
          await db.insert(placementsTable).values({
            pipelineId,
            salary: '100000',
            startDate: '2031-06-01',
            fee: `${10000 + Math.floor(next() * 1000000) / 100}`,
            createdById: recruiter(),
            createdAt: new Date(`${day()}T${next() < 0.5 ? '00:30' : '23:30'}:00Z`),
          });
      } else if (op === 4) {
        const placement = pick(await placed());
        if (placement)
          await db
            .update(placementsTable)
            .set({ fee: `${Math.floor(next() * 5000000) / 100}`, createdAt: new Date(`${day()}T12:00:00Z`) })
            .where(eq(placementsTable.id, placement.id));
      } else if (op === 5) {
        const placement = pick(await placed());
        if (placement) await db.delete(placementsTable).where(eq(placementsTable.id, placement.id));
      } else if (op === 6) {
        const id = pick(pipelines);
        if (id) await db.update(pipelinesTable).set({ recruiterId: recruiter() }).where(eq(pipelinesTable.id, id));
      } else if (op === 7) {
        const id = pick(pipelines);
        const roleId = pick(await roleIds());
        if (id && roleId) await db.update(pipelinesTable).set({ roleId }).where(eq(pipelinesTable.id, id));
      } else if (op === 8) {
        // A stage change: no summary row changes.
        const id = pick(pipelines);
        if (id) await db.update(pipelinesTable).set({ stage: 'client_interview' }).where(eq(pipelinesTable.id, id));
      } else if (op === 9) {
        const taken = new Set((await placed()).map((p) => p.pipeline_id));
        const id = pick(pipelines.filter((p) => !taken.has(p)));
        if (id) await db.delete(pipelinesTable).where(eq(pipelinesTable.id, id));
      } else if (op === 11) {
        const count = 1 + Math.floor(next() * 3);
        await db.insert(pipelineEventsTable).values(
          Array.from({ length: count }, () => {
            const kind = next() < 0.2 ? 'note' : 'stage_changed';
            return {
              pipelineId: pick(pipelines)!,
              kind,
              fromStage: kind === 'note' ? null : pick(stages)!,
              toStage: kind === 'note' ? null : pick(stages)!,
              createdAt: when(),
            };
          }),
        );
      } else if (op === 12) {
        const id = pick(await eventIds());
        if (id) await db.update(pipelineEventsTable).set({ createdAt: when() }).where(eq(pipelineEventsTable.id, id));
      } else if (op === 13) {
        const id = pick(await eventIds());
        if (id) await db.delete(pipelineEventsTable).where(eq(pipelineEventsTable.id, id));
      } else if (op === 14) {
        const id = pick(pipelines);
        if (id) await db.update(pipelinesTable).set({ createdAt: when() }).where(eq(pipelinesTable.id, id));
      } else {
        // A new pipeline with a submittal in one transaction; sometimes a whole role without placements goes.
        const roleId = pick(await roleIds());
        if (roleId && next() < 0.3) {
          const hasPlacement = rowsOf<{ n: number }>(
            await db.execute(
              sql`select count(*)::int as n from placements pl join pipelines p on p.id = pl.pipeline_id where p.role_id = ${roleId}`,
            ),
          )[0]!.n;
          if (!hasPlacement) await db.delete(rolesTable).where(eq(rolesTable.id, roleId));
        } else if (roleId && freeCandidate < candidateIds.length) {
          await db.transaction(async (tx) => {
            const [row] = await insertPipelines(tx, [
              {
                roleId,
                candidateId: candidateIds[freeCandidate++]!,
                stage: 'submitted',
                state: 'open',
                version: 1,
                recruiterId: recruiter(),
              },
            ]);
            await tx.insert(submittalsTable).values({ pipelineId: row!.id, submittedOn: day(), outcome: 'pending' });
            await tx.insert(pipelineEventsTable).values([
              { pipelineId: row!.id, kind: 'created', toStage: 'sourced', createdAt: when() },
              {
                pipelineId: row!.id,
                kind: 'stage_changed',
                fromStage: 'sourced',
                toStage: 'submitted',
                createdAt: when(),
              },
            ]);
          });
        }
      }
      if (step % 20 === 0) expect(await stored(), `after step ${step}`).toEqual(await recomputed());
    }
    // Every kind of write happened; and at least one placement stays for the backfill to find.
    expect(kinds.size).toBe(15);
    const taken = new Set((await placed()).map((p) => p.pipeline_id));
    const last = (await pipelineIds()).find((id) => !taken.has(id))!;
    await db.insert(placementsTable).values({
      pipelineId: last,
      salary: '90000',
      startDate: '2031-07-01',
      fee: '18000.50',
      createdAt: new Date('2031-06-30T23:59:00Z'),
    });
    const final = await recomputed();
    expect(final.days.length).toBeGreaterThan(100);
    expect(final.roles.some((row) => (row.placements as number) > 0)).toBe(true);
    expect(final.stays.length).toBeGreaterThan(200);
    expect(await stored()).toEqual(final);

    // The migration's backfill, from empty summary tables, gives the same rows.
    await db.execute(sql`delete from analytics_role_days`);
    await db.execute(sql`delete from analytics_roles`);
    await db.execute(sql`delete from analytics_stage_stays`);
    for (const name of ['analytics_summary_rows', 'analytics_stage_stays']) {
      const file = readdirSync(migrationsDir()).find((entry) => entry.includes(name))!;
      const backfill = readFileSync(path.join(migrationsDir(), file), 'utf8')
        .split('-- Backfill')[1]!
        .split('\n')
        .slice(1)
        .join('\n');
      await db.execute(sql.raw(backfill));
    }
    expect(await stored()).toEqual(final);
  });

  it("count placements on their day in the agency's zone, and rebuild when the zone changes (decision 060)", async () => {
    const zoneNow = async () =>
      rowsOf<{ time_zone: string }>(await db.execute(sql`select time_zone from analytics_time_zone`))[0]!.time_zone;
    const useZone = async (zone: string) =>
      rowsOf<{ changed: boolean }>(await db.execute(sql`select analytics_use_time_zone(${zone}) as changed`))[0]!
        .changed;
    // 1 March 2031, 02:00 UTC is still 28 February (21:00) in New York.
    const client = await insertClient(db, { name: 'Zone Co' });
    const [role] = await insertRoles(db, [{ clientId: client.id, name: 'Zone Role', openedAt: '2031-01-01' }]);
    await insertCandidates(db, [{ firstName: 'Zone', lastName: 'Cand', email: 'zone@example.test' }]);
    const candidate = rowsOf<{ id: number }>(
      await db.execute(sql`select id from ${candidatesTable} where email = 'zone@example.test'`),
    )[0]!;
    const [pipeline] = await insertPipelines(db, [
      { roleId: role!.id, candidateId: candidate.id, stage: 'placed', state: 'open', version: 1 },
    ]);
    await db.insert(placementsTable).values({
      pipelineId: pipeline!.id,
      salary: '90000',
      startDate: '2031-04-01',
      fee: '18000',
      createdAt: new Date('2031-03-01T02:00:00Z'),
    });
    const dayOfZoneRole = async () =>
      rowsOf<{ day: string }>(
        await db.execute(
          sql`select day::text as day from analytics_role_days where role_id = ${role!.id} and placements > 0`,
        ),
      ).map((r) => r.day);

    expect(await zoneNow()).toBe('UTC');
    expect(await dayOfZoneRole()).toEqual(['2031-03-01']);
    expect(await useZone('America/New_York')).toBe(true);
    expect(await dayOfZoneRole()).toEqual(['2031-02-28']);
    expect(await stored()).toEqual(await recomputed('America/New_York'));
    // The same zone again changes nothing; an unknown one is refused and leaves the zone as it was.
    expect(await useZone('America/New_York')).toBe(false);
    const refused = await db.execute(sql`select analytics_use_time_zone('Mars/Olympus_Mons')`).then(
      () => null,
      (error: { cause?: unknown }) => String(error.cause),
    );
    expect(refused).toMatch(/time zone "Mars\/Olympus_Mons" not recognized/);
    expect(await zoneNow()).toBe('America/New_York');
    // Writes after the change follow the zone too.
    await db.execute(
      sql`update ${placementsTable} set created_at = '2031-04-01T03:30:00Z' where pipeline_id = ${pipeline!.id}`,
    );
    expect(await dayOfZoneRole()).toEqual(['2031-03-31']);
    expect(await stored()).toEqual(await recomputed('America/New_York'));
    expect(await useZone('UTC')).toBe(true);
    expect(await stored()).toEqual(await recomputed('UTC'));
  });

  it("append a stay for an appended stage event without rewriting the pipeline's earlier stays", async () => {
    const client = await insertClient(db, { name: 'Append Co' });
    const [role] = await insertRoles(db, [{ clientId: client.id, name: 'Append Role', openedAt: '2031-01-01' }]);
    await insertCandidates(db, [{ firstName: 'Append', lastName: 'Cand', email: 'append@example.test' }]);
    const candidate = rowsOf<{ id: number }>(
      await db.execute(sql`select id from ${candidatesTable} where email = 'append@example.test'`),
    )[0]!;
    const [pipeline] = await insertPipelines(db, [
      { roleId: role!.id, candidateId: candidate.id, stage: 'sourced', state: 'open', version: 1 },
    ]);
    const stages = ['internal_interview', 'submitted'];
    // Forty moves back and forth, one statement each, a day apart.
    await db.insert(pipelineEventsTable).values({
      pipelineId: pipeline!.id,
      kind: 'created',
      toStage: 'sourced',
      createdAt: new Date('2031-01-01T09:00:00Z'),
    });
    for (let i = 1; i <= 40; i += 1) {
      await db.insert(pipelineEventsTable).values({
        pipelineId: pipeline!.id,
        kind: 'stage_changed',
        fromStage: i === 1 ? 'sourced' : stages[i % 2],
        toStage: stages[(i + 1) % 2],
        createdAt: new Date(Date.parse('2031-01-01T09:00:00Z') + i * 86_400_000),
      });
    }
    const rowsNow = async () =>
      rowsOf<{ ctid: string }>(
        await db.execute(sql`select ctid::text as ctid from analytics_stage_stays where pipeline_id = ${pipeline!.id}`),
      ).map((r) => r.ctid);
    const before = await rowsNow();
    expect(before).toHaveLength(40);
    await db.insert(pipelineEventsTable).values({
      pipelineId: pipeline!.id,
      kind: 'stage_changed',
      fromStage: 'internal_interview',
      toStage: 'submitted',
      createdAt: new Date('2031-03-01T09:00:00Z'),
    });
    const after = await rowsNow();
    // The forty earlier stays are the same rows (not deleted and re-inserted); one new row closes the last stay.
    expect(after).toHaveLength(41);
    expect(after).toEqual(expect.arrayContaining(before));
    expect(await stored()).toEqual(await recomputed());
    // A back-dated event still recomputes the pipeline, and the rows still equal a recomputation.
    await db.insert(pipelineEventsTable).values({
      pipelineId: pipeline!.id,
      kind: 'stage_changed',
      fromStage: 'sourced',
      toStage: 'client_interview',
      createdAt: new Date('2031-01-01T21:00:00Z'),
    });
    expect(await stored()).toEqual(await recomputed());
  });
});
