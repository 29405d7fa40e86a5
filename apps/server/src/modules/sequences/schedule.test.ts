import { describe, expect, it } from 'vitest';
import { nextStepAt, weekdayIn } from './schedule';

// 2030-01-04 is a Friday.
const friday = new Date('2030-01-04T10:00:00Z');

describe('nextStepAt', () => {
  it('counts calendar days without skipping', () => {
    expect(nextStepAt(friday, 1, false, 'UTC').toISOString()).toBe('2030-01-05T10:00:00.000Z');
    expect(nextStepAt(friday, 0, false, 'UTC')).toEqual(friday);
  });

  it('counts working days and never lands on a weekend when skipping', () => {
    expect(nextStepAt(friday, 1, true, 'UTC').toISOString()).toBe('2030-01-07T10:00:00.000Z');
    expect(nextStepAt(friday, 3, true, 'UTC').toISOString()).toBe('2030-01-09T10:00:00.000Z');
    expect(nextStepAt(friday, 0, true, 'UTC')).toEqual(friday);
    const saturday = new Date('2030-01-05T09:00:00Z');
    expect(nextStepAt(saturday, 0, true, 'UTC').toISOString()).toBe('2030-01-07T09:00:00.000Z');
  });

  it('reads the weekday in the agency time zone', () => {
    // Friday 23:30 in UTC is already Saturday in Tokyo.
    const late = new Date('2030-01-04T23:30:00Z');
    expect(weekdayIn(late, 'UTC')).toBe(5);
    expect(weekdayIn(late, 'Asia/Tokyo')).toBe(6);
    expect(nextStepAt(late, 0, true, 'Asia/Tokyo').toISOString()).toBe('2030-01-06T23:30:00.000Z');
  });
});
