import {
  DATA_REQUEST_DEADLINE_DAYS,
  EXPIRING_SOON_DAYS,
  type ConsentInput,
  type DataProtectionDashboard,
  type DataRequest,
  type DataRequestKind,
  type DueCandidate,
  type LegalBasisRecord,
  type RetentionRun,
} from '@recruitdesk/contracts/data-protection';
import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { ConsentInputSchema } from '@recruitdesk/contracts/data-protection';
import type { Db } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import type { Deps } from '../../lib/deps';
import { AppError } from '../../lib/errors';
import { assertCan, assertUserType } from '../../lib/permissions';
import { recordActivity } from '../activity/activity.service';
import { candidateName, recordLegalBasis, requireCandidateRow } from '../candidates/candidates.service';
import { candidatesTable, type CandidateRow } from '../candidates/candidates.table';
import { getRetentionSettings } from '../settings/settings.service';
import type { UserRow } from '../users/users.service';
import {
  dataProtectionRequestsTable,
  retentionNoticesTable,
  retentionRunsTable,
  type DataProtectionRequestRow,
  type RetentionRunRow,
} from './data-protection.table';
import { candidatesDueBefore, retentionOf } from './retention.repository';

const DAY_MS = 86_400_000;
const iso = (value: Date | null | undefined): string | null => (value ? value.toISOString() : null);

export function legalBasisOf(row: CandidateRow): LegalBasisRecord {
  return {
    legal_basis: row.legalBasis as LegalBasisRecord['legal_basis'],
    source: row.legalBasisSource as LegalBasisRecord['source'],
    given_at: iso(row.legalBasisAt),
    consent_text: row.consentText,
    expires_at: iso(row.legalBasisExpiresAt),
    withdrawn_at: iso(row.consentWithdrawnAt),
  };
}

/** GET /api/candidates/{id}/consent/: whoever reads candidates. */
export async function getConsent(
  deps: Deps,
  actor: UserRow,
  candidateId: number,
): Promise<{ consent: LegalBasisRecord; retention_due_at: string | null }> {
  assertCan(actor, 'records.read');
  const row = await requireCandidateRow(deps.db, candidateId);
  const { retention_months: months } = await getRetentionSettings(deps.db);
  const facts = await retentionOf(deps.db, months, candidateId);
  return { consent: legalBasisOf(row), retention_due_at: iso(facts?.dueAt) };
}

/** PUT /api/candidates/{id}/consent/: whoever writes candidates records the basis they hold the person on. */
export async function putConsent(
  deps: Deps,
  actor: UserRow,
  candidateId: number,
  input: z.output<typeof ConsentInputSchema>,
): Promise<{ consent: LegalBasisRecord; retention_due_at: string | null }> {
  assertCan(actor, 'records.write');
  await inTransaction(deps.db, async (tx) => {
    const row = await requireCandidateRow(tx, candidateId);
    await recordLegalBasis(tx, candidateId, {
      legalBasis: input.legal_basis,
      legalBasisSource: input.source,
      legalBasisAt: input.given_at ? new Date(input.given_at) : deps.config.now(),
      consentText: input.legal_basis === 'consent' ? input.consent_text : '',
      legalBasisExpiresAt: input.expires_at ? new Date(input.expires_at) : null,
    });
    await recordActivity(tx, {
      actor,
      verb: 'updated',
      modelType: 'candidate',
      objectId: candidateId,
      scope: { candidateId },
      summary: `Recorded the legal basis of ${candidateName(row)} (${input.legal_basis})`,
    });
  });
  return getConsent(deps, actor, candidateId);
}
export type { ConsentInput };

// ---- Requests ----

export function toApiRequest(row: DataProtectionRequestRow, name: string): DataRequest {
  return {
    id: row.id,
    candidate_id: row.candidateId,
    candidate_name: name,
    kind: row.kind as DataRequestKind,
    status: row.status as DataRequest['status'],
    channel: row.channel as DataRequest['channel'],
    note: row.note,
    received_at: row.receivedAt.toISOString(),
    deadline_at: row.deadlineAt.toISOString(),
    decided_at: iso(row.decidedAt),
  };
}

