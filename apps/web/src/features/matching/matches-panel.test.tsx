import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_MATCH_WEIGHTS, type MatchResult, type RoleMatchesResponse } from '@recruitdesk/contracts/matching';
import { describe, expect, it, vi } from 'vitest';
import { callsOf, renderWithProviders } from '@/test/render';
import { jsonResponse } from '@/test/factories';
import { installFetchStub } from '@/test/fetch-stub';
import { MatchesPanel } from './components/matches-panel';
import { MatchingRolesCard } from './components/matching-roles-card';

const fetchStub = installFetchStub();
const SNIPPET = 'Built <b>pipelines</b> in Python daily.';

function result(id: number, name: string, overrides: Partial<MatchResult> = {}): MatchResult {
  return {
    candidate: {
      id,
      name,
      current_title: 'Data Engineer',
      current_company: 'Acme',
      location: 'Berlin',
      status: 'active',
    },
    rank: id,
    score: 82.5,
    factors: [
      { key: 'required_skills', label: 'Required skills', weight: 34, contribution: 60.2, detail: '2 of 3' },
      { key: 'location', label: 'Location', weight: 10, contribution: 22.3, detail: 'In berlin (onsite)' },
    ],
    evidence: [
      { skill: 'Python', snippet: SNIPPET, start: SNIPPET.indexOf('Python'), end: SNIPPET.indexOf('Python') + 6 },
    ],
    missing: ['Kubernetes'],
    in_pipeline: false,
    not_a_fit: null,
    ...overrides,
  };
}

const response = (results: MatchResult[]): RoleMatchesResponse => ({
  success: true,
  results,
  weights: DEFAULT_MATCH_WEIGHTS,
  must_skills: [],
  requirements: {
    required: ['Python', 'SQL', 'Kubernetes'],
    nice: ['Airflow'],
    must: [],
    seniority: 'senior',
    min_years: 5,
    location: 'Berlin',
    remote_type: 'onsite',
  },
  salary_visible: true,
  has_more: false,
});

