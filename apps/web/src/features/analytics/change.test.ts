import { describe, expect, it } from 'vitest';
import { changeAgainstPrevious } from './change';

describe('changeAgainstPrevious', () => {
  it('gives the relative change of counts, rounded to a whole percent', () => {
    expect(changeAgainstPrevious(12, 10)).toMatchObject({ text: '+20%', direction: 'up', good: true });
    expect(changeAgainstPrevious(7, 8)).toMatchObject({ text: '\u221213%', direction: 'down', good: false });
    expect(changeAgainstPrevious(7, 8)?.description).toBe('Down 13% on the previous period');
  });

  it('gives rates in percentage points', () => {
    expect(changeAgainstPrevious(0.55, 0.5, { kind: 'points' })).toMatchObject({ text: '+5.0 pts', good: true });
    expect(changeAgainstPrevious(0.5, 0.625, { kind: 'points' })).toMatchObject({
      text: '\u221212.5 pts',
      direction: 'down',
    });
  });

  it('counts fewer days as good news when lower is better', () => {
    expect(changeAgainstPrevious(30, 40, { lowerIsBetter: true })).toMatchObject({ text: '\u221225%', good: true });
    expect(changeAgainstPrevious(50, 40, { lowerIsBetter: true })).toMatchObject({ text: '+25%', good: false });
  });

  it('says "New" against a previous period with none, not "+100 pts" or an endless percent (issue 29 h)', () => {
    expect(changeAgainstPrevious(5, 0)).toMatchObject({
      text: 'New',
      good: null,
      versus: 'none in the previous period',
    });
    expect(changeAgainstPrevious(1, 0, { kind: 'points' })).toMatchObject({ text: 'New', good: null });
    expect(changeAgainstPrevious(1, 0, { kind: 'points' })?.text).not.toMatch(/pts/);
  });

  it('says nothing when there is nothing to compare against', () => {
    expect(changeAgainstPrevious(5, null)).toBeNull();
    expect(changeAgainstPrevious(null, 5)).toBeNull();
    expect(changeAgainstPrevious(undefined, undefined)).toBeNull();
  });

  it('says "No change" for equal figures, including zero against zero', () => {
    expect(changeAgainstPrevious(0, 0)).toMatchObject({ text: 'No change', direction: 'flat', good: null });
    expect(changeAgainstPrevious(10, 10)).toMatchObject({ text: 'No change' });
    expect(changeAgainstPrevious(1000, 1001)).toMatchObject({ text: 'No change' });
  });
});
