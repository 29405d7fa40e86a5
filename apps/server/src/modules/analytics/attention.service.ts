import {
  ATTENTION_KINDS,
  ATTENTION_PAGE_SIZE,
  type AttentionItem,
  type AttentionKind,
  type AttentionQuery,
} from '@recruitdesk/contracts/analytics';
import type { Deps } from '../../lib/deps';
import { assertCan } from '../../lib/permissions';
import { calendarDateIn, wallClockIn } from '../../lib/time-zone';
import type { UserRow } from '../users/users.service';
import { attentionRows } from './attention.repository';

// "Needs attention" on the dashboard (issue 12): the signed-in user's items; an owner's list has everyone's.

/** Each kind's rows read at most (the count is exact below it); the list is paged from them. */
const PER_KIND = 2000;
const DAY_MS = 86_400_000;

/** The item's text in the user's zone: its day (a timestamp's calendar day there), and an interview's time. */
function detailOf(kind: AttentionKind, at: string, today: string, zone: string): string {
  const instant = at.length > 10 ? new Date(at) : null;
  const day = instant ? calendarDateIn(instant, zone) : at;
  const days = Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${day}T00:00:00Z`)) / DAY_MS);
  switch (kind) {
    case 'stale_pipeline':
      return `No stage change since ${day} (${daysText(days)})`;
    case 'role_without_submittal':
      return `No submittal since ${day} (${daysText(days)})`;
    case 'guarantee_ending':
      return `Guarantee ends ${day} (in ${daysText(-days)})`;
    case 'interview_tomorrow':
      return `Tomorrow at ${timeIn(instant!, zone)}`;
    case 'overdue_invoice':
      return `Due ${day} (${daysText(days)} overdue)`;
  }
}

const daysText = (n: number) => `${n} day${n === 1 ? '' : 's'}`;

const timeIn = (at: Date, zone: string) => {
  const { hour, minute } = wallClockIn(at, zone);
  return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
};

function linkOf(kind: AttentionKind, row: { id: number; role_id: number | null; client_id: number | null }): string {
  if (kind === 'role_without_submittal') return `/roles/${row.id}`;
  if (kind === 'overdue_invoice')
    return row.role_id ? `/role/${row.role_id}/invoice/${row.id}` : `/client/${row.client_id}/invoices/${row.id}`;
  return `/roles/${row.role_id}/pipelines/${row.id}`;
}

/** One page of the user's items (the first 100 unless asked); `count` is all of them. */
export async function attentionList(
  deps: Deps,
  actor: UserRow,
  { page, page_size }: AttentionQuery = { page: 1, page_size: ATTENTION_PAGE_SIZE },
): Promise<{ everyone: boolean; items: AttentionItem[]; count: number; page: number; page_size: number }> {
  assertCan(actor, 'records.read');
  const everyone = actor.userType.includes('owner');
  const now = deps.config.now();
  const zone = actor.timeZone || 'UTC';
  // The user's today: an invoice is overdue, and a guarantee's 30 days run, by their calendar.
  const today = calendarDateIn(now, zone);
  // "Tomorrow" is the user's tomorrow: the next calendar day in their time zone, as UTC instants.
  const localTomorrow = calendarDateIn(new Date(now.getTime() + DAY_MS), zone);
  const tomorrowStart = new Date(Date.parse(`${localTomorrow}T00:00:00Z`) - zoneOffsetMs(now, zone));
  const tomorrowEnd = new Date(tomorrowStart.getTime() + DAY_MS);
  const rows = await attentionRows(deps.db, {
    mine: everyone ? null : actor.id,
    now,
    today,
    tomorrowStart,
    tomorrowEnd,
    withInvoices: everyone,
    limit: PER_KIND,
  });
  const rank = (kind: string) => ['interview_tomorrow', 'overdue_invoice'].indexOf(kind);
  const items = rows
    .filter((row): row is typeof row & { kind: AttentionKind } =>
      (ATTENTION_KINDS as readonly string[]).includes(row.kind),
    )
    .sort((a, b) => {
      const ra = rank(a.kind);
      const rb = rank(b.kind);
      if (ra !== rb) return (ra === -1 ? 9 : ra) - (rb === -1 ? 9 : rb);
      return a.at.localeCompare(b.at) || a.id - b.id;
    })
    .map((row) => ({
      key: `${row.kind}:${row.id}`,
      kind: row.kind,
      title: row.title,
      detail: detailOf(row.kind, row.at, today, zone),
      date: row.at,
      link: linkOf(row.kind, row),
      user_id: row.user_id,
      user_name: row.user_name || (row.kind === 'overdue_invoice' ? 'Owner' : 'Unassigned'),
    }));
  const start = (page - 1) * page_size;
  return { everyone, items: items.slice(start, start + page_size), count: items.length, page, page_size };
}

/** The zone's offset from UTC at `at`, in ms (east positive). */
function zoneOffsetMs(at: Date, zone: string): number {
  const wall = new Date(at.toLocaleString('en-US', { timeZone: zone }));
  const utc = new Date(at.toLocaleString('en-US', { timeZone: 'UTC' }));
  return wall.getTime() - utc.getTime();
}
