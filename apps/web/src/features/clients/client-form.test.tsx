import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiStateForTests } from '@/test/api-state';
import { jsonResponse } from '@/test/factories';
import { callsOf, renderWithProviders } from '@/test/render';
import type { Client } from '@recruitdesk/contracts/clients';
import { ClientFeeTermsCard } from './components/client-detail';
import { ClientForm } from './components/client-form';

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
beforeEach(() => {
  resetApiStateForTests();
  document.cookie = 'csrftoken=test-token';
  fetchMock = vi.fn<typeof fetch>(async () => jsonResponse(201, { success: true, client: { id: 5, name: 'Acme' } }));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const defaults = { currency: 'GBP', finders_fee_percent: 18, payment_terms_days: 30, money_visible: true };
/** What a user who may not see fees gets (decision 071): no default fee %, no fee terms. */
const withoutMoney = { currency: 'GBP', payment_terms_days: 30, money_visible: false };
const NAME_LABEL = 'Name';

describe('ClientForm', () => {
  it('switches the fee terms with the client type', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ClientForm defaults={defaults} onSaved={() => {}} />);
    expect(screen.getByLabelText("Finder's fee (%)")).toHaveValue(18);
    expect(screen.getByLabelText('Guarantee (days)')).toBeInTheDocument();
    // The type's one name, as the lists and badges write it (issue 29 item p).
    expect(screen.getByRole('radio', { name: /^Finder's Fee/ })).toBeChecked();
    expect(screen.queryByLabelText('Retainer amount')).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: /Retainer/ }));
    expect(screen.queryByLabelText("Finder's fee (%)")).not.toBeInTheDocument();
    expect(screen.getByLabelText('Retainer amount')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add instalment' })).toBeInTheDocument();
  });

  it('requires retainer instalments to add up to 100 %', async () => {
    const user = userEvent.setup();
    const onSaved = vi.fn();
    renderWithProviders(<ClientForm defaults={defaults} onSaved={onSaved} />);
    await user.type(screen.getByLabelText('Name'), 'Acme');
    await user.click(screen.getByRole('radio', { name: /Retainer/ }));
    await user.type(screen.getByLabelText('Retainer amount'), '30000');
    await user.click(screen.getByRole('button', { name: 'Add instalment' }));
    const first = screen.getByLabelText('Instalment 1 percent');
    await user.clear(first);
    await user.type(first, '40');
    await user.click(screen.getByRole('button', { name: 'Add instalment' }));
    const second = screen.getByLabelText('Instalment 2 percent');
    await user.clear(second);
    await user.type(second, '50');
    expect(screen.getByText('Total 90 % — must be 100 %')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create client' }));
    expect(await screen.findByText('The instalments must add up to 100 %.')).toBeInTheDocument();
    expect(callsOf(fetchMock).filter((c) => c.startsWith('POST /api/clients/'))).toHaveLength(0);

    await user.clear(second);
    await user.type(second, '60');
    expect(screen.getByText('Total 100 %')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove instalment 2' }));
    expect(screen.queryByLabelText('Instalment 2 percent')).not.toBeInTheDocument();
  });

  it('brings back what was typed after a reload, until it is saved (issue 29 item n)', async () => {
    const user = userEvent.setup();
    const first = renderWithProviders(<ClientForm defaults={defaults} onSaved={() => {}} />);
    await user.type(screen.getByLabelText(NAME_LABEL), 'Globex');
    first.unmount();

    const onSaved = vi.fn();
    const second = renderWithProviders(<ClientForm defaults={defaults} onSaved={onSaved} />);
    expect(await screen.findByText('Your unsaved changes were restored.')).toBeInTheDocument();
    expect(screen.getByLabelText(NAME_LABEL)).toHaveValue('Globex');
    await user.click(screen.getByRole('button', { name: 'Discard them' }));
    expect(screen.getByLabelText(NAME_LABEL)).toHaveValue('');
    second.unmount();

    renderWithProviders(<ClientForm defaults={defaults} onSaved={onSaved} />);
    expect(screen.getByLabelText(NAME_LABEL)).toHaveValue('');
    expect(screen.queryByText('Your unsaved changes were restored.')).toBeNull();
  });

  it('shows and sends no fee terms to whoever may not see fees', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ClientForm defaults={withoutMoney} onSaved={() => {}} />);
    expect(screen.queryByLabelText("Finder's fee (%)")).not.toBeInTheDocument();
    expect(screen.getByLabelText('Guarantee (days)')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: /Retainer/ }));
    expect(screen.queryByLabelText('Retainer amount')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add instalment' })).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Name'), 'Acme');
    await user.click(screen.getByRole('button', { name: 'Create client' }));
    await vi.waitFor(() => expect(callsOf(fetchMock)).toContain('POST /api/clients/'));
    const [, init] = fetchMock.mock.calls.find(([, request]) => request?.method === 'POST')!;
    const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
    expect(body).toMatchObject({ name: 'Acme', client_type: 'retainer' });
    for (const key of ['finders_fee_percent', 'retainer_amount', 'retainer_instalments'])
      expect(body).not.toHaveProperty(key);
  });
});

