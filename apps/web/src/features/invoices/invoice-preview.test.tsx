import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '@/test/factories';
import { installFetchStub } from '@/test/fetch-stub';
import { renderWithProviders } from '@/test/render';
import { InvoiceDetail } from './components/invoice-detail';
import { InvoicePreview } from './components/invoice-preview';
import { buildInvoice } from './test-support/builders';

// Issue 29 items j and b: the on-screen invoice shows the PDF's bill-to and asks for money only while some
// is due; sending a draft dated in the future asks which date it goes with.

const fetchStub = installFetchStub();
const preview = () => screen.getByRole('article', { name: /preview$/ });

describe('the invoice as it prints, on screen', () => {
  it("shows the PDF's whole bill-to: name, contact, location and email", () => {
    renderWithProviders(<InvoicePreview invoice={buildInvoice()} />);
    const billTo = within(preview()).getByText('Bill to').parentElement!;
    expect(billTo).toHaveTextContent('Acme Ltd');
    expect(billTo).toHaveTextContent('Dana Payable');
    expect(billTo).toHaveTextContent('10 Market Street, Leeds');
    expect(billTo).toHaveTextContent('ap@acme.test');
  });

  it('asks for the balance by the due date while money is due', () => {
    renderWithProviders(<InvoicePreview invoice={buildInvoice()} issuer={null} />);
    expect(preview()).toHaveTextContent('Please pay £26,000.00 by');
    expect(preview()).toHaveTextContent('Please quote INV-2026-0001 with your payment.');
  });

  it('asks for nothing once paid in full, and says when it was paid', () => {
    renderWithProviders(
      <InvoicePreview
        invoice={buildInvoice({
          status: 'paid',
          paid_amount: '26000.00',
          balance: '0.00',
          payouts: [
            {
              id: 1,
              invoice_id: 1,
              date: '2026-10-20',
              amount: '26000.00',
              method: 'bank_transfer',
              reference: '',
              recorded_by: null,
              created_at: '2026-10-20T10:00:00Z',
            },
          ],
        })}
      />,
    );
    expect(preview()).not.toHaveTextContent('Please pay');
    expect(preview()).toHaveTextContent(/Paid in full on .*2026.*\. Thank you\./);
  });
});

describe('sending a draft dated in the future', () => {
  it('asks whether to date it today or keep its date, and sends the choice', async () => {
    const user = userEvent.setup();
    const draft = buildInvoice({
      status: 'draft',
      issue_date: '2027-01-04',
      due_date: '2027-02-03',
      dated_ahead: true,
      can: { edit: true, delete: true, send: true, void: false, record_payout: false, credit_note: false },
    });
    const bodies: unknown[] = [];
    fetchStub.mock.mockImplementation(async (input, init) => {
      if (String(input).includes('/send/')) {
        bodies.push(JSON.parse(String(init?.body ?? '{}')));
        return jsonResponse(200, { success: true, invoice: { ...draft, status: 'sent', dated_ahead: false } });
      }
      return jsonResponse(200, { success: true });
    });
    renderWithProviders(
      <InvoiceDetail invoice={draft} onEdit={() => {}} onDeleted={() => {}} onCreditNote={() => {}} />,
      { path: '/role/7/invoice/1' },
    );
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send this invoice?' });
    const group = within(dialog).getByRole('group', { name: /in the future\. Which date should it go with\?/ });
    expect(within(group).getByRole('radio', { name: /Date it today/ })).toBeChecked();
    await user.click(within(group).getByRole('radio', { name: /Keep/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Send invoice' }));
    await waitFor(() => expect(bodies).toEqual([{ future_issue_date: 'keep' }]));
  });
});
