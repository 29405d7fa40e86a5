import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiStateForTests } from '@/test/api-state';
import { jsonResponse } from '@/test/factories';
import { formatDateTime, formatTime } from '@/lib/format';
import { callsOf, renderWithProviders } from '@/test/render';
import { CalendarView } from './components/calendar-view';

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
// The current minute, one minute long: in this week's agenda in any zone (minutes ahead could fall in
// next week on a Sunday night), and listed once (an hour from 23:30 would list it on two days).
const soon = new Date(Math.floor(Date.now() / 60_000) * 60_000);

beforeEach(() => {
  resetApiStateForTests();
  fetchMock = vi.fn<typeof fetch>(async (input) => {
    const url = String(input);
    if (url.includes('/api/calendar/interviews/'))
      return jsonResponse(200, {
        success: true,
        events: [
          {
            id: 'interview-1',
            title: 'Client interview: Ada Lovelace (Data Engineer, Acme)',
            start: soon.toISOString(),
            end: new Date(soon.getTime() + 60_000).toISOString(),
            all_day: false,
            kind: 'interview_client',
            url: '/roles/4/pipelines/9',
          },
        ],
      });
    return jsonResponse(200, { success: true, events: [] });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('calendar view', () => {
  it('asks the feeds a recruiter may see over the visible range, shows the event and opens its record', async () => {
    const user = userEvent.setup();
    renderWithProviders(<CalendarView userTypes={['recruiter']} />, {
      path: '/calendar',
      timeZone: 'Asia/Tokyo',
    });
    await user.click(screen.getByRole('button', { name: 'Agenda' }));
    const link = await screen.findByText('Client interview: Ada Lovelace (Data Engineer, Acme)');
    const calls = callsOf(fetchMock);
    expect(
      calls.some((call) =>
        /^GET \/api\/calendar\/interviews\/\?start=\d{4}-\d{2}-\d{2}&end=\d{4}-\d{2}-\d{2}$/.test(call),
      ),
    ).toBe(true);
    expect(calls.some((call) => call.includes('/api/calendar/roles/'))).toBe(true);
    expect(calls.some((call) => call.includes('invoice-payouts'))).toBe(false);
    expect(screen.queryByRole('button', { name: /Invoice due/ })).not.toBeInTheDocument();
    await user.click(link);
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/roles/4/pipelines/9'));
  });

  it('the legend filters by kind, and "Only mine" asks the feeds again with mine=true', async () => {
    const user = userEvent.setup();
    renderWithProviders(<CalendarView userTypes={['owner']} />, { path: '/calendar' });
    await user.click(screen.getByRole('button', { name: 'Agenda' }));
    expect(await screen.findByText('Client interview: Ada Lovelace (Data Engineer, Acme)')).toBeInTheDocument();
    expect(callsOf(fetchMock).some((call) => call.includes('invoice-payouts'))).toBe(true);
    const toggle = screen.getByRole('button', { name: 'Client interview' });
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await waitFor(() =>
      expect(screen.queryByText('Client interview: Ada Lovelace (Data Engineer, Acme)')).not.toBeInTheDocument(),
    );
    await user.click(screen.getByRole('checkbox', { name: 'Only mine' }));
    await waitFor(() =>
      expect(
        callsOf(fetchMock).some((call) => call.includes('/api/calendar/interviews/') && call.endsWith('&mine=true')),
      ).toBe(true),
    );
  });

  it('says when a feed could not load, with Retry', async () => {
    fetchMock.mockImplementation(async () =>
      jsonResponse(500, { success: false, error: 'Something went wrong on our side.' }),
    );
    renderWithProviders(<CalendarView userTypes={['viewer']} />, { path: '/calendar' });
    expect(await screen.findByText('The calendar could not load its events.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('writes times as the rest of the app does, not FullCalendar’s “2:30p” (issue 29 item p)', async () => {
    const user = userEvent.setup();
    renderWithProviders(<CalendarView userTypes={['recruiter']} />, { path: '/calendar', timeZone: 'Asia/Tokyo' });
    await user.click(screen.getByRole('button', { name: 'Agenda' }));
    await screen.findByText('Client interview: Ada Lovelace (Data Engineer, Acme)');
    const from = formatTime(soon, 'Asia/Tokyo');
    const to = formatTime(soon.getTime() + 60_000, 'Asia/Tokyo');
    expect(screen.getByText(`${from} – ${to}`)).toBeInTheDocument();
    expect(from).toBe(formatDateTime(soon, 'Asia/Tokyo').split(', ').at(-1));
  });
});
