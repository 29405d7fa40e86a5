import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApplicationSummary } from '@recruitdesk/contracts/applications';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '@/test/factories';
import { installFetchStub } from '@/test/fetch-stub';
import { callsOf, renderWithProviders } from '@/test/render';
import { ApplicationsInbox } from './components/applications-inbox';

// Issue 29 item k: the agency-wide inbox, paged and filtered.

const fetchStub = installFetchStub();

const summary = (id: number, role: string, client: string): ApplicationSummary => ({
  id,
  role: { id: 30 + id, name: role, state: 'open' },
  client: { id: 2, name: client },
  first_name: 'Sam',
  last_name: `Lee ${id}`,
  name: `Sam Lee ${id}`,
  email: `sam${id}@example.test`,
  phone: '',
  source: 'careers_page',
  status: 'new',
  has_resume: true,
  created_at: '2026-11-20T10:00:00.000Z',
  decided_at: null,
});

const lastList = () =>
  callsOf(fetchStub.mock)
    .filter((call) => call.startsWith('GET /api/applications/'))
    .at(-1) ?? '';

describe('the applications inbox', () => {
  it('lists applications of every role with their role and client, each linking to its screen', async () => {
    fetchStub.mock.mockImplementation(async () =>
      jsonResponse(200, {
        success: true,
        results: [summary(1, 'Welder', 'Acme'), summary(2, 'Analyst', 'Globex')],
        count: 45,
      }),
    );
    renderWithProviders(<ApplicationsInbox />, { path: '/applications' });
    const list = await screen.findByRole('list', { name: 'Applications' });
    expect(within(list).getByRole('link', { name: 'Sam Lee 1' })).toHaveAttribute('href', '/roles/31/applications/1');
    expect(list).toHaveTextContent('Welder · Acme');
    expect(list).toHaveTextContent('Analyst · Globex');
    expect(lastList()).toContain('status=new');
    expect(screen.getByRole('button', { name: /next/i })).toBeEnabled();
  });

  it('filters by status, applicant, my roles and pages, in the address', async () => {
    fetchStub.mock.mockImplementation(async () =>
      jsonResponse(200, { success: true, results: [summary(1, 'Welder', 'Acme')], count: 45 }),
    );
    const user = userEvent.setup();
    const { router } = renderWithProviders(<ApplicationsInbox />, {
      path: '/applications',
      initialEntry: '/applications?role=31',
    });
    await screen.findByRole('list', { name: 'Applications' });
    expect(lastList()).toContain('role=31');
    await user.click(screen.getByRole('button', { name: 'All' }));
    await waitFor(() => expect(lastList()).toContain('status=all'));
    await user.type(screen.getByLabelText('Search applicants'), 'lee');
    await waitFor(() => expect(lastList()).toContain('search=lee'));
    await user.click(screen.getByLabelText('Only my roles'));
    await waitFor(() => expect(lastList()).toContain('mine=true'));
    await user.click(screen.getByRole('button', { name: 'Show every role' }));
    await waitFor(() => expect(lastList()).not.toContain('role=31'));
    await user.click(screen.getByRole('button', { name: /next/i }));
    await waitFor(() => expect(lastList()).toContain('page=2'));
    expect(router.state.location.search).toContain('page=2');
  });
});
