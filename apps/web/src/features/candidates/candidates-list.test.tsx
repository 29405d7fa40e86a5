import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '@/test/factories';
import { installFetchStub } from '@/test/fetch-stub';
import { callsOf } from '@/test/render';
import { CandidatesList } from './components/candidates-list';
import { buildCandidate, renderCandidates } from './test-utils';

const fetchStub = installFetchStub();

const rows = [
  buildCandidate({
    id: 1,
    skills: ['Python', 'SQL', 'Airflow', 'dbt', 'Spark'],
    resume: { filename: 'ada.pdf', size: 2048, content_type: 'application/pdf', uploaded_at: '2026-02-01T09:00:00Z', has_text: true },
  }),
  buildCandidate({ id: 2, first_name: 'Grace', last_name: 'Hopper', current_title: 'Admiral', current_company: 'US Navy', skills: [] }),
];

/** Every list request answers `count` candidates in all (the rows above on each page). */
function answerList(count: number, results = rows) {
  fetchStub.mock.mockImplementation(async () => jsonResponse(200, { results, count }));
}

const listCalls = () => callsOf(fetchStub.mock).filter((c) => c.startsWith('GET /api/candidates/'));
/** The last list request's query, as an object (skills as sent: one comma list). */
const lastQuery = () => Object.fromEntries(new URLSearchParams(listCalls().at(-1)?.split('?')[1] ?? ''));

describe('candidates list', () => {
  it('shows the rows with links, badges, resume icon and "Page X of Y"', async () => {
    answerList(23);
    renderCandidates(<CandidatesList />, { path: '/candidates' });
    expect(await screen.findByRole('link', { name: 'Ada Lovelace' })).toHaveAttribute('href', '/candidates/1');
    expect(screen.getByRole('link', { name: 'Grace Hopper' })).toHaveAttribute('href', '/candidates/2');
    const table = within(screen.getByRole('table', { name: 'Candidates' }));
    expect(table.getAllByText('Engineer @ Analytical Engines').length).toBeGreaterThan(0);
    expect(table.getByText('Python')).toBeInTheDocument();
    expect(table.getByText('+2')).toBeInTheDocument();
    expect(table.queryByText('dbt')).not.toBeInTheDocument();
    expect(table.getByText('Resume attached')).toBeInTheDocument();
    expect(table.getByText('No resume')).toBeInTheDocument();
    expect(table.getAllByText('Active')).toHaveLength(2);
    const pager = within(screen.getByRole('navigation', { name: 'Pagination' }));
    expect(pager.getByText(/Page/).textContent).toBe('Page 1 of 3 · 23 candidates');
    expect(lastQuery()).toEqual({ ordering: '-created_at', page: '1', page_size: '10' });
  });

  it('turns the search, status, experience and skills filters into the request query and the URL', async () => {
    const user = userEvent.setup();
    answerList(2);
    const { router } = renderCandidates(<CandidatesList />, { path: '/candidates' });
    await screen.findByRole('link', { name: 'Ada Lovelace' });

    await user.type(screen.getByLabelText('Search candidates'), 'ada');
    await waitFor(() => expect(lastQuery().search).toBe('ada'));

    await user.selectOptions(screen.getByLabelText('Status'), 'placed');
    await waitFor(() => expect(lastQuery().status).toBe('placed'));

    await user.selectOptions(screen.getByLabelText('Experience'), '6-10');
    await waitFor(() => expect(lastQuery().experience).toBe('6-10'));

    const skills = screen.getByLabelText('Skills');
    await user.type(skills, 'Python{Enter}');
    await user.type(skills, 'sql{Enter}');
    await waitFor(() => expect(lastQuery().skills).toBe('Python,sql'));
    expect(screen.getByRole('button', { name: 'Remove skill Python' })).toBeInTheDocument();
    expect(lastQuery()).toEqual({
      search: 'ada',
      status: 'placed',
      experience: '6-10',
      skills: 'Python,sql',
      ordering: '-created_at',
      page: '1',
      page_size: '10',
    });
    expect(router.state.location.search).toContain('skills=Python%2Csql');

    await user.click(screen.getByRole('button', { name: 'Remove skill Python' }));
    await waitFor(() => expect(lastQuery().skills).toBe('sql'));

    await user.click(screen.getAllByRole('button', { name: 'Clear filters' })[0]!);
    await waitFor(() => expect(lastQuery()).toEqual({ ordering: '-created_at', page: '1', page_size: '10' }));
    expect((screen.getByLabelText('Search candidates') as HTMLInputElement).value).toBe('');
  });

  it('pages with Next and Previous, and stops at the ends', async () => {
    const user = userEvent.setup();
    answerList(23);
    const { router } = renderCandidates(<CandidatesList />, { path: '/candidates' });
    const pager = within(await screen.findByRole('navigation', { name: 'Pagination' }));
    await screen.findByRole('link', { name: 'Ada Lovelace' });
    expect(pager.getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.click(pager.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(pager.getByText(/Page/).textContent).toBe('Page 2 of 3 · 23 candidates'));
    expect(lastQuery().page).toBe('2');
    expect(router.state.location.search).toBe('?page=2');

    await waitFor(() => expect(pager.getByRole('button', { name: 'Next' })).toBeEnabled());
    await user.click(pager.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(pager.getByText(/Page/).textContent).toBe('Page 3 of 3 · 23 candidates'));
    expect(lastQuery().page).toBe('3');
    await waitFor(() => expect(pager.getByRole('button', { name: 'Previous' })).toBeEnabled());
    expect(pager.getByRole('button', { name: 'Next' })).toBeDisabled();

    await user.click(pager.getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(pager.getByText(/Page/).textContent).toBe('Page 2 of 3 · 23 candidates'));
    expect(lastQuery().page).toBe('2');
  });

  it('reads the filters and page from the URL and sorts by a column', async () => {
    const user = userEvent.setup();
    answerList(40);
    renderCandidates(<CandidatesList />, { path: '/candidates', initialEntry: '/candidates?status=active&skills=Go,Rust&page=4' });
    await screen.findByRole('link', { name: 'Ada Lovelace' });
    expect(lastQuery()).toEqual({ status: 'active', skills: 'Go,Rust', ordering: '-created_at', page: '4', page_size: '10' });
    expect(screen.getByText(/Page/).textContent).toBe('Page 4 of 4 · 40 candidates');
    expect(screen.getByRole('button', { name: 'Remove skill Rust' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /Name/ }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ ordering: 'name', page: '1' }));
    await user.click(screen.getByRole('button', { name: /Experience/ }));
    await waitFor(() => expect(lastQuery().ordering).toBe('-years_experience'));
  });

  it('says "No candidates yet" without filters, and offers to clear them when nothing matches', async () => {
    answerList(0, []);
    const first = renderCandidates(<CandidatesList />, { path: '/candidates' });
    expect(await screen.findByText('No candidates yet')).toBeInTheDocument();
    first.unmount();

    renderCandidates(<CandidatesList />, { path: '/candidates', initialEntry: '/candidates?search=zzz' });
    expect(await screen.findByText('No candidates match')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Clear filters' }).length).toBeGreaterThan(0);
  });

  it('shows the error with Retry', async () => {
    const user = userEvent.setup();
    fetchStub.mock.mockImplementation(async () => jsonResponse(500, { success: false, error: 'The database is unavailable.' }));
    renderCandidates(<CandidatesList />, { path: '/candidates' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the candidates');
    expect(alert).toHaveTextContent('The database is unavailable.');
    answerList(2);
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: 'Ada Lovelace' })).toBeInTheDocument();
  });
});
