import { screen, within } from '@testing-library/react';
import type { Role } from '@recruitdesk/contracts/roles';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '@/test/factories';
import { installFetchStub } from '@/test/fetch-stub';
import { renderWithProviders } from '@/test/render';
import { RolesTable } from './components/roles-table';

const fetchStub = installFetchStub();

function buildRole(overrides: Partial<Role>): Role {
  return {
    id: 1,
    name: 'Role',
    state: 'open',
    client: { id: 5, name: 'Acme', client_type: 'finders_fee' },
    close_reason: null,
    close_note: '',
    openings: 1,
    location: 'Seattle, WA',
    remote_type: 'onsite',
    employment_type: 'full_time',
    salary_min: null,
    salary_max: null,
    salary_currency: 'USD',
    fee_percent_override: null,
    priority: 'medium',
    recruiter: null,
    opened_at: '2026-11-02',
    target_fill_date: null,
    closed_at: null,
    archived_at: null,
    description_text: '',
    description_file: null,
    indeed_posting: true,
    show_client_publicly: false,
    qualifications_count: 0,
    notes_count: 0,
    applications_count: 0,
    new_applications_count: 0,
    created_at: '2026-11-02T09:00:00.000Z',
    updated_at: '2026-11-02T09:00:00.000Z',
    ...overrides,
  } as Role;
}

describe('the new-applications badge on the jobs list (issue 14)', () => {
  it('counts the new applications of each role, names them for screen readers and links to the role’s inbox', async () => {
    const roles = [
      buildRole({ id: 11, name: 'Data Engineer', applications_count: 7, new_applications_count: 3 }),
      buildRole({ id: 12, name: 'Analyst', applications_count: 1, new_applications_count: 1 }),
      buildRole({ id: 13, name: 'Designer', applications_count: 4, new_applications_count: 0 }),
    ];
    fetchStub.mock.mockImplementation(async () => jsonResponse(200, { success: true, roles, count: roles.length }));
    renderWithProviders(<RolesTable variant="active" canEdit={false} />, { path: '/jobs/active' });

    const three = await screen.findByRole('link', { name: '3 new applications to Data Engineer' });
    expect(three).toHaveTextContent('3 new');
    expect(three).toHaveAttribute('href', '/roles/11#applications');
    expect(screen.getByRole('link', { name: '1 new application to Analyst' })).toHaveAttribute(
      'href',
      '/roles/12#applications',
    );
    // Decided applications only: no badge.
    const designerRow = screen.getByRole('link', { name: 'Designer' }).closest('tr');
    expect(designerRow).not.toBeNull();
    expect(within(designerRow as HTMLElement).queryByRole('link', { name: /new application/ })).toBeNull();
  });
});
