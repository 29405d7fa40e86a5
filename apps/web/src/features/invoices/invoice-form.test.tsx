import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiStateForTests } from '@/test/api-state';
import { renderWithProviders } from '@/test/render';
import { InvoiceForm, type InvoiceFormValues } from './components/invoice-form';

beforeEach(() => resetApiStateForTests());
afterEach(() => vi.unstubAllGlobals());

const initial: InvoiceFormValues = {
  issue_date: '2026-11-02',
  due_date: '2026-12-02',
  tax_rate: '20',
  notes: '',
  lines: [{ description: "Finder's fee", quantity: '1', unit_amount: '21666.67' }],
};

const totals = () => within(screen.getByRole('group', { name: 'Totals' }));
const totalOf = (label: RegExp) => {
  const term = totals().getByText(label);
  return term.nextElementSibling?.textContent;
};

describe('InvoiceForm live totals', () => {
  it('computes lines, tax half-up and total in cents as the user types', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <InvoiceForm initial={initial} currency="GBP" submitLabel="Create draft" onCancel={() => {}} save={vi.fn()} />,
    );
    expect(totalOf(/^Subtotal$/)).toBe('£21,666.67');
    expect(totalOf(/^Tax/)).toBe('£4,333.33'); // 4333.334 → 4333.33
    expect(totalOf(/^Total$/)).toBe('£26,000.00');

    await user.click(screen.getByRole('button', { name: 'Add line' }));
    await user.type(screen.getByLabelText('Line 2 description'), 'Advert');
    const quantity = screen.getAllByLabelText('Quantity')[1]!;
    await user.clear(quantity);
    await user.type(quantity, '3');
    const unit = screen.getAllByLabelText('Unit amount (GBP)')[1]!;
    await user.clear(unit);
    await user.type(unit, '0.10');
    expect(totalOf(/^Subtotal$/)).toBe('£21,666.97'); // 3 × 0.10 = 0.30 exactly
    expect(totalOf(/^Tax/)).toBe('£4,333.39'); // 4333.394 → 4333.39

    const rate = screen.getByLabelText('Tax rate (%)');
    await user.clear(rate);
    await user.type(rate, '12.5');
    expect(totalOf(/^Tax/)).toBe('£2,708.37'); // 2708.37125 → 2708.37
    expect(totalOf(/^Total$/)).toBe('£24,375.34');

    await user.click(screen.getByRole('button', { name: 'Remove line 1' }));
    expect(totalOf(/^Subtotal$/)).toBe('£0.30');
    expect(totalOf(/^Tax/)).toBe('£0.04'); // 0.0375 → 0.04
  });

  it('sends the figures as typed strings and shows the server field messages', async () => {
    const user = userEvent.setup();
    const save = vi.fn(async () => ({
      error: {
        status: 400,
        message: 'Check the fields.',
        isAuthError: false,
        fields: { 'lines.0.unit_amount': ['The amount is too large.'] },
      },
    }));
    renderWithProviders(
      <InvoiceForm initial={initial} currency="GBP" submitLabel="Create draft" onCancel={() => {}} save={save} />,
    );
    await user.click(screen.getByRole('button', { name: 'Create draft' }));
    expect(save).toHaveBeenCalledWith({ ...initial, tax_rate: '20' });
    expect(await screen.findByText('The amount is too large.')).toBeInTheDocument();
  });

  it('refuses unreadable amounts before asking the server', async () => {
    const user = userEvent.setup();
    const save = vi.fn();
    renderWithProviders(
      <InvoiceForm initial={initial} currency="GBP" submitLabel="Create draft" onCancel={() => {}} save={save} />,
    );
    const unit = screen.getByLabelText('Unit amount (GBP)');
    await user.clear(unit);
    await user.type(unit, '12.345');
    await user.click(screen.getByRole('button', { name: 'Create draft' }));
    expect(
      await screen.findByText('Enter an amount such as 1500 or 1500.50 (at most two decimals).'),
    ).toBeInTheDocument();
    expect(save).not.toHaveBeenCalled();
  });
});
