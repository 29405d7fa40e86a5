import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ImportView } from '@recruitdesk/contracts/imports';
import type { UserType } from '@recruitdesk/contracts/users';
import { authReducer, initialAuthState } from '@/features/auth/auth-slice';
import { baseApi } from '@/lib/base-api';
import { uiReducer } from '@/lib/ui-slice';
import { buildUser, jsonResponse } from '@/test/factories';
import { installFetchStub } from '@/test/fetch-stub';
import { callsOf } from '@/test/render';
import { ImportRoute, ImportsRoute } from './imports';

const fetchStub = installFetchStub();

const IN_A_WEEK = new Date(Date.now() + 7 * 86_400_000).toISOString();

function buildImport(overrides: Partial<ImportView> = {}): ImportView {
  return {
    id: 7,
    kind: 'candidates',
    filename: 'people.csv',
    status: 'running',
    created_at: '2026-11-29T09:00:00Z',
    created_by: { id: 1, name: 'Olivia Martin' },
    format: 'csv',
    encoding: 'utf-8',
    delimiter: ',',
    columns: [{ index: 0, header: 'Email', samples: [] }],
    suggested_mapping: ['email'],
    preset: null,
    mapping: ['email'],
    duplicate_policy: 'skip',
    total_rows: 100,
    progress: { done: 40, total: 100, eta_seconds: 90 },
    counts: { created: 0, updated: 0, skipped: 0, refused: 0 },
    errors_preview: [],
    error: null,
    undo_until: null,
    finished_at: null,
    undone_at: null,
    ...overrides,
  };
}

const FINISHED = buildImport({
  status: 'succeeded',
  progress: { done: 100, total: 100, eta_seconds: null },
  counts: { created: 95, updated: 2, skipped: 1, refused: 2 },
  errors_preview: [
    { line: 14, reason: 'Email: not a valid email address.' },
    { line: 58, reason: 'No name.' },
  ],
  undo_until: IN_A_WEEK,
  finished_at: '2026-11-29T09:05:00Z',
});

function renderAt(path: string, entry: string, element: React.ReactElement, types: UserType[] = ['owner']) {
  const user = buildUser({ user_type: types });
  const store = configureStore({
    reducer: combineReducers({ auth: authReducer, ui: uiReducer, [baseApi.reducerPath]: baseApi.reducer }),
    middleware: (gdm) => gdm().concat(baseApi.middleware),
    preloadedState: { auth: { ...initialAuthState, user, isAuthenticated: true } },
  });
  const router = createMemoryRouter([{ path, element }], { initialEntries: [entry] });
  render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return store;
}

const importGets = () => callsOf(fetchStub.mock).filter((call) => call === 'GET /api/imports/7/');

