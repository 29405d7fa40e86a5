import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Session } from '@recruitdesk/contracts/sessions';
import { resetApiStateForTests } from '@/test/api-state';
import { jsonResponse } from '@/test/factories';
import { callsOf, renderWithProviders } from '@/test/render';
import { SessionsList } from './components/sessions-list';

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

const session = (overrides: Partial<Session>): Session => ({
  id: 1,
  device: 'Chrome 140 on Linux',
  browser: 'Chrome',
  os: 'Linux',
  ip: '127.0.0.1',
  created_at: '2026-03-01T09:00:00Z',
  last_seen_at: '2026-03-01T09:30:00Z',
  expires_at: '2026-03-31T09:00:00Z',
  remember_me: false,
  current: false,
  ...overrides,
});

const sessions = [
  session({ id: 1, device: 'Chrome 140 on Linux', current: true }),
  session({ id: 2, device: 'Safari 18 on iOS', ip: '10.0.0.7' }),
  session({ id: 3, device: 'Firefox 135 on Windows' }),
];

beforeEach(() => {
  resetApiStateForTests();
  document.cookie = 'csrftoken=test-token; path=/';
  fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    if (init?.method === 'DELETE') return jsonResponse(200, { success: true, message: 'Signed out.' });
    if (String(input).includes('revoke-others')) return jsonResponse(200, { success: true, revoked: 2 });
    return jsonResponse(200, { success: true, sessions });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('sessions list', () => {
  it('marks this device and offers Revoke only on the others', async () => {
    renderWithProviders(<SessionsList />);
    const list = await screen.findByRole('list', { name: 'Sessions' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByText('This device')).toBeInTheDocument();
    expect(within(rows[0]!).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Revoke session on Chrome 140 on Linux' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Revoke session on Safari 18 on iOS' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Revoke session on Firefox 135 on Windows' })).toBeInTheDocument();
    expect(within(rows[1]!).getByText('10.0.0.7')).toBeInTheDocument();
  });

  it('revokes one session, and all others after confirming', async () => {
    const user = userEvent.setup();
    renderWithProviders(<SessionsList />);
    await user.click(await screen.findByRole('button', { name: 'Revoke session on Safari 18 on iOS' }));
    await waitFor(() => expect(callsOf(fetchMock)).toContain('DELETE /api/sessions/2/'));

    await user.click(screen.getByRole('button', { name: 'Sign out all other sessions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out all other sessions?' });
    await user.click(within(dialog).getByRole('button', { name: 'Sign out others' }));
    await waitFor(() => expect(callsOf(fetchMock)).toContain('POST /api/sessions/revoke-others/'));
  });
});
