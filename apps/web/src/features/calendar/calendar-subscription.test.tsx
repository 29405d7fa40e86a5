import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiStateForTests } from '@/test/api-state';
import { jsonResponse } from '@/test/factories';
import { callsOf, renderWithProviders } from '@/test/render';
import { CalendarSubscribeButton, CalendarSubscription } from './components/calendar-subscription';

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
let active = false;
let made = 0;

beforeEach(() => {
  resetApiStateForTests();
  active = false;
  made = 0;
  document.cookie = 'csrftoken=test-token; path=/';
  fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    if (init?.method === 'POST') {
      made += 1;
      active = true;
      return jsonResponse(200, {
        success: true,
        subscription: {
          active: true,
          created_at: '2026-03-01T09:00:00Z',
          url: `https://app.example/api/calendar/ical/secret-${made}/`,
        },
      });
    }
    if (String(input).includes('/api/calendar/subscription/'))
      return jsonResponse(200, {
        success: true,
        subscription: { active, created_at: active ? '2026-02-01T09:00:00Z' : null },
      });
    return jsonResponse(404, { success: false, error: 'Not found.' });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('calendar subscription', () => {
  it('makes the first address without asking and shows it once, with Copy', async () => {
    const user = userEvent.setup();
    renderWithProviders(<CalendarSubscription />);
    await user.click(await screen.findByRole('button', { name: 'Create calendar address' }));
    const field = await screen.findByLabelText('Your calendar address');
    expect(field).toHaveValue('https://app.example/api/calendar/ical/secret-1/');
    expect(screen.getByText(/shown only this once/)).toBeInTheDocument();
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith('https://app.example/api/calendar/ical/secret-1/');
    expect(callsOf(fetchMock)).toContain('POST /api/calendar/subscription/rotate/');
  });

  it('asks before making a new address, and cancelling changes nothing', async () => {
    active = true;
    const user = userEvent.setup();
    renderWithProviders(<CalendarSubscription />);
    expect(await screen.findByText(/You have a calendar address, made/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Your calendar address')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Make a new address' }));
    let dialog = await screen.findByRole('dialog', { name: 'Make a new calendar address?' });
    expect(within(dialog).getByText(/stops working at once/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsOf(fetchMock).filter((call) => call.startsWith('POST'))).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Make a new address' }));
    dialog = await screen.findByRole('dialog', { name: 'Make a new calendar address?' });
    await user.click(within(dialog).getByRole('button', { name: 'Make a new address' }));
    expect(await screen.findByLabelText('Your calendar address')).toHaveValue(
      'https://app.example/api/calendar/ical/secret-1/',
    );
  });

  it('is on the Calendar page too: Subscribe (iCal) opens it in a dialog (issue 29 item p)', async () => {
    const user = userEvent.setup();
    renderWithProviders(<CalendarSubscribeButton />);
    await user.click(screen.getByRole('button', { name: 'Subscribe (iCal)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Subscribe to your calendar' });
    await user.click(await within(dialog).findByRole('button', { name: 'Create calendar address' }));
    expect(await within(dialog).findByLabelText('Your calendar address')).toHaveValue(
      'https://app.example/api/calendar/ical/secret-1/',
    );
  });
});
