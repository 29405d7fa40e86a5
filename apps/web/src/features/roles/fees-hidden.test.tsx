import { screen } from '@testing-library/react';
import type { Role } from '@recruitdesk/contracts/roles';
import { describe, expect, it } from 'vitest';
import { installFetchStub } from '@/test/fetch-stub';
import { renderWithProviders } from '@/test/render';
import { RoleDetailsCard } from './components/role-details';

installFetchStub();

// Decision 071: whoever may not see fees gets the role without `fee_percent_override`; the card then has
// no fee row at all (not an empty one, not "NaN %").
const role = {
  id: 1,
  name: 'Controller',
  state: 'open',
  client: { id: 5, name: 'Acme', client_type: 'finders_fee' },
  close_reason: null,
  close_note: '',
  openings: 1,
  location: 'Seattle, WA',
  remote_type: 'onsite',
  employment_type: 'full_time',
  salary_min: 90000,
  salary_max: 100000,
  salary_currency: 'USD',
  priority: 'medium',
  recruiter: null,
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

describe('role details without fees', () => {
  it('shows no fee override row when the server left it out', () => {
    renderWithProviders(<RoleDetailsCard role={role} canEdit={false} />);
    expect(screen.getByText('Salary maximum')).toBeInTheDocument();
    expect(screen.queryByText('Fee override (%)')).not.toBeInTheDocument();
    expect(document.body).not.toHaveTextContent('NaN');
  });

  it('shows it when sent', () => {
    renderWithProviders(<RoleDetailsCard role={{ ...role, fee_percent_override: 25 }} canEdit={false} />);
    expect(screen.getByText('Fee override (%)')).toBeInTheDocument();
    expect(screen.getByText('25 %')).toBeInTheDocument();
  });
});
