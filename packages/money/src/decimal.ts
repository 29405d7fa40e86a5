// Decimal strings ↔ scaled integers, by string arithmetic: "1500.5" at two places is 150050n. No value ever
// passes through a float, so no amount is rounded by its representation.

const DECIMAL = /^(-?)(\d+)(?:\.(\d*))?$/;

/**
 * "1500", "1500.5", "-12.34" → the integer at `places` decimals (150000n, 150050n, -1234n); null when the
 * text is not a plain decimal or has more significant decimals than `places` (trailing zeros beyond them,
 * as a numeric column of a higher scale prints them, are accepted).
 */
export function parseDecimal(text: string, places = 2): bigint | null {
  const match = DECIMAL.exec(text.trim());
  if (!match) return null;
  const [, sign, whole = '0', fraction = ''] = match;
  if (fraction.length > places && /[1-9]/.test(fraction.slice(places))) return null;
  const value = BigInt(`${whole}${fraction.slice(0, places).padEnd(places, '0')}`);
  return sign === '-' ? -value : value;
}

/** The integer at `places` decimals written as a decimal string: (150050n, 2) → "1500.50". */
export function formatDecimal(value: bigint | number, places = 2): string {
  const big = BigInt(value);
  const negative = big < 0n;
  const digits = (negative ? -big : big).toString().padStart(places + 1, '0');
  const whole = digits.slice(0, digits.length - places);
  const fraction = digits.slice(digits.length - places);
  return `${negative ? '-' : ''}${whole}${places ? `.${fraction}` : ''}`;
}

/** A bigint that must fit a JavaScript number exactly, as a number; a RangeError otherwise. */
export function toSafeNumber(value: bigint): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < -BigInt(Number.MAX_SAFE_INTEGER)) {
    throw new RangeError('Amount out of range');
  }
  return Number(value);
}

/** Like parseDecimal, but for values the code itself produced: a bad one is a bug, so it throws. */
export function parseScaled(value: string, places: number): number {
  const scaled = parseDecimal(value, places);
  if (scaled === null) throw new Error(`Not a decimal with at most ${places} decimals: ${value}`);
  return toSafeNumber(scaled);
}

/** Writes an integer of the given scale as a decimal string: (2600000, 2) → "26000.00". */
export const formatScaled = (value: number | bigint, places: number): string => formatDecimal(value, places);

/** Compares two decimal strings exactly (-1, 0, 1), whatever their number of decimals; NaN if unreadable. */
export function compareDecimal(a: string, b: string): number {
  const places = Math.max(a.split('.')[1]?.length ?? 0, b.split('.')[1]?.length ?? 0);
  const left = parseDecimal(a, places);
  const right = parseDecimal(b, places);
  if (left === null || right === null) return Number.NaN;
  return left === right ? 0 : left < right ? -1 : 1;
}
