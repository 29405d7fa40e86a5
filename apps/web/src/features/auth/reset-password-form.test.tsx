import { configureStore } from '@reduxjs/toolkit';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { baseApi } from '@/lib/base-api';
import { installFetchStub } from '@/test/fetch-stub';
import { authReducer } from './auth-slice';
import { ResetPasswordForm } from './components/reset-password-form';

const fetchStub = installFetchStub();

function renderForm() {
  const store = configureStore({
    reducer: { auth: authReducer, [baseApi.reducerPath]: baseApi.reducer },
    middleware: (gdm) => gdm().concat(baseApi.middleware),
  });
  const router = createMemoryRouter([{ path: '/', element: <ResetPasswordForm uid="MQ" token="t" /> }]);
  render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
}

describe('reset password form (the shared new-password fields)', () => {
  it('labels both fields, focuses the new one, and refuses a confirmation that differs without calling the server', async () => {
    renderForm();
    const password = screen.getByLabelText('New password');
    expect(password).toHaveFocus();
    expect(screen.getByText(/not entirely numeric/)).toBeInTheDocument();
    await userEvent.type(password, 'correct horse battery');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'correct horse battery!');
    await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText('The passwords do not match.')).toBeInTheDocument();
    expect(fetchStub.mock).not.toHaveBeenCalled();
  });
});