describe('the Matches tab', () => {
  it('lists the ranked candidates with score, factor shares, evidence as text and what is missing', async () => {
    fetchStub.mock.mockImplementation(async () =>
      jsonResponse(200, response([result(1, 'Ada Best'), result(2, 'Bob Partial', { in_pipeline: true })])),
    );
    renderWithProviders(<MatchesPanel roleId={7} canEdit addToPipeline={vi.fn()} />, { path: '/roles/7/matches' });
    const list = await screen.findByRole('list', { name: 'Matching candidates' });
    const ada = within(list).getByRole('listitem', { name: '1. Ada Best, score 82.5' });
    expect(
      within(ada).getByRole('img', { name: /Score 82.5 of 100: Required skills 60.2, Location 22.3/ }),
    ).toBeTruthy();
    expect(within(ada).getByText('No Kubernetes found')).toBeTruthy();
    // The snippet is text: the tags show as written, the skill is marked.
    const mark = within(ada).getByText('Python', { selector: 'mark' });
    expect(mark.parentElement?.textContent).toContain('Built <b>pipelines</b> in Python daily.');
    expect(ada.querySelector('b')).toBeNull();
    expect(screen.getByText(/Required: Python, SQL, Kubernetes · Nice to have: Airflow/)).toBeTruthy();
    const bob = within(list).getByRole('listitem', { name: '2. Bob Partial, score 82.5' });
    expect(within(bob).getByText('In pipeline')).toBeTruthy();
    expect(within(bob).queryByRole('button', { name: /Add to pipeline/ })).toBeNull();
    expect(within(bob).getByRole('checkbox', { name: 'Select Bob Partial' })).toBeDisabled();
  });

  it('adds one or many selected candidates through the pipeline action', async () => {
    fetchStub.mock.mockImplementation(async () =>
      jsonResponse(200, response([result(1, 'Ada Best'), result(2, 'Cy Second'), result(3, 'Di Third')])),
    );
    const addToPipeline = vi.fn(async (candidates: Array<{ id: number }>) => candidates.length);
    renderWithProviders(<MatchesPanel roleId={7} canEdit addToPipeline={addToPipeline} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add to pipeline: Ada Best' }));
    expect(addToPipeline).toHaveBeenLastCalledWith([{ id: 1, name: 'Ada Best' }]);
    expect(await screen.findByRole('status')).toHaveTextContent('Added 1 candidate to the pipeline.');
    await user.click(screen.getByRole('checkbox', { name: 'Select Cy Second' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Di Third' }));
    await user.click(screen.getByRole('button', { name: 'Add 2 to pipeline' }));
    expect(addToPipeline).toHaveBeenLastCalledWith([
      { id: 2, name: 'Cy Second' },
      { id: 3, name: 'Di Third' },
    ]);
    expect(await screen.findByText('Added 2 candidates to the pipeline.')).toBeTruthy();
  });

  it('marks a candidate not a fit with a reason, and asks for excluded candidates when ticked', async () => {
    fetchStub.mock.mockImplementation(async (input) =>
      String(input).includes('/feedback/')
        ? jsonResponse(200, { success: true, message: 'Marked not a fit.' })
        : jsonResponse(200, response([result(1, 'Ada Best')])),
    );
    renderWithProviders(<MatchesPanel roleId={7} canEdit addToPipeline={vi.fn()} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Not a fit: Ada Best' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Mark not a fit' }));
    expect(within(dialog).getByText('Say why this candidate is not a fit.')).toBeTruthy();
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Wants remote only');
    await user.click(within(dialog).getByRole('button', { name: 'Mark not a fit' }));
    await waitFor(() => expect(callsOf(fetchStub.mock)).toContain('POST /api/roles/7/matches/feedback/'));
    const feedback = fetchStub.mock.mock.calls.find(([input]) => String(input).includes('/feedback/'));
    expect(JSON.parse(String((feedback?.[1] as RequestInit).body))).toEqual({
      candidate_id: 1,
      verdict: 'not_a_fit',
      reason: 'Wants remote only',
    });
    await user.click(screen.getByRole('checkbox', { name: 'Show do-not-contact and archived' }));
    await waitFor(() =>
      expect(callsOf(fetchStub.mock)).toContain('GET /api/roles/7/matches/?limit=50&offset=0&include_excluded=true'),
    );
  });

  it('saves the weights set with the sliders', async () => {
    fetchStub.mock.mockImplementation(async (input, init) =>
      init?.method === 'PUT'
        ? jsonResponse(200, { success: true, weights: DEFAULT_MATCH_WEIGHTS, must_skills: ['SQL'] })
        : jsonResponse(200, response([result(1, 'Ada Best')])),
    );
    renderWithProviders(<MatchesPanel roleId={7} canEdit addToPipeline={vi.fn()} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Weights' }));
    const dialog = await screen.findByRole('dialog');
    const location = within(dialog).getByRole('slider', { name: 'Location' });
    fireEvent.change(location, { target: { value: '12' } });
    await user.click(within(dialog).getByRole('checkbox', { name: 'SQL' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save weights' }));
    await waitFor(() => expect(callsOf(fetchStub.mock)).toContain('PUT /api/roles/7/match-weights/'));
    const put = fetchStub.mock.mock.calls.find(([, init]) => (init as RequestInit | undefined)?.method === 'PUT');
    expect(JSON.parse(String((put?.[1] as RequestInit).body))).toEqual({
      weights: { ...DEFAULT_MATCH_WEIGHTS, location: 12 },
      must_skills: ['SQL'],
    });
  });

  it('explains why a candidate looked up by name is ranked low', async () => {
    fetchStub.mock.mockImplementation(async (input) =>
      String(input).includes('/explain/')
        ? jsonResponse(200, {
            success: true,
            result: result(9, 'Jay Script', { rank: 40, score: 12.3 }),
            excluded_because: 'Has none of the role’s skills, so is not among the matches.',
            reasons: ['Required skills: 0 of 3; missing Python, SQL, Kubernetes (−34.0 points)'],
          })
        : jsonResponse(200, response([])),
    );
    renderWithProviders(<MatchesPanel roleId={7} canEdit={false} addToPipeline={vi.fn()} />);
    const user = userEvent.setup();
    expect(await screen.findByText('No matching candidates yet')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: 'Why is this candidate ranked low?' }), 'jay script');
    await user.click(screen.getByRole('button', { name: 'Explain' }));
    expect(await screen.findByText('Jay Script: score 12.3')).toBeTruthy();
    expect(screen.getByText(/missing Python, SQL, Kubernetes \(−34.0 points\)/)).toBeTruthy();
    expect(callsOf(fetchStub.mock)).toContain('GET /api/roles/7/matches/explain/?name=jay+script');
  });
});

describe('the Matching roles card', () => {
  it('ranks the roles that fit and offers to add the candidate', async () => {
    fetchStub.mock.mockImplementation(async () =>
      jsonResponse(200, {
        success: true,
        salary_visible: true,
        results: [
          {
            role: { id: 3, name: 'Data Engineer', client_name: 'Acme', location: 'Berlin' },
            score: 77,
            factors: [{ key: 'title', label: 'Title', weight: 10, contribution: 77, detail: 'x' }],
            evidence: [],
            missing: ['Airflow'],
            in_pipeline: false,
          },
        ],
      }),
    );
    const onAdd = vi.fn();
    renderWithProviders(<MatchingRolesCard candidateId={5} onAdd={onAdd} />);
    expect(await screen.findByRole('link', { name: 'Data Engineer' })).toHaveAttribute('href', '/roles/3');
    expect(screen.getByText('No Airflow found')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Add to pipeline: Data Engineer' }));
    expect(onAdd).toHaveBeenCalledWith({ id: 3, name: 'Data Engineer' });
  });
});
