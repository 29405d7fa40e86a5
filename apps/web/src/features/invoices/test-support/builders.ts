import type { Invoice, InvoiceStatistics, InvoiceSummary } from '@recruitdesk/contracts/invoices';

export function buildInvoiceSummary(overrides: Partial<InvoiceSummary> = {}): InvoiceSummary {
  return {
    id: 1,
    number: 'INV-2026-0001',
    kind: 'finders_fee',
    status: 'sent',
    overdue: false,
    client: { id: 3, name: 'Acme Ltd' },
    role: { id: 7, name: 'Staff Engineer' },
    placement_id: 11,
    instalment: null,
    issue_date: '2026-10-01',
    due_date: '2026-10-31',
    currency: 'GBP',
    tax_rate: '20.00',
    subtotal: '21666.67',
    tax: '4333.33',
    total: '26000.00',
    paid_amount: '0.00',
    credited_amount: '0.00',
    balance: '26000.00',
    credit_for: null,
    sent_at: '2026-10-01T09:00:00Z',
    paid_at: null,
    voided_at: null,
    created_at: '2026-10-01T08:00:00Z',
    updated_at: '2026-10-01T09:00:00Z',
    ...overrides,
  };
}

export function buildInvoice(overrides: Partial<Invoice> = {}): Invoice {
  return {
    ...buildInvoiceSummary(),
    notes: '',
    void_reason: '',
    payment_terms_days: 30,
    bill_to_email: 'ap@acme.test',
    bill_to: {
      name: 'Acme Ltd',
      contact_name: 'Dana Payable',
      location: '10 Market Street, Leeds',
      email: 'ap@acme.test',
    },
    dated_ahead: false,
    lines: [
      {
        id: 1,
        description: "Finder's fee: Ada Lovelace",
        quantity: '1.00',
        unit_amount: '21666.67',
        amount: '21666.67',
        position: 0,
      },
    ],
    payouts: [],
    credit_notes: [],
    history: [
      {
        id: 1,
        kind: 'created',
        detail: 'Drafted from the placement',
        actor_name: 'Olivia Owner',
        created_at: '2026-10-01T08:00:00Z',
      },
    ],
    can: {
      edit: false,
      delete: false,
      send: true,
      void: true,
      record_payout: true,
      credit_note: true,
    },
    credit_note_blocker: null,
    ...overrides,
  };
}

export function buildStatistics(overrides: Partial<InvoiceStatistics> = {}): InvoiceStatistics {
  const months = Array.from({ length: 12 }, (_, i) => {
    const month = `${i < 1 ? 2025 : 2026}-${String(((i + 11) % 12) + 1).padStart(2, '0')}`;
    return { month, invoiced: `${(i + 1) * 1000}.00`, collected: `${i * 800}.00` };
  });
  const base = {
    currency: 'GBP',
    invoiced: '78000.00',
    collected: '52800.00',
    outstanding: '25200.00',
    overdue: '9100.50',
    aging: { d0_30: '4000.00', d31_60: '3000.50', d61_90: '2100.00', d90_plus: '0.00' },
    counts: { draft: 2, sent: 5, paid: 9, void: 1, overdue: 3 },
    by_month: months,
  };
  return { ...base, currencies: [base], ...overrides };
}