describe('ClientForm editing a client the server sent with its fee terms', () => {
  it('shows the fee terms even before the settings say who sees fees', () => {
    const client = {
      id: 3,
      name: 'Harbor Bank',
      client_type: 'finders_fee',
      state: 'Open',
      website: '',
      industry: '',
      location: '',
      contact_name: '',
      contact_email: '',
      contact_phone: '',
      finders_fee_percent: 25,
      guarantee_days: 90,
      retainer_amount: null,
      retainer_instalments: [],
      payment_terms_days: 30,
      currency: 'USD',
    } as unknown as Client;
    renderWithProviders(<ClientForm client={client} defaults={withoutMoney} onSaved={() => {}} />);
    expect(screen.getByLabelText("Finder's fee (%)")).toHaveValue(25);
  });
});

describe("ClientForm and the client's contacts (decision 104)", () => {
  const existing = {
    id: 3,
    name: 'Harbor Bank',
    client_type: 'finders_fee',
    state: 'Open',
    website: '',
    industry: '',
    location: '',
    contact_name: 'Dana Reyes',
    contact_email: 'dana@harbor.example',
    contact_phone: '+1 555 0100',
    finders_fee_percent: 25,
    guarantee_days: 90,
    retainer_amount: null,
    retainer_instalments: [],
    payment_terms_days: 30,
    currency: 'USD',
  } as unknown as Client;

  it('asks for the main contact of a new client: it becomes its first contact', () => {
    renderWithProviders(<ClientForm defaults={defaults} onSaved={() => {}} />);
    expect(screen.getByRole('heading', { name: 'Main contact' })).toBeInTheDocument();
    expect(screen.getByLabelText('Contact name')).toBeInTheDocument();
    expect(screen.getByText(/Becomes the client’s first contact/)).toBeInTheDocument();
  });

  it('edits no contact fields on an existing client and sends its main contact unchanged', async () => {
    const user = userEvent.setup();
    fetchMock.mockImplementation(async () => jsonResponse(200, { success: true, client: existing }));
    renderWithProviders(<ClientForm client={existing} defaults={defaults} onSaved={() => {}} />);
    expect(screen.queryByLabelText('Contact name')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Contact email')).not.toBeInTheDocument();
    expect(screen.getByText(/in the Contacts card on the client’s page/)).toBeInTheDocument();
    await user.clear(screen.getByLabelText(NAME_LABEL));
    await user.type(screen.getByLabelText(NAME_LABEL), 'Harbor Bank Ltd');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await vi.waitFor(() => expect(callsOf(fetchMock)).toContain('PATCH /api/clients/3/'));
    const [, init] = fetchMock.mock.calls.find(([, request]) => request?.method === 'PATCH')!;
    expect(JSON.parse(String(init?.body))).toMatchObject({
      name: 'Harbor Bank Ltd',
      contact_name: 'Dana Reyes',
      contact_email: 'dana@harbor.example',
      contact_phone: '+1 555 0100',
    });
  });
});

describe('ClientFeeTermsCard', () => {
  const retainer = {
    id: 1,
    name: 'Acme',
    client_type: 'retainer',
    guarantee_days: null,
    payment_terms_days: 30,
    currency: 'USD',
  } as Client;

  it('leaves out the fee rows the server left out: no $0, no NaN, no empty instalments', () => {
    renderWithProviders(<ClientFeeTermsCard client={retainer} />);
    const card = screen.getByRole('region', { name: 'Fee terms' });
    expect(card).toHaveTextContent('Payment terms30 days');
    expect(card).not.toHaveTextContent(/Retainer|Instalments|Due at once|\$|NaN/);
  });

  it('shows them when sent', () => {
    renderWithProviders(
      <ClientFeeTermsCard
        client={{ ...retainer, retainer_amount: 30000, retainer_instalments: [], finders_fee_percent: null }}
      />,
    );
    expect(screen.getByRole('region', { name: 'Fee terms' })).toHaveTextContent('Due at once');
  });
});
