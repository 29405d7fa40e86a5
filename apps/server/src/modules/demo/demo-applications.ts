import { REJECT_REASON_LABELS } from '@recruitdesk/contracts/applications';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { buildApplication, insertApplications } from '../../factories/applications.factory';
import type { NewApplicationRow } from '../applications/applications.table';
import { candidatesTable } from '../candidates/candidates.table';
import { pipelinesTable } from '../pipelines/pipelines.table';
import type { RoleRow } from '../roles/roles.service';
import type { UserRow } from '../users/users.service';
import { seededRandom } from '../../lib/seeded-random';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const FIRST = [
  'Noah',
  'Amara',
  'Liam',
  'Sofia',
  'Mateo',
  'Priya',
  'Ethan',
  'Yuki',
  'Omar',
  'Chloe',
  'Diego',
  'Hana',
  'Lucas',
  'Zara',
  'Felix',
  'Ines',
];
const LAST = [
  'Okafor',
  'Lindqvist',
  'Haddad',
  'Moreau',
  'Tanaka',
  'Kowalski',
  'Adeyemi',
  'Fischer',
  'Rossi',
  'Nakamura',
  'Silva',
  'Byrne',
  'Varga',
  'Kaur',
];
const REASONS = Object.values(REJECT_REASON_LABELS).filter((label) => label !== 'Other');

/**
 * The demo agency's inbound applications (issue 14): 3–6 on every role flagged for posting, over the last
 * four weeks and never after now, in every state. A converted one stands for the role's earliest sourced
 * pipeline (its candidate's name and email), decided when that pipeline was created. Own random sequence:
 * the rest of the demo is unchanged.
 */
export async function seedDemoApplications(
  db: Db,
  options: { roleRows: RoleRow[]; users: UserRow[]; now: Date },
): Promise<number> {
  const random = seededRandom(1515);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)] as T;
  const posted = options.roleRows.filter((role) => role.indeedPosting);
  if (posted.length === 0) return 0;
  const latest = options.now.getTime() - 10 * 60_000;
  const pipelines = await db
    .select({
      id: pipelinesTable.id,
      roleId: pipelinesTable.roleId,
      createdAt: pipelinesTable.createdAt,
      firstName: candidatesTable.firstName,
      lastName: candidatesTable.lastName,
      email: candidatesTable.email,
      candidateId: candidatesTable.id,
    })
    .from(pipelinesTable)
    .innerJoin(candidatesTable, eq(candidatesTable.id, pipelinesTable.candidateId))
    .where(
      inArray(
        pipelinesTable.roleId,
        posted.map((role) => role.id),
      ),
    )
    .orderBy(asc(pipelinesTable.createdAt), asc(pipelinesTable.id));
  const firstPipelineOf = new Map<number, (typeof pipelines)[number]>();
  for (const pipeline of pipelines)
    if (!firstPipelineOf.has(pipeline.roleId)) firstPipelineOf.set(pipeline.roleId, pipeline);

  const rows: NewApplicationRow[] = [];
  for (const role of posted) {
    const deciders = options.users.filter((user) => user.id === role.recruiterId);
    const decider = deciders[0] ?? options.users.find((user) => user.userType.includes('recruiter')) ?? null;
    const opened = Date.parse(`${role.openedAt}T08:00:00Z`);
    const from = Math.max(opened, latest - 28 * DAY);
    const count = 3 + Math.floor(random() * 4);
    const converted = firstPipelineOf.get(role.id);
    if (converted && converted.createdAt.getTime() - 6 * HOUR > opened) {
      const applied = new Date(converted.createdAt.getTime() - (6 + Math.floor(random() * 40)) * HOUR);
      rows.push(
        buildApplication({
          roleId: role.id,
          firstName: converted.firstName,
          lastName: converted.lastName,
          email: converted.email || `${converted.firstName}.${converted.lastName}@example.com`.toLowerCase(),
          source: 'indeed',
          status: 'converted',
          candidateId: converted.candidateId,
          pipelineId: converted.id,
          consentAt: applied,
          createdAt: applied,
          decidedAt: converted.createdAt,
          decidedById: decider?.id ?? null,
        }),
      );
    }
    for (let index = 0; index < count; index += 1) {
      const first = pick(FIRST);
      const last = pick(LAST);
      const applied = new Date(Math.min(latest, from + random() * Math.max(HOUR, latest - from)));
      const roll = random();
      const decided = new Date(Math.min(latest, applied.getTime() + (4 + random() * 60) * HOUR));
      const rejected = roll < 0.35 && decided.getTime() > applied.getTime();
      rows.push(
        buildApplication({
          roleId: role.id,
          firstName: first,
          lastName: last,
          email: `${first}.${last}.${rows.length + 1}@example.com`.toLowerCase(),
          source: random() < 0.6 ? 'indeed' : 'careers_page',
          status: rejected ? 'rejected' : 'new',
          rejectReason: rejected ? pick(REASONS) : null,
          consentAt: applied,
          createdAt: applied,
          decidedAt: rejected ? decided : null,
          decidedById: rejected ? (decider?.id ?? null) : null,
        }),
      );
    }
  }
  await insertApplications(db, rows);
  return rows.length;
}
