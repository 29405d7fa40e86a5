import type { Invoice, PayoutInputSchema } from '@recruitdesk/contracts/invoices';
import type { z } from 'zod';
import type { Deps } from '../../lib/deps';
import { fieldsError } from '../../lib/errors';
import { assertCan } from '../../lib/permissions';
import type { UserRow } from '../users/users.service';
import { changeInvoice, presentAfterChange } from './invoice-change';
import { balanceOf, invoiceError } from './invoice-presenters';
import { formatMoney, toMinor } from '@recruitdesk/money';
import { insertPayoutRow, updateInvoiceRow } from './invoices.repository';

// Payments received against an invoice (payouts).

/**
 * Money received: partial or full; paid when the balance reaches zero; more than the balance is refused. Its
 * date may be before the invoice's issue date: money a client paid early is still money received (decision 077).
 */
export async function recordPayout(
  deps: Deps,
  actor: UserRow,
  id: number,
  input: z.output<typeof PayoutInputSchema>,
): Promise<Invoice> {
  assertCan(actor, 'invoices.manage');
  await changeInvoice(deps, actor, id, async ({ tx, now, row, history, activity }) => {
    if (row.kind === 'credit_note') throw invoiceError('PAYOUT_CREDIT_NOTE', 409);
    if (row.status === 'void') throw invoiceError('INVOICE_VOID', 409);
    if (row.status === 'draft') throw invoiceError('PAYOUT_NOT_SENT', 409);
    if (row.status === 'paid' || row.balanceMinor <= 0) throw invoiceError('PAYOUT_ALREADY_PAID', 409);
    const amount = toMinor(input.amount);
    if (amount > row.balanceMinor) {
      const message = `The payment of ${formatMoney(amount, row.currency)} is more than the balance due of ${formatMoney(row.balanceMinor, row.currency)}.`;
      throw fieldsError({ amount: [message] }, 'PAYOUT_ABOVE_BALANCE');
    }
    await insertPayoutRow(tx, {
      invoiceId: id,
      clientId: row.clientId,
      currency: row.currency,
      invoiceIssueDate: row.issueDate,
      date: input.date,
      amountMinor: amount,
      method: input.method,
      reference: input.reference,
      recordedById: actor.id,
      createdAt: now,
    });
    const paidMinor = row.paidMinor + amount;
    const balanceMinor = balanceOf({ ...row, paidMinor });
    const paid = balanceMinor <= 0;
    await updateInvoiceRow(tx, id, {
      paidMinor,
      balanceMinor,
      ...(paid ? { status: 'paid', paidAt: now } : {}),
      updatedAt: now,
    });
    const detail = `${formatMoney(amount, row.currency)} received on ${input.date}${input.reference ? ` (${input.reference})` : ''}`;
    await history(
      'payout',
      paid ? `${detail}; paid in full` : `${detail}; ${formatMoney(balanceMinor, row.currency)} left`,
    );
    await activity(
      'payout',
      `Recorded a payment of ${formatMoney(amount, row.currency)} on ${row.number}${paid ? ' (paid in full)' : ''}`,
    );
  });
  return presentAfterChange(deps, id);
}
