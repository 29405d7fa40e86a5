import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AgencyExport } from '@recruitdesk/contracts/agency-archive';
import { jsonResponse } from '@/test/factories';
import { installFetchStub } from '@/test/fetch-stub';
import { renderWithProviders } from '@/test/render';
import { ExportEverythingSection } from './components/export-everything';

const fetchStub = installFetchStub();

const base: AgencyExport = {
  id: 7,
  state: 'queued',
  progress: { done: 0, total: null, note: null, eta_seconds: null },
  created_at: '2026-11-29T10:00:00.000Z',
  created_by: { id: 1, name: 'Olivia Bennett' },
  finished_at: null,
  error: null,
  size_bytes: null,
  summary: null,
  download_url: null,
  expires_at: null,
  downloaded_at: null,
  expired: false,
};

const running: AgencyExport = {
  ...base,
  state: 'running',
  progress: { done: 12, total: 40, note: 'candidates', eta_seconds: 3 },
};
const ready: AgencyExport = {
  ...base,
  state: 'succeeded',
  progress: { done: 40, total: 40, note: null, eta_seconds: 0 },
  finished_at: '2026-11-29T10:01:00.000Z',
  expires_at: '2026-11-30T10:01:00.000Z',
  size_bytes: 3 * 1024 * 1024,
  summary: { tables: 30, rows: 9000, files: 10, missing_files: 0 },
  download_url: '/api/exports/download/signed-token/',
};

describe('Settings → Export everything', () => {
  it('starts an export, shows its progress, then a download that works once, and lists it', async () => {
    const details = [running, ready];
    let listed: AgencyExport[] = [];
    fetchStub.mock.mockImplementation(async (input, init) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      if (url.includes('/api/exports/') && method === 'POST') {
        listed = [base];
        return jsonResponse(202, { success: true, export: base });
      }
      if (/\/api\/exports\/7\//.test(url)) {
        const next = details.length > 1 ? details.shift()! : details[0]!;
        if (next.state === 'succeeded') listed = [ready];
        return jsonResponse(200, { success: true, export: next });
      }
      if (url.includes('/api/exports/'))
        return jsonResponse(200, { success: true, exports: listed, count: listed.length });
      return jsonResponse(404, { success: false, error: 'Not found' });
    });
    renderWithProviders(<ExportEverythingSection />, { timeZone: 'UTC' });
    const user = userEvent.setup();
    expect(await screen.findByText('No exports yet.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Export everything' }));
    const bar = await screen.findByRole('progressbar', { name: 'Export progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '30');
    expect(screen.getByText(/Preparing the archive: 30% \(candidates\)/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export everything' })).toBeDisabled();

    const download = await screen.findByRole('link', { name: 'Download' }, { timeout: 4000 });
    expect(download).toHaveAttribute('href', '/api/exports/download/signed-token/');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByText(/works/)).toHaveTextContent(/The download works once and until/);
    expect(download).toHaveAccessibleDescription(/works once/);
    const recent = await screen.findByRole('list', { name: 'Recent exports' });
    await waitFor(() => expect(within(recent).getByText('Ready')).toBeInTheDocument());
    expect(within(recent).getByText(/by Olivia Bennett · 3.0 MB/)).toBeInTheDocument();
  });

  it('says why when the server refuses (only an owner may export)', async () => {
    fetchStub.mock.mockImplementation(async (input, init) => {
      if ((init?.method ?? 'GET') === 'POST')
        return jsonResponse(403, {
          success: false,
          error: 'You do not have permission to do that.',
          code: 'FORBIDDEN',
        });
      return jsonResponse(200, { success: true, exports: [], count: 0 });
    });
    renderWithProviders(<ExportEverythingSection />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Export everything' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You do not have permission to do that.');
  });

  it('offers the download of a ready export made earlier (after a reload) in the list', async () => {
    fetchStub.mock.mockImplementation(async () =>
      jsonResponse(200, { success: true, exports: [{ ...ready, id: 3 }], count: 1 }),
    );
    renderWithProviders(<ExportEverythingSection />, { timeZone: 'UTC' });
    const recent = await screen.findByRole('list', { name: 'Recent exports' });
    expect(within(recent).getByText('Ready')).toBeInTheDocument();
    const link = within(recent).getByRole('link', { name: /^Download: the export of .* \(works once\)$/ });
    expect(link).toHaveAttribute('href', '/api/exports/download/signed-token/');
  });

  it('lists used and expired exports without a download', async () => {
    fetchStub.mock.mockImplementation(async () =>
      jsonResponse(200, {
        success: true,
        exports: [
          { ...ready, id: 2, download_url: null, downloaded_at: '2026-11-29T11:00:00.000Z' },
          { ...ready, id: 1, download_url: null, expired: true },
        ],
        count: 2,
      }),
    );
    renderWithProviders(<ExportEverythingSection />);
    const recent = await screen.findByRole('list', { name: 'Recent exports' });
    expect(within(recent).getByText('Downloaded')).toBeInTheDocument();
    expect(within(recent).getByText('Expired')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Download' })).not.toBeInTheDocument();
  });
});