/** Files a request (no permission check: the privacy page's token or the route's check stands before it). */
export async function fileRequest(
  db: Db,
  values: {
    candidateId: number;
    kind: DataRequestKind;
    channel: 'self_service' | 'staff';
    note?: string;
    filedById?: number | null;
    status?: 'open' | 'done';
    now: Date;
  },
): Promise<DataProtectionRequestRow> {
  const [row] = await db
    .insert(dataProtectionRequestsTable)
    .values({
      candidateId: values.candidateId,
      kind: values.kind,
      channel: values.channel,
      note: values.note ?? '',
      filedById: values.filedById ?? null,
      status: values.status ?? 'open',
      receivedAt: values.now,
      deadlineAt: new Date(values.now.getTime() + DATA_REQUEST_DEADLINE_DAYS * DAY_MS),
      ...(values.status === 'done' ? { decidedAt: values.now } : {}),
    })
    .returning();
  await recordActivity(db, {
    actor: null,
    verb: 'created',
    modelType: 'data_protection_request',
    objectId: row!.id,
    scope: { candidateId: values.candidateId },
    summary: `Data protection request #${row!.id} (${values.kind}) received`,
  });
  return row!;
}

async function namesOf(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: candidatesTable.id, firstName: candidatesTable.firstName, lastName: candidatesTable.lastName })
    .from(candidatesTable)
    .where(inArray(candidatesTable.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, candidateName(row)]));
}

async function requestsWithNames(db: Db, rows: DataProtectionRequestRow[]): Promise<DataRequest[]> {
  const names = await namesOf(
    db,
    rows.flatMap((row) => (row.candidateId === null ? [] : [row.candidateId])),
  );
  return rows.map((row) => toApiRequest(row, (row.candidateId !== null && names.get(row.candidateId)) || '—'));
}

/** POST /api/candidates/{id}/data-requests/: owners and superusers file a request the person made to them. */
export async function createStaffRequest(
  deps: Deps,
  actor: UserRow,
  candidateId: number,
  input: { kind: DataRequestKind; note: string },
): Promise<DataRequest> {
  assertUserType(actor, 'superuser');
  const row = await inTransaction(deps.db, async (tx) => {
    await requireCandidateRow(tx, candidateId);
    return fileRequest(tx, {
      candidateId,
      kind: input.kind,
      channel: 'staff',
      note: input.note,
      filedById: actor.id,
      now: deps.config.now(),
    });
  });
  return (await requestsWithNames(deps.db, [row]))[0]!;
}

/** GET /api/candidates/{id}/data-requests/: the person's requests, newest first (owners and superusers). */
export async function listCandidateRequests(deps: Deps, actor: UserRow, candidateId: number): Promise<DataRequest[]> {
  assertUserType(actor, 'superuser');
  await requireCandidateRow(deps.db, candidateId);
  const rows = await deps.db
    .select()
    .from(dataProtectionRequestsTable)
    .where(eq(dataProtectionRequestsTable.candidateId, candidateId))
    .orderBy(desc(dataProtectionRequestsTable.receivedAt), desc(dataProtectionRequestsTable.id));
  return requestsWithNames(deps.db, rows);
}

export const REQUEST_NOT_FOUND = 'This request does not exist.';
export const REQUEST_DECIDED = 'This request was already closed.';

/** POST /api/data-protection/requests/{id}/decide/: owners close a request as done or rejected, with a note. */
export async function decideRequest(
  deps: Deps,
  actor: UserRow,
  id: number,
  input: { status: 'done' | 'rejected'; note: string },
): Promise<DataRequest> {
  assertCan(actor, 'agency.manage');
  const row = await inTransaction(deps.db, async (tx) => {
    const [existing] = await tx
      .select()
      .from(dataProtectionRequestsTable)
      .where(eq(dataProtectionRequestsTable.id, id))
      .for('update');
    if (!existing) throw new AppError('REQUEST_NOT_FOUND', 404, REQUEST_NOT_FOUND);
    if (existing.status !== 'open') throw new AppError('REQUEST_DECIDED', 409, REQUEST_DECIDED);
    const [updated] = await tx
      .update(dataProtectionRequestsTable)
      .set({
        status: input.status,
        note: input.note || existing.note,
        decidedAt: deps.config.now(),
        decidedById: actor.id,
      })
      .where(eq(dataProtectionRequestsTable.id, id))
      .returning();
    await recordActivity(tx, {
      actor,
      verb: 'updated',
      modelType: 'data_protection_request',
      objectId: id,
      ...(existing.candidateId !== null ? { scope: { candidateId: existing.candidateId } } : {}),
      summary: `Data protection request #${id} (${existing.kind}) marked ${input.status}`,
    });
    return updated!;
  });
  return (await requestsWithNames(deps.db, [row]))[0]!;
}

