import { Badge, type BadgeTone } from '@/components/ui/badge';
import { INVOICE_KIND_LABELS, type InvoiceKind, type InvoiceSummary } from '@recruitdesk/contracts/invoices';

export type DisplayStatus = 'draft' | 'sent' | 'paid' | 'void' | 'overdue';

const TONES: Record<DisplayStatus, BadgeTone> = {
  draft: 'gray',
  sent: 'sky',
  paid: 'green',
  void: 'violet',
  overdue: 'red',
};
export const DISPLAY_STATUS_LABELS: Record<DisplayStatus, string> = {
  draft: 'Draft',
  sent: 'Sent',
  paid: 'Paid',
  void: 'Void',
  overdue: 'Overdue',
};

/** Overdue is derived by the server (sent, past due, a balance left) and shown instead of "Sent". */
export function displayStatus(invoice: Pick<InvoiceSummary, 'status' | 'overdue'>): DisplayStatus {
  return invoice.status === 'sent' && invoice.overdue ? 'overdue' : invoice.status;
}

export function InvoiceStatusBadge({ invoice }: { invoice: Pick<InvoiceSummary, 'status' | 'overdue'> }) {
  const status = displayStatus(invoice);
  return <Badge tone={TONES[status]}>{DISPLAY_STATUS_LABELS[status]}</Badge>;
}

export function InvoiceKindBadge({ kind }: { kind: InvoiceKind }) {
  return <Badge tone={kind === 'credit_note' ? 'amber' : 'brand'}>{INVOICE_KIND_LABELS[kind]}</Badge>;
}
