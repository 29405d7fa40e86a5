import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '@/test/factories';
import { installFetchStub } from '@/test/fetch-stub';
import { callsOf, renderWithProviders } from '@/test/render';
import { InvoiceDetail } from './components/invoice-detail';
import { InvoiceStatisticsPanel } from './components/invoice-statistics';
import { InvoicesList, statisticsParamsFromSearchParams } from './components/invoices-list';
import { buildInvoice, buildInvoiceSummary, buildStatistics } from './test-support/builders';

const fetchStub = installFetchStub();

describe('invoices list', () => {
  it('shows each invoice with its status badge and asks overdue=true for the Overdue filter', async () => {
    fetchStub.mock.mockImplementation(async () =>
      jsonResponse(200, {
        success: true,
        count: 2,
        results: [
          buildInvoiceSummary(),
          buildInvoiceSummary({
            id: 2,
            number: 'INV-2026-0002',
            overdue: true,
            role: null,
            kind: 'retainer',
            total: '5000.00',
            balance: '5000.00',
          }),
        ],
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<InvoicesList />, { path: '/invoices' });
    const table = await screen.findByRole('table', { name: 'Invoices' });
    const first = await within(table).findByRole('link', { name: 'INV-2026-0001' });
    expect(first).toHaveAttribute('href', '/role/7/invoice/1');
    expect(within(table).getByRole('link', { name: 'INV-2026-0002' })).toHaveAttribute('href', '/client/3/invoices/2');
    expect(within(table).getByText('Sent')).toBeInTheDocument();
    expect(within(table).getByText('Overdue')).toBeInTheDocument();
    expect(within(table).getAllByText('£26,000.00')).toHaveLength(2);

    await user.selectOptions(screen.getByLabelText('Status'), 'overdue');
    await waitFor(() => expect(callsOf(fetchStub.mock).some((c) => c.includes('overdue=true'))).toBe(true));
    expect(screen.getByTestId('where')).toHaveTextContent('/invoices?status=overdue');
    expect(callsOf(fetchStub.mock).at(-1)).not.toContain('status=overdue');
  });

  it('offers to clear the filters when nothing matches', async () => {
    fetchStub.mock.mockImplementation(async () => jsonResponse(200, { success: true, count: 0, results: [] }));
    renderWithProviders(<InvoicesList />, {
      path: '/invoices',
      initialEntry: '/invoices?kind=credit_note',
    });
    expect(await screen.findByText('No invoices match')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Clear filters' })).toBeInTheDocument();
  });
});

describe('invoice statistics', () => {
  it("follow the list's client and issue-date filters, not its status, kind, search or page", () => {
    const params = new URLSearchParams(
      'client=14&from=2026-01-01&to=2026-06-30&status=sent&kind=retainer&search=acme&page=3',
    );
    expect(statisticsParamsFromSearchParams(params)).toEqual({
      client: 14,
      date_from: '2026-01-01',
      date_to: '2026-06-30',
    });
    expect(statisticsParamsFromSearchParams(new URLSearchParams('client=x&from=soon'))).toEqual({});
  });

  it('shows the four figures and the aging buckets from the server', async () => {
    fetchStub.mock.mockImplementation(async () => jsonResponse(200, { success: true, statistics: buildStatistics() }));
    renderWithProviders(<InvoiceStatisticsPanel />);
    const panel = await screen.findByRole('region', { name: 'Invoice statistics' });
    expect(await within(panel).findByText('£78,000.00')).toBeInTheDocument();
    expect(within(panel).getByText('£52,800.00')).toBeInTheDocument();
    expect(within(panel).getByText('£25,200.00')).toBeInTheDocument();
    expect(within(panel).getByText('£9,100.50')).toBeInTheDocument();
    const aging = within(panel).getByRole('region', { name: 'Aging' });
    expect(within(aging).getByText('31–60 days').closest('div')).toHaveTextContent('£3,000.50');
    // The chart's figures as a table for screen readers: 12 months.
    const table = within(panel).getByRole('table', { name: 'Invoiced and collected by month' });
    expect(within(table).getAllByRole('row')).toHaveLength(13);
  });

  it('says when it could not load', async () => {
    fetchStub.mock.mockImplementation(async () =>
      jsonResponse(403, { success: false, error: 'Only owners can see invoices.' }),
    );
    renderWithProviders(<InvoiceStatisticsPanel />);
    expect(await screen.findByText('Only owners can see invoices.')).toBeInTheDocument();
  });
});

describe('invoice page', () => {
  const render = (invoice = buildInvoice()) =>
    renderWithProviders(
      <InvoiceDetail invoice={invoice} onEdit={() => {}} onDeleted={() => {}} onCreditNote={() => {}} />,
      {
        path: '/role/7/invoice/1',
      },
    );

  it('offers only what the server allows', () => {
    render(
      buildInvoice({
        status: 'paid',
        balance: '0.00',
        can: {
          edit: false,
          delete: false,
          send: false,
          void: false,
          record_payout: false,
          credit_note: true,
        },
      }),
    );
    expect(screen.getByRole('heading', { name: 'Invoice INV-2026-0001' })).toBeInTheDocument();
    expect(screen.getByText('Paid')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Send/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Record payment' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Credit note' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download PDF' })).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Invoice INV-2026-0001 preview' })).toHaveTextContent('ap@acme.test');
  });

  it('records a partial payment and shows the server refusing an overpayment', async () => {
    const user = userEvent.setup();
    fetchStub.mock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url.includes('csrf')) return jsonResponse(200, { success: true, csrfToken: 'test-token' });
      const body = JSON.parse(String(init?.body ?? '{}')) as { amount?: string };
      if (body.amount === '30000.00') {
        return jsonResponse(409, {
          success: false,
          error: 'The payment is more than the balance due.',
          code: 'PAYOUT_ABOVE_BALANCE',
        });
      }
      return jsonResponse(201, {
        success: true,
        invoice: buildInvoice({ paid_amount: '10000.00', balance: '16000.00' }),
      });
    });
    render();
    await user.click(screen.getByRole('button', { name: 'Record payment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record a payment' });
    const amount = within(dialog).getByLabelText('Amount (GBP)');
    expect(amount).toHaveValue('26000.00');
    await user.clear(amount);
    await user.type(amount, '30000.00');
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    expect(await within(dialog).findByText('The payment is more than the balance due.')).toBeInTheDocument();

    await user.clear(amount);
    await user.type(amount, '10000');
    await user.type(within(dialog).getByLabelText('Reference'), 'BACS 42');
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const post = fetchStub.mock.mock.calls.filter(([, init]) => init?.method === 'POST').at(-1)!;
    expect(String(post[0])).toContain('/api/invoices/1/payouts/');
    expect(JSON.parse(String(post[1]!.body))).toMatchObject({
      amount: '10000',
      method: 'bank_transfer',
      reference: 'BACS 42',
    });
  });

  it('asks before sending, and voiding needs a reason', async () => {
    const user = userEvent.setup();
    fetchStub.mock.mockImplementation(async () => jsonResponse(200, { success: true, invoice: buildInvoice() }));
    render(
      buildInvoice({
        status: 'draft',
        can: {
          edit: true,
          delete: true,
          send: true,
          void: true,
          record_payout: false,
          credit_note: false,
        },
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const confirm = await screen.findByRole('dialog', { name: 'Send this invoice?' });
    expect(confirm).toHaveTextContent('ap@acme.test');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsOf(fetchStub.mock).filter((c) => c.startsWith('POST'))).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Void' }));
    const voidDialog = await screen.findByRole('dialog', { name: 'Void this invoice?' });
    await user.click(within(voidDialog).getByRole('button', { name: 'Void invoice' }));
    expect(await within(voidDialog).findByText('Give the reason for voiding.')).toBeInTheDocument();
    expect(callsOf(fetchStub.mock).filter((c) => c.startsWith('POST'))).toHaveLength(0);
  });
});
