import { describe, expect, it } from 'vitest';
import { agencyToday, parsePeriod, relativePeriod, type Period } from './periods';

// The period grammar against a fixed "today" (never the real date): 2031-06-30, a Monday.
const TODAY = '2031-06-30';
const range = (text: string, today = TODAY) => {
  const found = parsePeriod(text, today);
  return found ? [found.period.from, found.period.to] : null;
};

describe('period grammar', () => {
  it.each([
    ['placements this month', ['2031-06-01', '2031-06-30']],
    ['revenue last month', ['2031-05-01', '2031-05-31']],
    ['this quarter', ['2031-04-01', '2031-06-30']],
    ['last quarter', ['2031-01-01', '2031-03-31']],
    ['previous quarter', ['2031-01-01', '2031-03-31']],
    ['this year', ['2031-01-01', '2031-06-30']],
    ['last year', ['2030-01-01', '2030-12-31']],
    ['YTD', ['2031-01-01', '2031-06-30']],
    ['year to date', ['2031-01-01', '2031-06-30']],
    ['in Q1', ['2031-01-01', '2031-03-31']],
    ['Q3', ['2030-07-01', '2030-09-30']],
    ['q4 2029', ['2029-10-01', '2029-12-31']],
    ['the second quarter of 2030', ['2030-04-01', '2030-06-30']],
    ['H1', ['2031-01-01', '2031-06-30']],
    ['H2', ['2030-07-01', '2030-12-31']],
    ['first half of 2030', ['2030-01-01', '2030-06-30']],
    ['in 2025', ['2025-01-01', '2025-12-31']],
    ['since March', ['2031-03-01', '2031-06-30']],
    ['since September', ['2030-09-01', '2031-06-30']],
    ['last 30 days', ['2031-06-01', '2031-06-30']],
    ['past 2 weeks', ['2031-06-17', '2031-06-30']],
    ['the last 12 months', ['2030-07-01', '2031-06-30']],
    ['between March and May 2031', ['2031-03-01', '2031-05-31']],
    ['between 2030-02-03 and 2030-04-05', ['2030-02-03', '2030-04-05']],
    ['from January 2030 to March 2030', ['2030-01-01', '2030-03-31']],
    ['in March', ['2031-03-01', '2031-03-31']],
    ['in December', ['2030-12-01', '2030-12-31']],
    ['last week', ['2031-06-23', '2031-06-29']],
    ['yesterday', ['2031-06-29', '2031-06-29']],
    ['all time', ['1900-01-01', '2031-06-30']],
  ])('%s', (text, expected) => {
    expect(range(text)).toEqual(expected);
  });

  it('finds no period where none is named ("may" as a verb included)', () => {
    expect(range('how many placements')).toBeNull();
    expect(range('may I see the funnel')).toBeNull();
  });

  it("reads today in the agency's time zone", () => {
    const now = new Date('2031-07-01T02:30:00Z');
    expect(agencyToday({ now, timeZone: 'America/New_York' })).toBe('2031-06-30');
    expect(agencyToday({ now, timeZone: 'UTC' })).toBe('2031-07-01');
    expect(agencyToday({ now, timeZone: 'Asia/Tokyo' })).toBe('2031-07-01');
    expect(agencyToday({ now, timeZone: 'Mars/Olympus_Mons' })).toBe('2031-07-01');
  });

  it.each([
    // [now (UTC), agency zone, today, this month, yesterday]
    ['2031-03-31T23:30:00Z', 'UTC', '2031-03-31', ['2031-03-01', '2031-03-31'], '2031-03-30'],
    ['2031-03-31T23:30:00Z', 'Pacific/Auckland', '2031-04-01', ['2031-04-01', '2031-04-01'], '2031-03-31'],
    ['2031-03-31T23:30:00Z', 'America/Los_Angeles', '2031-03-31', ['2031-03-01', '2031-03-31'], '2031-03-30'],
    ['2031-04-01T00:10:00Z', 'UTC', '2031-04-01', ['2031-04-01', '2031-04-01'], '2031-03-31'],
    ['2031-04-01T00:10:00Z', 'America/New_York', '2031-03-31', ['2031-03-01', '2031-03-31'], '2031-03-30'],
    ['2031-04-01T03:59:59Z', 'America/New_York', '2031-03-31', ['2031-03-01', '2031-03-31'], '2031-03-30'],
    ['2031-04-01T04:00:00Z', 'America/New_York', '2031-04-01', ['2031-04-01', '2031-04-01'], '2031-03-31'],
    // New York's clocks go forward on 9 March 2031: that day starts at 05:00 UTC, the next at 04:00 UTC.
    ['2031-03-09T04:59:00Z', 'America/New_York', '2031-03-08', ['2031-03-01', '2031-03-08'], '2031-03-07'],
    ['2031-03-09T05:00:00Z', 'America/New_York', '2031-03-09', ['2031-03-01', '2031-03-09'], '2031-03-08'],
    ['2031-03-10T03:59:00Z', 'America/New_York', '2031-03-09', ['2031-03-01', '2031-03-09'], '2031-03-08'],
    ['2031-03-10T04:00:00Z', 'America/New_York', '2031-03-10', ['2031-03-01', '2031-03-10'], '2031-03-09'],
    ['2031-01-01T00:30:00Z', 'Europe/Berlin', '2031-01-01', ['2031-01-01', '2031-01-01'], '2030-12-31'],
    ['2031-01-01T00:30:00Z', 'America/Chicago', '2030-12-31', ['2030-12-01', '2030-12-31'], '2030-12-30'],
  ] as const)(
    'at %s in %s, today is %s: "this month" and "yesterday" follow the agency zone',
    (instant, zone, today, month, yesterday) => {
      const day = agencyToday({ now: new Date(instant), timeZone: zone });
      expect(day).toBe(today);
      const thisMonth = parsePeriod('placements this month', day)!.period;
      expect([thisMonth.from, thisMonth.to]).toEqual(month);
      const y = parsePeriod('placements yesterday', day)!.period;
      expect([y.from, y.to]).toEqual([yesterday, yesterday]);
    },
  );

  it('falls back to UTC for a zone the runtime does not know', () => {
    expect(agencyToday({ now: new Date('2031-04-01T00:10:00Z'), timeZone: 'Mars/Olympus' })).toBe('2031-04-01');
    expect(agencyToday({ now: new Date('2031-04-01T00:10:00Z'), timeZone: '' })).toBe('2031-04-01');
  });

  it('reads "the quarter before" and "a year earlier" relative to an earlier period', () => {
    const q1: Period = { from: '2031-01-01', to: '2031-03-31', unit: 'quarter', label: 'last quarter' };
    expect(relativePeriod('and the quarter before?', q1, TODAY)?.period).toMatchObject({
      from: '2030-10-01',
      to: '2030-12-31',
      label: 'Q4 2030',
    });
    expect(relativePeriod('same period last year', q1, TODAY)?.period).toMatchObject({
      from: '2030-01-01',
      to: '2030-03-31',
    });
    expect(relativePeriod('and the year before?', q1, TODAY)?.period).toMatchObject({
      from: '2030-01-01',
      to: '2030-12-31',
    });
    expect(relativePeriod('what about Acme?', q1, TODAY)).toBeNull();
  });
});
