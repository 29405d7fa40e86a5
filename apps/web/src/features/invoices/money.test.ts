import { describe, expect, it } from 'vitest';
import {
  computeTotals,
  divideHalfUp,
  formatCurrency,
  formatMinor,
  lineTotalMinor,
  parseHundredths,
  percentOfWhole,
  taxMinor,
  wholeUnitsOf,
} from './money';

describe('invoice money in integer cents', () => {
  it('reads decimal strings into hundredths and refuses anything else', () => {
    expect(parseHundredths('26000.00')).toBe(2_600_000n);
    expect(parseHundredths('12.5')).toBe(1250n);
    expect(parseHundredths(' 7 ')).toBe(700n);
    expect(parseHundredths('-150.50')).toBe(-15_050n);
    expect(parseHundredths('0.1')).toBe(10n);
    for (const bad of ['', 'abc', '1.234', '1,000', '1e3', '.5', '--1']) expect(parseHundredths(bad)).toBeNull();
  });

  it('rounds half-up (away from zero) when dividing', () => {
    expect(divideHalfUp(5n, 10n)).toBe(1n);
    expect(divideHalfUp(4n, 10n)).toBe(0n);
    expect(divideHalfUp(15n, 10n)).toBe(2n);
    expect(divideHalfUp(-15n, 10n)).toBe(-2n);
    expect(divideHalfUp(-14n, 10n)).toBe(-1n);
  });

  it('multiplies quantity by unit amount to the cent', () => {
    expect(lineTotalMinor({ quantity: '1', unit_amount: '21666.67' })).toBe(2_166_667n);
    expect(lineTotalMinor({ quantity: '3', unit_amount: '0.10' })).toBe(30n); // 0.1 × 3 is 0.30000000000000004 in floats
    expect(lineTotalMinor({ quantity: '2.5', unit_amount: '19.99' })).toBe(4998n); // 49.975 → 49.98
    expect(lineTotalMinor({ quantity: '1.5', unit_amount: '0.01' })).toBe(2n); // 0.015 → 0.02
    expect(lineTotalMinor({ quantity: '0.33', unit_amount: '1.00' })).toBe(33n);
    expect(lineTotalMinor({ quantity: 'x', unit_amount: '1.00' })).toBeNull();
  });

  it('computes tax half-up to the cent on the subtotal', () => {
    expect(taxMinor(2_166_667n, '20')).toBe(433_333n); // 4333.334 → 4333.33
    expect(taxMinor(1_005n, '10')).toBe(101n); // 10.05 × 10 % = 1.005 → 1.01
    expect(taxMinor(1_004n, '10')).toBe(100n); // 1.004 → 1.00
    expect(taxMinor(10_000n, '7.25')).toBe(725n);
    expect(taxMinor(333n, '12.5')).toBe(42n); // 0.41625 → 0.42
    expect(taxMinor(100n, 'twenty')).toBeNull();
  });

  it('sums lines, adds tax on the subtotal and reports incomplete input', () => {
    const totals = computeTotals(
      [
        { quantity: '1', unit_amount: '21666.67' },
        { quantity: '3', unit_amount: '0.10' },
      ],
      '20',
    );
    expect(totals.subtotal).toBe(2_166_697n);
    expect(totals.tax).toBe(433_339n); // 4333.394 → 4333.39
    expect(totals.total).toBe(2_600_036n);
    expect(totals.complete).toBe(true);
    expect(computeTotals([{ quantity: '1', unit_amount: 'abc' }], '20').complete).toBe(false);
    expect(computeTotals([{ quantity: '1', unit_amount: '10.00' }], '').total).toBe(1000n);
  });

  it('keeps amounts far beyond float precision exact', () => {
    const line = lineTotalMinor({ quantity: '10000', unit_amount: '1000000000.00' })!;
    expect(formatMinor(line)).toBe('10000000000000.00');
    expect(formatMinor(taxMinor(line, '17.5')!)).toBe('1750000000000.00');
    expect(formatMinor(9_007_199_254_740_993n)).toBe('90071992547409.93');
  });

  it('formats the API strings in the currency without rounding through floats', () => {
    expect(formatCurrency('26000.00', 'GBP', 'en-GB')).toBe('£26,000.00');
    expect(formatCurrency(-15_050n, 'USD', 'en-US')).toBe('-$150.50');
    expect(formatCurrency('90071992547409.93', 'USD', 'en-US')).toBe('$90,071,992,547,409.93');
    expect(formatMinor(0n)).toBe('0.00');
    expect(formatMinor(-5n)).toBe('-0.05');
  });
});

describe('figures for the charts, from exact cents', () => {
  it('gives a share of a whole to a hundredth of a percent, and whole units for bar heights', () => {
    expect(percentOfWhole(1n, 3n)).toBe(33.33);
    expect(percentOfWhole(2n, 3n)).toBe(66.67);
    expect(percentOfWhole(5n, 0n)).toBe(0);
    expect(wholeUnitsOf('1234.99')).toBe(1234);
    expect(wholeUnitsOf('90071992547409.99')).toBe(90_071_992_547_409);
    expect(wholeUnitsOf('not money')).toBe(0);
  });
});
