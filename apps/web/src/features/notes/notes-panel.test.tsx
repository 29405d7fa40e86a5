import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Note } from '@recruitdesk/contracts/notes';
import { resetApiStateForTests } from '@/test/api-state';
import { jsonResponse } from '@/test/factories';
import { readDraft, setDraftOwner } from '@/lib/form-draft';
import { renderWithProviders } from '@/test/render';
import { NotesPanel } from './components/notes-panel';

const note = (overrides: Partial<Note>): Note => ({
  id: 1,
  model_type: 'client',
  object_id: 9,
  body: 'A note',
  pinned: false,
  author: { id: 1, name: 'Olivia Martin' },
  created_at: '2026-03-01T09:00:00Z',
  updated_at: '2026-03-01T09:00:00Z',
  edited_at: null,
  can_edit: false,
  ...overrides,
});

const notes = [
  note({ id: 1, body: 'Newest, not mine', created_at: '2026-03-03T09:00:00Z' }),
  note({
    id: 2,
    body: 'Pinned and mine',
    pinned: true,
    can_edit: true,
    created_at: '2026-03-01T09:00:00Z',
    updated_at: '2026-03-02T20:30:00Z',
    edited_at: '2026-03-02T20:30:00Z',
  }),
];

beforeEach(() => {
  resetApiStateForTests();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url.includes('/summary/')) {
        return jsonResponse(200, {
          success: true,
          summary: { count: 2, pinned_count: 1, authors: [{ id: 1, name: 'Olivia Martin' }], latest: notes[0] },
        });
      }
      return jsonResponse(200, {
        success: true,
        notes,
        count: 2,
        target: { model_type: 'client', object_id: 9, label: 'Acme' },
      });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('NotesPanel', () => {
  it('lists pinned notes first and shows edit controls only on notes the user may change', async () => {
    renderWithProviders(<NotesPanel target={{ modelType: 'client', objectId: 9 }} canWrite />);
    const list = await screen.findByRole('list', { name: 'Notes' });
    const items = within(list).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Pinned and mine');
    expect(items[0]).toHaveTextContent('Pinned');
    expect(items[1]).toHaveTextContent('Newest, not mine');
    expect(within(items[0]!).getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(within(items[0]!).getByRole('button', { name: 'Unpin' })).toBeInTheDocument();
    expect(within(items[0]!).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(within(items[1]!).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(within(items[1]!).queryByRole('button', { name: 'Pin' })).not.toBeInTheDocument();
    expect(await screen.findByText(/2 notes · 1 pinned · last by Olivia Martin/)).toBeInTheDocument();
    expect(screen.getByLabelText('New note')).toBeInTheDocument();
    expect(screen.getByLabelText('Pin this note')).toBeInTheDocument();
  });

  it('hides the composer from readers', async () => {
    renderWithProviders(<NotesPanel target={{ modelType: 'client', objectId: 9 }} canWrite={false} />);
    await screen.findByRole('list', { name: 'Notes' });
    expect(screen.queryByLabelText('New note')).not.toBeInTheDocument();
  });

  it('says when an edited note was edited, in the profile time zone', async () => {
    renderWithProviders(<NotesPanel target={{ modelType: 'client', objectId: 9 }} canWrite />, {
      timeZone: 'Asia/Tokyo',
    });
    const list = await screen.findByRole('list', { name: 'Notes' });
    const [edited, untouched] = within(list).getAllByRole('listitem');
    expect(edited).toHaveTextContent('edited Mar 3, 2026, 5:30 AM');
    expect(within(edited!).getByText('Mar 3, 2026, 5:30 AM')).toHaveAttribute('datetime', '2026-03-02T20:30:00Z');
    expect(untouched).not.toHaveTextContent(/edited/);
  });

  it('keeps a note typed when the session expired, for the same user after signing in again (issue 29 item n)', async () => {
    const user = userEvent.setup();
    setDraftOwner(4);
    const stub = vi.mocked(fetch);
    const listAnswer = stub.getMockImplementation()!;
    stub.mockImplementation(async (input, init) =>
      init?.method === 'POST'
        ? jsonResponse(401, { success: false, error: 'Your session has expired.' })
        : listAnswer(input, init),
    );
    const before = renderWithProviders(<NotesPanel target={{ modelType: 'client', objectId: 9 }} canWrite />);
    await user.type(await screen.findByLabelText('New note'), 'Called Ada: she can start in May');
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    await waitFor(() => expect(stub.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true));
    // The sign-in page replaces the app; someone else signing in here sees nothing of it.
    before.unmount();
    setDraftOwner(5);
    const other = renderWithProviders(<NotesPanel target={{ modelType: 'client', objectId: 9 }} canWrite />);
    expect(await screen.findByLabelText('New note')).toHaveValue('');
    other.unmount();

    setDraftOwner(4);
    stub.mockImplementation(async (input, init) =>
      init?.method === 'POST'
        ? jsonResponse(201, { success: true, note: note({ id: 3, body: 'Called Ada: she can start in May' }) })
        : listAnswer(input, init),
    );
    renderWithProviders(<NotesPanel target={{ modelType: 'client', objectId: 9 }} canWrite />);
    expect(await screen.findByLabelText('New note')).toHaveValue('Called Ada: she can start in May');
    expect(screen.getByText('Your unsaved changes were restored.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    await waitFor(() => expect(screen.getByLabelText('New note')).toHaveValue(''));
    expect(readDraft('note:client:9')).toBeNull();
    setDraftOwner(null);
  });

  it('sets a note’s direction from its own text, so right-to-left notes read right to left (issue 29 item p)', async () => {
    renderWithProviders(<NotesPanel target={{ modelType: 'client', objectId: 9 }} canWrite />);
    const body = await screen.findByText('Pinned and mine');
    expect(body).toHaveAttribute('dir', 'auto');
    expect(screen.getByLabelText('New note')).toHaveAttribute('dir', 'auto');
  });
});
