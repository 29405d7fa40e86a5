import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { USER_TYPE_DESCRIPTIONS, USER_TYPES } from '@recruitdesk/contracts/users';
import { resetApiStateForTests } from '@/test/api-state';
import { jsonResponse } from '@/test/factories';
import { callsOf, renderWithProviders } from '@/test/render';
import { InviteUserDialog } from './components/invite-user-dialog';

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
const userTypes = USER_TYPES.map((value) => ({ value, ...USER_TYPE_DESCRIPTIONS[value] }));

beforeEach(() => {
  resetApiStateForTests();
  document.cookie = 'csrftoken=test-token; path=/';
  fetchMock = vi.fn<typeof fetch>(async (input) => {
    const url = String(input);
    if (url.includes('/user-types/')) return jsonResponse(200, { success: true, user_types: userTypes });
    return jsonResponse(404, { success: false, error: 'Not found' });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function renderDialog(canGrantOwner: boolean) {
  const onClose = vi.fn();
  const utils = renderWithProviders(<InviteUserDialog open onClose={onClose} canGrantOwner={canGrantOwner} />);
  return { ...utils, onClose };
}

describe('invite dialog', () => {
  it('lists the user types with descriptions; a superuser cannot grant owner', async () => {
    renderDialog(false);
    expect(await screen.findByRole('dialog', { name: 'Invite a team member' })).toBeInTheDocument();
    const owner = screen.getByRole('checkbox', { name: 'Owner' });
    expect(owner).toBeDisabled();
    expect(owner).toHaveAccessibleDescription(/Only an owner can grant the owner type/);
    expect(screen.getByRole('checkbox', { name: 'Recruiter' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Viewer' })).toHaveAccessibleDescription(
      USER_TYPE_DESCRIPTIONS.viewer.description,
    );
  });

  it('an owner may grant owner', async () => {
    renderDialog(true);
    await screen.findByRole('dialog', { name: 'Invite a team member' });
    expect(screen.getByRole('checkbox', { name: 'Owner' })).toBeEnabled();
  });

  it('validates the email and that a type is chosen before sending', async () => {
    const user = userEvent.setup();
    renderDialog(false);
    await screen.findByRole('dialog');
    await user.click(screen.getByRole('checkbox', { name: 'Recruiter' }));
    await user.type(screen.getByLabelText('Email address'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Enter a valid email address.')).toBeInTheDocument();
    expect(screen.getByText('Choose at least one user type.')).toBeInTheDocument();
    expect(callsOf(fetchMock).some((c) => c.startsWith('POST'))).toBe(false);
  });

  it('shows a 409 refusal in the dialog, then sends and closes', async () => {
    const user = userEvent.setup();
    const { onClose, store } = renderDialog(false);
    await screen.findByRole('dialog');
    fetchMock.mockResolvedValueOnce(
      jsonResponse(409, {
        success: false,
        error: 'A user with this email already exists.',
        code: 'ACCOUNT_EXISTS',
      }),
    );
    await user.type(screen.getByLabelText('Email address'), 'ravi@agency.test');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('A user with this email already exists.');
    expect(onClose).not.toHaveBeenCalled();

    fetchMock.mockResolvedValueOnce(
      jsonResponse(201, {
        success: true,
        invitation: {
          id: 5,
          email: 'ravi@agency.test',
          user_type: ['recruiter'],
          status: 'pending',
          invited_by: { id: 1, name: 'Olivia Martin' },
          created_at: '2026-03-01T09:00:00Z',
          expires_at: '2026-03-08T09:00:00Z',
          last_sent_at: '2026-03-01T09:00:00Z',
        },
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const post = fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST').at(-1);
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      email: 'ravi@agency.test',
      user_type: ['recruiter'],
    });
    expect(store.getState().ui.notifications.map((n) => n.message)).toContain('Invitation sent to ravi@agency.test');
  });
});