describe('an import’s progress and report (/settings/imports/{id})', () => {
  beforeEach(() => {
    URL.createObjectURL = vi.fn(() => 'blob:report');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => vi.restoreAllMocks());

  it('polls every second while the import runs, then shows the report', async () => {
    let gets = 0;
    fetchStub.mock.mockImplementation(async (input) => {
      if (String(input) === '/api/imports/7/') {
        gets += 1;
        return jsonResponse(200, { success: true, import: gets < 3 ? buildImport() : FINISHED });
      }
      return jsonResponse(404, { success: false, error: 'Not stubbed' });
    });
    renderAt('/settings/imports/:importId', '/settings/imports/7', <ImportRoute />);

    const bar = await screen.findByRole('progressbar', { name: 'Rows imported' });
    expect(bar).toHaveAttribute('aria-valuenow', '40');
    expect(screen.getByText('40 of 100 rows')).toBeInTheDocument();
    expect(screen.getByText('About 2 minutes left')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Import steps' })).toHaveTextContent(/Progress/);

    // One poll a second: the third answer is the finished import.
    expect(await screen.findByRole('heading', { name: 'Report' }, { timeout: 5000 })).toBeInTheDocument();
    expect(importGets().length).toBe(3);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    const figures = Object.fromEntries(
      screen.getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]),
    );
    expect(figures).toEqual({ Created: '95', Updated: '2', Skipped: '1', Refused: '2' });
    const refused = screen.getByRole('table');
    expect(within(refused).getByRole('row', { name: '14 Email: not a valid email address.' })).toBeInTheDocument();
    expect(within(refused).getByRole('row', { name: '58 No name.' })).toBeInTheDocument();

    // Once finished, the page stops asking.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(importGets().length).toBe(3);
  }, 15_000);

  it('downloads the report as CSV, and undoes the import after a confirmation', async () => {
    let undone = false;
    fetchStub.mock.mockImplementation(async (input, init) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      if (url === '/api/imports/7/' && method === 'GET') {
        return jsonResponse(200, {
          success: true,
          import: undone ? { ...FINISHED, status: 'undone', undo_until: null } : FINISHED,
        });
      }
      if (url === '/api/imports/7/report.csv') {
        return new Response('line,reason\n14,bad email\n', {
          status: 200,
          headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="import-7.csv"' },
        });
      }
      if (url === '/api/imports/7/undo/' && method === 'POST') {
        undone = true;
        return jsonResponse(200, { success: true, import: { ...FINISHED, status: 'undone', undo_until: null } });
      }
      return jsonResponse(404, { success: false, error: 'Not stubbed' });
    });
    const user = userEvent.setup();
    renderAt('/settings/imports/:importId', '/settings/imports/7', <ImportRoute />);
    await screen.findByRole('heading', { name: 'Report' });

    await user.click(screen.getByRole('button', { name: 'Download report (CSV)' }));
    await waitFor(() => expect(callsOf(fetchStub.mock)).toContain('GET /api/imports/7/report.csv'));
    await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalled());

    expect(screen.getByText(/Available until/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Undo import' }));
    const dialog = await screen.findByRole('dialog', { name: 'Undo this import?' });
    expect(dialog).toHaveTextContent(
      'The 95 records it created are removed and the 2 it updated get their earlier values back.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Undo import' }));
    await waitFor(() => expect(callsOf(fetchStub.mock)).toContain('POST /api/imports/7/undo/'));
    expect(await screen.findByText('This import was undone')).toBeInTheDocument();
    // The confirmation closes with a transition: its button goes when the dialog has gone.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Undo import' })).not.toBeInTheDocument());
  });

  it('names the records changed since when the undo is blocked, with links to them', async () => {
    fetchStub.mock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url === '/api/imports/7/' && (init?.method ?? 'GET') === 'GET') {
        return jsonResponse(200, { success: true, import: FINISHED });
      }
      if (url === '/api/imports/7/undo/') {
        return jsonResponse(409, {
          success: false,
          error: 'Some records this import created or updated were changed since, so it cannot be undone.',
          code: 'UNDO_BLOCKED',
          changed: [
            { kind: 'candidate', id: 12, name: 'Grace Hopper' },
            { kind: 'candidate', id: 13, name: 'Alan Turing' },
          ],
        });
      }
      return jsonResponse(404, { success: false, error: 'Not stubbed' });
    });
    const user = userEvent.setup();
    renderAt('/settings/imports/:importId', '/settings/imports/7', <ImportRoute />);
    await user.click(await screen.findByRole('button', { name: 'Undo import' }));
    const dialog = await screen.findByRole('dialog', { name: 'Undo this import?' });
    await user.click(within(dialog).getByRole('button', { name: 'Undo import' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This import cannot be undone');
    expect(within(alert).getByRole('link', { name: 'Grace Hopper' })).toHaveAttribute('href', '/candidates/12');
    expect(within(alert).getByRole('link', { name: 'Alan Turing' })).toHaveAttribute('href', '/candidates/13');
  });

  it('offers no undo once the date has passed', async () => {
    fetchStub.mock.mockResolvedValue(
      jsonResponse(200, { success: true, import: { ...FINISHED, undo_until: '2026-01-01T00:00:00Z' } }),
    );
    renderAt('/settings/imports/:importId', '/settings/imports/7', <ImportRoute />);
    await screen.findByRole('heading', { name: 'Report' });
    expect(screen.queryByRole('button', { name: 'Undo import' })).not.toBeInTheDocument();
  });
});

describe('who may import', () => {
  it('shows the history to an owner, with a link to each import', async () => {
    fetchStub.mock.mockResolvedValue(jsonResponse(200, { success: true, imports: [FINISHED], count: 1 }));
    renderAt('/settings/imports', '/settings/imports', <ImportsRoute />, ['superuser']);
    const link = await screen.findByRole('link', { name: 'people.csv' });
    expect(link).toHaveAttribute('href', '/settings/imports/7');
    const row = link.closest('tr')!;
    expect(row).toHaveTextContent('Done');
    expect(row).toHaveTextContent('95 created · 2 updated · 1 skipped · 2 refused');
    expect(row).toHaveTextContent('Olivia Martin');
    expect(screen.getByRole('link', { name: 'New import' })).toHaveAttribute('href', '/settings/imports/new');
    expect(callsOf(fetchStub.mock)).toContain('GET /api/imports/?page=1&page_size=25');
  });

  it('shows a recruiter that the page is not theirs, without asking the server', async () => {
    renderAt('/settings/imports', '/settings/imports', <ImportsRoute />, ['recruiter']);
    expect(await screen.findByText('You do not have access to this page.')).toBeInTheDocument();
    expect(fetchStub.mock).not.toHaveBeenCalled();
  });
});
