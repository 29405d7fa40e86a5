import type { InvoiceStatistics, InvoiceStatisticsQuerySchema, InvoiceTotals } from '@recruitdesk/contracts/invoices';
import type { z } from 'zod';
import { independentReads } from '../../db/transaction';
import type { Deps } from '../../lib/deps';
import { assertCan } from '../../lib/permissions';
import { getAgencySettings } from '../settings/settings.service';
import type { UserRow } from '../users/users.service';
import { filtersOf } from './invoice-list.repository';
import { agencyToday } from './invoice-presenters';
import { fromMinor } from '@recruitdesk/money';
import { sumCollectedByMonth, sumInvoiceTotals, sumOutstandingByAge } from './invoice-statistics.repository';

// The statistics cards, the aging bar and the chart: sums per currency over the invoices the list shows for
// the same filters (decisions 013 and 058).

const monthsBack = (today: string, count: number): number[] => {
  const [year, month] = today.split('-').map(Number) as [number, number];
  return Array.from({ length: count }, (_, index) => {
    const offset = month - 1 - (count - 1 - index);
    return (year + Math.floor(offset / 12)) * 100 + (((offset % 12) + 12) % 12) + 1;
  });
};
const monthLabel = (month: number) => `${Math.floor(month / 100)}-${String(month % 100).padStart(2, '0')}`;

/** Statistics over the invoices the list shows for the same filters (see the contract for each sum). */
export async function invoiceStatistics(
  deps: Deps,
  actor: UserRow,
  query: z.output<typeof InvoiceStatisticsQuerySchema>,
): Promise<InvoiceStatistics> {
  assertCan(actor, 'invoices.manage');
  const today = agencyToday(deps);
  const filters = filtersOf(query);
  const months = monthsBack(today, 12);
  const first = months[0]!;
  const [totals, aging, collected, settings] = await independentReads(
    deps.db,
    () => sumInvoiceTotals(deps.db, filters, today),
    () => sumOutstandingByAge(deps.db, filters, today),
    () => sumCollectedByMonth(deps.db, filters, `${monthLabel(first)}-01`),
    () => getAgencySettings(deps.db),
  );
  const currencies = [
    ...new Set([...totals.map((row) => row.currency), ...collected.map((row) => row.currency)]),
  ].sort();
  // Exact sums of the grouped sums (BigInt: no rounding, no float).
  const sum = <T>(rows: T[], value: (row: T) => string) => rows.reduce((total, row) => total + BigInt(value(row)), 0n);
  const blocks: InvoiceTotals[] = currencies.map((currency) => {
    const rows = totals.filter((row) => row.currency === currency);
    const issued = rows.filter((row) => row.status === 'sent' || row.status === 'paid');
    const ages = aging.filter((row) => row.currency === currency);
    const age = (bucket: number) =>
      fromMinor(
        sum(
          ages.filter((row) => row.bucket === bucket),
          (row) => row.balance,
        ),
      );
    const countOf = (status: string) =>
      rows.filter((row) => row.status === status).reduce((total, row) => total + row.count, 0);
    return {
      currency,
      invoiced: fromMinor(sum(issued, (row) => row.total)),
      collected: fromMinor(sum(issued, (row) => row.paid)),
      outstanding: fromMinor(sum(ages, (row) => row.balance)),
      overdue: fromMinor(
        sum(
          ages.filter((row) => row.bucket > 0),
          (row) => row.balance,
        ),
      ),
      aging: { d0_30: age(1), d31_60: age(2), d61_90: age(3), d90_plus: age(4) },
      counts: {
        draft: countOf('draft'),
        sent: countOf('sent'),
        paid: countOf('paid'),
        void: countOf('void'),
        overdue: ages.filter((row) => row.bucket > 0).reduce((total, row) => total + row.count, 0),
      },
      by_month: months.map((month) => ({
        month: monthLabel(month),
        invoiced: fromMinor(
          sum(
            issued.filter((row) => row.month === month),
            (row) => row.total,
          ),
        ),
        collected: fromMinor(
          sum(
            collected.filter((row) => row.currency === currency && row.month === month),
            (row) => row.total,
          ),
        ),
      })),
    };
  });
  const empty: InvoiceTotals = {
    currency: settings.currency,
    invoiced: '0.00',
    collected: '0.00',
    outstanding: '0.00',
    overdue: '0.00',
    aging: { d0_30: '0.00', d31_60: '0.00', d61_90: '0.00', d90_plus: '0.00' },
    counts: { draft: 0, sent: 0, paid: 0, void: 0, overdue: 0 },
    by_month: months.map((month) => ({ month: monthLabel(month), invoiced: '0.00', collected: '0.00' })),
  };
  const main = blocks.find((block) => block.currency === settings.currency) ?? blocks[0] ?? empty;
  return { ...main, currencies: blocks };
}
