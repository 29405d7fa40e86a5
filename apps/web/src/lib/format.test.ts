import { describe, expect, it } from 'vitest';
import { formatRelativeTime, greetingFor } from './format';

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
  it('greets by the time of day', () => {
    expect(greetingFor(new Date(2026, 0, 1, 8))).toBe('Good morning');
    expect(greetingFor(new Date(2026, 0, 1, 14))).toBe('Good afternoon');
    expect(greetingFor(new Date(2026, 0, 1, 20))).toBe('Good evening');
  });
});
