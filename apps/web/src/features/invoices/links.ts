import { paths } from '@/config/paths';
import type { InvoiceSummary } from '@recruitdesk/contracts/invoices';

/** An invoice's page: under its role (finder's fee) or its client (retainer, credit note without a role). */
export function invoiceHref(invoice: Pick<InvoiceSummary, 'id' | 'role' | 'client'>): string {
  return invoice.role
    ? paths.app.roleInvoice.getHref(invoice.role.id, invoice.id)
    : paths.app.clientInvoice.getHref(invoice.client.id, invoice.id);
}
