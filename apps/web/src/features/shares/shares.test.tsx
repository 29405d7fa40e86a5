import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Contact } from '@recruitdesk/contracts/contacts';
import type { Share } from '@recruitdesk/contracts/shares';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '@/test/factories';
import { installFetchStub } from '@/test/fetch-stub';
import { callsOf, renderWithProviders } from '@/test/render';
import { ShareShortlistDialog } from './components/share-shortlist-dialog';
import { SharedWithClientCard } from './components/shared-with-client-card';
import { defaultContactIds, defaultPipelineIds, shareBody } from './share-logic';

const fetchStub = installFetchStub();

const contact = (id: number, first: string, email: string, leftCompany = false): Contact => ({
  id,
  client: { id: 5, name: 'Acme' },
  first_name: first,
  last_name: 'Manager',
  name: `${first} Manager`,
  job_title: '',
  email,
  phone: '',
  notes: '',
  left_company: leftCompany,
  legal_basis: 'legitimate_interest',
  legal_basis_at: null,
  legal_basis_expires_at: null,
  created_at: '2026-11-02T09:00:00.000Z',
  updated_at: '2026-11-02T09:00:00.000Z',
});

const pipelines = [
  { pipeline_id: 11, name: 'Ada Lovelace', stage: 'submitted' },
  { pipeline_id: 12, name: 'Alan Turing', stage: 'sourced' },
  { pipeline_id: 13, name: 'Grace Hopper', stage: 'submitted' },
];

const bodyOf = (method: string, path: string) => {
  const call = fetchStub.mock.mock.calls.find(
    ([url, init]) => (init?.method ?? 'GET') === method && String(url).includes(path),
  );
  return call ? JSON.parse(String(call[1]?.body)) : undefined;
};

describe('share logic', () => {
  it('ticks the submitted candidates, or all when none is submitted yet', () => {
    expect(defaultPipelineIds(pipelines)).toEqual([11, 13]);
    expect(defaultPipelineIds([{ pipeline_id: 1, name: 'A', stage: 'sourced' }])).toEqual([1]);
  });

  it('ticks the hiring manager when reachable, else a lone reachable contact', () => {
    const contacts = [
      { id: 1, name: 'A', email: 'a@x.test', left_company: false },
      { id: 2, name: 'B', email: '', left_company: false },
      { id: 3, name: 'C', email: 'c@x.test', left_company: true },
    ];
    expect(defaultContactIds(contacts, 1)).toEqual([1]);
    expect(defaultContactIds(contacts, 2)).toEqual([1]);
    expect(
      defaultContactIds([...contacts, { id: 4, name: 'D', email: 'd@x.test', left_company: false }], null),
    ).toEqual([]);
  });

  it('sends the chosen candidates in pipeline order with trimmed pitches', () => {
    const body = shareBody(
      {
        contactIds: [1],
        pipelineIds: [13, 11],
        pitches: { 11: '  Strong  ', 12: 'ignored' },
        message: ' Hi ',
        showSalary: false,
        removeContactDetails: true,
        expiresInDays: 30,
      },
      pipelines,
    );
    expect(body.candidates).toEqual([
      { pipeline_id: 11, pitch: 'Strong' },
      { pipeline_id: 13, pitch: '' },
    ]);
    expect(body.message).toBe('Hi');
  });
});

