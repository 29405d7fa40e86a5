import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '@/test/factories';
import { installFetchStub } from '@/test/fetch-stub';
import { callsOf, renderWithProviders } from '@/test/render';
import { ImportFlow } from './components/import-flow';
import type { ImportView, PreviewResponse } from './types';

const fetchStub = installFetchStub();

function buildImport(overrides: Partial<ImportView> = {}): ImportView {
  return {
    id: 7,
    kind: 'candidates',
    filename: 'people.csv',
    status: 'uploaded',
    created_at: '2026-11-29T09:00:00Z',
    created_by: { id: 1, name: 'Olivia Martin' },
    format: 'csv',
    encoding: 'utf-8',
    delimiter: ',',
    columns: [
      { index: 0, header: 'Full Name', samples: ['Ada Lovelace', 'Alan Turing', 'Grace Hopper'] },
      { index: 1, header: 'E-mail', samples: ['ada@example.com', 'alan@example.com', 'grace@example.com'] },
      { index: 2, header: 'Work email', samples: ['ada@work.example', '', ''] },
      { index: 3, header: 'Comments', samples: ['likes maths', '', 'navy'] },
    ],
    suggested_mapping: ['full_name', 'email', 'ignore', 'note'],
    preset: 'opencats_candidates',
    mapping: null,
    duplicate_policy: null,
    total_rows: 42,
    progress: { done: 0, total: 0, eta_seconds: null },
    counts: { created: 0, updated: 0, skipped: 0, refused: 0 },
    errors_preview: [],
    error: null,
    undo_until: null,
    finished_at: null,
    undone_at: null,
    ...overrides,
  };
}

const PREVIEW: PreviewResponse = {
  success: true,
  rows: [
    {
      line: 2,
      values: { full_name: 'Ada Lovelace', email: 'ada@example.com' },
      problems: [],
      action: 'create',
      duplicate: null,
    },
    {
      line: 3,
      values: { full_name: 'Alan Turing', email: 'alan@@example' },
      problems: [{ field: 'email', message: 'Not a valid email address.' }],
      action: 'refuse',
      duplicate: null,
    },
    {
      line: 4,
      values: { full_name: 'Grace Hopper', email: 'grace@example.com' },
      problems: [],
      action: 'skip',
      duplicate: { id: 12, name: 'Grace Hopper', matched_by: 'email' },
    },
  ],
  totals: { create: 30, update: 0, skip: 7, refuse: 5 },
};

const SAVED = {
  success: true,
  mappings: [
    {
      id: 3,
      name: 'Old CRM',
      kind: 'candidates',
      headers: ['e-mail', 'Comments', 'Full Name'],
      targets: ['ignore', 'notes', 'shoe_size'],
    },
    { id: 4, name: 'Work addresses', kind: 'candidates', headers: ['Work email'], targets: ['email'] },
  ],
};

/** Answers the import screens' calls; the preview's answer follows the policy sent. */
function serve(preview: (policy: string) => PreviewResponse = () => PREVIEW) {
  fetchStub.mock.mockImplementation(async (input, init) => {
    const url = String(input);
    const method = (init?.method ?? 'GET').toUpperCase();
    if (url.startsWith('/api/import-mappings/') && method === 'GET') return jsonResponse(200, SAVED);
    if (url === '/api/imports/7/preview/' && method === 'POST') {
      const body = JSON.parse(String(init?.body)) as { duplicate_policy: string };
      return jsonResponse(200, preview(body.duplicate_policy));
    }
    if (url === '/api/import-mappings/' && method === 'POST') {
      return jsonResponse(201, { success: true, mapping: { id: 9, ...JSON.parse(String(init?.body)) } });
    }
    return jsonResponse(404, { success: false, error: `Not stubbed: ${method} ${url}` });
  });
}

const renderFlow = (entry: ImportView = buildImport(), initialEntry = '/settings/imports/7') =>
  renderWithProviders(<ImportFlow entry={entry} />, { path: '/settings/imports/:importId', initialEntry });

const selectFor = (column: string) => screen.getByRole('combobox', { name: column });

