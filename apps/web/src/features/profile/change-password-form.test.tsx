import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '@/test/factories';
import { renderWithProviders } from '@/test/render';
import { ChangePasswordForm, PASSWORD_CHANGED_MESSAGE } from './components/change-password-form';
import { installFetchStub } from '@/test/fetch-stub';

const fetchStub = installFetchStub();

async function fill(current: string, next: string, confirm: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Current password'), current);
  await user.type(screen.getByLabelText('New password'), next);
  await user.type(screen.getByLabelText('Confirm new password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Change password' }));
}

describe('change password', () => {
  it('refuses a confirmation that does not match, without calling the server', async () => {
    renderWithProviders(<ChangePasswordForm />);
    await fill('old-password-1', 'a-brand-new-phrase', 'a-brand-new-phrasE');
    expect(await screen.findByText('The passwords do not match.')).toBeInTheDocument();
    expect(screen.getByLabelText('Confirm new password')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchStub.mock).not.toHaveBeenCalled();
  });

  it('sends the current and new password, clears the form and confirms with a toast', async () => {
    fetchStub.mock.mockResolvedValueOnce(jsonResponse(200, { success: true, message: 'Password changed.' }));
    const { store } = renderWithProviders(<ChangePasswordForm />);
    await fill('old-password-1', 'a-brand-new-phrase', 'a-brand-new-phrase');
    await waitFor(() =>
      expect(store.getState().ui.notifications.map((n) => n.message)).toContain(PASSWORD_CHANGED_MESSAGE),
    );
    const [url, init] = fetchStub.mock.mock.calls[0]!;
    expect(String(url)).toContain('/api/profile/password/');
    expect(JSON.parse(String(init?.body))).toEqual({
      current_password: 'old-password-1',
      new_password: 'a-brand-new-phrase',
    });
    expect(screen.getByLabelText('Current password')).toHaveValue('');
  });

  it('shows a wrong current password on its field', async () => {
    fetchStub.mock.mockResolvedValueOnce(
      jsonResponse(400, {
        success: false,
        error: 'Check the highlighted fields.',
        fields: { current_password: ['Your current password is incorrect.'] },
      }),
    );
    renderWithProviders(<ChangePasswordForm />);
    await fill('wrong-password', 'a-brand-new-phrase', 'a-brand-new-phrase');
    expect(await screen.findByText('Your current password is incorrect.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
