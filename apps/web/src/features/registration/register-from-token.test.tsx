import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { INVITATION_ERRORS, type InvitationErrorCode } from '@recruitdesk/contracts/registration';
import { buildUser, jsonResponse } from '@/test/factories';
import { renderWithProviders } from '@/test/render';
import { RegisterFromToken } from './components/register-from-token';
import { installFetchStub } from '@/test/fetch-stub';

const fetchStub = installFetchStub();

const valid = {
  success: true,
  valid: true,
  email: 'ravi@agency.test',
  user_type: ['recruiter', 'viewer'],
  expires_at: '2026-03-08T09:00:00Z',
  agency_name: 'Northwind Talent',
  invited_by: 'Olivia Martin',
};

function renderRegister(onRegistered = vi.fn()) {
  renderWithProviders(<RegisterFromToken token="tok-123" onRegistered={onRegistered} />, {
    path: '/auth/register-from-token/:token',
    initialEntry: '/auth/register-from-token/tok-123',
  });
  return onRegistered;
}

describe('registration from an invitation', () => {
  it.each(Object.keys(INVITATION_ERRORS) as InvitationErrorCode[])('shows the message for %s', async (code) => {
    fetchStub.mock.mockResolvedValue(
      jsonResponse(code === 'INVITATION_NOT_FOUND' ? 404 : 410, {
        success: false,
        error: 'Gone',
        code,
      }),
    );
    renderRegister();
    expect(await screen.findByRole('alert')).toHaveTextContent(INVITATION_ERRORS[code]);
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toHaveAttribute('href', '/auth/login');
    expect(screen.queryByRole('button', { name: 'Create account' })).not.toBeInTheDocument();
    expect(String(fetchStub.mock.mock.calls[0]?.[0])).toContain('/api/registration/validate/tok-123/');
  });

  it('shows the invitation and submits the account details', async () => {
    const user = userEvent.setup();
    fetchStub.mock.mockResolvedValueOnce(jsonResponse(200, valid));
    const onRegistered = renderRegister();

    expect(await screen.findByRole('heading', { name: 'Join Northwind Talent' })).toBeInTheDocument();
    expect(screen.getByText('You were invited as recruiter and viewer by Olivia Martin.')).toBeInTheDocument();
    expect(screen.getByLabelText('Email address')).toHaveValue('ravi@agency.test');
    expect(screen.getByLabelText('Email address')).toHaveAttribute('readonly');

    await user.type(screen.getByLabelText('Username'), 'ravi');
    await user.type(screen.getByLabelText('First name'), 'Ravi');
    await user.type(screen.getByLabelText('Last name'), 'Patel');
    await user.type(screen.getByLabelText('Password'), 'a-long-secret-phrase');
    await user.type(screen.getByLabelText('Confirm password'), 'a-different-phrase');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('The passwords do not match.')).toBeInTheDocument();
    expect(fetchStub.mock).toHaveBeenCalledTimes(1);

    await user.clear(screen.getByLabelText('Confirm password'));
    await user.type(screen.getByLabelText('Confirm password'), 'a-long-secret-phrase');
    const response = {
      success: true,
      user: buildUser({ email: 'ravi@agency.test' }),
      session_max_age: null,
    };
    fetchStub.mock.mockResolvedValueOnce(jsonResponse(200, response));
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    await waitFor(() => expect(onRegistered).toHaveBeenCalledWith(response));
    const [url, init] = fetchStub.mock.mock.calls[1]!;
    expect(String(url)).toContain('/api/registration/complete/');
    expect(JSON.parse(String(init?.body))).toEqual({
      token: 'tok-123',
      username: 'ravi',
      first_name: 'Ravi',
      last_name: 'Patel',
      password: 'a-long-secret-phrase',
    });
  });

  it('puts the server’s field messages on the fields', async () => {
    const user = userEvent.setup();
    fetchStub.mock.mockResolvedValueOnce(jsonResponse(200, valid));
    const onRegistered = renderRegister();
    await screen.findByRole('heading', { name: 'Join Northwind Talent' });
    await user.type(screen.getByLabelText('Username'), 'ravi');
    await user.type(screen.getByLabelText('First name'), 'Ravi');
    await user.type(screen.getByLabelText('Last name'), 'Patel');
    await user.type(screen.getByLabelText('Password'), 'password123');
    await user.type(screen.getByLabelText('Confirm password'), 'password123');
    fetchStub.mock.mockResolvedValueOnce(
      jsonResponse(400, {
        success: false,
        error: 'Check the highlighted fields.',
        fields: { password: ['This password is too common.'] },
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('This password is too common.')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('This password is too common.');
    expect(onRegistered).not.toHaveBeenCalled();
  });
});
