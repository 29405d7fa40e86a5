/** 'YYYY-MM' → 'Nov 26' (a chart's month; UTC, as months are calendar months, not instants). */
export function monthLabel(month: string): string {
  const [year, mon] = month.split('-');
  const date = new Date(Date.UTC(Number(year), Number(mon) - 1, 1));
  return new Intl.DateTimeFormat(undefined, {
    month: 'short',
    year: '2-digit',
    timeZone: 'UTC',
  }).format(date);
}
