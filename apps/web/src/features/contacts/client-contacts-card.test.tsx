import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Contact } from '@recruitdesk/contracts/contacts';
import { resetApiStateForTests } from '@/test/api-state';
import { jsonResponse } from '@/test/factories';
import { callsOf, renderWithProviders } from '@/test/render';
import { ClientContactsCard } from './components/client-contacts-card';

const client = { id: 7, name: 'Acme Robotics' };
const contact = (overrides: Partial<Contact> = {}): Contact => ({
  id: 30,
  client,
  first_name: 'Hana',
  last_name: 'Kim',
  name: 'Hana Kim',
  job_title: 'VP Engineering',
  email: 'hana@acme.test',
  phone: '+1 555 0100',
  notes: '',
  left_company: false,
  legal_basis: 'legitimate_interest',
  legal_basis_at: null,
  legal_basis_expires_at: null,
  created_at: '2026-11-01T00:00:00Z',
  updated_at: '2026-11-01T00:00:00Z',
  ...overrides,
});

let contacts: Contact[];
let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
const bodyOf = (method: string, path: string) => {
  const call = fetchMock.mock.calls.find(
    ([input, init]) => (init?.method ?? 'GET') === method && String(input).includes(path),
  );
  return call ? JSON.parse(String(call[1]?.body)) : undefined;
};

beforeEach(() => {
  resetApiStateForTests();
  document.cookie = 'csrftoken=test-token';
  contacts = [contact()];
  fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    if (method === 'GET' && url.includes('/api/clients/7/contacts/'))
      return jsonResponse(200, { success: true, contacts, count: contacts.length });
    if (method === 'POST' && url.includes('/api/clients/7/contacts/')) {
      const body = JSON.parse(String(init?.body));
      if (!body.first_name && !body.email)
        return jsonResponse(400, {
          success: false,
          error: 'Check the highlighted fields.',
          fields: { email: ['Enter a valid email address.'] },
        });
      const created = contact({ id: 31, ...body, name: `${body.first_name} ${body.last_name}`.trim() });
      contacts = [...contacts, created];
      return jsonResponse(201, { success: true, contact: created });
    }
    if (method === 'PUT') {
      const body = JSON.parse(String(init?.body));
      contacts = contacts.map((c) => (c.id === 30 ? { ...c, ...body } : c));
      return jsonResponse(200, { success: true, contact: contacts[0] });
    }
    if (method === 'DELETE') {
      contacts = contacts.filter((c) => !url.includes(`/api/contacts/${c.id}/`));
      return jsonResponse(200, { success: true, message: 'The contact was deleted.' });
    }
    return jsonResponse(404, { success: false, error: 'Not found.' });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('ClientContactsCard', () => {
  it("lists the client's contacts, each linked to their page", async () => {
    renderWithProviders(<ClientContactsCard client={client} canEdit={false} />);
    const list = await screen.findByRole('list', { name: 'Contacts at Acme Robotics' });
    expect(within(list).getByRole('link', { name: 'Hana Kim' })).toHaveAttribute('href', '/contacts/30');
    expect(within(list).getByText('VP Engineering')).toBeInTheDocument();
    expect(within(list).getByRole('link', { name: 'hana@acme.test' })).toHaveAttribute('href', 'mailto:hana@acme.test');
    // Viewers read only.
    expect(screen.queryByRole('button', { name: 'Add contact' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Hana Kim' })).not.toBeInTheDocument();
  });

  it('shows the empty state', async () => {
    contacts = [];
    renderWithProviders(<ClientContactsCard client={client} canEdit />);
    expect(await screen.findByText('No contacts yet')).toBeInTheDocument();
  });

  it("adds a contact, showing the server's field error first", async () => {
    const user = userEvent.setup();
    renderWithProviders(<ClientContactsCard client={client} canEdit />);
    await screen.findByRole('link', { name: 'Hana Kim' });
    await user.click(screen.getByRole('button', { name: 'Add contact' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add contact' });
    // Nothing to name them by: refused before asking the server.
    await user.click(within(dialog).getByRole('button', { name: 'Add contact' }));
    expect(await within(dialog).findByText('Enter a name or an email address.')).toBeInTheDocument();
    expect(callsOf(fetchMock).filter((c) => c.startsWith('POST'))).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('First name'), 'Omar');
    await user.type(within(dialog).getByLabelText('Last name'), 'Said');
    await user.type(within(dialog).getByLabelText('Job title'), 'CTO');
    await user.click(within(dialog).getByRole('button', { name: 'Add contact' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodyOf('POST', '/api/clients/7/contacts/')).toMatchObject({
      first_name: 'Omar',
      last_name: 'Said',
      job_title: 'CTO',
      left_company: false,
    });
    expect(await screen.findByRole('link', { name: 'Omar Said' })).toHaveAttribute('href', '/contacts/31');
  });

  it('marks a contact as having left the company', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ClientContactsCard client={client} canEdit />);
    await user.click(await screen.findByRole('button', { name: 'Mark Hana Kim as left the company' }));
    expect(await screen.findByText('Left the company')).toBeInTheDocument();
    expect(bodyOf('PUT', '/api/contacts/30/')).toMatchObject({ first_name: 'Hana', left_company: true });
  });

  it('deletes a contact only after confirming', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ClientContactsCard client={client} canEdit />);
    await user.click(await screen.findByRole('button', { name: 'Delete Hana Kim' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Hana Kim?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(callsOf(fetchMock).filter((c) => c.startsWith('DELETE'))).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete Hana Kim' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete Hana Kim?' })).getByRole('button', {
        name: 'Delete contact',
      }),
    );
    expect(await screen.findByText('No contacts yet')).toBeInTheDocument();
    expect(callsOf(fetchMock).filter((c) => c.startsWith('DELETE'))).toEqual(['DELETE /api/contacts/30/']);
  });
});
