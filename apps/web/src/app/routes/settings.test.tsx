import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { UserType } from '@recruitdesk/contracts/users';
import { authReducer, initialAuthState } from '@/features/auth/auth-slice';
import { baseApi } from '@/lib/base-api';
import { uiReducer } from '@/lib/ui-slice';
import { buildUser, jsonResponse } from '@/test/factories';
import { installFetchStub } from '@/test/fetch-stub';
import { callsOf } from '@/test/render';
import { SettingsRoute } from './settings';

const fetchStub = installFetchStub();

const SETTINGS = {
  agency_name: 'Northwind Talent',
  currency: 'USD',
  default_finders_fee_percent: 20,
  default_payment_terms_days: 30,
  invoice_issuer: {
    legal_name: 'Northwind Talent LLC',
    address: '',
    tax_id: '',
    bank_details: '',
    email: '',
    phone: '',
  },
  money_visibility: 'all_but_viewers',
};

function renderSettings(types: UserType[]) {
  const user = buildUser({ user_type: types, time_zone: 'Europe/London', theme: 'light' });
  const store = configureStore({
    reducer: combineReducers({ auth: authReducer, ui: uiReducer, [baseApi.reducerPath]: baseApi.reducer }),
    middleware: (gdm) => gdm().concat(baseApi.middleware),
    preloadedState: { auth: { ...initialAuthState, user, isAuthenticated: true } },
  });
  const router = createMemoryRouter([{ path: '/settings', element: <SettingsRoute /> }], {
    initialEntries: ['/settings'],
  });
  render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return store;
}

function answerApi() {
  fetchStub.mock.mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    if (url.includes('/api/profile/time-zones/'))
      return jsonResponse(200, { success: true, time_zones: ['Europe/London', 'America/New_York'] });
    if (url.includes('/api/settings/agency/') && method === 'GET')
      return jsonResponse(200, { success: true, money_visible: true, settings: SETTINGS });
    if (url.includes('/api/settings/agency/') && method === 'PUT') {
      return jsonResponse(200, {
        success: true,
        money_visible: true,
        settings: { ...SETTINGS, ...(JSON.parse(String(init?.body)) as object) },
      });
    }
    if (url.includes('/api/profile/') && method === 'PATCH') {
      return jsonResponse(200, { success: true, user: buildUser({ theme: 'dark', time_zone: 'Europe/London' }) });
    }
    return jsonResponse(404, { success: false, error: 'Not found' });
  });
}

describe('/settings', () => {
  it('lets the owner edit the agency settings and save them', async () => {
    answerApi();
    const user = userEvent.setup();
    renderSettings(['owner']);
    const agency = await screen.findByRole('form', { name: 'Agency settings' });
    const name = await within(agency).findByLabelText('Agency name');
    await waitFor(() => expect(name).toHaveValue('Northwind Talent'));
    expect(name).toBeEnabled();
    expect(screen.queryByText(/Read-only/)).not.toBeInTheDocument();
    // The owner is never told to ask an owner.
    expect(screen.queryByText(/only an owner/i)).not.toBeInTheDocument();

    await user.clear(name);
    await user.type(name, 'Northwind Partners');
    // Who sees fees (decision 071): the three choices, the default chosen.
    const whoSees = within(agency).getByRole('group', { name: 'Who sees fees' });
    expect(within(whoSees).getByRole('radio', { name: /Everyone but viewers/ })).toBeChecked();
    await user.click(within(whoSees).getByRole('radio', { name: /Owners only/ }));
    await user.click(within(agency).getByRole('button', { name: 'Save agency settings' }));
    await waitFor(() => expect(callsOf(fetchStub.mock)).toContain('PUT /api/settings/agency/'));
    const put = fetchStub.mock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toMatchObject({
      agency_name: 'Northwind Partners',
      money_visibility: 'owners',
    });
  });

  it.each<UserType>(['superuser', 'recruiter', 'viewer'])(
    'shows a %s the agency settings read-only, and their own preferences',
    async (type) => {
      answerApi();
      const user = userEvent.setup();
      const store = renderSettings([type]);
      expect(await screen.findByText('Read-only: only an owner can change the agency settings.')).toBeInTheDocument();
      const agency = await screen.findByRole('form', { name: 'Agency settings' });
      await waitFor(() => expect(within(agency).getByLabelText('Agency name')).toHaveValue('Northwind Talent'));
      expect(within(agency).getByLabelText('Agency name')).toBeDisabled();
      expect(within(agency).queryByRole('button', { name: 'Save agency settings' })).not.toBeInTheDocument();

      // Personal preferences stay theirs to change.
      const preferences = screen.getByRole('form', { name: 'Preferences' });
      await user.click(within(preferences).getByLabelText('Dark'));
      await user.click(within(preferences).getByRole('button', { name: 'Save preferences' }));
      await waitFor(() => expect(callsOf(fetchStub.mock)).toContain('PATCH /api/profile/'));
      await waitFor(() => expect(store.getState().auth.user?.theme).toBe('dark'));
      expect(store.getState().ui.notifications.map((n) => n.message)).toContain('Your preferences have been saved.');
    },
  );

  it('shows no default fee to whoever the server sends none (no empty field, no NaN)', async () => {
    answerApi();
    const { default_finders_fee_percent: _fee, ...withoutFee } = SETTINGS;
    fetchStub.mock.mockImplementation(async (input) =>
      String(input).includes('/api/settings/agency/')
        ? jsonResponse(200, { success: true, money_visible: false, settings: withoutFee })
        : jsonResponse(200, { success: true, time_zones: ['Europe/London'] }),
    );
    renderSettings(['viewer']);
    const agency = await screen.findByRole('form', { name: 'Agency settings' });
    await waitFor(() => expect(within(agency).getByLabelText('Agency name')).toHaveValue('Northwind Talent'));
    expect(within(agency).queryByLabelText("Default finder's fee (%)")).not.toBeInTheDocument();
    expect(agency).not.toHaveTextContent('NaN');
  });

  it('shows why the agency settings did not load, with a retry', async () => {
    fetchStub.mock.mockImplementation(async (input) =>
      String(input).includes('/api/settings/agency/')
        ? jsonResponse(500, { success: false, error: 'The server had a problem.' })
        : jsonResponse(200, { success: true, time_zones: ['Europe/London'] }),
    );
    renderSettings(['owner']);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the agency settings');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('offers Export everything to the owner only (the server refuses everyone else too)', async () => {
    answerApi();
    renderSettings(['superuser']);
    await screen.findByRole('form', { name: 'Agency settings' });
    expect(screen.queryByRole('heading', { name: 'Export everything' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Export everything' })).not.toBeInTheDocument();
  });

  it('shows the owner the export section', async () => {
    answerApi();
    renderSettings(['owner']);
    expect(await screen.findByRole('heading', { name: 'Export everything' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export everything' })).toBeEnabled();
  });
});
