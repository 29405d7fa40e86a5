import { formatMoney } from '@/lib/format';

/** A money string of the contracts ("26000.00") as a number of major units; null/absent stays null. */
export function amount(value: string | null | undefined): number | null {
  if (value == null) return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}

export interface MoneyFormat {
  currency: string;
  full: (value: number | null | undefined) => string;
  compact: (value: number) => string;
}

export function moneyFormat(currency: string): MoneyFormat {
  let compact: Intl.NumberFormat;
  try {
    compact = new Intl.NumberFormat(undefined, {
      style: 'currency',
      currency,
      notation: 'compact',
      maximumFractionDigits: 1,
    });
  } catch {
    compact = new Intl.NumberFormat(undefined, { notation: 'compact', maximumFractionDigits: 1 });
  }
  return {
    currency,
    full: (value) => formatMoney(value, currency),
    compact: (value) => compact.format(value),
  };
}

export const percent = (ratio: number | null | undefined, digits = 0) =>
  ratio == null ? '—' : `${(ratio * 100).toFixed(digits)}%`;

export const daysText = (value: number | null | undefined) =>
  value == null ? '—' : `${Number.isInteger(value) ? value : value.toFixed(1)} ${value === 1 ? 'day' : 'days'}`;
