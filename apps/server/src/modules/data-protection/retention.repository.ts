import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { candidatesTable } from '../candidates/candidates.table';
import { messageLinksTable, messagesTable } from '../messages/messages.table';
import { pipelinesTable } from '../pipelines/pipelines.table';
import { retentionNoticesTable } from './data-protection.table';

/** The idempotency key prefix of the renewal emails: they are not the person's activity (it would renew them). */
export const RETENTION_MESSAGE_KEY = 'retention:';

/**
 * A person's last activity (docs/data-protection.md "Retention"): their record's last update, their pipelines'
 * last change (a move, a close), and their last message, except the job's own renewal emails.
 */
const lastActivity = sql`greatest(
  ${candidatesTable.createdAt},
  ${candidatesTable.updatedAt},
  (select max(${pipelinesTable.updatedAt}) from ${pipelinesTable} where ${pipelinesTable.candidateId} = ${candidatesTable.id}),
  (select max(${messageLinksTable.occurredAt}) from ${messageLinksTable}
     inner join ${messagesTable} on ${messagesTable.id} = ${messageLinksTable.messageId}
     where ${messageLinksTable.recordType} = 'candidate' and ${messageLinksTable.recordId} = ${candidatesTable.id}
       and coalesce(${messagesTable.idempotencyKey}, '') not like ${`${RETENTION_MESSAGE_KEY}%`})
)`;

/**
 * When the retention period ends: the later of the last activity plus the agency's months and the recorded
 * expiry (a renewal moves it); a withdrawn consent ends it at the withdrawal.
 */
const dueAt = (months: number) => sql`case
  when ${candidatesTable.legalBasis} = 'consent' and ${candidatesTable.consentWithdrawnAt} is not null
    then ${candidatesTable.consentWithdrawnAt}
  else greatest(${lastActivity} + make_interval(months => ${months}::int), ${candidatesTable.legalBasisExpiresAt})
end`;

const inOpenPipeline = sql`exists (select 1 from ${pipelinesTable} where ${pipelinesTable.candidateId} = ${candidatesTable.id} and ${pipelinesTable.state} = 'open')`;

export interface RetentionCandidate {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  legalBasis: string;
  dueAt: Date;
  lastActivityAt: Date;
  inOpenPipeline: boolean;
}

const columns = (months: number) => ({
  id: candidatesTable.id,
  firstName: candidatesTable.firstName,
  lastName: candidatesTable.lastName,
  email: candidatesTable.email,
  legalBasis: candidatesTable.legalBasis,
  dueAt: sql<Date>`${dueAt(months)}`.mapWith(candidatesTable.updatedAt),
  lastActivityAt: sql<Date>`${lastActivity}`.mapWith(candidatesTable.updatedAt),
  inOpenPipeline: sql<boolean>`${inOpenPipeline}`.mapWith(Boolean),
});

/** Not erased (the erased keep their row as "Erased candidate #id": nobody's to keep or notify). */
const present = () => isNull(candidatesTable.erasedAt);

/**
 * The people whose retention ends before `until` (the renewal notice's lead included), oldest expiry first,
 * after `afterId` in id order for batching.
 */
export async function candidatesDueBefore(
  db: Db,
  months: number,
  until: Date,
  options: { afterId?: number; limit?: number } = {},
): Promise<RetentionCandidate[]> {
  return db
    .select(columns(months))
    .from(candidatesTable)
    .where(
      and(
        present(),
        sql`${dueAt(months)} <= ${until.toISOString()}::timestamptz`,
        options.afterId !== undefined ? gt(candidatesTable.id, options.afterId) : undefined,
      ),
    )
    .orderBy(asc(candidatesTable.id))
    .limit(options.limit ?? 500);
}

/** One candidate's retention facts (the consent card), or undefined. */
export async function retentionOf(
  db: Db,
  months: number,
  candidateId: number,
): Promise<RetentionCandidate | undefined> {
  const [row] = await db.select(columns(months)).from(candidatesTable).where(eq(candidatesTable.id, candidateId));
  return row;
}

/** The notices of these (candidate, due) cycles. */
export async function noticesOf(db: Db, candidateIds: number[]) {
  if (candidateIds.length === 0) return [];
  return db
    .select()
    .from(retentionNoticesTable)
    .where(and(inArray(retentionNoticesTable.candidateId, candidateIds), isNull(retentionNoticesTable.anonymisedAt)));
}
