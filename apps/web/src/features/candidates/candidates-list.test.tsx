import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '@/test/factories';
import { installFetchStub } from '@/test/fetch-stub';
import { callsOf } from '@/test/render';
import { CandidatesList } from './components/candidates-list';
import { buildCandidate, renderCandidates } from './test-support/test-utils';

const fetchStub = installFetchStub();

const rows = [
  buildCandidate({
    id: 1,
    skills: ['Python', 'SQL', 'Airflow', 'dbt', 'Spark'],
    resume: {
      filename: 'ada.pdf',
      size: 2048,
      content_type: 'application/pdf',
      uploaded_at: '2026-02-01T09:00:00Z',
      has_text: true,
    },
  }),
  buildCandidate({
    id: 2,
    first_name: 'Grace',
    last_name: 'Hopper',
    current_title: 'Admiral',
    current_company: 'US Navy',
    skills: [],
  }),
];

/** Every list request answers `count` candidates in all (the rows above on each page). */
function answerList(count: number, results = rows) {
  fetchStub.mock.mockImplementation(async () => jsonResponse(200, { results, count }));
}

const listCalls = () => callsOf(fetchStub.mock).filter((c) => c.startsWith('GET /api/candidates/?'));
/** The last list request's query, as an object (skills as sent: one comma list). */
const lastQuery = () => Object.fromEntries(new URLSearchParams(listCalls().at(-1)?.split('?')[1] ?? ''));

