import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApplicationDetail, ApplicationSummary } from '@recruitdesk/contracts/applications';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '@/test/factories';
import { installFetchStub } from '@/test/fetch-stub';
import { callsOf, renderWithProviders } from '@/test/render';
import { ApplicationDetailView } from './components/application-detail';
import { RoleApplicationsCard } from './components/role-applications-card';

const fetchStub = installFetchStub();

const summary = (id: number, overrides: Partial<ApplicationSummary> = {}): ApplicationSummary => ({
  id,
  role: { id: 3, name: 'Data Engineer', state: 'open' },
  client: { id: 2, name: 'Acme' },
  first_name: 'Jordan',
  last_name: `Rivera ${id}`,
  name: `Jordan Rivera ${id}`,
  email: `jordan${id}@example.test`,
  phone: '',
  source: 'careers_page',
  status: 'new',
  has_resume: true,
  created_at: '2026-11-20T10:00:00.000Z',
  decided_at: null,
  ...overrides,
});

const detail = (overrides: Partial<ApplicationDetail> = {}): ApplicationDetail => ({
  ...summary(5),
  name: 'Jordan Rivera',
  resume: { filename: 'cv.pdf', size: 20_000, content_type: 'application/pdf' },
  consent_at: '2026-11-20T10:00:00.000Z',
  reject_reason: '',
  reject_email_sent: false,
  candidate_id: null,
  pipeline_id: null,
  decided_by: null,
  duplicates: [],
  ...overrides,
});

const bodyOf = (method: string, path: string) => {
  const call = fetchStub.mock.mock.calls.find(
    ([url, init]) => (init?.method ?? 'GET') === method && String(url).includes(path),
  );
  return call ? JSON.parse(String(call[1]?.body)) : undefined;
};

describe('the role’s applications inbox', () => {
  it('asks for new applications first; a status filter asks again from page 1 and shows which is on', async () => {
    fetchStub.mock.mockImplementation(async (input) => {
      const url = new URL(String(input), 'http://localhost');
      const status = url.searchParams.get('status');
      const page = Number(url.searchParams.get('page'));
      const results =
        status === 'rejected'
          ? [summary(9, { status: 'rejected' })]
          : Array.from({ length: 10 }, (_, i) => summary((page - 1) * 10 + i + 1));
      return jsonResponse(200, { success: true, results, count: status === 'rejected' ? 1 : 25 });
    });
    const user = userEvent.setup();
    renderWithProviders(<RoleApplicationsCard roleId={3} newCount={25} total={26} />, {
      path: '/roles/:roleId',
      initialEntry: '/roles/3',
    });
    const card = await screen.findByRole('region', { name: /Applications/ });
    expect(within(card).getByText('25 new')).toBeInTheDocument();
    await within(card).findByRole('link', { name: 'Jordan Rivera 1' });
    expect(callsOf(fetchStub.mock)).toContain('GET /api/roles/3/applications/?status=new&page=1&page_size=10');
    expect(within(card).getByRole('button', { name: 'New' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(within(card).getByRole('button', { name: /next/i }));
    await within(card).findByRole('link', { name: 'Jordan Rivera 11' });
    expect(callsOf(fetchStub.mock)).toContain('GET /api/roles/3/applications/?status=new&page=2&page_size=10');

    await user.click(within(card).getByRole('button', { name: 'Rejected' }));
    await within(card).findByRole('link', { name: 'Jordan Rivera 9' });
    expect(callsOf(fetchStub.mock)).toContain('GET /api/roles/3/applications/?status=rejected&page=1&page_size=10');
    expect(within(card).getByRole('button', { name: 'Rejected' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(card).getByRole('button', { name: 'New' })).toHaveAttribute('aria-pressed', 'false');
    expect(within(card).getByRole('link', { name: 'Jordan Rivera 9' })).toHaveAttribute(
      'href',
      '/roles/3/applications/9',
    );
  });
});

describe('deciding an application', () => {
  it('rejects with the chosen reason and details, and emails only when asked', async () => {
    fetchStub.mock.mockImplementation(async () =>
      jsonResponse(200, { success: true, application: detail({ status: 'rejected' }) }),
    );
    const user = userEvent.setup();
    renderWithProviders(<ApplicationDetailView application={detail()} canDecide notes={null} />);
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject this application?' });
    await user.selectOptions(within(dialog).getByLabelText('Reason'), 'Other');
    // "Other" needs its details before it can be sent.
    expect(within(dialog).getByRole('button', { name: 'Reject application' })).toBeDisabled();
    await user.selectOptions(within(dialog).getByLabelText('Reason'), 'Salary expectations');
    await user.type(within(dialog).getByLabelText('Details (optional)'), 'Asks for 150k');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Email the applicant that we will not proceed' }));
    await user.click(within(dialog).getByRole('button', { name: 'Reject application' }));
    await waitFor(() =>
      expect(bodyOf('POST', '/api/applications/5/reject/')).toEqual({
        reason: 'Salary expectations: Asks for 150k',
        send_email: true,
      }),
    );
  });

  it('offers each duplicate once as a merge target and converts into the chosen one, then opens the pipeline', async () => {
    const withDuplicates = detail({
      duplicates: [
        { id: 40, name: 'Jordan Rivera', email: 'jordan5@example.test', reason: 'email' },
        { id: 40, name: 'Jordan Rivera', email: 'jordan5@example.test', reason: 'phone' },
        { id: 41, name: 'Jordan Rivers', email: '', reason: 'similar_name' },
      ],
    });
    fetchStub.mock.mockImplementation(async () =>
      jsonResponse(200, {
        success: true,
        application: detail({ status: 'converted', candidate_id: 40, pipeline_id: 77 }),
        candidate_id: 40,
        pipeline_id: 77,
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<ApplicationDetailView application={withDuplicates} canDecide notes={null} />, {
      path: '/roles/:roleId/applications/:id',
      initialEntry: '/roles/3/applications/5',
    });
    await user.click(screen.getByRole('button', { name: 'Convert to candidate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Convert to a candidate' });
    const choices = within(dialog).getAllByRole('radio');
    expect(choices).toHaveLength(3); // new, Jordan Rivera (once), Jordan Rivers
    expect(within(dialog).getByRole('radio', { name: 'A new candidate' })).toBeChecked();
    await user.click(within(dialog).getByRole('radio', { name: /Merge into Jordan Rivera/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Convert' }));
    await waitFor(() =>
      expect(bodyOf('POST', '/api/applications/5/convert/')).toEqual({ merge_into_candidate_id: 40 }),
    );
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/roles/3/pipelines/77'));
  });

  it('converts into a new candidate with an empty body; a viewer sees no decision buttons', async () => {
    fetchStub.mock.mockImplementation(async () =>
      jsonResponse(200, {
        success: true,
        application: detail({ status: 'converted', candidate_id: 50, pipeline_id: 88 }),
        candidate_id: 50,
        pipeline_id: 88,
      }),
    );
    const user = userEvent.setup();
    const { unmount } = renderWithProviders(<ApplicationDetailView application={detail()} canDecide notes={null} />);
    await user.click(screen.getByRole('button', { name: 'Convert to candidate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Convert to a candidate' });
    expect(within(dialog).queryByRole('radio')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Convert' }));
    await waitFor(() => expect(bodyOf('POST', '/api/applications/5/convert/')).toEqual({}));
    unmount();
    renderWithProviders(<ApplicationDetailView application={detail()} canDecide={false} notes={null} />);
    expect(screen.queryByRole('button', { name: 'Reject' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Convert to candidate' })).toBeNull();
  });
});
