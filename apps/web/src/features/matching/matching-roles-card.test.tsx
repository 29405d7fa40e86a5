import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MatchingRoleResult } from '@recruitdesk/contracts/matching';
import { describe, expect, it, vi } from 'vitest';
import { callsOf, renderWithProviders } from '@/test/render';
import { jsonResponse } from '@/test/factories';
import { installFetchStub } from '@/test/fetch-stub';
import { ApplicationRolesCard, MatchingRolesCard } from './components/matching-roles-card';

const fetchStub = installFetchStub();

const role = (id: number, name: string, inPipeline = false): MatchingRoleResult => ({
  role: { id, name, client_name: 'Acme', location: 'Berlin' },
  score: 71.5,
  factors: [{ key: 'required_skills', label: 'Required skills', weight: 34, contribution: 71.5, detail: '2 of 2' }],
  evidence: [],
  missing: [],
  in_pipeline: inPipeline,
});

describe('suggested roles for a new candidate', () => {
  it('shows the top roles with their score under its own title, leaving out a role when asked', async () => {
    fetchStub.mock.mockImplementation(async () =>
      jsonResponse(200, {
        success: true,
        salary_visible: true,
        results: [role(3, 'Data Engineer'), role(4, 'Analyst', true)],
      }),
    );
    const onAdd = vi.fn();
    renderWithProviders(
      <MatchingRolesCard
        id="suggested-roles"
        title="Suggested roles"
        candidateId={9}
        limit={3}
        excludeRoleId={2}
        onAdd={onAdd}
      />,
    );
    const region = await screen.findByRole('region', { name: 'Suggested roles' });
    expect(region).toBeTruthy();
    expect(await screen.findByRole('list', { name: 'Suggested roles' })).toBeTruthy();
    expect(screen.getAllByText('71.5')).toHaveLength(2);
    expect(callsOf(fetchStub.mock)).toContain('GET /api/candidates/9/matching-roles/?limit=3&exclude_role_id=2');
    expect(screen.getByText('In pipeline')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Add to pipeline: Data Engineer' }));
    expect(onAdd).toHaveBeenCalledWith({ id: 3, name: 'Data Engineer' });
  });

  it('says so when no open role fits', async () => {
    fetchStub.mock.mockImplementation(async () =>
      jsonResponse(200, { success: true, salary_visible: true, results: [] }),
    );
    renderWithProviders(
      <MatchingRolesCard candidateId={9} title="Suggested roles" emptyTitle="No open role fits them yet" />,
    );
    expect(await screen.findByText('No open role fits them yet')).toBeTruthy();
  });
});

describe('other roles that fit an application', () => {
  it('ranks them by the resume before conversion, without an add button', async () => {
    fetchStub.mock.mockImplementation(async () =>
      jsonResponse(200, {
        success: true,
        salary_visible: true,
        candidate_id: null,
        results: [role(5, 'Platform Engineer')],
      }),
    );
    renderWithProviders(<ApplicationRolesCard applicationId={11} onAdd={vi.fn()} />);
    expect(await screen.findByRole('link', { name: 'Platform Engineer' })).toHaveAttribute('href', '/roles/5');
    expect(screen.getByRole('region', { name: 'Other roles that fit' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Add to pipeline/ })).toBeNull();
    expect(screen.getByText(/Convert the application to a candidate/)).toBeTruthy();
    expect(callsOf(fetchStub.mock)).toContain('GET /api/applications/11/matching-roles/?limit=5');
  });

  it('adds the converted candidate to another role', async () => {
    fetchStub.mock.mockImplementation(async () =>
      jsonResponse(200, {
        success: true,
        salary_visible: true,
        candidate_id: 42,
        results: [role(5, 'Platform Engineer')],
      }),
    );
    const onAdd = vi.fn();
    renderWithProviders(<ApplicationRolesCard applicationId={11} onAdd={onAdd} />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Add to pipeline: Platform Engineer' }));
    await waitFor(() => expect(onAdd).toHaveBeenCalledWith({ id: 5, name: 'Platform Engineer' }, 42));
  });

  it('shows an error with a retry', async () => {
    fetchStub.mock.mockImplementation(async () =>
      jsonResponse(500, { success: false, error: { code: 'INTERNAL', message: 'Boom' } }),
    );
    renderWithProviders(<ApplicationRolesCard applicationId={11} />);
    expect(await screen.findByText('Other roles that fit could not be loaded')).toBeTruthy();
  });
});
