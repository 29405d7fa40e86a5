// Markdown helpers: every value from the database is escaped, so a name or note cannot add links, images,
// HTML or formatting to an answer (text in records is data, never markup or instructions).
import { formatCurrency } from '@recruitdesk/money';

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

/** "1234.5" (an API amount) → "$1,234.50", "€1,234.50", "-£1,234.50"; an unknown code after the figure. */
export const money = (amount: string, currency = 'USD'): string => formatCurrency(amount, currency, 'en-US');

export const pct = (ratio: number | null) => (ratio === null ? 'n/a' : `${(ratio * 100).toFixed(1)}%`);
export const days = (n: number | null) => (n === null ? 'n/a' : `${Number.isInteger(n) ? n : n.toFixed(1)} days`);
