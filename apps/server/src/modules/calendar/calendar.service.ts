import {
  CALENDAR_KIND_LABELS,
  CALENDAR_MAX_RANGE_DAYS,
  CALENDAR_MESSAGES,
  type CalendarEvent,
  type CalendarFeed,
  type InterviewListItem,
} from '@recruitdesk/contracts/calendar';
import type { RetainerInstalment } from '@recruitdesk/contracts/clients';
import type { Db } from '../../db/client';
import type { Deps } from '../../lib/deps';
import { AppError } from '../../lib/errors';
import { assertCan, can } from '../../lib/permissions';
import { slot } from '../../lib/slot';
import { calendarDateIn } from '../../lib/time-zone';
import { moneyVisibleTo } from '../settings/settings.service';
import type { UserRow } from '../users/users.service';
import {
  listGuaranteeEndRows,
  listInterviewRowsInRange,
  listRetainerClientRows,
  listRoleDateRows,
  pageInterviewRows,
  type CalendarInterviewRow,
  type RangeBounds,
} from './calendar.repository';
import { addDays } from '@recruitdesk/money/dates';

// The calendar's feeds (issue 11): events over a range from the records below it (decision 024).

const DAY_MS = 86_400_000;

/** The invoices module's due dates and payouts, handed over by the composition root (decision 024). */
export type InvoiceEventsLoader = (db: Db, range: { start: string; end: string }) => Promise<CalendarEvent[]>;
export const invoiceCalendarEvents = slot<InvoiceEventsLoader>('invoiceCalendarEvents');

export interface RangeInput {
  start: string;
  end: string;
  mine?: boolean;
}

const isDateOnly = (value: string) => value.length === 10;
const toInstant = (value: string) => new Date(isDateOnly(value) ? `${value}T00:00:00Z` : value);
const isoDate = (at: Date) => at.toISOString().slice(0, 10);

function rangeError(field: 'start' | 'end', message: string): AppError {
  return new AppError('CALENDAR_RANGE_INVALID', 400, message, { fields: { [field]: [message] } });
}

/**
 * Reads `start`/`end` (ISO dates or instants; end exclusive) into the bounds the queries use. The end
 * must come after the start and the range span at most 400 days (else 400, nothing read).
 */
export function rangeBounds(user: Pick<UserRow, 'id'>, input: RangeInput): RangeBounds {
  const start = toInstant(input.start);
  const end = toInstant(input.end);
  if (end.getTime() <= start.getTime()) throw rangeError('end', CALENDAR_MESSAGES.endBeforeStart);
  if (end.getTime() - start.getTime() > CALENDAR_MAX_RANGE_DAYS * DAY_MS)
    throw rangeError('end', CALENDAR_MESSAGES.rangeTooLong);
  const startDate = input.start.slice(0, 10);
  // An end with a time of day includes that day's date.
  const endMidnight = isDateOnly(input.end) || /T00:00(?::00(?:\.0+)?)?(?:Z|[+-])/.test(input.end);
  const endDate = endMidnight ? input.end.slice(0, 10) : addDays(input.end.slice(0, 10), 1);
  return { start, end, startDate, endDate, mineOf: input.mine ? user.id : null };
}

const personName = (first: string | null, last: string | null, fallback = '') =>
  [first, last].filter(Boolean).join(' ') || fallback;
const pipelineUrl = (roleId: number, pipelineId: number) => `/roles/${roleId}/pipelines/${pipelineId}`;

function interviewEvent(row: CalendarInterviewRow): CalendarEvent {
  const kind = row.kind === 'client' ? 'interview_client' : 'interview_internal';
  const candidate = personName(row.candidateFirstName, row.candidateLastName);
  return {
    id: `interview-${row.id}`,
    title: `${CALENDAR_KIND_LABELS[kind]}: ${candidate} (${row.roleName}, ${row.clientName})`,
    start: row.scheduledAt.toISOString(),
    end: new Date(row.scheduledAt.getTime() + row.durationMinutes * 60_000).toISOString(),
    all_day: false,
    kind,
    url: pipelineUrl(row.roleId, row.pipelineId),
  };
}

