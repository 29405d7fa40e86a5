import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatRelativeTime,
  formatStoredText,
  fromWallTime,
  greetingFor,
  prepareDateFormats,
  todayIn,
  toWallTime,
} from './format';

describe('formatRelativeTime', () => {
  const now = new Date('2026-03-10T12:00:00Z');
  it.each([
    ['2026-03-10T11:59:50Z', 'just now'],
    ['2026-03-10T11:55:00Z', '5 minutes ago'],
    ['2026-03-10T09:00:00Z', '3 hours ago'],
    ['2026-03-09T12:00:00Z', 'yesterday'],
    ['2026-03-05T12:00:00Z', '5 days ago'],
  ])('%s is %s', (value, expected) => {
    expect(formatRelativeTime(value, now)).toBe(expected);
  });
});

describe('greetingFor', () => {
  it('greets by the time of day in the profile zone', () => {
    const at = new Date('2026-01-01T13:00:00Z');
    expect(greetingFor(at, 'Asia/Tokyo')).toBe('Good evening'); // 22:00
    expect(greetingFor(at, 'America/Los_Angeles')).toBe('Good morning'); // 05:00
    expect(greetingFor(at, 'UTC')).toBe('Good afternoon');
  });
});

describe('dates and times in the profile zone', () => {
  const instant = '2026-11-30T15:00:00Z';

  it('shows an instant on the wall clock of the profile zone, whatever the runtime zone', () => {
    expect(formatDateTime(instant, 'America/New_York')).toMatch(/Nov 30, 2026.*10:00\sAM/);
    expect(formatDateTime(instant, 'Asia/Kolkata')).toMatch(/Nov 30, 2026.*8:30\sPM/);
    expect(formatDateTime(instant, 'Pacific/Auckland')).toMatch(/Dec 1, 2026.*4:00\sAM/);
  });

  it('gives an instant the day of the profile zone, and never shifts a calendar date', () => {
    expect(formatDate('2026-12-01T02:00:00Z', 'America/Chicago')).toBe('Nov 30, 2026');
    expect(formatDate('2026-12-01T02:00:00Z', 'Europe/Paris')).toBe('Dec 1, 2026');
    expect(formatDate('2026-12-01', 'Pacific/Honolulu')).toBe('Dec 1, 2026');
    expect(formatDate('2026-12-01', 'Pacific/Kiritimati')).toBe('Dec 1, 2026');
  });

  it("today is the profile zone's date", () => {
    const now = new Date('2026-03-01T03:00:00Z');
    expect(todayIn('America/Los_Angeles', now)).toBe('2026-02-28');
    expect(todayIn('Asia/Tokyo', now)).toBe('2026-03-01');
  });

  it('reads a date-time input as a wall time in the profile zone', () => {
    expect(fromWallTime('2026-11-30T10:00', 'America/New_York')).toBe('2026-11-30T15:00:00.000Z');
    expect(fromWallTime('2026-07-01T10:00', 'America/New_York')).toBe('2026-07-01T14:00:00.000Z');
    expect(fromWallTime('2026-04-02T10:30', 'Asia/Kolkata')).toBe('2026-04-02T05:00:00.000Z');
    expect(fromWallTime('2026-04-02T10:30', 'UTC')).toBe('2026-04-02T10:30:00.000Z');
    expect(fromWallTime('not a date', 'UTC')).toBe('not a date');
  });

  it('handles clock changes: a skipped time moves past the gap, a repeated one takes the first', () => {
    // 2026-03-08 02:30 does not exist in New York (02:00 jumps to 03:00).
    expect(fromWallTime('2026-03-08T02:30', 'America/New_York')).toBe('2026-03-08T07:30:00.000Z');
    // 2026-11-01 01:30 happens twice; the first is still daylight time (UTC-4).
    expect(fromWallTime('2026-11-01T01:30', 'America/New_York')).toBe('2026-11-01T05:30:00.000Z');
  });

  it('round-trips an instant through the date-time input', () => {
    for (const zone of ['America/New_York', 'Europe/London', 'Asia/Kolkata', 'Australia/Adelaide']) {
      const wall = toWallTime(instant, zone);
      expect(fromWallTime(wall, zone)).toBe(new Date(instant).toISOString());
    }
    expect(toWallTime(instant, 'Europe/Berlin')).toBe('2026-11-30T16:00');
  });

  it('rewrites the machine times inside stored history texts', () => {
    expect(formatStoredText('Booked an interview with Ada on 2026-11-30 15:00 UTC', 'America/New_York')).toMatch(
      /^Booked an interview with Ada on Nov 30, 2026, 10:00\sAM$/,
    );
    expect(formatStoredText('Submitted on 2026-11-30', 'Asia/Tokyo')).toBe('Submitted on Nov 30, 2026');
    expect(formatStoredText('Interview at 2026-11-30T23:30:00.000Z', 'Asia/Tokyo')).toMatch(/Dec 1, 2026, 8:30\sAM/);
    expect(formatStoredText('No times here, 42 of them', 'UTC')).toBe('No times here, 42 of them');
    expect(formatStoredText('Booked on 2026-11-30 15:00 UTC', 'Europe/London')).not.toContain('UTC');
  });
});

describe('prepareDateFormats', () => {
  it('builds the formatters one task at a time, also for an unknown zone', () => {
    const queued: (() => void)[] = [];
    prepareDateFormats('Not/AZone', (step) => queued.push(step));
    let tasks = 0;
    while (queued.length) {
      const step = queued.shift()!;
      expect(() => step()).not.toThrow();
      tasks += 1;
    }
    expect(tasks).toBe(4);
  });
});
