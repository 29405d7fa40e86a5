import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Enrolment, Sequence } from '@recruitdesk/contracts/sequences';
import { resetApiStateForTests } from '@/test/api-state';
import { jsonResponse } from '@/test/factories';
import { callsOf, renderWithProviders } from '@/test/render';
import { SequencesPage } from './components/sequences-page';

const sequence: Sequence = {
  id: 6,
  name: 'Cold outreach',
  skip_weekends: true,
  steps: [
    { template: { id: 4, name: 'Intro' }, delay_days: 0 },
    { template: { id: 5, name: 'Nudge' }, delay_days: 3 },
  ],
  owner: { id: 2, name: 'Riley Recruiter' },
  active_enrolments: 1,
  can_edit: true,
  updated_at: '2026-11-01T00:00:00Z',
};
let enrolments: Enrolment[];
let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

beforeEach(() => {
  resetApiStateForTests();
  document.cookie = 'csrftoken=test-token';
  enrolments = [
    {
      id: 70,
      sequence_id: 6,
      candidate: { id: 3, name: 'Jane Doe' },
      role: null,
      state: 'active',
      stop_reason: null,
      stop_detail: '',
      next_step: 1,
      next_run_at: '2026-12-02T09:00:00Z',
      enrolled_at: '2026-11-29T09:00:00Z',
    },
  ];
  fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    if (method === 'GET' && url.endsWith('/api/sequences/'))
      return jsonResponse(200, { success: true, sequences: [sequence] });
    if (method === 'GET' && url.includes('/api/sequences/6/enrolments/'))
      return jsonResponse(200, { success: true, enrolments });
    if (method === 'POST' && url.includes('/api/sequences/6/enrolments/70/stop/')) {
      enrolments = [{ ...enrolments[0]!, state: 'stopped', stop_reason: 'stopped_by_user' }];
      return jsonResponse(200, { success: true, enrolment: enrolments[0] });
    }
    if (method === 'GET' && url.includes('/api/email-templates/'))
      return jsonResponse(200, { success: true, templates: [{ id: 4, name: 'Intro' }] });
    return jsonResponse(404, { success: false, error: 'Not found.' });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('SequencesPage', () => {
  it('shows a sequence’s steps and stops one candidate’s enrolment', async () => {
    renderWithProviders(<SequencesPage canEdit />);
    const list = await screen.findByRole('list', { name: 'Sequences' });
    expect(within(list).getByText('Intro (+0 d) → Nudge (+3 d)')).toBeInTheDocument();
    await userEvent.click(within(list).getByRole('button', { name: 'Enrolled (1)' }));
    const enrolled = await screen.findByRole('list', { name: 'Enrolled in Cold outreach' });
    expect(enrolled).toHaveTextContent('Step 2 of 2');
    await userEvent.click(within(enrolled).getByRole('button', { name: 'Stop the sequence for Jane Doe' }));
    await waitFor(() => expect(enrolled).toHaveTextContent('Stopped: stopped by hand'));
    expect(callsOf(fetchMock)).toContain('POST /api/sequences/6/enrolments/70/stop/');
  });

  it('allows at most 5 steps', async () => {
    renderWithProviders(<SequencesPage canEdit />);
    await userEvent.click(await screen.findByRole('button', { name: 'New sequence' }));
    const dialog = await screen.findByRole('dialog', { name: 'New sequence' });
    for (let i = 0; i < 4; i += 1) await userEvent.click(within(dialog).getByRole('button', { name: 'Add a step' }));
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(5);
    expect(within(dialog).getByRole('button', { name: 'At most 5 steps' })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create sequence' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Enter a name.');
  });
});