// ---- The dashboard ----

export function toApiRun(row: RetentionRunRow): RetentionRun {
  return {
    id: row.id,
    ran_at: row.ranAt.toISOString(),
    notices_sent: row.noticesSent,
    anonymised: row.anonymised,
    waiting: row.waiting,
    owners_notified: row.ownersNotified,
    reminders_sent: row.remindersSent,
    details: row.details,
  };
}

const DASHBOARD_LIMIT = 200;

/** GET /api/data-protection/ (owners): what expires soon, who is due, the open requests, the job's last run. */
export async function dataProtectionDashboard(
  deps: Deps,
  actor: UserRow,
): Promise<Omit<DataProtectionDashboard, 'success'>> {
  assertCan(actor, 'agency.manage');
  const db = deps.db;
  const now = deps.config.now();
  const settings = await getRetentionSettings(db);
  const soon = new Date(now.getTime() + EXPIRING_SOON_DAYS * DAY_MS);
  const due: DueCandidate[] = [];
  const expiring: DueCandidate[] = [];
  const candidates = await candidatesDueBefore(db, settings.retention_months, soon, { limit: DASHBOARD_LIMIT });
  const notices = candidates.length
    ? await db
        .select()
        .from(retentionNoticesTable)
        .where(
          inArray(
            retentionNoticesTable.candidateId,
            candidates.map((row) => row.id),
          ),
        )
    : [];
  for (const row of candidates) {
    const notice = notices.find(
      (item) => item.candidateId === row.id && item.dueAt.getTime() === row.dueAt.getTime() && !item.anonymisedAt,
    );
    const item: DueCandidate = {
      candidate_id: row.id,
      name: candidateName(row),
      legal_basis: row.legalBasis as DueCandidate['legal_basis'],
      due_at: row.dueAt.toISOString(),
      notice_sent_at: iso(notice?.noticeSentAt),
      waiting_reason: notice?.waitingReason ?? (row.inOpenPipeline ? 'In an open pipeline' : null),
    };
    (row.dueAt <= now ? due : expiring).push(item);
  }
  const byDue = (a: DueCandidate, b: DueCandidate) => a.due_at.localeCompare(b.due_at);
  const requests = await db
    .select()
    .from(dataProtectionRequestsTable)
    .where(eq(dataProtectionRequestsTable.status, 'open'))
    .orderBy(asc(dataProtectionRequestsTable.deadlineAt), asc(dataProtectionRequestsTable.id))
    .limit(DASHBOARD_LIMIT);
  const [lastRun] = await db
    .select()
    .from(retentionRunsTable)
    .orderBy(desc(retentionRunsTable.ranAt), desc(retentionRunsTable.id))
    .limit(1);
  return {
    settings,
    expiring: expiring.sort(byDue),
    due: due.sort(byDue),
    requests: await requestsWithNames(db, requests),
    last_run: lastRun ? toApiRun(lastRun) : null,
  };
}

/** Open requests whose deadline is within `days` and whose owners were not reminded yet. */
export function requestsToRemind(db: Db, now: Date, days: number) {
  return db
    .select()
    .from(dataProtectionRequestsTable)
    .where(
      and(
        eq(dataProtectionRequestsTable.status, 'open'),
        lte(dataProtectionRequestsTable.deadlineAt, new Date(now.getTime() + days * DAY_MS)),
        sql`${dataProtectionRequestsTable.remindedAt} is null`,
      ),
    )
    .orderBy(asc(dataProtectionRequestsTable.id))
    .limit(500);
}
