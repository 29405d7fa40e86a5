import {
  CALENDAR_KIND_FEED,
  CALENDAR_KINDS,
  OWNER_ONLY_CALENDAR_KINDS,
  type CalendarEvent,
  type CalendarFeed,
  type CalendarKind,
} from '@recruitdesk/contracts/calendar';
import { addDays } from '@recruitdesk/money/dates';

// What the calendar screen computes: which kinds a user may see, which feeds to ask for, the range to
// ask for, and the events as FullCalendar takes them (colour per kind, the record's address).

/** One colour per kind (legend, event chips); readable with white text in both themes. */
export const KIND_COLORS: Record<CalendarKind, string> = {
  interview_internal: '#2563eb',
  interview_client: '#7c3aed',
  role_opened: '#059669',
  role_target: '#db2777',
  role_closed: '#475569',
  guarantee_end: '#d97706',
  retainer_instalment: '#0891b2',
  invoice_due: '#dc2626',
  payout: '#16a34a',
};

/** The kinds this user may see, in legend order (invoices and payouts: owners only). */
export function kindsFor(userTypes: readonly string[]): CalendarKind[] {
  const owner = userTypes.includes('owner');
  return CALENDAR_KINDS.filter((kind) => owner || !OWNER_ONLY_CALENDAR_KINDS.includes(kind));
}

/** The feeds that carry at least one of the kinds shown, in a stable order. */
export function feedsFor(kinds: Iterable<CalendarKind>): CalendarFeed[] {
  const wanted = new Set([...kinds].map((kind) => CALENDAR_KIND_FEED[kind]));
  return (['interviews', 'roles', 'retainer-clients', 'invoice-payouts'] as const).filter((feed) => wanted.has(feed));
}

/**
 * The dates to ask the feeds for, from the range FullCalendar shows (ISO strings in the profile zone):
 * one day more on each side, so an instant near midnight in any zone is in the answer.
 */
export function fetchRange(startStr: string, endStr: string): { start: string; end: string } {
  return { start: addDays(startStr.slice(0, 10), -1), end: addDays(endStr.slice(0, 10), 1) };
}

export interface CalendarEventInput {
  id: string;
  title: string;
  start: string;
  end?: string;
  allDay: boolean;
  url: string;
  color: string;
  textColor: string;
  classNames: string[];
  extendedProps: { kind: CalendarKind };
}

/** The feeds' events for FullCalendar: only the kinds shown, each once, earliest first. */
export function toEventInputs(
  events: readonly CalendarEvent[],
  shown: ReadonlySet<CalendarKind>,
): CalendarEventInput[] {
  const seen = new Set<string>();
  const inputs: CalendarEventInput[] = [];
  for (const event of events) {
    if (!shown.has(event.kind) || seen.has(event.id)) continue;
    seen.add(event.id);
    inputs.push({
      id: event.id,
      title: event.title,
      start: event.start,
      ...(event.end ? { end: event.end } : {}),
      allDay: event.all_day,
      url: event.url,
      color: KIND_COLORS[event.kind],
      textColor: '#ffffff',
      classNames: [`rd-event-${event.kind}`],
      extendedProps: { kind: event.kind },
    });
  }
  return inputs.sort((a, b) => a.start.localeCompare(b.start));
}

/** The app's own address of an event (a path; anything else is not followed). */
export function eventPath(url: string): string | null {
  return url.startsWith('/') && !url.startsWith('//') ? url : null;
}

/** Where a week or day view opens when nothing earlier is on it (issue 29 item p). */
export const DEFAULT_SCROLL_TIME = '08:00:00';

/**
 * Where the week and day views scroll to: the hour of the earliest timed event shown between `start` and `end`
 * (the view's dates, ISO, in `zone`), so none hides above the fold; 8 am when there is none.
 */
export function scrollTimeFor(
  events: readonly Pick<CalendarEventInput, 'start' | 'allDay'>[],
  start: string,
  end: string,
  zone: string | undefined,
): string {
  const from = Date.parse(start);
  const to = Date.parse(end);
  const hourIn = new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    hourCycle: 'h23',
    ...(zone ? { timeZone: zone } : {}),
  });
  let earliest: number | null = null;
  for (const event of events) {
    if (event.allDay) continue;
    const at = Date.parse(event.start);
    if (Number.isNaN(at) || (!Number.isNaN(from) && at < from) || (!Number.isNaN(to) && at >= to)) continue;
    const hour = Number(hourIn.format(at));
    if (earliest === null || hour < earliest) earliest = hour;
  }
  return earliest === null ? DEFAULT_SCROLL_TIME : `${String(earliest).padStart(2, '0')}:00:00`;
}
