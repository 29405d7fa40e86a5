import { describe, expect, it } from 'vitest';
import { filtersFromParams, paramsForFilters, presetRange, previousPeriod } from './filters';

const TODAY = '2026-11-26';
const parse = (query: string) => filtersFromParams(new URLSearchParams(query), TODAY);

describe('analytics filters', () => {
  it('defaults to the last 12 months ending today, with no other filter', () => {
    expect(parse('')).toEqual({
      range: '12m',
      from: '2025-11-27',
      to: '2026-11-26',
      client: null,
      clientType: null,
      recruiter: null,
      roleFamily: null,
    });
  });

  it('reads presets, custom dates and the other filters', () => {
    expect(parse('range=30d')).toMatchObject({ range: '30d', from: '2026-10-28', to: TODAY });
    expect(parse('range=ytd')).toMatchObject({ from: '2026-01-01', to: TODAY });
    expect(
      parse(
        'range=custom&from=2026-01-01&to=2026-03-31&client=7&client_type=retainer&recruiter=3&role_family=software%20engineer',
      ),
    ).toEqual({
      range: 'custom',
      from: '2026-01-01',
      to: '2026-03-31',
      client: '7',
      clientType: 'retainer',
      recruiter: '3',
      roleFamily: 'software engineer',
    });
  });

  it('falls back to defaults for malformed values and orders swapped dates', () => {
    expect(parse('range=forever&client_type=free&client=1;drop')).toMatchObject({
      range: '12m',
      clientType: null,
      client: null,
    });
    expect(parse('from=2026-02-30&to=2026-03-01')).toMatchObject({
      range: 'custom',
      from: '2025-11-27',
      to: '2026-03-01',
    });
    expect(parse('range=custom&from=2026-05-01&to=2026-04-01')).toMatchObject({ from: '2026-04-01', to: '2026-05-01' });
  });

  it('writes only what differs from the defaults, and reads back what it wrote', () => {
    expect(paramsForFilters(parse(''))).toEqual({
      range: null,
      from: null,
      to: null,
      client: null,
      client_type: null,
      recruiter: null,
      role_family: null,
    });
    for (const query of ['range=90d&client=4', 'from=2026-01-01&to=2026-02-01&role_family=designer']) {
      const filters = parse(query);
      const written = new URLSearchParams();
      for (const [key, value] of Object.entries(paramsForFilters(filters))) if (value) written.set(key, value);
      expect(filtersFromParams(written, TODAY)).toEqual(filters);
    }
  });

  it('computes the previous period of the same length', () => {
    expect(previousPeriod('2025-11-27', '2026-11-26')).toEqual({ from: '2024-11-27', to: '2025-11-26' });
    expect(previousPeriod('2026-03-01', '2026-03-31')).toEqual({ from: '2026-01-29', to: '2026-02-28' });
    // "This year" compares with the same span of last year, not the days just before (issue 29 h).
    expect(previousPeriod(...(Object.values(presetRange('ytd', TODAY)) as [string, string]))).toEqual({
      from: '2025-01-01',
      to: '2025-11-26',
    });
    expect(previousPeriod('2028-01-01', '2028-02-29')).toEqual({ from: '2027-01-01', to: '2027-02-28' });
    expect(presetRange('12m', '2024-02-29')).toEqual({ from: '2023-03-01', to: '2024-02-29' });
  });
});
