import type { CalendarEvent } from '@recruitdesk/contracts/calendar';
import { describe, expect, it } from 'vitest';
import {
  eventPath,
  feedsFor,
  fetchRange,
  KIND_COLORS,
  kindsFor,
  scrollTimeFor,
  toEventInputs,
} from './calendar-events';

const event = (overrides: Partial<CalendarEvent>): CalendarEvent => ({
  id: 'interview-1',
  title: 'Client interview: Ada Lovelace (Data Engineer, Acme)',
  start: '2026-03-12T15:00:00.000Z',
  end: '2026-03-12T16:00:00.000Z',
  all_day: false,
  kind: 'interview_client',
  url: '/roles/4/pipelines/9',
  ...overrides,
});

describe('calendar events', () => {
  it('shows invoices and payouts to owners only', () => {
    expect(kindsFor(['owner'])).toContain('invoice_due');
    expect(kindsFor(['owner'])).toContain('payout');
    for (const type of ['recruiter', 'viewer', 'superuser']) {
      expect(kindsFor([type])).not.toContain('invoice_due');
      expect(kindsFor([type])).not.toContain('payout');
      expect(kindsFor([type])).toContain('interview_internal');
    }
  });

  it('asks only the feeds whose kinds are shown', () => {
    expect(feedsFor(kindsFor(['recruiter']))).toEqual(['interviews', 'roles', 'retainer-clients']);
    expect(feedsFor(kindsFor(['owner']))).toEqual(['interviews', 'roles', 'retainer-clients', 'invoice-payouts']);
    expect(feedsFor(['guarantee_end'])).toEqual(['roles']);
    expect(feedsFor([])).toEqual([]);
  });

  it('asks for a day more on each side of the visible range, as dates', () => {
    expect(fetchRange('2026-02-23T00:00:00+09:00', '2026-04-06T00:00:00+09:00')).toEqual({
      start: '2026-02-22',
      end: '2026-04-07',
    });
    expect(fetchRange('2026-03-01', '2026-04-01')).toEqual({ start: '2026-02-28', end: '2026-04-02' });
  });

  it('maps feed events for FullCalendar: kinds shown, each once, coloured by kind, earliest first', () => {
    const events = [
      event({
        id: 'role-opened-3',
        kind: 'role_opened',
        start: '2026-03-10',
        end: undefined,
        all_day: true,
        url: '/roles/3',
      }),
      event({}),
      event({}),
      event({ id: 'guarantee-2', kind: 'guarantee_end', start: '2026-03-01', all_day: true }),
    ];
    const inputs = toEventInputs(events, new Set(['interview_client', 'role_opened']));
    expect(inputs.map((input) => input.id)).toEqual(['role-opened-3', 'interview-1']);
    expect(inputs[0]).toEqual({
      id: 'role-opened-3',
      title: expect.any(String),
      start: '2026-03-10',
      allDay: true,
      url: '/roles/3',
      color: KIND_COLORS.role_opened,
      textColor: '#ffffff',
      classNames: ['rd-event-role_opened'],
      extendedProps: { kind: 'role_opened' },
    });
    expect(inputs[1]).toMatchObject({
      allDay: false,
      end: '2026-03-12T16:00:00.000Z',
      color: KIND_COLORS.interview_client,
    });
  });

  it('follows only the app’s own paths', () => {
    expect(eventPath('/roles/4/pipelines/9')).toBe('/roles/4/pipelines/9');
    expect(eventPath('//evil.example/x')).toBeNull();
    expect(eventPath('https://evil.example/')).toBeNull();
  });

  it('gives every kind its own colour', () => {
    expect(new Set(Object.values(KIND_COLORS)).size).toBe(Object.keys(KIND_COLORS).length);
  });

  it('opens the week and day views at the earliest event shown, else at 8 am (issue 29 item p)', () => {
    const week = ['2026-03-02T00:00:00+05:30', '2026-03-09T00:00:00+05:30'] as const;
    const at = (start: string, allDay = false) => ({ start, allDay });
    // 06:15 in Kolkata is 00:45 UTC: the profile zone's hour counts.
    expect(scrollTimeFor([at('2026-03-04T10:00:00Z'), at('2026-03-03T00:45:00Z')], ...week, 'Asia/Kolkata')).toBe(
      '06:00:00',
    );
    expect(scrollTimeFor([], ...week, 'Asia/Kolkata')).toBe('08:00:00');
    // All-day events and those outside the view's dates do not count.
    expect(
      scrollTimeFor(
        [at('2026-03-03', true), at('2026-03-10T00:30:00Z'), at('2026-03-05T12:00:00Z')],
        ...week,
        'Asia/Kolkata',
      ),
    ).toBe('17:00:00');
  });
});
