import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Message } from '@recruitdesk/contracts/messages';
import { resetApiStateForTests } from '@/test/api-state';
import { jsonResponse } from '@/test/factories';
import { callsOf, renderWithProviders } from '@/test/render';
import { messagesApi } from './api';
import { Timeline } from './components/timeline';
import { buildMessage } from './test-support/messages';

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
let pages: Record<string, { results: Message[]; next: string | null }>;

beforeEach(() => {
  resetApiStateForTests();
  document.cookie = 'csrftoken=test-token';
  pages = {
    first: {
      results: [
        buildMessage({ id: 30, subject: 'Newest', status: 'queued' }),
        buildMessage({
          id: 29,
          subject: 'Refused one',
          status: 'failed',
          status_detail: '550 5.1.1 mailbox unavailable',
        }),
      ],
      next: 'cursor-29',
    },
    'cursor-29': {
      results: [
        buildMessage({
          id: 5,
          subject: 'Oldest reply',
          direction: 'inbound',
          status: 'received',
          from: { name: 'Jane Doe', address: 'jane@example.test' },
          attachments: [{ id: 9, filename: 'cv.pdf', content_type: 'application/pdf', size: 2048, url: '/api/x/9/' }],
        }),
      ],
      next: null,
    },
  };
  fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    if (method === 'GET' && url.pathname === '/api/candidates/3/timeline/') {
      return jsonResponse(200, pages[url.searchParams.get('before') ?? 'first']);
    }
    if (method === 'POST' && url.pathname === '/api/messages/29/resend/') {
      pages.first!.results[1] = { ...pages.first!.results[1]!, status: 'queued', status_detail: null };
      return jsonResponse(200, pages.first!.results[1]);
    }
    return jsonResponse(404, { success: false, error: 'Not found.' });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('Timeline', () => {
  it('shows the newest page, then the older one after "Load older", with statuses and the relay’s answer', async () => {
    renderWithProviders(<Timeline type="candidate" id={3} />);
    const list = await screen.findByRole('list', { name: 'Emails' });
    expect(await within(list).findByRole('button', { name: 'Newest' })).toBeInTheDocument();
    expect(within(list).getByText('Queued')).toBeInTheDocument();
    expect(within(list).getByText('Failed')).toBeInTheDocument();
    expect(within(list).getByText(/550 5\.1\.1 mailbox unavailable/)).toBeInTheDocument();
    expect(within(list).queryByText('Oldest reply')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Load older' }));
    expect(await within(list).findByRole('button', { name: 'Oldest reply' })).toBeInTheDocument();
    expect(within(list).getByText('Received')).toBeInTheDocument();
    // The first page stays; the end of the timeline offers no more.
    expect(within(list).getByRole('button', { name: 'Newest' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Load older' })).not.toBeInTheDocument());
    expect(callsOf(fetchMock)).toEqual([
      'GET /api/candidates/3/timeline/?limit=25',
      'GET /api/candidates/3/timeline/?before=cursor-29&limit=25',
    ]);
  });

  it('expands a message to its body (in a sandboxed frame) and attachments, and offers Reply', async () => {
    const onReply = vi.fn();
    pages.first = { results: [pages['cursor-29']!.results[0]!], next: null };
    renderWithProviders(<Timeline type="candidate" id={3} onReply={onReply} />);
    const toggle = await screen.findByRole('button', { name: 'Oldest reply' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const frame = screen.getByTitle('Body of “Oldest reply”');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('sandbox')).not.toMatch(/allow-scripts/);
    expect(frame.getAttribute('srcdoc')).toContain('<p>Hello Jane</p>');
    expect(screen.getByRole('link', { name: /cv\.pdf/ })).toHaveAttribute('href', '/api/x/9/');
    await userEvent.click(screen.getByRole('button', { name: 'Reply' }));
    expect(onReply).toHaveBeenCalledWith(expect.objectContaining({ id: 5 }));
  });

  it('sends a failed message again and shows its new status', async () => {
    renderWithProviders(<Timeline type="candidate" id={3} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Send again' }));
    await waitFor(() => expect(screen.queryByText('Failed')).not.toBeInTheDocument());
    expect(screen.getAllByText('Queued')).toHaveLength(2);
    expect(callsOf(fetchMock)).toContain('POST /api/messages/29/resend/');
  });

  it('says when there are no emails, and offers Retry when the timeline cannot load', async () => {
    pages.first = { results: [], next: null };
    const { unmount } = renderWithProviders(<Timeline type="candidate" id={3} />);
    expect(await screen.findByText('No emails yet')).toBeInTheDocument();
    unmount();
    resetApiStateForTests();
    fetchMock.mockImplementation(async () => jsonResponse(500, { success: false, error: 'Database unavailable.' }));
    renderWithProviders(<Timeline type="candidate" id={4} />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the emails');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('shows a message sent after the empty state: the empty timeline still listens for sends', async () => {
    pages.first = { results: [], next: null };
    const { store } = renderWithProviders(<Timeline type="candidate" id={3} />);
    expect(await screen.findByText('No emails yet')).toBeInTheDocument();
    pages.first = { results: [buildMessage({ id: 31, subject: 'Just sent', status: 'queued' })], next: null };
    store.dispatch(messagesApi.util.invalidateTags([{ type: 'Message', id: 'TIMELINES' }]));
    expect(await screen.findByText('Just sent')).toBeInTheDocument();
    expect(screen.queryByText('No emails yet')).not.toBeInTheDocument();
  });
});
