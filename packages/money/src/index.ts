// Money across RecruitDesk (decision 067): integer minor units (cents) everywhere; decimal strings with two
// places ("26000.00") on the wire; one rounding rule (half away from zero, once, in BigInt); one formatter.
import { formatDecimal, parseDecimal, parseScaled } from './decimal';

export { compareDecimal, formatDecimal, formatScaled, parseDecimal, parseScaled, toSafeNumber } from './decimal';
export {
  basisPointsOf,
  divideHalfUp,
  hundredthsOf,
  lineAmount,
  majorOf,
  meanOf,
  minorOfNumber,
  percentOf,
  shareOf,
  totalsOf,
} from './arithmetic';
export type { Totals } from './arithmetic';
export { formatCompact, formatCurrency, formatMoney, type PlainMoneyOptions } from './format';

/** An integer count of minor units (cents); always a safe integer. */
export type Minor = number;

/** "26000.00" → 2600000; throws on text that is not an amount (for values the code itself produced). */
export const toMinor = (value: string): Minor => parseScaled(value, 2);
/** 2600000 → "26000.00" (the API's money). */
export const fromMinor = (minor: Minor | bigint): string => formatDecimal(minor, 2);
/** A percent "20.00" / "7.5" → basis points (hundredths of a percent): 2000 / 750. */
export const percentToBp = (value: string): number => parseScaled(value, 2);
export const bpToPercent = (bp: number): string => formatDecimal(bp, 2);
/** A quantity "1.50" → hundredths: 150. */
export const quantityToHundredths = (value: string): number => parseScaled(value, 2);
export const hundredthsToQuantity = (value: number): string => formatDecimal(value, 2);
/** User input "12.5" → 1250n; null when it is not an amount with at most two decimals. */
export const parseAmount = (text: string): bigint | null => parseDecimal(text, 2);
/** A numeric column's text ("120000.00", "99.5") → minor units; null stays null. */
export const minorOfColumn = (value: string | null | undefined): Minor | null =>
  value == null ? null : toMinor(value);