describe('the mapping step', () => {
  it("preselects the server's suggestions, marks them and names the recognised export", async () => {
    serve();
    renderFlow();
    expect(screen.getByText('OpenCATS candidates export recognised')).toBeInTheDocument();
    expect(selectFor('Full Name')).toHaveValue('full_name');
    expect(selectFor('E-mail')).toHaveValue('email');
    expect(selectFor('Work email')).toHaveValue('ignore');
    expect(selectFor('Comments')).toHaveValue('note');
    // The two suggested fields carry the mark (the note is no field) and say so to a screen reader.
    expect(screen.getAllByText('suggested')).toHaveLength(2);
    expect(selectFor('E-mail')).toHaveAccessibleDescription(/ada@example\.com.*suggested/);
    // Three sample values of each column.
    expect(screen.getByText('Ada Lovelace · Alan Turing · Grace Hopper')).toBeInTheDocument();
    // Every target field of the kind is offered, plus Keep as note and Ignore.
    const options = within(selectFor('Comments'))
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(options).toEqual(expect.arrayContaining(['Phone', 'Skills', 'Date added', 'Keep as note', 'Ignore']));
    expect(options).toHaveLength(22);
  });

  it('uses a field for one column only: picking a used field moves it', async () => {
    serve();
    const user = userEvent.setup();
    renderFlow();
    // The option says where the field is now.
    expect(within(selectFor('Work email')).getByRole('option', { name: 'Email (in “E-mail”)' })).toBeInTheDocument();
    await user.selectOptions(selectFor('Work email'), 'email');
    expect(selectFor('Work email')).toHaveValue('email');
    expect(selectFor('E-mail')).toHaveValue('ignore');
    expect(screen.getByRole('status')).toHaveTextContent('Email moved from column “E-mail”, which is now ignored.');
    // The moved field is no longer marked as the suggestion.
    expect(screen.getAllByText('suggested')).toHaveLength(1);
  });

  it('lists the required fields no column fills, and previews only once they are mapped', async () => {
    serve();
    const user = userEvent.setup();
    renderFlow(
      buildImport({
        kind: 'clients',
        preset: null,
        columns: [
          { index: 0, header: 'Company', samples: ['Acme'] },
          { index: 1, header: 'Site', samples: ['acme.example'] },
        ],
        suggested_mapping: ['ignore', 'website'],
      }),
    );
    expect(screen.queryByText(/recognised/)).not.toBeInTheDocument();
    const missing = screen.getByRole('list', { name: 'Required fields not mapped' });
    expect(
      within(missing)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Client name']);
    const preview = screen.getByRole('button', { name: 'Preview rows' });
    expect(preview).toBeDisabled();
    expect(preview).toHaveAccessibleDescription(/Client name/);
    // Required fields are marked in the list of targets.
    await user.selectOptions(selectFor('Company'), 'Client name (required)');
    expect(screen.queryByRole('list', { name: 'Required fields not mapped' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Preview rows' })).toBeEnabled();
  });

  it('asks a candidate file for a name column', async () => {
    serve();
    const user = userEvent.setup();
    renderFlow();
    await user.selectOptions(selectFor('Full Name'), 'ignore');
    const missing = screen.getByRole('list', { name: 'Required fields not mapped' });
    expect(missing).toHaveTextContent('Name (first name, last name or full name)');
  });

  it('applies a saved mapping by the column names, and saves the current one under a name', async () => {
    serve();
    const user = userEvent.setup();
    renderFlow();
    const saved = screen.getByRole('combobox', { name: 'Use a saved mapping' });
    await within(saved).findByRole('option', { name: 'Work addresses' });
    await user.selectOptions(saved, 'Work addresses');
    // "Work email" takes Email from the saved mapping; the column that had it gives it up.
    expect(selectFor('Work email')).toHaveValue('email');
    expect(selectFor('E-mail')).toHaveValue('ignore');
    expect(selectFor('Full Name')).toHaveValue('full_name');
    expect(screen.getByRole('status')).toHaveTextContent('Applied “Work addresses”: 1 of 4 columns matched.');

    // Headers match whatever their case; a field the kind does not have is not applied.
    await user.selectOptions(saved, 'Old CRM');
    expect(selectFor('E-mail')).toHaveValue('ignore');
    expect(selectFor('Comments')).toHaveValue('notes');
    expect(selectFor('Full Name')).toHaveValue('full_name');
    expect(screen.getByRole('status')).toHaveTextContent('Applied “Old CRM”: 2 of 4 columns matched.');

    await user.click(screen.getByRole('button', { name: 'Save mapping as…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save mapping as…' });
    await user.type(within(dialog).getByLabelText('Mapping name'), 'Agency X');
    await user.click(within(dialog).getByRole('button', { name: 'Save mapping' }));
    await waitFor(() => expect(callsOf(fetchStub.mock)).toContain('POST /api/import-mappings/'));
    const post = fetchStub.mock.mock.calls.find(
      ([url, init]) => url === '/api/import-mappings/' && init?.method === 'POST',
    );
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      name: 'Agency X',
      kind: 'candidates',
      headers: ['Full Name', 'E-mail', 'Work email', 'Comments'],
      targets: ['full_name', 'ignore', 'email', 'notes'],
    });
  });
});

describe('the preview step', () => {
  it('shows the rows as they will be stored, each problem on its cell, and the totals', async () => {
    serve();
    const user = userEvent.setup();
    renderFlow();
    await user.click(screen.getByRole('button', { name: 'Preview rows' }));
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(4);
    // The bad email is highlighted, its message tied to the cell and in its title.
    const bad = within(rows[2]!).getByRole('cell', { name: /alan@@example/ });
    expect(bad).toHaveAccessibleDescription('Not a valid email address.');
    expect(bad).toHaveAttribute('title', 'Not a valid email address.');
    expect(within(rows[2]!).getByText('Refuse')).toBeInTheDocument();
    // The duplicate links to the matched record and says how it matched.
    expect(within(rows[3]!).getByRole('link', { name: 'Grace Hopper' })).toHaveAttribute('href', '/candidates/12');
    expect(within(rows[3]!).getByText('by email')).toBeInTheDocument();
    expect(within(rows[3]!).getByText('Skip')).toBeInTheDocument();

    const figures = Object.fromEntries(
      screen.getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]),
    );
    expect(figures).toEqual({
      'Will be created': '30',
      'Will be updated': '0',
      'Will be skipped': '7',
      'Will be refused': '5',
    });
    // The step is in the address: a reload comes back to it.
    expect(screen.getByTestId('where')).toHaveTextContent('/settings/imports/7?step=preview');
  });

  it('asks again when the duplicate policy changes, with the mapping chosen', async () => {
    serve((policy) =>
      policy === 'update_empty' ? { ...PREVIEW, totals: { create: 30, update: 7, skip: 0, refuse: 5 } } : PREVIEW,
    );
    const user = userEvent.setup();
    renderFlow(buildImport(), '/settings/imports/7?step=preview');
    await screen.findByRole('table');
    expect(screen.getByRole('radio', { name: /Skip duplicates/ })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: /Fill empty fields of the existing record/ }));
    await waitFor(() => expect(screen.getByText('Will be updated').nextElementSibling).toHaveTextContent('7'));
    const previews = fetchStub.mock.mock.calls.filter(([url]) => url === '/api/imports/7/preview/');
    expect(previews.map(([, init]) => JSON.parse(String(init?.body)))).toEqual([
      { mapping: ['full_name', 'email', 'ignore', 'note'], duplicate_policy: 'skip' },
      { mapping: ['full_name', 'email', 'ignore', 'note'], duplicate_policy: 'update_empty' },
    ]);
  });

  it("shows the server's refusal of the preview", async () => {
    fetchStub.mock.mockImplementation(async (input) =>
      String(input).includes('/preview/')
        ? jsonResponse(400, { success: false, error: 'The mapping has one entry per column.', code: 'INVALID_MAPPING' })
        : jsonResponse(200, SAVED),
    );
    renderFlow(buildImport(), '/settings/imports/7?step=preview');
    expect(await screen.findByRole('alert')).toHaveTextContent('The mapping has one entry per column.');
    expect(screen.getByRole('button', { name: 'Start import' })).toBeDisabled();
  });
});
