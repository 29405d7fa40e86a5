import { formatMoney } from '@/lib/format';
import { addDays } from '@recruitdesk/money/dates';

/** Minor units as money ('$1,234.50'); null is '—' (nothing to divide by). */
export function formatMinor(minor: number | null | undefined, currency: string): string {
  if (minor == null) return '—';
  return formatMoney(minor / 100, currency);
}

/** A click-through rate as a percentage with two decimals ('5.00%'); null is '—'. */
export function formatRate(rate: number | null | undefined): string {
  if (rate == null) return '—';
  return `${(rate * 100).toFixed(2)}%`;
}

export const formatCount = (value: number) => value.toLocaleString('en-US');

/** What a money field holds ('1,234.5', '$12') in minor units; null when it is not an amount. */
export function minorFromText(text: string): number | null {
  const cleaned = text.replace(/[,\s]/g, '').replace(/^[$€£¥]/, '');
  if (cleaned === '') return 0;
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(cleaned);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** Minor units as the text a money field starts with ('1234.50'). */
export const textFromMinor = (minor: number) => (minor / 100).toFixed(2);

/** A whole count typed in a field ('12,000'); null when it is not one. */
export function countFromText(text: string): number | null {
  const cleaned = text.replace(/[,\s]/g, '');
  if (cleaned === '') return 0;
  return /^\d{1,10}$/.test(cleaned) ? Number(cleaned) : null;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const short = (day: string) => `${MONTHS[Number(day.slice(5, 7)) - 1]} ${Number(day.slice(8, 10))}`;

/** 'Jan 5 – Jan 11, 2026' for the week starting on a Monday (calendar dates, no zone). */
export function weekLabel(weekStart: string): string {
  const end = addDays(weekStart, 6);
  return `${short(weekStart)} – ${short(end)}, ${end.slice(0, 4)}`;
}

/** 'Jan 5' for a chart's axis. */
export const weekTick = (weekStart: string) => short(weekStart);
