import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '@/test/factories';
import { installFetchStub } from '@/test/fetch-stub';
import { callsOf, renderWithProviders } from '@/test/render';
import { DashboardStats } from './components/dashboard-stats';
import { PayoutCard } from './components/role-details';
import { RolesTable } from './components/roles-table';

const fetchStub = installFetchStub();

describe('roles opened this month (issue 16 item 7)', () => {
  it('the dashboard card links to the filtered list, not the unfiltered one', async () => {
    fetchStub.mock.mockImplementation(async () =>
      jsonResponse(200, {
        success: true,
        stats: { open_roles: 9, active_clients: 4, roles_opened_this_month: 2, my_roles: 3 },
      }),
    );
    renderWithProviders(<DashboardStats />);
    const card = await screen.findByRole('link', { name: /Roles opened this month/ });
    await waitFor(() => expect(card).toHaveTextContent('2'));
    expect(card).toHaveAttribute('href', '/jobs/active?opened=this_month');
  });

  it('the active list asks the server for that filter', async () => {
    fetchStub.mock.mockImplementation(async () => jsonResponse(200, { success: true, roles: [], count: 0 }));
    renderWithProviders(<RolesTable variant="active" canEdit={false} />, {
      path: '/jobs/active',
      initialEntry: '/jobs/active?opened=this_month',
    });
    await waitFor(() =>
      expect(
        callsOf(fetchStub.mock).some(
          (call) => call.startsWith('GET /api/roles/dashboard/') && call.includes('opened=this_month'),
        ),
      ).toBe(true),
    );
    expect(await screen.findByText('No roles match')).toBeInTheDocument();
  });
});

describe('payout card (issue 16 item 6)', () => {
  const estimate = {
    basis: 'finders_fee',
    currency: 'USD',
    fee_percent: 20,
    salary_basis: 105000,
    per_opening: 21000,
    openings: 1,
    total: 21000,
    explanation: '20 % of the maximum salary.',
  };

  it('shows only the estimate before a placement', async () => {
    fetchStub.mock.mockImplementation(async () =>
      jsonResponse(200, { success: true, money_visible: true, payout: { ...estimate, placed: null } }),
    );
    renderWithProviders(<PayoutCard roleId={7} />);
    const card = await screen.findByRole('region', { name: 'Payout' });
    await waitFor(() => expect(card).toHaveTextContent('Total (1 opening)'));
    expect(card).not.toHaveTextContent('Placed fee');
  });

  it('shows the real fee beside the estimate once placed', async () => {
    fetchStub.mock.mockImplementation(async () =>
      jsonResponse(200, {
        success: true,
        money_visible: true,
        payout: { ...estimate, placed: { placements: 1, fees: [{ currency: 'USD', total: 19800 }] } },
      }),
    );
    renderWithProviders(<PayoutCard roleId={7} />);
    const card = await screen.findByRole('region', { name: 'Payout' });
    await waitFor(() => expect(card).toHaveTextContent('Placed fee (1 placement)'));
    expect(card).toHaveTextContent('$19,800');
    expect(card).toHaveTextContent('Estimated total (1 opening)');
    expect(card).toHaveTextContent('$21,000');
    expect(card).toHaveTextContent('$1,200 below the estimate of $21,000.');
  });

  it('shows nothing, not an error or $0, when the server sends no payout (decision 071)', async () => {
    fetchStub.mock.mockImplementation(async () => jsonResponse(200, { success: true, money_visible: false }));
    const { container } = renderWithProviders(<PayoutCard roleId={7} />);
    await waitFor(() => expect(callsOf(fetchStub.mock)).toContain('GET /api/roles/7/payout/'));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Payout' })).not.toBeInTheDocument());
    expect(container).not.toHaveTextContent(/Could not|\$|NaN/);
  });
});
