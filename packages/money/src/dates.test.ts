import { describe, expect, it } from 'vitest';
import { addDays } from './dates';

describe('addDays', () => {
  it('moves a calendar date by whole days across months, years and leap days', () => {
    expect(addDays('2026-11-29', 0)).toBe('2026-11-29');
    expect(addDays('2026-11-29', 2)).toBe('2026-12-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2027-03-01', -1)).toBe('2027-02-28');
    expect(addDays('2026-01-01', -365)).toBe('2025-01-01');
  });

  it('is not shifted by a clock change in the process zone', () => {
    // 29 March 2026: Europe's clocks go forward; a date is a date.
    expect(addDays('2026-03-28', 1)).toBe('2026-03-29');
    expect(addDays('2026-03-29', 1)).toBe('2026-03-30');
    expect(addDays('2026-10-25', 1)).toBe('2026-10-26');
  });
});
