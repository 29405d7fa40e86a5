/**
 * Invoice arithmetic in integer minor units (cents), never floating point (issue 11). Amounts travel as
 * decimal strings with two places ("26000.00"); quantities and tax rates as decimal strings with up to
 * two places ("1", "1.5", "20", "7.25"). Each is read into a scaled integer (BigInt, so no size limit can
 * round it), multiplied, and divided once with rounding half-up (away from zero) to the cent.
 */

const DECIMAL = /^(-)?(\d+)(?:\.(\d{0,2}))?$/;

/** '12.5' → 1250n (hundredths); null for anything that is not a number with at most two decimals. */
export function parseHundredths(text: string): bigint | null {
  const match = DECIMAL.exec(text.trim());
  if (!match) return null;
  const [, minus, whole = '0', fraction = ''] = match;
  const value = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0') || '0');
  return minus ? -value : value;
}

/** Divides and rounds half-up (half away from zero), for a positive divisor. */
export function divideHalfUp(numerator: bigint, divisor: bigint): bigint {
  const negative = numerator < 0n;
  const magnitude = negative ? -numerator : numerator;
  const rounded = (magnitude * 2n + divisor) / (divisor * 2n);
  return negative ? -rounded : rounded;
}

/** 123456n → '1234.56' (the API's decimal string). */
export function formatMinor(minor: bigint): string {
  const negative = minor < 0n;
  const magnitude = negative ? -minor : minor;
  const whole = magnitude / 100n;
  const cents = (magnitude % 100n).toString().padStart(2, '0');
  return `${negative ? '-' : ''}${whole.toString()}.${cents}`;
}

/** '26000.00' → 2600000n; null when it is not an amount. */
export const parseAmount = parseHundredths;

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

/** An API amount ('26000.00') or cents, shown in the invoice's currency: '£26,000.00'. */
export function formatCurrency(amount: string | bigint, currency: string, locale?: string): string {
  const minor = typeof amount === 'bigint' ? amount : parseHundredths(amount);
  if (minor === null) return String(amount);
  const text = formatMinor(minor);
  try {
    // Intl formats a decimal string exactly (no conversion to a float).
    return new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: 2,
    }).format(text as unknown as number);
  } catch {
    return `${text} ${currency}`;
  }
}

/** A compact figure for chart axes (whole units are enough there): '£26k'. */
export function formatCompact(amount: string, currency: string, locale?: string): string {
  const minor = parseHundredths(amount);
  if (minor === null) return amount;
  const whole = (minor / 100n).toString();
  try {
    return new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      notation: 'compact',
    }).format(whole as unknown as number);
  } catch {
    return `${whole} ${currency}`;
  }
}
