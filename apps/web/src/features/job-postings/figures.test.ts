import { describe, expect, it } from 'vitest';
import { mappingFromSuggestion, problemsOf } from './components/import-dialog';
import { figuresFromDraft } from './components/overview-table';
import { countFromText, formatMinor, formatRate, minorFromText, weekLabel } from './figures';

describe('job-posting figures', () => {
  it('reads money and counts the way people type them', () => {
    expect(minorFromText('1,234.5')).toBe(123450);
    expect(minorFromText('$12')).toBe(1200);
    expect(minorFromText('')).toBe(0);
    expect(minorFromText('12.345')).toBeNull();
    expect(minorFromText('-1')).toBeNull();
    expect(countFromText('12,000')).toBe(12000);
    expect(countFromText('1.5')).toBeNull();
  });

  it('shows nothing-to-divide-by as a dash', () => {
    expect(formatMinor(null, 'USD')).toBe('—');
    expect(formatRate(null)).toBe('—');
    expect(formatMinor(123450, 'USD')).toBe('$1,234.50');
    expect(formatRate(0.0615)).toBe('6.15%');
  });

  it('labels a Monday week whatever the runtime zone', () => {
    expect(weekLabel('2025-12-29')).toBe('Dec 29 – Jan 4, 2026');
  });

  it('turns a row draft into figures, or names the fields that are not numbers', () => {
    const draft = {
      status: 'paused' as const,
      daily_budget: '25',
      spend: '140.50',
      impressions: '4,000',
      clicks: '200',
      apply_starts: '',
      applies: '20',
    };
    expect(figuresFromDraft(draft)).toEqual({
      figures: {
        status: 'paused',
        daily_budget_minor: 2500,
        spend_minor: 14050,
        impressions: 4000,
        clicks: 200,
        apply_starts: 0,
        applies: 20,
      },
    });
    expect(figuresFromDraft({ ...draft, spend: 'lots', clicks: '-3' })).toEqual({ invalid: ['spend', 'clicks'] });
  });

  it('maps the suggested columns to fields and reads the problems of a refusal', () => {
    expect(mappingFromSuggestion({ Job: 'role', Date: 'week_start' })).toEqual({ role: 'Job', week_start: 'Date' });
    expect(problemsOf({ data: { problems: [{ row: 3, column: 'Cost', message: 'bad' }] } })).toEqual([
      { row: 3, column: 'Cost', message: 'bad' },
    ]);
    expect(problemsOf(undefined)).toEqual([]);
  });
});
