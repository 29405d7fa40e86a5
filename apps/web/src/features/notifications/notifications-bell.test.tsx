import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Notification } from '@recruitdesk/contracts/notifications';
import { resetApiStateForTests } from '@/test/api-state';
import { jsonResponse } from '@/test/factories';
import { callsOf, renderWithProviders } from '@/test/render';
import { NotificationsBell } from './components/notifications-bell';

const notice = (overrides: Partial<Notification>): Notification => ({
  id: 1,
  kind: 'message.reply',
  title: 'Jane Doe replied',
  body: 'Re: Data Engineer',
  link: '/candidates/7',
  created_at: new Date().toISOString(),
  read: false,
  ...overrides,
});

let notices: Notification[];
let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

beforeEach(() => {
  resetApiStateForTests();
  document.cookie = 'csrftoken=test-token';
  notices = [notice({ id: 2 }), notice({ id: 1, title: 'Older, read', link: '', read: true })];
  fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = String(input);
    if ((init?.method ?? 'GET') === 'GET' && url.includes('/api/notifications/')) {
      return jsonResponse(200, {
        success: true,
        results: notices,
        has_more: false,
        unread: notices.filter((n) => !n.read).length,
      });
    }
    if (init?.method === 'POST' && url.endsWith('/api/notifications/read/')) {
      const body = JSON.parse(String(init.body)) as { ids?: number[]; all?: true };
      notices = notices.map((n) => (body.all || body.ids?.includes(n.id) ? { ...n, read: true } : n));
      return jsonResponse(200, { success: true, changed: 1, unread: 0 });
    }
    return jsonResponse(404, { success: false, error: 'Not found.' });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('NotificationsBell', () => {
  it('counts unread notices, and opening one marks it read and goes to its record', async () => {
    const { router } = renderWithProviders(<NotificationsBell />);
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    await userEvent.click(bell);
    expect(await screen.findByText('Older, read')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Jane Doe replied (unread)' }));
    await waitFor(() => expect(callsOf(fetchMock)).toContain('POST /api/notifications/read/'));
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ ids: [2] });
    expect(router.state.location.pathname).toBe('/candidates/7');
  });

  it('marks all read, and says so when there is nothing', async () => {
    renderWithProviders(<NotificationsBell />);
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Notifications' })).toBeInTheDocument());
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ all: true });
  });

  it('shows an empty state', async () => {
    notices = [];
    renderWithProviders(<NotificationsBell />);
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText(/Nothing new/)).toBeInTheDocument();
  });
});
