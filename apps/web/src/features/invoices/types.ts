// INTERIM: mirrors packages/contracts/src/invoices.ts as the server helper is writing it; replaced by a
// re-export of '@recruitdesk/contracts/invoices' once that lands on main.
export const INVOICE_KINDS = ['finders_fee', 'retainer', 'credit_note'] as const;
export const INVOICE_STATUSES = ['draft', 'sent', 'paid', 'void'] as const;
export const PAYOUT_METHODS = ['bank_transfer', 'card', 'cheque', 'cash', 'other'] as const;
export const INVOICE_ORDERINGS = [
  'issue_date',
  '-issue_date',
  'due_date',
  '-due_date',
  'number',
  '-number',
  'total',
  '-total',
  'balance',
  '-balance',
  'client',
  '-client',
] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export type PayoutMethod = (typeof PAYOUT_METHODS)[number];
export const INVOICE_KIND_LABELS: Record<InvoiceKind, string> = {
  finders_fee: "Finder's fee",
  retainer: 'Retainer',
  credit_note: 'Credit note',
};
export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = {
  draft: 'Draft',
  sent: 'Sent',
  paid: 'Paid',
  void: 'Void',
};
export const PAYOUT_METHOD_LABELS: Record<PayoutMethod, string> = {
  bank_transfer: 'Bank transfer',
  card: 'Card',
  cheque: 'Cheque',
  cash: 'Cash',
  other: 'Other',
};
type Money = string;
type Ref = { id: number; name: string };
type InvoiceRef = { id: number; number: string; status: InvoiceStatus };

export interface InvoiceLine {
  id: number;
  description: string;
  quantity: string;
  unit_amount: Money;
  amount: Money;
  position: number;
}
export interface Payout {
  id: number;
  invoice_id: number;
  date: string;
  amount: Money;
  method: PayoutMethod;
  reference: string;
  recorded_by: { id: number | null; name: string } | null;
  created_at: string;
}
export interface InvoiceEvent {
  id: number;
  kind: string;
  detail: string;
  actor_name: string;
  created_at: string;
}
export interface InvoiceSummary {
  id: number;
  number: string;
  kind: InvoiceKind;
  status: InvoiceStatus;
  overdue: boolean;
  client: Ref;
  role: Ref | null;
  placement_id: number | null;
  instalment: number | null;
  issue_date: string;
  due_date: string;
  currency: string;
  tax_rate: string;
  subtotal: Money;
  tax: Money;
  total: Money;
  paid_amount: Money;
  credited_amount: Money;
  balance: Money;
  credit_for: { id: number; number: string } | null;
  sent_at: string | null;
  paid_at: string | null;
  voided_at: string | null;
  created_at: string;
  updated_at: string;
}
export interface Invoice extends InvoiceSummary {
  notes: string;
  void_reason: string;
  payment_terms_days: number;
  bill_to_email: string;
  lines: InvoiceLine[];
  payouts: Payout[];
  credit_notes: { id: number; number: string; status: InvoiceStatus; total: Money }[];
  history: InvoiceEvent[];
  can: {
    edit: boolean;
    delete: boolean;
    send: boolean;
    void: boolean;
    record_payout: boolean;
    credit_note: boolean;
  };
  credit_note_blocker: string | null;
}
export interface InvoiceResponse {
  success: true;
  invoice: Invoice;
}
export interface InvoiceLineInput {
  description: string;
  quantity?: string | number;
  unit_amount: string | number;
}
export interface CreateRoleInvoiceInput {
  pipeline_id?: number;
  issue_date?: string;
  due_date?: string;
  tax_rate?: string;
  notes?: string;
  lines?: InvoiceLineInput[];
}
export interface CreateClientInvoiceInput {
  instalment?: number;
  issue_date?: string;
  due_date?: string;
  tax_rate?: string;
  notes?: string;
  lines?: InvoiceLineInput[];
}
export interface UpdateInvoiceInput {
  issue_date: string;
  due_date: string;
  tax_rate: string;
  notes: string;
  lines: InvoiceLineInput[];
}
export interface SendInvoiceInput {
  to?: string;
  message?: string;
}
export interface VoidInvoiceInput {
  reason: string;
}
export interface PayoutInput {
  date: string;
  amount: string | number;
  method?: PayoutMethod;
  reference?: string;
}
export interface CreditNoteInput {
  reason: string;
  fell_off_on: string;
  amount?: string | number;
}
export interface InvoiceDraft {
  kind: InvoiceKind;
  client: Ref & { contact_email: string };
  role: Ref | null;
  pipeline_id: number | null;
  placement_id: number | null;
  instalment: number | null;
  currency: string;
  issue_date: string;
  due_date: string;
  payment_terms_days: number;
  tax_rate: string;
  lines: { description: string; quantity: string; unit_amount: Money; amount: Money }[];
  subtotal: Money;
  tax: Money;
  total: Money;
  explanation: string;
  instalments: {
    index: number;
    label: string;
    milestone: string;
    percent: string;
    amount: Money;
    invoice: InvoiceRef | null;
  }[];
  placements: {
    pipeline_id: number;
    placement_id: number;
    candidate_name: string;
    salary: Money;
    start_date: string;
    invoice: InvoiceRef | null;
  }[];
}
export interface InvoiceDraftResponse {
  success: true;
  draft: InvoiceDraft;
}
export interface InvoiceListQuery {
  client?: number;
  date_from?: string;
  date_to?: string;
  status?: InvoiceStatus;
  overdue?: 'true' | 'false';
  kind?: InvoiceKind;
  role?: number;
  search?: string;
  ordering?: (typeof INVOICE_ORDERINGS)[number];
  page?: number | string;
  page_size?: number | string;
}
export interface InvoiceListResponse {
  success: true;
  results: InvoiceSummary[];
  count: number;
}
export interface InvoiceStatisticsQuery {
  client?: number;
  date_from?: string;
  date_to?: string;
}
export interface InvoiceTotals {
  currency: string;
  invoiced: Money;
  collected: Money;
  outstanding: Money;
  overdue: Money;
  aging: { d0_30: Money; d31_60: Money; d61_90: Money; d90_plus: Money };
  counts: { draft: number; sent: number; paid: number; void: number; overdue: number };
  by_month: { month: string; invoiced: Money; collected: Money }[];
}
export interface InvoiceStatistics extends InvoiceTotals {
  currencies: InvoiceTotals[];
}
export interface InvoiceStatisticsResponse {
  success: true;
  statistics: InvoiceStatistics;
}
