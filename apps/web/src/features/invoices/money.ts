/**
 * The invoice form's live totals, in integer minor units (cents) with the product's one rounding rule
 * (`@recruitdesk/money`, decision 067). Amounts travel as decimal strings with two places ("26000.00");
 * quantities and tax rates as decimal strings with up to two places ("1", "1.5", "20", "7.25"). BigInt
 * here, so a draft being typed can never be rounded by a size limit before the server refuses it.
 */
import { divideHalfUp, parseAmount } from '@recruitdesk/money';

export { divideHalfUp, formatCompact, formatCurrency, fromMinor as formatMinor } from '@recruitdesk/money';
/** '12.5' → 1250n (hundredths); null for anything that is not a number with at most two decimals. */
export const parseHundredths = parseAmount;
export { parseAmount };

export interface LineInput {
  quantity: string;
  unit_amount: string;
}

/** One line's amount in cents: quantity × unit amount, rounded half-up to the cent. Null when unreadable. */
export function lineTotalMinor(line: LineInput): bigint | null {
  const quantity = parseHundredths(line.quantity); // hundredths of a unit
  const unit = parseHundredths(line.unit_amount); // cents
  if (quantity === null || unit === null) return null;
  return divideHalfUp(quantity * unit, 100n);
}

/** Tax on a subtotal (cents) at a percent rate ('20', '7.25'), rounded half-up to the cent. */
export function taxMinor(subtotal: bigint, taxRate: string): bigint | null {
  const rate = parseHundredths(taxRate); // hundredths of a percent
  if (rate === null) return null;
  return divideHalfUp(subtotal * rate, 10_000n);
}

/** `part` as a percent of `whole` (both in cents), to a hundredth of a percent: a bar's width. */
export const percentOfWhole = (part: bigint, whole: bigint): number =>
  whole > 0n ? Number(divideHalfUp(part * 10_000n, whole)) / 100 : 0;

/** An API amount in whole currency units, cents dropped toward zero (a chart's bar height): "1234.56" → 1234. */
export const wholeUnitsOf = (amount: string): number => Number((parseHundredths(amount) ?? 0n) / 100n);

export interface Totals {
  /** Per line, in cents (null where a line is not readable yet). */
  lines: (bigint | null)[];
  subtotal: bigint;
  tax: bigint;
  total: bigint;
  /** Every line and the rate could be read. */
  complete: boolean;
}

/** The live totals of a draft: lines summed, tax on the subtotal, total = subtotal + tax. */
export function computeTotals(lines: readonly LineInput[], taxRate: string): Totals {
  const perLine = lines.map(lineTotalMinor);
  const subtotal = perLine.reduce<bigint>((sum, value) => sum + (value ?? 0n), 0n);
  const tax = taxMinor(subtotal, taxRate || '0');
  return {
    lines: perLine,
    subtotal,
    tax: tax ?? 0n,
    total: subtotal + (tax ?? 0n),
    complete: tax !== null && perLine.every((value) => value !== null),
  };
}
