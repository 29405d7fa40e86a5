// Money without floating point: amounts are integer minor units (cents), parsed from and written to decimal
// strings with string arithmetic; products and shares use BigInt and round half-up (away from zero) to the cent.

/** Parses a decimal string with at most `places` decimals ("1500", "1500.5", "-12.34") to an integer of that scale. */
export function parseScaled(value: string, places: number): number {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!match) throw new Error(`Not a decimal: ${value}`);
  const [, sign, whole = '0', fraction = ''] = match;
  if (fraction.length > places) {
    // Extra decimals (numeric columns of higher scale) must be zeros; anything else is a bug, not a rounding.
    if (/[1-9]/.test(fraction.slice(places))) throw new Error(`More than ${places} decimals: ${value}`);
  }
  const digits = `${whole}${fraction.slice(0, places).padEnd(places, '0')}`;
  const scaled = BigInt(digits);
  if (scaled > BigInt(Number.MAX_SAFE_INTEGER)) throw new Error(`Too large: ${value}`);
  const result = Number(scaled);
  return sign === '-' && result !== 0 ? -result : result;
}

/** "26000.00" → 2600000 (cents). */
export const toMinor = (value: string): number => parseScaled(value, 2);

/** A percent "20.00" / "7.5" → basis points (hundredths of a percent): 2000 / 750. */
export const percentToBp = (value: string): number => parseScaled(value, 2);

/** A quantity "1.50" → hundredths: 150. */
export const quantityToHundredths = (value: string): number => parseScaled(value, 2);

/** Writes an integer of the given scale as a decimal string: (2600000, 2) → "26000.00". */
export function formatScaled(value: number | bigint, places: number): string {
  const big = BigInt(value);
  const negative = big < 0n;
  const digits = (negative ? -big : big).toString().padStart(places + 1, '0');
  const whole = digits.slice(0, digits.length - places);
  const fraction = digits.slice(digits.length - places);
  return `${negative ? '-' : ''}${whole}${places ? `.${fraction}` : ''}`;
}

/** 2600000 → "26000.00" (the API's money). */
export const fromMinor = (minor: number | bigint): string => formatScaled(minor, 2);
export const bpToPercent = (bp: number): string => formatScaled(bp, 2);
export const hundredthsToQuantity = (value: number): string => formatScaled(value, 2);

/** numerator / denominator rounded half-up (half away from zero), in BigInt. */
export function divideHalfUp(numerator: bigint, denominator: bigint): bigint {
  if (denominator <= 0n) throw new Error('denominator must be positive');
  const negative = numerator < 0n;
  const abs = negative ? -numerator : numerator;
  const quotient = (abs * 2n + denominator) / (denominator * 2n);
  return negative ? -quotient : quotient;
}

const toSafe = (value: bigint): number => {
  if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < -BigInt(Number.MAX_SAFE_INTEGER))
    throw new Error('Amount out of range');
  return Number(value);
};

/** amount × percent (in basis points) / 100 %, half-up to the cent: a fee or a tax. */
export const percentOf = (minor: number, bp: number): number =>
  toSafe(divideHalfUp(BigInt(minor) * BigInt(bp), 10_000n));

/** quantity (hundredths) × unit amount (minor), half-up to the cent: a line's amount. */
export const lineAmount = (quantityHundredths: number, unitMinor: number): number =>
  toSafe(divideHalfUp(BigInt(quantityHundredths) * BigInt(unitMinor), 100n));

export interface Totals {
  subtotal: number;
  tax: number;
  total: number;
}

/** Subtotal = Σ line amounts; tax = subtotal × rate, half-up; total = subtotal + tax. */
export function totalsOf(lineAmounts: number[], taxRateBp: number): Totals {
  const subtotal = lineAmounts.reduce((sum, amount) => sum + amount, 0);
  const tax = percentOf(subtotal, taxRateBp);
  return { subtotal, tax, total: subtotal + tax };
}

/** "USD 26,000.00" for mails, PDFs and titles (grouping by string, no floats). */
export function formatMoney(minor: number, currency: string): string {
  const text = fromMinor(minor);
  const negative = text.startsWith('-');
  const [whole = '0', fraction = '00'] = text.replace('-', '').split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${currency} ${grouped}.${fraction}`;
}
