// The one rounding rule: a quotient is rounded half away from zero to the minor unit, once, at the end of
// an exact integer computation (BigInt), never by repeated float rounding.
import { parseDecimal, toSafeNumber } from './decimal';

/** numerator / denominator, rounded half away from zero; the denominator must be positive. */
export function divideHalfUp(numerator: bigint, denominator: bigint): bigint {
  if (denominator <= 0n) throw new RangeError('denominator must be positive');
  const negative = numerator < 0n;
  const magnitude = negative ? -numerator : numerator;
  const quotient = (magnitude * 2n + denominator) / (denominator * 2n);
  return negative ? -quotient : quotient;
}

/** amount × percent (in basis points: hundredths of a percent) / 100 %, to the minor unit: a fee or a tax. */
export const percentOf = (minor: number, basisPoints: number): number =>
  toSafeNumber(divideHalfUp(BigInt(minor) * BigInt(basisPoints), 10_000n));

/** quantity (hundredths of a unit) × unit amount (minor), to the minor unit: an invoice line's amount. */
export const lineAmount = (quantityHundredths: number, unitMinor: number): number =>
  toSafeNumber(divideHalfUp(BigInt(quantityHundredths) * BigInt(unitMinor), 100n));

/** An amount split into `parts` equal shares (a fee per opening), each to the minor unit. */
export const shareOf = (minor: number, parts: number): number =>
  toSafeNumber(divideHalfUp(BigInt(minor), BigInt(Math.max(1, Math.trunc(parts)))));

/** sum / count to the minor unit (an average fee); 0 when there is nothing to average. */
export const meanOf = (sumMinor: bigint | number, count: number): bigint =>
  count > 0 ? divideHalfUp(BigInt(sumMinor), BigInt(count)) : 0n;

/**
 * A number that came in as JSON or from a double precision column (a salary 160000.5, a percent 7.5) →
 * hundredths, rounded half away from zero: minor units for an amount, basis points for a percent. The
 * number's own shortest decimal text is read, so 7.005 (7.00499… as a double) rounds as the 7.005 typed.
 */
export function hundredthsOf(value: number): number {
  if (!Number.isFinite(value)) throw new RangeError('not a finite number');
  const exact = parseDecimal(String(value), 2);
  if (exact !== null) return toSafeNumber(exact);
  const rounded = Math.round(Number((Math.abs(value) * 100).toPrecision(15)));
  return value < 0 ? -rounded : rounded;
}

/** A percent as a number (20, 7.5) → basis points (hundredths of a percent). */
export const basisPointsOf = hundredthsOf;
/** An amount in major units as a number (160000.5) → minor units (16000050). */
export const minorOfNumber = hundredthsOf;
/** Minor units → the amount in major units as a JSON number (for contracts that carry numbers). */
export const majorOf = (minor: number): number => minor / 100;

export interface Totals {
  subtotal: number;
  tax: number;
  total: number;
}

/** Subtotal = Σ line amounts; tax = subtotal × rate, to the minor unit; total = subtotal + tax. */
export function totalsOf(lineAmounts: readonly number[], taxRateBasisPoints: number): Totals {
  const subtotal = toSafeNumber(lineAmounts.reduce((sum, amount) => sum + BigInt(amount), 0n));
  const tax = percentOf(subtotal, taxRateBasisPoints);
  return { subtotal, tax, total: toSafeNumber(BigInt(subtotal) + BigInt(tax)) };
}
