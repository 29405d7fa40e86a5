// One way to write an amount for people: with Intl where a locale is wanted (the web app, the assistant),
// as "USD 26,000.00" where plain text is wanted (PDFs, mails). Intl is handed the decimal string, which it
// formats exactly, never a float.
import { formatDecimal, parseDecimal } from './decimal';

/** An API amount ("26000.00") or minor units as a bigint. */
type Amount = string | bigint;

const minorOf = (amount: Amount): bigint | null => (typeof amount === 'bigint' ? amount : parseDecimal(amount, 2));

/** "-1,234.50" from minor units: grouping and sign by string. */
function grouped(minor: bigint | number): { sign: string; digits: string } {
  const text = formatDecimal(minor, 2);
  const [whole = '0', fraction = '00'] = text.replace('-', '').split('.');
  return {
    sign: text.startsWith('-') ? '-' : '',
    digits: `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction}`,
  };
}

export interface PlainMoneyOptions {
  /** "USD 26,000" rather than "USD 26,000.00" when there are no cents (sentences, not bills). */
  omitZeroCents?: boolean;
}

/** "USD 26,000.00" for mails, PDFs, titles and sentences (grouping by string). */
export function formatMoney(minor: number | bigint, currency: string, options: PlainMoneyOptions = {}): string {
  const { sign, digits } = grouped(minor);
  const shown = options.omitZeroCents && digits.endsWith('.00') ? digits.slice(0, -3) : digits;
  return `${sign}${currency} ${shown}`;
}

/**
 * An amount in a currency for the screen: "£26,000.00" (the locale's symbol and grouping); a code Intl
 * does not know is written after the figure: "26,000.00 XYZ1".
 */
export function formatCurrency(amount: Amount, currency: string, locale?: string): string {
  const minor = minorOf(amount);
  if (minor === null) return String(amount);
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency, minimumFractionDigits: 2 }).format(
      formatDecimal(minor, 2) as unknown as number,
    );
  } catch {
    const { sign, digits } = grouped(minor);
    return `${sign}${digits} ${currency}`;
  }
}

/** A compact figure for chart axes (whole units are enough there): "£26K". */
export function formatCompact(amount: Amount, currency: string, locale?: string): string {
  const minor = minorOf(amount);
  if (minor === null) return String(amount);
  const whole = (minor / 100n).toString();
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency, notation: 'compact' }).format(
      whole as unknown as number,
    );
  } catch {
    return `${whole} ${currency}`;
  }
}
