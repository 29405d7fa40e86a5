import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PIPELINE_ERRORS } from '@recruitdesk/contracts/pipelines';
import { jsonResponse } from '@/test/factories';
import { renderWithProviders } from '@/test/render';
import { AddCandidatePage } from './components/add-candidate';
import { AddToRoleDialog } from './components/add-to-role-dialog';
import { RoleCandidateView } from './components/role-candidate';
import { buildCandidate, buildDetail, buildPipeline, installRoutes } from './test-support/test-data';

const api = installRoutes();
const role = { id: 10, name: 'Staff Engineer', state: 'open', client: { id: 5, name: 'Acme' } };

function renderPage() {
  return renderWithProviders(<AddCandidatePage role={role} />, {
    path: '/roles/:roleId/pipelines/create',
    initialEntry: '/roles/10/pipelines/create',
  });
}

describe('add candidate to a role', () => {
  it('picks an existing candidate from a debounced search and goes to the board', async () => {
    const user = userEvent.setup();
    api.on('GET /api/candidates/', ({ url }) => {
      const search = url.searchParams.get('search') ?? '';
      const all = [
        buildCandidate({ id: 100, name: 'Ada Lovelace' }),
        buildCandidate({ id: 101, name: 'Alan Turing', email: 'alan@example.test' }),
      ];
      const results = all.filter((c) => c.name.toLowerCase().includes(search.toLowerCase()));
      return jsonResponse(200, { results, count: results.length });
    });
    api.on('POST /api/roles/10/pipelines/', () =>
      jsonResponse(201, {
        success: true,
        pipeline: buildPipeline({ id: 55, name: 'Alan Turing' }),
        duplicates: [],
      }),
    );
    const { store } = renderPage();
    expect(await screen.findByRole('heading', { name: 'Add candidate to Staff Engineer' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Existing candidate' })).toHaveAttribute('aria-selected', 'true');
    await user.type(screen.getByLabelText('Search candidates'), 'alan');
    await waitFor(() => expect(screen.queryByRole('radio', { name: /Ada Lovelace/ })).not.toBeInTheDocument());
    expect(api.mock.mock.calls.some(([url]) => String(url).includes('search=alan'))).toBe(true);
    expect(api.mock.mock.calls.some(([url]) => /search=a(&|$)/.test(String(url)))).toBe(false);
    await user.click(screen.getByRole('radio', { name: /Alan Turing/ }));
    const form = screen.getByRole('form', { name: 'Add an existing candidate' });
    await user.selectOptions(within(form).getByLabelText('Starting stage'), 'internal_interview');
    await user.click(screen.getByRole('button', { name: 'Add to pipeline' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/roles/10/pipelines'));
    expect(api.bodies).toContainEqual({
      call: 'POST /api/roles/10/pipelines/',
      body: { candidate_id: 101, stage: 'internal_interview' },
    });
    const notes = (store.getState() as { ui: { notifications: { message: string }[] } }).ui.notifications;
    expect(notes.map((n) => n.message)).toContain('Alan Turing was added to Staff Engineer.');
  });

  it('shows "already in this role" inline', async () => {
    const user = userEvent.setup();
    api.on('GET /api/candidates/', { results: [buildCandidate()], count: 1 });
    api.on('POST /api/roles/10/pipelines/', () =>
      jsonResponse(409, { success: false, error: PIPELINE_ERRORS.ALREADY_IN_ROLE }),
    );
    renderPage();
    await user.click(await screen.findByRole('radio', { name: /Ada Lovelace/ }));
    await user.click(screen.getByRole('button', { name: 'Add to pipeline' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(PIPELINE_ERRORS.ALREADY_IN_ROLE);
    expect(screen.getByTestId('where')).toHaveTextContent('/roles/10/pipelines/create');
  });

  it('enters a new candidate with skills as a list, and shows duplicate warnings with links', async () => {
    const user = userEvent.setup();
    api.on('GET /api/candidates/', { results: [], count: 0 });
    api.on('POST /api/roles/10/pipelines/', () =>
      jsonResponse(201, {
        success: true,
        pipeline: buildPipeline({ id: 56, name: 'Grace Hopper' }),
        duplicates: [{ id: 77, name: 'Grace B. Hopper', email: 'grace@navy.test', reason: 'email' }],
      }),
    );
    renderPage();
    await user.click(screen.getByRole('tab', { name: 'New candidate' }));
    const form = screen.getByRole('form', { name: 'Add a new candidate' });
    await user.click(within(form).getByRole('button', { name: 'Add candidate' }));
    expect(await within(form).findByText('Enter the first name.')).toBeInTheDocument();
    expect(within(form).getByText('Enter the last name.')).toBeInTheDocument();
    await user.type(within(form).getByLabelText('First name'), 'Grace');
    await user.type(within(form).getByLabelText('Last name'), 'Hopper');
    await user.type(within(form).getByLabelText('Email'), 'grace@navy.test');
    await user.type(within(form).getByLabelText('Current title'), 'Rear Admiral');
    await user.type(within(form).getByLabelText('Skills'), 'COBOL, compilers , ,COBOL');
    await user.selectOptions(within(form).getByLabelText('Starting stage'), 'submit_pending');
    await user.click(within(form).getByRole('button', { name: 'Add candidate' }));
    await waitFor(() => expect(api.bodies).toHaveLength(1));
    expect(api.bodies[0]).toEqual({
      call: 'POST /api/roles/10/pipelines/',
      body: {
        stage: 'submit_pending',
        candidate: expect.objectContaining({
          first_name: 'Grace',
          last_name: 'Hopper',
          email: 'grace@navy.test',
          phone: '',
          current_title: 'Rear Admiral',
          current_company: '',
          skills: ['COBOL', 'compilers'],
        }),
      },
    });
    expect(await screen.findByText(/may be a candidate you already have/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Grace B. Hopper' })).toHaveAttribute('href', '/candidates/77');
    expect(screen.getByRole('link', { name: 'Go to the board' })).toHaveAttribute('href', '/roles/10/pipelines');
  });
});

describe('do not contact and archived candidates (issue 16 item 1)', () => {
  const confirmRoute = (roleId: number) =>
    api.on(`POST /api/roles/${roleId}/pipelines/`, ({ body }) =>
      (body as { status_confirmation?: unknown }).status_confirmation
        ? jsonResponse(201, {
            success: true,
            pipeline: buildPipeline({ id: 57, name: 'Dora Noel' }),
            duplicates: [],
          })
        : jsonResponse(409, {
            success: false,
            code: 'CANDIDATE_STATUS_CONFIRM',
            error: 'Dora Noel is marked Do not contact. Say why they are added to this role anyway.',
            candidates: [{ id: 102, name: 'Dora Noel', status: 'do_not_contact' }],
          }),
    );

  it('the picker shows the status, warns, asks for a reason on the refusal and adds with it', async () => {
    const user = userEvent.setup();
    api.on('GET /api/candidates/', {
      results: [buildCandidate({ id: 102, name: 'Dora Noel', status: 'do_not_contact' })],
      count: 1,
    });
    confirmRoute(10);
    renderPage();
    const option = await screen.findByRole('radio', { name: /Dora Noel/ });
    expect(option.closest('label')).toHaveTextContent('Do not contact');
    await user.click(option);
    expect(screen.getByRole('note')).toHaveTextContent(
      'Dora Noel is marked Do not contact. You will be asked why they are added anyway',
    );
    await user.click(screen.getByRole('button', { name: 'Add to pipeline' }));
    const ask = await screen.findByRole('dialog', { name: 'Add Dora Noel anyway?' });
    expect(ask).toHaveTextContent('Dora Noel is marked Do not contact.');
    // The refusal is the question, not an error behind it.
    expect(screen.queryByText(PIPELINE_ERRORS.ALREADY_IN_ROLE)).not.toBeInTheDocument();
    await user.click(within(ask).getByRole('button', { name: 'Add anyway' }));
    expect(await within(ask).findByText('Say why this candidate is added anyway.')).toBeInTheDocument();
    expect(api.bodies).toHaveLength(1);
    await user.type(within(ask).getByLabelText('Reason'), 'She asked us to call about risk roles.');
    await user.click(within(ask).getByRole('button', { name: 'Add anyway' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/roles\/10\/pipelines$/));
    expect(api.bodies).toEqual([
      { call: 'POST /api/roles/10/pipelines/', body: { candidate_id: 102, stage: 'sourced' } },
      {
        call: 'POST /api/roles/10/pipelines/',
        body: {
          candidate_id: 102,
          stage: 'sourced',
          status_confirmation: { reason: 'She asked us to call about risk roles.' },
        },
      },
    ]);
  });

  it('cancelling the question adds nothing and stays on the page', async () => {
    const user = userEvent.setup();
    api.on('GET /api/candidates/', {
      results: [buildCandidate({ id: 102, name: 'Dora Noel', status: 'do_not_contact' })],
      count: 1,
    });
    confirmRoute(10);
    renderPage();
    await user.click(await screen.findByRole('radio', { name: /Dora Noel/ }));
    await user.click(screen.getByRole('button', { name: 'Add to pipeline' }));
    const ask = await screen.findByRole('dialog', { name: 'Add Dora Noel anyway?' });
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.bodies).toHaveLength(1);
    expect(screen.getByTestId('where')).toHaveTextContent('/roles/10/pipelines/create');
  });

  it('the candidate page dialog warns and retries with the reason', async () => {
    const user = userEvent.setup();
    api.on('GET /api/roles/dashboard/', {
      success: true,
      roles: [
        {
          id: 11,
          name: 'Data Lead',
          state: 'open',
          location: '',
          client: { id: 5, name: 'Acme', client_type: 'finders_fee' },
        },
      ],
      count: 1,
    });
    confirmRoute(11);
    renderWithProviders(
      <AddToRoleDialog
        candidate={{ id: 102, name: 'Dora Noel', status: 'do_not_contact' }}
        open
        onClose={() => undefined}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Add Dora Noel to a role' });
    expect(within(dialog).getByRole('note')).toHaveTextContent('marked Do not contact');
    await user.click(await within(dialog).findByRole('radio', { name: /Data Lead/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Add to role' }));
    const ask = await screen.findByRole('dialog', { name: 'Add Dora Noel anyway?' });
    await user.type(within(ask).getByLabelText('Reason'), 'Cleared by the account owner.');
    await user.click(within(ask).getByRole('button', { name: 'Add anyway' }));
    await waitFor(() => expect(api.bodies).toHaveLength(2));
    expect(api.bodies[1]).toEqual({
      call: 'POST /api/roles/11/pipelines/',
      body: { candidate_id: 102, status_confirmation: { reason: 'Cleared by the account owner.' } },
    });
  });
});

describe('add to role dialog', () => {
  it('searches active roles and adds the candidate to the chosen one', async () => {
    const user = userEvent.setup();
    const roleRow = (id: number, name: string) => ({
      id,
      name,
      state: 'open',
      location: 'London',
      client: { id: 5, name: 'Acme', client_type: 'finders_fee' },
    });
    api.on('GET /api/roles/dashboard/', {
      success: true,
      roles: [roleRow(10, 'Staff Engineer'), roleRow(11, 'Data Lead')],
      count: 2,
    });
    api.on('POST /api/roles/11/pipelines/', () =>
      jsonResponse(409, { success: false, error: PIPELINE_ERRORS.ALREADY_IN_ROLE }),
    );
    renderWithProviders(
      <AddToRoleDialog candidate={{ id: 100, name: 'Ada Lovelace' }} open onClose={() => undefined} />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Add Ada Lovelace to a role' });
    expect(within(dialog).getByRole('button', { name: 'Add to role' })).toBeDisabled();
    await user.click(await within(dialog).findByRole('radio', { name: /Data Lead/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Add to role' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(PIPELINE_ERRORS.ALREADY_IN_ROLE);
    expect(api.bodies).toEqual([{ call: 'POST /api/roles/11/pipelines/', body: { candidate_id: 100 } }]);
  });
});

describe('candidate in a role', () => {
  const detailOf = (pipeline: ReturnType<typeof buildDetail> | null) => ({
    success: true,
    candidate: {
      ...buildCandidate(),
      resume_text_preview: '',
      pipelines: [],
      interviews: [],
      pipeline,
      notes_count: 4,
    },
  });

  it("shows the candidate's pipeline in the role", async () => {
    api.on('GET /api/candidates/100/detail/', ({ url }) => {
      expect(url.searchParams.get('role_id')).toBe('10');
      return jsonResponse(200, detailOf(buildDetail(buildPipeline({ stageName: 'offer' }))));
    });
    renderWithProviders(<RoleCandidateView roleId={10} candidateId={100} canEdit />);
    expect(await screen.findByRole('heading', { name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Notes (4)' })).toHaveAttribute('href', '/notes/candidate/100');
    expect(screen.getByRole('link', { name: 'Full candidate' })).toHaveAttribute('href', '/candidates/100');
    expect(screen.getByRole('button', { name: 'Record client outcome' })).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Stage progress' })).getAllByRole('listitem')[5]).toHaveAttribute(
      'aria-current',
      'step',
    );
  });

  it('offers "Add to this role" when the candidate is not in its pipeline', async () => {
    const user = userEvent.setup();
    let added = false;
    api.on('GET /api/candidates/100/detail/', () =>
      jsonResponse(200, detailOf(added ? buildDetail(buildPipeline()) : null)),
    );
    api.on('POST /api/roles/10/pipelines/', () => {
      added = true;
      return jsonResponse(201, { success: true, pipeline: buildPipeline(), duplicates: [] });
    });
    renderWithProviders(
      <RoleCandidateView roleId={10} candidateId={100} role={{ name: 'Staff Engineer', state: 'open' }} canEdit />,
    );
    expect(await screen.findByText("Not in this role's pipeline")).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add to this role' }));
    expect(api.bodies).toContainEqual({
      call: 'POST /api/roles/10/pipelines/',
      body: { candidate_id: 100 },
    });
    expect(await screen.findByRole('list', { name: 'Stage progress' })).toBeInTheDocument();
  });
});