describe('Share shortlist dialog', () => {
  it('offers reachable contacts (the hiring manager ticked) and the submitted candidates with a pitch each', async () => {
    fetchStub.mock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url.includes('/api/clients/5/contacts/'))
        return jsonResponse(200, {
          success: true,
          contacts: [
            contact(21, 'Hana', 'hana@acme.test'),
            contact(22, 'Lee', ''),
            contact(23, 'Max', 'max@acme.test'),
          ],
          count: 3,
        });
      if (url.includes('/api/roles/7/shares/') && init?.method === 'POST')
        return jsonResponse(201, { success: true, shares: [], links: [{ share_id: 1, contact_id: 21, url: 'x' }] });
      return jsonResponse(404, { success: false, error: 'Not found.' });
    });
    const user = userEvent.setup();
    let closed = false;
    renderWithProviders(
      <ShareShortlistDialog
        roleId={7}
        clientId={5}
        hiringManagerId={21}
        pipelines={pipelines}
        onClose={() => (closed = true)}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Share shortlist' });
    expect(await within(dialog).findByRole('checkbox', { name: 'Hana Manager (hana@acme.test)' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Max Manager (max@acme.test)' })).not.toBeChecked();
    // No email: no link to send.
    expect(within(dialog).queryByRole('checkbox', { name: /Lee Manager/ })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('checkbox', { name: 'Ada Lovelace · Submitted' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Alan Turing · Sourced' })).not.toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: /Remove contact details/ })).toBeChecked();
    expect(within(dialog).queryByLabelText('Pitch for Alan Turing')).not.toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Pitch for Ada Lovelace'), 'Built three compilers');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Grace Hopper · Submitted' }));
    await user.click(within(dialog).getByRole('button', { name: 'Share' }));
    await waitFor(() => expect(closed).toBe(true));
    expect(bodyOf('POST', '/api/roles/7/shares/')).toEqual({
      contact_ids: [21],
      candidates: [{ pipeline_id: 11, pitch: 'Built three compilers' }],
      message: '',
      show_salary: false,
      remove_contact_details: true,
      expires_in_days: 30,
    });
  });
});

const share = (overrides: Partial<Share> = {}): Share => ({
  id: 3,
  role_id: 7,
  contact: { id: 21, name: 'Hana Manager', email: 'hana@acme.test' },
  created_by: { id: 1, name: 'Rita Recruiter' },
  created_at: '2026-11-20T09:00:00.000Z',
  expires_at: '2026-12-20T09:00:00.000Z',
  revoked_at: null,
  opened_at: '2026-11-20T10:00:00.000Z',
  last_opened_at: '2026-11-21T10:00:00.000Z',
  status: 'active',
  show_salary: false,
  remove_contact_details: true,
  candidates: [
    {
      pipeline_id: 11,
      candidate: { id: 31, name: 'Ada Lovelace' },
      pitch: '',
      first_viewed_at: '2026-11-20T10:01:00.000Z',
      last_viewed_at: '2026-11-20T10:05:00.000Z',
      decision: 'approved',
      decision_at: '2026-11-20T10:06:00.000Z',
      decision_detail: '',
    },
    {
      pipeline_id: 13,
      candidate: { id: 33, name: 'Grace Hopper' },
      pitch: '',
      first_viewed_at: null,
      last_viewed_at: null,
      decision: 'rejected',
      decision_at: '2026-11-20T10:07:00.000Z',
      decision_detail: 'Salary expectation too high',
    },
  ],
  events: [],
  ...overrides,
});

describe('Shared with client card', () => {
  it('lists each share with opened, viewed and decisions, and revokes after confirmation', async () => {
    fetchStub.mock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url.includes('/api/shares/3/') && init?.method === 'DELETE')
        return jsonResponse(200, { success: true, share: share({ status: 'revoked' }) });
      if (url.includes('/api/roles/7/shares/')) return jsonResponse(200, { success: true, shares: [share()] });
      return jsonResponse(404, { success: false, error: 'Not found.' });
    });
    const user = userEvent.setup();
    renderWithProviders(<SharedWithClientCard roleId={7} canEdit />);
    const region = await screen.findByRole('region', { name: 'Shared with client' });
    const list = await within(region).findByRole('list', { name: 'Candidates shared with Hana Manager' });
    expect(region).toHaveTextContent('Hana Manager');
    expect(region).toHaveTextContent('Active');
    expect(region).toHaveTextContent('Opened');
    const [ada, grace] = within(list).getAllByRole('listitem');
    expect(ada).toHaveTextContent('viewed');
    expect(ada).toHaveTextContent('Invited to interview');
    expect(grace).toHaveTextContent('not viewed yet');
    expect(grace).toHaveTextContent('Declined: Salary expectation too high');

    await user.click(within(region).getByRole('button', { name: 'Revoke' }));
    const confirm = await screen.findByRole('dialog', { name: 'Revoke the link for Hana Manager?' });
    expect(callsOf(fetchStub.mock)).not.toContain('DELETE /api/shares/3/');
    await user.click(within(confirm).getByRole('button', { name: 'Revoke link' }));
    await waitFor(() => expect(callsOf(fetchStub.mock)).toContain('DELETE /api/shares/3/'));
  });

  it('shows no buttons to a viewer and says when nothing was shared', async () => {
    fetchStub.mock.mockImplementation(async () => jsonResponse(200, { success: true, shares: [] }));
    renderWithProviders(<SharedWithClientCard roleId={7} canEdit={false} />);
    expect(await screen.findByText('Not shared yet')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Revoke' })).not.toBeInTheDocument();
  });
});
