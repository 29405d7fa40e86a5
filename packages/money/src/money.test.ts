import { describe, expect, it } from 'vitest';
import {
  basisPointsOf,
  compareDecimal,
  divideHalfUp,
  formatCompact,
  formatCurrency,
  formatDecimal,
  formatMoney,
  fromMinor,
  lineAmount,
  majorOf,
  meanOf,
  minorOfColumn,
  minorOfNumber,
  parseAmount,
  parseDecimal,
  percentOf,
  shareOf,
  toMinor,
  totalsOf,
} from './index';

describe('decimal strings and minor units', () => {
  it('reads amounts exactly, with at most two significant decimals', () => {
    expect(parseDecimal('26000.00')).toBe(2_600_000n);
    expect(parseDecimal('12.5')).toBe(1250n);
    expect(parseDecimal(' 7 ')).toBe(700n);
    expect(parseDecimal('-150.50')).toBe(-15_050n);
    expect(parseDecimal('99.500000')).toBe(9950n); // a numeric column of a higher scale
    for (const bad of ['', 'abc', '1.234', '1,000', '1e3', '.5', '--1', 'NaN']) expect(parseDecimal(bad)).toBeNull();
    expect(parseAmount('0.1')).toBe(10n);
  });

  it('writes minor units as the API writes money', () => {
    expect(fromMinor(2_600_000)).toBe('26000.00');
    expect(fromMinor(-5)).toBe('-0.05');
    expect(fromMinor(0n)).toBe('0.00');
    expect(formatDecimal(9_007_199_254_740_993n, 2)).toBe('90071992547409.93');
    expect(toMinor('1500.5')).toBe(150_050);
    expect(() => toMinor('1.234')).toThrow();
    expect(() => toMinor('900719925474099.99')).toThrow(RangeError);
    expect(minorOfColumn(null)).toBeNull();
    expect(minorOfColumn('120000.00')).toBe(12_000_000);
  });

  it('compares decimals exactly', () => {
    expect(compareDecimal('1000000000.00', '1000000000')).toBe(0);
    expect(compareDecimal('999999999.99', '1000000000')).toBe(-1);
    expect(compareDecimal('10000.01', '10000')).toBe(1);
    expect(compareDecimal('-1', '0')).toBe(-1);
    expect(compareDecimal('x', '0')).toBeNaN();
  });

  it('reads JSON numbers and double precision percents as the decimals people typed', () => {
    expect(minorOfNumber(160000.5)).toBe(16_000_050);
    expect(minorOfNumber(0.1 + 0.2)).toBe(30); // 0.30000000000000004
    expect(basisPointsOf(7.5)).toBe(750);
    expect(basisPointsOf(7.005)).toBe(701); // half away from zero on the typed value
    expect(basisPointsOf(-7.005)).toBe(-701);
    expect(majorOf(1_234_567)).toBe(12345.67);
    expect(() => minorOfNumber(Number.NaN)).toThrow(RangeError);
  });
});

describe('one rounding rule: half away from zero, once, at the end', () => {
  it('divides half away from zero', () => {
    expect(divideHalfUp(5n, 2n)).toBe(3n);
    expect(divideHalfUp(-5n, 2n)).toBe(-3n);
    expect(divideHalfUp(4n, 3n)).toBe(1n);
    expect(() => divideHalfUp(1n, 0n)).toThrow(RangeError);
  });

  it('computes fees, lines, shares, means and totals in minor units', () => {
    expect(percentOf(15_000_000, 2000)).toBe(3_000_000); // 20 % of 150,000.00
    expect(percentOf(10_000_050, 2000)).toBe(2_000_010); // 20 % of 100,000.50: no float drift
    expect(percentOf(1, 5000)).toBe(1); // half a cent rounds away from zero
    expect(percentOf(-1, 5000)).toBe(-1);
    expect(lineAmount(150, 3333)).toBe(5000); // 1.5 × 33.33 = 49.995 → 50.00
    expect(shareOf(10_000, 3)).toBe(3333);
    expect(shareOf(10_000, 0)).toBe(10_000);
    expect(meanOf(10_000n, 3)).toBe(3333n);
    expect(meanOf(10_000n, 0)).toBe(0n);
    expect(totalsOf([1000, 2000], 2000)).toEqual({ subtotal: 3000, tax: 600, total: 3600 });
  });

  it('refuses a result a number cannot hold exactly rather than rounding it', () => {
    const huge = Number.MAX_SAFE_INTEGER;
    expect(() => totalsOf([huge, huge], 0)).toThrow(RangeError);
    expect(() => percentOf(huge, 10_000 * 2)).toThrow(RangeError);
  });
});

describe('one formatter', () => {
  it('writes plain text for bills and sentences', () => {
    expect(formatMoney(2_600_000, 'USD')).toBe('USD 26,000.00');
    expect(formatMoney(-15_050n, 'EUR')).toBe('-EUR 150.50');
    expect(formatMoney(2_600_000, 'USD', { omitZeroCents: true })).toBe('USD 26,000');
    expect(formatMoney(2_600_050, 'USD', { omitZeroCents: true })).toBe('USD 26,000.50');
  });

  it('writes a screen amount with the locale, from a string, never a float', () => {
    expect(formatCurrency('1234.5', 'USD', 'en-US')).toBe('$1,234.50');
    expect(formatCurrency('-1234.5', 'GBP', 'en-US')).toBe('-£1,234.50');
    expect(formatCurrency(9_007_199_254_740_993n, 'USD', 'en-US')).toBe('$90,071,992,547,409.93');
    expect(formatCurrency('10', 'XYZ1', 'en-US')).toBe('10.00 XYZ1');
    expect(formatCurrency('oops', 'USD', 'en-US')).toBe('oops');
    expect(formatCompact('26000.00', 'USD', 'en-US')).toBe('$26K');
  });
});
