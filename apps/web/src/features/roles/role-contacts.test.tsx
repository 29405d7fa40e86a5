import { screen, within } from '@testing-library/react';
import type { Contact } from '@recruitdesk/contracts/contacts';
import type { Role } from '@recruitdesk/contracts/roles';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '@/test/factories';
import { installFetchStub } from '@/test/fetch-stub';
import { renderWithProviders } from '@/test/render';
import { RoleDetailsCard } from './components/role-details';

const fetchStub = installFetchStub();

const role = {
  id: 1,
  name: 'Controller',
  state: 'open',
  client: { id: 5, name: 'Acme', client_type: 'finders_fee' },
  close_reason: null,
  close_note: '',
  openings: 1,
  location: 'Seattle, WA',
  country: '',
  postal_code: '',
  remote_type: 'onsite',
  employment_type: 'full_time',
  salary_min: 90000,
  salary_max: 100000,
  salary_currency: 'USD',
  priority: 'medium',
  recruiter: null,
  hiring_manager: { id: 22, name: 'Laura Bennett' },
  contact_ids: [],
  opened_at: '2026-11-02',
  target_fill_date: null,
  closed_at: null,
  archived_at: null,
  description_text: '',
  description_file: null,
  indeed_posting: false,
  show_client_publicly: false,
  qualifications_count: 0,
  notes_count: 0,
  applications_count: 0,
  new_applications_count: 0,
  created_at: '2026-11-02T09:00:00.000Z',
  updated_at: '2026-11-02T09:00:00.000Z',
} as Role;

const contact = (id: number, first: string, last: string, title: string): Contact => ({
  id,
  client: { id: 5, name: 'Acme' },
  first_name: first,
  last_name: last,
  name: `${first} ${last}`,
  job_title: title,
  email: '',
  phone: '',
  notes: '',
  left_company: false,
  legal_basis: 'legitimate_interest',
  legal_basis_at: null,
  legal_basis_expires_at: null,
  created_at: '2026-11-02T09:00:00.000Z',
  updated_at: '2026-11-02T09:00:00.000Z',
});

/** The row of the details list whose term is `term`. */
const row = (term: string) => screen.getByText(term, { selector: 'dt' }).parentElement!;

describe('the role details show its people at the client (issue 33)', () => {
  it('links the hiring manager to their contact page', () => {
    renderWithProviders(<RoleDetailsCard role={role} canEdit={false} />);
    expect(within(row('Hiring manager')).getByRole('link', { name: 'Laura Bennett' })).toHaveAttribute(
      'href',
      '/contacts/22',
    );
    // No other contacts: no row, and no request for the client's contacts.
    expect(screen.queryByText('Other contacts')).not.toBeInTheDocument();
    expect(fetchStub.mock).not.toHaveBeenCalled();
  });

  it('says when the role has no hiring manager', () => {
    renderWithProviders(<RoleDetailsCard role={{ ...role, hiring_manager: null }} canEdit={false} />);
    expect(row('Hiring manager')).toHaveTextContent('—');
    expect(within(row('Hiring manager')).queryByRole('link')).not.toBeInTheDocument();
  });

  it("names and links the role's other contacts from the client's contacts", async () => {
    fetchStub.mock.mockImplementation(async () =>
      jsonResponse(200, {
        success: true,
        contacts: [
          contact(22, 'Laura', 'Bennett', 'CTO'),
          contact(23, 'Samira', 'Okafor', 'Talent Acquisition Lead'),
          contact(24, 'Lucas', 'Brandt', 'Director of Operations'),
        ],
        count: 3,
      }),
    );
    renderWithProviders(<RoleDetailsCard role={{ ...role, contact_ids: [23, 24] }} canEdit={false} />);
    const others = await screen.findByRole('list', { name: 'Other contacts' });
    expect(within(others).getByRole('link', { name: 'Samira Okafor' })).toHaveAttribute('href', '/contacts/23');
    expect(within(others).getByRole('link', { name: 'Lucas Brandt' })).toHaveAttribute('href', '/contacts/24');
    expect(others).toHaveTextContent('Talent Acquisition Lead');
    expect(within(others).queryByRole('link', { name: 'Laura Bennett' })).not.toBeInTheDocument();
    const [url] = fetchStub.mock.mock.calls[0]!;
    expect(String(url instanceof Request ? url.url : url)).toContain('/api/clients/5/contacts/');
  });
});
