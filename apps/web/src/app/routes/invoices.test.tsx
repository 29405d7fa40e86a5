import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Client } from '@recruitdesk/contracts/clients';
import { authReducer, initialAuthState } from '@/features/auth/auth-slice';
import { buildStatistics } from '@/features/invoices/test-support/builders';
import { baseApi } from '@/lib/base-api';
import { uiReducer } from '@/lib/ui-slice';
import { buildUser, jsonResponse } from '@/test/factories';
import { installFetchStub } from '@/test/fetch-stub';
import { callsOf, Where } from '@/test/render';
import { InvoicesRoute } from './invoices';

// Issue 29 item j: the Invoices list has a "Create invoice" that asks whom to bill, then opens the create
// page of that client (retainer) or of the chosen role (finder's fee).

const fetchStub = installFetchStub();

const client = (overrides: Partial<Client>): Client => ({
  id: 1,
  name: 'Client',
  client_type: 'finders_fee',
  state: 'Open',
  website: '',
  industry: '',
  location: '',
  contact_name: '',
  contact_email: '',
  contact_phone: '',
  finders_fee_percent: 20,
  guarantee_days: 90,
  retainer_amount: null,
  retainer_instalments: [],
  payment_terms_days: 30,
  currency: 'USD',
  owner: null,
  active_roles_count: 1,
  roles_count: 1,
  archived_at: null,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  ...overrides,
});
const CLIENTS = [
  client({ id: 4, name: 'Contoso Pharma', client_type: 'finders_fee' }),
  client({ id: 5, name: 'Fabrikam Retained', client_type: 'retainer', finders_fee_percent: null }),
];

function answerApi() {
  fetchStub.mock.mockImplementation(async (input) => {
    const url = String(input);
    if (url.includes('/api/invoices/statistics/'))
      return jsonResponse(200, { success: true, statistics: buildStatistics() });
    if (url.includes('/api/invoices/')) return jsonResponse(200, { success: true, count: 0, results: [] });
    if (url.includes('/api/clients/4/roles/'))
      return jsonResponse(200, {
        success: true,
        roles: [
          { id: 9, name: 'Staff Engineer', state: 'open' },
          { id: 10, name: 'Data Lead', state: 'closed' },
        ],
      });
    if (url.includes('/api/clients/')) {
      const search = new URL(url, 'http://test').searchParams.get('search')?.toLowerCase() ?? '';
      const clients = CLIENTS.filter((c) => c.name.toLowerCase().includes(search));
      return jsonResponse(200, { success: true, clients, count: clients.length });
    }
    return jsonResponse(404, { success: false, error: 'Not found.' });
  });
}

function renderInvoices() {
  const store = configureStore({
    reducer: combineReducers({ auth: authReducer, ui: uiReducer, [baseApi.reducerPath]: baseApi.reducer }),
    middleware: (gdm) => gdm().concat(baseApi.middleware),
    preloadedState: {
      auth: { ...initialAuthState, user: buildUser({ user_type: ['owner'] }), isAuthenticated: true },
    },
  });
  const router = createMemoryRouter(
    [
      { path: '/invoices', element: <InvoicesRoute /> },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: ['/invoices'] },
  );
  render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return router;
}

describe('Create invoice on the Invoices list', () => {
  it("bills a retainer client from the client's create page", async () => {
    answerApi();
    const user = userEvent.setup();
    const router = renderInvoices();
    await user.click(await screen.findByRole('button', { name: 'Create invoice' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create invoice' });
    await user.click(await within(dialog).findByRole('radio', { name: /Fabrikam Retained/ }));
    // A retainer is billed from its instalments: no role to choose.
    expect(within(dialog).queryByLabelText('Role')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await screen.findByTestId('where')).toHaveTextContent('/client/5/invoices/create');
    expect(router.state.location.state).toEqual({ from: 'invoices' });
  });

  it("bills a finder's fee from one of the client's roles, found by searching", async () => {
    answerApi();
    const user = userEvent.setup();
    renderInvoices();
    await user.click(await screen.findByRole('button', { name: 'Create invoice' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create invoice' });
    await user.type(within(dialog).getByLabelText('Find a client'), 'contoso');
    await waitFor(() => expect(within(dialog).queryByRole('radio', { name: /Fabrikam/ })).not.toBeInTheDocument());
    expect(callsOf(fetchStub.mock).some((call) => call.includes('/api/clients/?search=contoso'))).toBe(true);
    await user.click(within(dialog).getByRole('radio', { name: /Contoso Pharma/ }));
    expect(within(dialog).getByRole('radio', { name: /Contoso Pharma/ })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(within(dialog).getByText('Choose the role whose placement you are billing.')).toBeInTheDocument();
    const role = await within(dialog).findByLabelText('Role');
    await within(dialog).findByRole('option', { name: 'Staff Engineer (Open)' });
    await user.selectOptions(role, '9');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await screen.findByTestId('where')).toHaveTextContent('/role/9/invoice/create');
  });
});
