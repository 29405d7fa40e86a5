import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SlotOffer } from '@recruitdesk/contracts/scheduling';
import { resetApiStateForTests } from '@/test/api-state';
import { jsonResponse } from '@/test/factories';
import { renderWithProviders } from '@/test/render';
import { SchedulingCard } from './components/scheduling-card';

const offer = (overrides: Partial<SlotOffer> = {}): SlotOffer => ({
  id: 5,
  status: 'open',
  interviewer: { id: 2, name: 'Ivan Interviewer' },
  time_zone: 'America/New_York',
  duration_minutes: 45,
  location: '',
  meeting_url: '',
  contact_pick_books: false,
  slots: [
    { id: 11, starts_at: '2027-01-12T14:00:00.000Z', ends_at: '2027-01-12T14:45:00.000Z', available: true },
    { id: 12, starts_at: '2027-01-13T15:00:00.000Z', ends_at: '2027-01-13T15:45:00.000Z', available: false },
  ],
  participants: [
    { kind: 'candidate', name: 'Cara Lee', picked_slot_id: 11, picked_at: '2026-12-01T00:00:00Z', expires_at: '' },
    { kind: 'contact', name: 'Hana Boss', picked_slot_id: null, picked_at: null, expires_at: '' },
  ],
  booked_slot_id: null,
  interview_id: null,
  sequence: 0,
  created_at: '2026-11-29T00:00:00Z',
  ...overrides,
});

let current: SlotOffer | null;
let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
const calls = (method: string, path: string) =>
  fetchMock.mock.calls.filter(([input, init]) => (init?.method ?? 'GET') === method && String(input).includes(path));

