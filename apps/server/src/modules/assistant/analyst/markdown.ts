// Markdown helpers: every value from the database is escaped, so a name or note cannot add links, images,
// HTML or formatting to an answer (text in records is data, never markup or instructions).

const SPECIAL = /[\\`*_{}[\]()<>#+!|~>]/g;

export function esc(text: string): string {
  return text
    .replace(/[\r\n]+/g, ' ')
    .replace(SPECIAL, (c) => `\\${c}`)
    .trim();
}

/** A link to a path of this app (server-built, always starting with one slash). */
export function link(text: string, path: string | null): string {
  if (!path || !/^\/[a-z0-9/-]*$/i.test(path)) return esc(text);
  return `[${esc(text)}](${path})`;
}

export function table(headers: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.map((c) => c.replace(/\|/g, '\\|')).join(' | ')} |`;
  return [line(headers), line(headers.map(() => '---')), ...rows.map(line)].join('\n');
}

const INT = new Intl.NumberFormat('en-US');
export const int = (n: number) => INT.format(n);

/** "1234.5" (major units as the services give them) → "$1,234.50" (or "1,234.50 EUR"). */
/** "$1,234.50", "€1,234.50", "£1,234.50", "CA$1,234.50"; an unknown code is written after the figure. */
export function money(amount: string | number, currency = 'USD'): string {
  const value = Number(amount);
  const sign = value < 0 ? '-' : '';
  try {
    const text = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency,
      currencyDisplay: 'symbol',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    }).format(Math.abs(value));
    return `${sign}${text}`;
  } catch {
    const text = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
      Math.abs(value),
    );
    return `${sign}${text} ${currency}`;
  }
}

export const pct = (ratio: number | null) => (ratio === null ? 'n/a' : `${(ratio * 100).toFixed(1)}%`);
export const days = (n: number | null) => (n === null ? 'n/a' : `${Number.isInteger(n) ? n : n.toFixed(1)} days`);
