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