async function interviewEvents(db: Db, range: RangeBounds): Promise<CalendarEvent[]> {
  return (await listInterviewRowsInRange(db, range)).map(interviewEvent);
}

/**
 * Role dates: opened, the target fill date while the role is active, and closed for closed roles.
 * Guarantee period ends of the roles' placements come with them.
 */
async function roleEvents(db: Db, user: UserRow, range: RangeBounds): Promise<CalendarEvent[]> {
  const [roles, guarantees] = await Promise.all([listRoleDateRows(db, range), listGuaranteeEndRows(db, range)]);
  const events: CalendarEvent[] = [];
  for (const role of roles) {
    const label = `${role.name} (${role.clientName})`;
    if (role.openedAt >= range.startDate && role.openedAt < range.endDate) {
      events.push({
        id: `role-opened-${role.id}`,
        title: `Role opened: ${label}`,
        start: role.openedAt,
        all_day: true,
        kind: 'role_opened',
        url: `/roles/${role.id}`,
      });
    }
    if (
      role.state !== 'closed' &&
      role.targetFillDate &&
      role.targetFillDate >= range.startDate &&
      role.targetFillDate < range.endDate
    ) {
      events.push({
        id: `role-target-${role.id}`,
        title: `Target fill date: ${label}`,
        start: role.targetFillDate,
        all_day: true,
        kind: 'role_target',
        url: `/roles/${role.id}`,
      });
    }
    if (role.closedAt && role.closedAt >= range.start && role.closedAt < range.end) {
      const day = calendarDateIn(role.closedAt, user.timeZone);
      events.push({
        id: `role-closed-${role.id}`,
        title: `Role closed: ${label}`,
        start: day,
        all_day: true,
        kind: 'role_closed',
        url: `/roles/${role.id}`,
      });
    }
  }
  for (const placement of guarantees) {
    if (!placement.guaranteeEnd) continue;
    events.push({
      id: `guarantee-${placement.placementId}`,
      title: `Guarantee ends: ${personName(placement.candidateFirstName, placement.candidateLastName)} (${placement.roleName})`,
      start: placement.guaranteeEnd,
      all_day: true,
      kind: 'guarantee_end',
      url: pipelineUrl(placement.roleId, placement.pipelineId),
    });
  }
  return events;
}

/** An instalment's own date, when the schedule gives one (`due_date` or `date`, an ISO date). */
function datedInstalment(instalment: RetainerInstalment): string | null {
  const record = instalment as RetainerInstalment & { due_date?: unknown; date?: unknown };
  const value = record.due_date ?? record.date;
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : null;
}

/**
 * Retainer instalments with a date: one dated in the schedule, the signing one on the day the client was
 * signed (its creation day in the reader's zone), and a monthly one on that day of every month. The
 * shortlist and placement instalments fall due when the milestone is reached: the invoice they draft
 * carries that due date (the invoice feed).
 */
async function retainerEvents(db: Db, user: UserRow, range: RangeBounds): Promise<CalendarEvent[]> {
  // Instalments are the client's fee terms: none for whoever may not see fees (decision 071).
  if (!(await moneyVisibleTo(db, user))) return [];
  const clients = await listRetainerClientRows(db, range.mineOf);
  const events: CalendarEvent[] = [];
  const inRange = (day: string) => day >= range.startDate && day < range.endDate;
  for (const client of clients) {
    const signed = calendarDateIn(client.createdAt, user.timeZone);
    client.instalments.forEach((instalment, index) => {
      const base = { all_day: true, kind: 'retainer_instalment' as const, url: `/clients/${client.id}` };
      const title = `Retainer instalment: ${client.name}, ${instalment.label} (${instalment.percent} %)`;
      const dated = datedInstalment(instalment);
      if (dated) {
        if (inRange(dated)) events.push({ ...base, id: `retainer-${client.id}-${index}`, title, start: dated });
      } else if (instalment.milestone === 'on_signing') {
        if (inRange(signed)) events.push({ ...base, id: `retainer-${client.id}-${index}`, title, start: signed });
      } else if (instalment.milestone === 'monthly') {
        for (const day of monthlyDays(signed, range))
          events.push({ ...base, id: `retainer-${client.id}-${index}-${day}`, title, start: day });
      }
    });
  }
  return events.sort((a, b) => a.start.localeCompare(b.start));
}

