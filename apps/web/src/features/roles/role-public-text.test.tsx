import type { RoleFormDataResponse } from '@recruitdesk/contracts/roles';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/test/factories';
import { installFetchStub } from '@/test/fetch-stub';
import { callsOf, renderWithProviders } from '@/test/render';
import { RoleForm } from './components/role-form';

// Issue 29 item 1: the recruiter sees the public text before posting, with what was masked highlighted, and
// is warned on save when the text names a client who is not shown publicly.

const fetchStub = installFetchStub();

const formData: RoleFormDataResponse = {
  success: true,
  clients: [{ id: 4, name: 'Ironwood Manufacturing', client_type: 'finders_fee', state: 'Open' }],
  recruiters: [],
  remote_types: [],
  employment_types: [],
  priorities: [],
  close_reasons: [],
  default_currency: 'USD',
  default_recruiter_id: null,
  money_visible: true,
};

const preview = {
  title: [{ text: 'Plant Engineer', masked: null }],
  description: [
    { text: 'Report to ', masked: null },
    { text: 'the hiring manager', masked: 'Greg Kowalski' },
    { text: ' at ', masked: null },
    { text: 'our client', masked: 'Ironwood' },
    { text: '.', masked: null },
  ],
  names_client: true,
  public_client_name: null,
};

function stubServer() {
  fetchStub.mock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url.includes('/api/roles/public-preview/')) return jsonResponse(200, { success: true, preview });
    if (url.endsWith('/api/roles/') && init?.method === 'POST')
      return jsonResponse(201, { success: true, role: { id: 9 } });
    return jsonResponse(404, { success: false, error: 'Not found' });
  });
}

async function fillPostedRole() {
  const user = userEvent.setup();
  await user.selectOptions(screen.getByLabelText('Client'), '4');
  await user.type(screen.getByLabelText('Job title'), 'Plant Engineer');
  await user.type(screen.getByLabelText('Job description'), 'Report to Greg Kowalski at Ironwood.');
  await user.click(screen.getByLabelText('Post on Indeed'));
  return user;
}

describe('the public text preview', () => {
  it('shows the public title and description with the masked words highlighted', async () => {
    stubServer();
    renderWithProviders(<RoleForm formData={formData} onSaved={() => {}} onCancel={() => {}} />);
    await fillPostedRole();
    const region = await screen.findByRole('region', { name: 'Public text preview' });
    const description = await within(region).findByRole('group', { name: 'Public description' });
    await waitFor(() => expect(description).toHaveTextContent('Report to the hiring manager'));
    const marks = description.querySelectorAll('mark');
    expect([...marks].map((mark) => mark.getAttribute('title'))).toEqual(['Masked: Greg Kowalski', 'Masked: Ironwood']);
    expect(within(region).getByRole('group', { name: 'Public title' })).toHaveTextContent('Plant Engineer');
    expect(region).toHaveTextContent('The client is not shown publicly: the highlighted words replace what names it.');
    const body = JSON.parse(
      String(fetchStub.mock.mock.calls.find(([url]) => String(url).includes('public-preview'))?.[1]?.body),
    );
    expect(body).toMatchObject({ client_id: 4, show_client_publicly: false });
  });

  it('warns on save when the text names the hidden client, and saves only when confirmed', async () => {
    stubServer();
    const onSaved = vi.fn();
    renderWithProviders(<RoleForm formData={formData} onSaved={onSaved} onCancel={() => {}} />);
    const user = await fillPostedRole();
    await user.click(screen.getByRole('button', { name: 'Create role' }));
    const dialog = await screen.findByRole('dialog', { name: 'The text names the client' });
    expect(callsOf(fetchStub.mock)).not.toContain('POST /api/roles/');
    await user.click(within(dialog).getByRole('button', { name: 'Edit the text' }));
    expect(onSaved).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Create role' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Save with the client masked' }),
    );
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith({ id: 9 }));
  });

  it('is not shown, and asks nothing, for a role that is not posted', async () => {
    stubServer();
    renderWithProviders(<RoleForm formData={formData} onSaved={() => {}} onCancel={() => {}} />);
    expect(screen.queryByRole('region', { name: 'Public text preview' })).not.toBeInTheDocument();
  });
});