describe('candidates list', () => {
  it('shows the rows with links, badges, resume icon and "Showing 1–10 of N"', async () => {
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
    expect(pager.getByText(/Showing/).textContent).toBe('Showing 1–10 of 23 candidates');
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
    await waitFor(() => expect(pager.getByText(/Showing/).textContent).toBe('Showing 11–20 of 23 candidates'));
    expect(lastQuery().page).toBe('2');
    expect(router.state.location.search).toBe('?page=2');

    await waitFor(() => expect(pager.getByRole('button', { name: 'Next' })).toBeEnabled());
    await user.click(pager.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(pager.getByText(/Showing/).textContent).toBe('Showing 21–23 of 23 candidates'));
    expect(lastQuery().page).toBe('3');
    await waitFor(() => expect(pager.getByRole('button', { name: 'Previous' })).toBeEnabled());
    expect(pager.getByRole('button', { name: 'Next' })).toBeDisabled();

    await user.click(pager.getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(pager.getByText(/Showing/).textContent).toBe('Showing 11–20 of 23 candidates'));
    expect(lastQuery().page).toBe('2');
  });

  it('changes the page size, jumps to a page, and each change is a history entry that Back undoes', async () => {
    const user = userEvent.setup();
    answerList(248);
    const { router } = renderCandidates(<CandidatesList />, { path: '/candidates' });
    const pager = within(await screen.findByRole('navigation', { name: 'Pagination' }));
    await screen.findByRole('link', { name: 'Ada Lovelace' });
    await waitFor(() => expect(pager.getByText(/Showing/).textContent).toBe('Showing 1–10 of 248 candidates'));

    await user.selectOptions(pager.getByLabelText('Rows per page'), '25');
    await waitFor(() => expect(lastQuery()).toMatchObject({ page: '1', page_size: '25' }));
    expect(router.state.location.search).toBe('?page_size=25');
    await waitFor(() => expect(pager.getByText(/Showing/).textContent).toBe('Showing 1–25 of 248 candidates'));
    expect(pager.getByText(/^of/).textContent).toBe('of 10');

    const box = pager.getByLabelText('Page', { exact: true });
    await user.clear(box);
    await user.type(box, '7{Enter}');
    await waitFor(() => expect(lastQuery()).toMatchObject({ page: '7', page_size: '25' }));
    expect(router.state.location.search).toBe('?page_size=25&page=7');
    await waitFor(() => expect(pager.getByText(/Showing/).textContent).toBe('Showing 151–175 of 248 candidates'));

    // A page past the end goes to the last one; a word leaves the page as it is.
    await user.clear(box);
    await user.type(box, '999{Enter}');
    await waitFor(() => expect(lastQuery()).toMatchObject({ page: '10' }));
    await waitFor(() => expect(box).toHaveValue('10'));
    expect(pager.getByRole('button', { name: 'Next' })).toBeDisabled();
    await user.clear(box);
    await user.type(box, 'abc{Enter}');
    expect(box).toHaveValue('10');

    // Back walks the entries: page 7, then size 25 on page 1, then the first address.
    await act(() => router.navigate(-1));
    await waitFor(() => expect(router.state.location.search).toBe('?page_size=25&page=7'));
    await waitFor(() => expect(box).toHaveValue('7'));
    await act(() => router.navigate(-1));
    await waitFor(() => expect(router.state.location.search).toBe('?page_size=25'));
    await act(() => router.navigate(-1));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(lastQuery()).toMatchObject({ page: '1', page_size: '10' }));
  });

  it('clamps an address past the last page to the last page, replacing the entry', async () => {
    answerList(23);
    const { router } = renderCandidates(<CandidatesList />, {
      path: '/candidates',
      initialEntry: '/candidates?page=999',
    });
    await waitFor(() => expect(router.state.location.search).toBe('?page=3'));
    await waitFor(() => expect(lastQuery().page).toBe('3'));
    const pager = within(screen.getByRole('navigation', { name: 'Pagination' }));
    await waitFor(() => expect(pager.getByText(/Showing/).textContent).toBe('Showing 21–23 of 23 candidates'));
    expect(pager.getByLabelText('Page', { exact: true })).toHaveValue('3');
    expect(pager.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('keeps one history entry while the search text settles, and a filter change adds one', async () => {
    const user = userEvent.setup();
    answerList(2);
    const { router } = renderCandidates(<CandidatesList />, { path: '/candidates' });
    await screen.findByRole('link', { name: 'Ada Lovelace' });
    const search = screen.getByLabelText('Search candidates');
    await user.type(search, 'ad');
    await waitFor(() => expect(lastQuery().search).toBe('ad'));
    await user.type(search, 'a');
    await waitFor(() => expect(lastQuery().search).toBe('ada'));
    await user.selectOptions(screen.getByLabelText('Status'), 'placed');
    await waitFor(() => expect(router.state.location.search).toBe('?search=ada&status=placed'));
    await act(() => router.navigate(-1));
    await waitFor(() => expect(router.state.location.search).toBe('?search=ada'));
    await act(() => router.navigate(-1));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('reads the filters and page from the URL and sorts by a column', async () => {
    const user = userEvent.setup();
    answerList(40);
    renderCandidates(<CandidatesList />, {
      path: '/candidates',
      initialEntry: '/candidates?status=active&skills=Go,Rust&page=4',
    });
    await screen.findByRole('link', { name: 'Ada Lovelace' });
    expect(lastQuery()).toEqual({
      status: 'active',
      skills: 'Go,Rust',
      ordering: '-created_at',
      page: '4',
      page_size: '10',
    });
    expect(screen.getByText(/Showing/).textContent).toBe('Showing 31–40 of 40 candidates');
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

  it('says where each result matched, with the matched words marked', async () => {
    answerList(1, [
      {
        ...buildCandidate({ id: 1, current_title: 'Senior C++ Engineer', skills: ['C++', 'C#'] }),
        matches: [
          { field: 'title', text: 'Senior C++ Engineer', highlights: [[7, 10]] },
          {
            field: 'resume',
            text: '…built the Kubernetes platform in C++ for…',
            highlights: [
              [11, 21],
              [34, 37],
            ],
          },
        ],
      },
    ] as never);
    renderCandidates(<CandidatesList />, { path: '/candidates', initialEntry: '/candidates?search=c%2B%2B+kube' });
    const list = await screen.findByLabelText('Where Ada Lovelace matched');
    expect(within(list).getByText('Title:')).toBeInTheDocument();
    expect(within(list).getByText('Resume:')).toBeInTheDocument();
    const marks = [...list.querySelectorAll('mark')].map((mark) => mark.textContent);
    expect(marks).toEqual(['C++', 'Kubernetes', 'C++']);
    expect(list).toHaveTextContent('Resume:…built the Kubernetes platform in C++ for…');
    expect(lastQuery().search).toBe('c++ kube');
  });

  it('says a search of only symbols has nothing to search for, without asking the server', async () => {
    answerList(2);
    renderCandidates(<CandidatesList />, { path: '/candidates', initialEntry: '/candidates?search=%25' });
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('Nothing to search for');
    expect(status).toHaveTextContent('Type letters or digits to search');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(listCalls()).toEqual([]);
  });

  it('suggests known skills in the filter: arrows move, Enter adds, Escape closes', async () => {
    const user = userEvent.setup();
    const suggestions = [
      { name: 'Python', normalized: 'python', count: 120, match: 'prefix' },
      { name: 'PyTorch', normalized: 'pytorch', count: 9, match: 'prefix' },
    ];
    fetchStub.mock.mockImplementation(async (input) =>
      String(input).includes('/api/candidates/skills/')
        ? jsonResponse(200, { success: true, skills: suggestions })
        : jsonResponse(200, { results: rows, count: 2 }),
    );
    renderCandidates(<CandidatesList />, { path: '/candidates' });
    await screen.findByRole('link', { name: 'Ada Lovelace' });
    const box = screen.getByRole('combobox', { name: 'Skills' });
    expect(box).toHaveAttribute('aria-expanded', 'false');

    await user.type(box, 'pyt');
    const listbox = await screen.findByRole('listbox', { name: 'Skills suggestions' });
    expect(box).toHaveAttribute('aria-expanded', 'true');
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Python120 candidates', 'PyTorch9 candidates']);
    const skillsQuery = () => {
      const call =
        callsOf(fetchStub.mock)
          .filter((c) => c.includes('/api/candidates/skills/'))
          .at(-1) ?? '';
      return Object.fromEntries(new URLSearchParams(call.split('?')[1]));
    };
    await waitFor(() => expect(skillsQuery()).toEqual({ q: 'pyt', limit: '8' }));

    await user.keyboard('{ArrowDown}{ArrowDown}');
    const torch = within(listbox).getByRole('option', { name: /PyTorch/ });
    expect(torch).toHaveAttribute('aria-selected', 'true');
    expect(box).toHaveAttribute('aria-activedescendant', torch.id);
    await user.keyboard('{ArrowUp}{Enter}');
    await waitFor(() => expect(lastQuery().skills).toBe('Python'));
    expect(box).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Remove skill Python' })).toBeInTheDocument();

    // The chosen skill is left out of the next suggestions; Escape closes the list and keeps the text.
    await user.type(box, 'py');
    await screen.findByRole('listbox', { name: 'Skills suggestions' });
    await waitFor(() => expect(skillsQuery()).toEqual({ q: 'py', limit: '8', exclude: 'Python' }));
    await user.keyboard('{Escape}');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).toHaveValue('py');
    // Enter with nothing highlighted adds the typed text as it is.
    await user.keyboard('{Enter}');
    await waitFor(() => expect(lastQuery().skills).toBe('Python,py'));

    // A click picks a suggestion too.
    await user.type(box, 'pyt');
    await user.click(await screen.findByRole('option', { name: /PyTorch/ }));
    await waitFor(() => expect(lastQuery().skills).toBe('Python,py,PyTorch'));
  });

  it('shows the error with Retry', async () => {
    const user = userEvent.setup();
    fetchStub.mock.mockImplementation(async () =>
      jsonResponse(500, { success: false, error: 'The database is unavailable.' }),
    );
    renderCandidates(<CandidatesList />, { path: '/candidates' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the candidates');
    expect(alert).toHaveTextContent('The database is unavailable.');
    answerList(2);
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: 'Ada Lovelace' })).toBeInTheDocument();
  });
});
