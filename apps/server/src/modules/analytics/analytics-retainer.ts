import { type AnalyticsFiltersQuery, type AnalyticsRetainerClient } from '@recruitdesk/contracts/analytics';
import type { Deps } from '../../lib/deps';
import type { UserRow } from '../users/users.service';
import { daysBetween, medianInt, money } from './analytics-helpers';
import { base, resolve } from './analytics-filters';
import { retainerClients } from './analytics-retainer.repository';

// The retainer report: per retainer client, how long each instalment took to be invoiced and paid.

export async function retainerTimePayout(deps: Deps, actor: UserRow, query: AnalyticsFiltersQuery) {
  const r = await resolve(deps, actor, query);
  const { clients: clientRows, invoices } = await retainerClients(deps.db, r.scope);
  const allInvoice: number[] = [];
  const allPaid: number[] = [];
  let outstandingCount = 0;
  let outstandingMinor = 0n;
  const list: AnalyticsRetainerClient[] = clientRows.map((c) => {
    const mine = invoices.filter((i) => i.client_id === c.id);
    const retainer = c.retainer_minor !== null ? BigInt(c.retainer_minor) : 0n;
    let outstanding = 0;
    let owed = 0n;
    const instalments = c.instalments.map((plan, index) => {
      const invoice = mine.find((i) => i.instalment === index);
      const inPeriod = invoice && invoice.issue_date >= r.scope.from && invoice.issue_date <= r.scope.to;
      if (!invoice) {
        outstanding += 1;
        const expected = (retainer * BigInt(Math.round(plan.percent * 100)) * 2n + 10_000n) / 20_000n;
        owed += expected;
        return {
          instalment: index,
          label: plan.label,
          invoice_id: null,
          invoice_number: null,
          invoiced_on: null,
          paid_on: null,
          days_to_invoice: null,
          days_to_paid: null,
          ...(r.money ? { amount: money(expected) } : {}),
        };
      }
      owed += BigInt(invoice.balance_minor);
      const toInvoice = daysBetween(c.signed_on, invoice.issue_date);
      const toPaid = invoice.paid_on ? daysBetween(c.signed_on, invoice.paid_on) : null;
      return {
        instalment: index,
        label: plan.label,
        invoice_id: invoice.id,
        invoice_number: invoice.number,
        invoiced_on: invoice.issue_date,
        paid_on: invoice.paid_on,
        days_to_invoice: toInvoice,
        days_to_paid: toPaid,
        inPeriod,
        ...(r.money ? { amount: money(BigInt(invoice.total_minor)) } : {}),
      };
    });
    const counted = instalments.filter((i) => 'inPeriod' in i && i.inPeriod);
    const toInvoice = counted.map((i) => i.days_to_invoice!);
    const toPaid = counted.map((i) => i.days_to_paid).filter((v): v is number => v !== null);
    allInvoice.push(...toInvoice);
    allPaid.push(...toPaid);
    outstandingCount += outstanding;
    outstandingMinor += owed;
    return {
      client_id: c.id,
      client_name: c.name,
      signed_on: c.signed_on,
      currency: c.currency,
      instalments: instalments.map(
        ({ inPeriod: _inPeriod, ...rest }: { inPeriod?: unknown } & AnalyticsRetainerClient['instalments'][number]) =>
          rest,
      ),
      median_days_to_invoice: medianInt(toInvoice),
      median_days_to_paid: medianInt(toPaid),
      outstanding_instalments: outstanding,
      ...(r.money ? { outstanding_amount: money(owed) } : {}),
    };
  });
  return {
    ...base(r),
    clients: list,
    overall: {
      median_days_to_invoice: medianInt(allInvoice),
      median_days_to_paid: medianInt(allPaid),
      outstanding_instalments: outstandingCount,
      ...(r.money ? { outstanding_amount: money(outstandingMinor) } : {}),
    },
  };
}