beforeEach(() => {
  resetApiStateForTests();
  document.cookie = 'csrftoken=test-token';
  current = null;
  fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    if (method === 'GET' && url.includes('/api/pipelines/9/slots/'))
      return jsonResponse(200, { success: true, offer: current, history: [] });
    if (method === 'POST' && url.includes('/api/pipelines/9/slots/cancel/')) {
      const cancelled = { ...current!, status: 'cancelled' as const };
      current = null;
      return jsonResponse(200, { success: true, offer: cancelled });
    }
    if (method === 'POST' && url.includes('/api/pipelines/9/slots/')) {
      const body = JSON.parse(String(init?.body));
      if (body.slots.some((slot: { start: string }) => slot.start < '2026'))
        return jsonResponse(400, {
          success: false,
          error: 'Check the highlighted fields.',
          fields: { slots: ['Offer times in the future.'] },
        });
      current = offer({ time_zone: body.time_zone });
      return jsonResponse(201, { success: true, offer: current });
    }
    return jsonResponse(404, { success: false, error: 'Not found.' });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const props = {
  pipelineId: 9,
  stage: 'submitted',
  open: true,
  canEdit: true,
  interviewers: [
    { id: 1, name: 'Rita Recruiter' },
    { id: 2, name: 'Ivan Interviewer' },
  ],
  currentUserId: 1,
  timeZone: 'America/New_York',
  hiringManagerName: 'Hana Boss',
};

describe('SchedulingCard', () => {
  it('offers several times in the interviewer zone and shows who picked what', async () => {
    const user = userEvent.setup();
    renderWithProviders(<SchedulingCard {...props} />);
    const card = await screen.findByRole('region', { name: 'Interview scheduling' });
    expect(await within(card).findByText(/No interview times offered/)).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Offer interview times' }));

    const dialog = await screen.findByRole('dialog', { name: 'Offer interview times' });
    expect(within(dialog).getByText(/Hana Boss each get a link/)).toBeInTheDocument();
    expect(within(dialog).getByLabelText("Interviewer's time zone")).toHaveValue('America/New_York');
    await user.selectOptions(within(dialog).getByLabelText('Interviewer'), '2');
    // Empty rows are refused on the spot; a row can be removed and added.
    await user.click(within(dialog).getByRole('button', { name: 'Remove time 3' }));
    await user.click(screen.getByRole('button', { name: 'Send the times' }));
    expect((await within(dialog).findAllByText('Enter a date and time.')).length).toBe(2);
    expect(calls('POST', '/slots/')).toHaveLength(0);

    // The server's refusal lands on the field.
    await user.type(within(dialog).getByLabelText('Time 1'), '2020-01-12T09:00');
    await user.type(within(dialog).getByLabelText('Time 2'), '2027-01-13T10:00');
    await user.click(screen.getByRole('button', { name: 'Send the times' }));
    expect(await within(dialog).findByText('Offer times in the future.')).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText('Time 1'));
    await user.type(within(dialog).getByLabelText('Time 1'), '2027-01-12T09:00');
    await user.click(within(dialog).getByRole('button', { name: 'Add a time' }));
    await user.type(within(dialog).getByLabelText('Time 3'), '2027-01-14T10:00');
    await user.clear(within(dialog).getByLabelText('Length (minutes)'));
    await user.type(within(dialog).getByLabelText('Length (minutes)'), '45');
    await user.type(within(dialog).getByLabelText('Video link'), 'https://meet.example.test/x');
    await user.click(screen.getByRole('button', { name: 'Send the times' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Offer interview times' })).not.toBeInTheDocument(),
    );
    const sent = JSON.parse(String(calls('POST', '/api/pipelines/9/slots/').at(-1)![1]?.body));
    expect(sent).toMatchObject({
      interviewer_id: 2,
      time_zone: 'America/New_York',
      duration_minutes: 45,
      meeting_url: 'https://meet.example.test/x',
      slots: [{ start: '2027-01-12T09:00' }, { start: '2027-01-13T10:00' }, { start: '2027-01-14T10:00' }],
      contact_pick_books: false,
    });

    // The status: times in the offer's zone, the candidate's pick, a taken time.
    const times = await within(card).findByRole('list', { name: 'Times offered' });
    const items = within(times).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Tue, 12 Jan 2027, 09:00');
    expect(items[0]).toHaveTextContent('Candidate picked');
    expect(items[1]).toHaveTextContent('No longer available');
    expect(within(card).getByText('Client: Hana Boss — not picked yet')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Offer new times' })).toBeInTheDocument();
  });

  it('shows the booked time and cancels it after confirming', async () => {
    current = offer({ status: 'booked', booked_slot_id: 11, interview_id: 3 });
    const user = userEvent.setup();
    renderWithProviders(<SchedulingCard {...props} />);
    const card = await screen.findByRole('region', { name: 'Interview scheduling' });
    expect(
      await within(card).findByText('Booked: Tue, 12 Jan 2027, 09:00 (America/New_York) · 45 min'),
    ).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Reschedule' })).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Cancel the interview' }));
    const confirm = await screen.findByRole('dialog', { name: 'Cancel the interview?' });
    await user.click(within(confirm).getByRole('button', { name: 'Keep it' }));
    expect(calls('POST', '/slots/cancel/')).toHaveLength(0);
    await user.click(within(card).getByRole('button', { name: 'Cancel the interview' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Cancel the interview?' })).getByRole('button', {
        name: 'Cancel the interview',
      }),
    );
    await waitFor(() => expect(calls('POST', '/api/pipelines/9/slots/cancel/')).toHaveLength(1));
    expect(await within(card).findByText(/No interview times offered/)).toBeInTheDocument();
  });

  it('reads only for viewers and shows nothing before the submittal', async () => {
    current = offer();
    const { unmount } = renderWithProviders(<SchedulingCard {...props} canEdit={false} />);
    const card = await screen.findByRole('region', { name: 'Interview scheduling' });
    await within(card).findByRole('list', { name: 'Times offered' });
    expect(within(card).queryByRole('button')).not.toBeInTheDocument();
    unmount();
    current = null;
    resetApiStateForTests();
    renderWithProviders(<SchedulingCard {...props} stage="sourced" />);
    await waitFor(() => expect(calls('GET', '/api/pipelines/9/slots/').length).toBeGreaterThan(1));
    expect(screen.queryByRole('region', { name: 'Interview scheduling' })).not.toBeInTheDocument();
  });
});