/** The monthly days from `first` (same day of the month, the month's last day when shorter) in the range. */
function monthlyDays(first: string, range: RangeBounds): string[] {
  const [year, month, day] = first.split('-').map(Number) as [number, number, number];
  const days: string[] = [];
  const from = Math.max(
    0,
    (Number(range.startDate.slice(0, 4)) - year) * 12 + Number(range.startDate.slice(5, 7)) - month - 1,
  );
  for (let step = from; step < from + 16; step += 1) {
    const monthIndex = month - 1 + step;
    const lastDay = new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate();
    const date = isoDate(new Date(Date.UTC(year, monthIndex, Math.min(day, lastDay))));
    if (date >= range.endDate) break;
    if (date >= range.startDate) days.push(date);
  }
  return days;
}

/** Invoice due dates and payouts: owners only; everyone else gets an empty list (issue 11). */
async function invoiceEvents(db: Db, user: UserRow, range: RangeBounds): Promise<CalendarEvent[]> {
  if (!user.userType.includes('owner')) return [];
  return invoiceCalendarEvents.get()(db, { start: range.startDate, end: range.endDate });
}

/** One feed's events over the range; the caller may read the records (every signed-in user). */
export async function calendarFeed(
  deps: Pick<Deps, 'db'>,
  user: UserRow,
  feed: CalendarFeed,
  input: RangeInput,
): Promise<CalendarEvent[]> {
  assertCan(user, 'records.read');
  const range = rangeBounds(user, input);
  return feedEvents(deps.db, user, feed, range);
}

export function feedEvents(db: Db, user: UserRow, feed: CalendarFeed, range: RangeBounds): Promise<CalendarEvent[]> {
  switch (feed) {
    case 'interviews':
      return interviewEvents(db, range);
    case 'roles':
      return roleEvents(db, user, range);
    case 'retainer-clients':
      return retainerEvents(db, user, range);
    case 'invoice-payouts':
      return invoiceEvents(db, user, range);
  }
}

/** Whether the user may see invoice events (invoices are owner-only; the iCal feed asks). */
export const seesInvoices = (user: UserRow) => can(user, 'invoices.manage');

export interface InterviewsPageInput extends RangeInput {
  page: number;
  page_size: number;
  kind?: 'internal' | 'client';
}

/** GET /api/interviews/: the interviews in the range, earliest first, one page. */
export async function listInterviews(
  deps: Pick<Deps, 'db'>,
  user: UserRow,
  input: InterviewsPageInput,
): Promise<{ results: InterviewListItem[]; count: number }> {
  assertCan(user, 'records.read');
  const range = rangeBounds(user, input);
  const { rows, count } = await pageInterviewRows(deps.db, range, input.kind, input.page, input.page_size);
  return {
    count,
    results: rows.map((row) => ({
      id: row.id,
      pipeline_id: row.pipelineId,
      kind: row.kind === 'client' ? 'client' : 'internal',
      scheduled_at: row.scheduledAt.toISOString(),
      duration_minutes: row.durationMinutes,
      location: row.location,
      meeting_url: row.meetingUrl,
      outcome: row.outcome,
      interviewer: { id: row.interviewerId, name: row.interviewerName },
      recruiter:
        row.recruiterId === null
          ? null
          : {
              id: row.recruiterId,
              name: personName(row.recruiterFirstName, row.recruiterLastName, row.recruiterUsername ?? ''),
            },
      candidate: { id: row.candidateId, name: personName(row.candidateFirstName, row.candidateLastName) },
      role: { id: row.roleId, name: row.roleName },
      client: { id: row.clientId, name: row.clientName },
      url: pipelineUrl(row.roleId, row.pipelineId),
    })),
  };
}
