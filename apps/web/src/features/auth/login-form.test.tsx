import { configureStore } from '@reduxjs/toolkit';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { baseApi } from '@/lib/base-api';
import { buildUser, jsonResponse } from '@/test/factories';
import { authReducer } from './auth-slice';
import { LoginRoute } from './routes/login';
import { installFetchStub } from '@/test/fetch-stub';

const fetchStub = installFetchStub();

function Where() {
  const location = useLocation();
  return <p>At {`${location.pathname}${location.search}`}</p>;
}

function renderLogin(initialEntry: string | { pathname: string; state?: unknown } = '/auth/login') {
  const store = configureStore({
    reducer: { auth: authReducer, [baseApi.reducerPath]: baseApi.reducer },
    middleware: (gdm) => gdm().concat(baseApi.middleware),
  });
  const router = createMemoryRouter(
    [
      { path: '/auth/login', element: <LoginRoute /> },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: [initialEntry] },
  );
  render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { store, router };
}

describe('sign-in page', () => {
  it('has the heading, labelled fields, remember me and the forgot-password link', () => {
    renderLogin();
    expect(screen.getByRole('heading', { name: 'Sign in to your account' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email address')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('checkbox', { name: 'Remember me' })).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute(
      'href',
      '/auth/forgot-password',
    );
  });

  it('shows validation messages on an empty submit, linked to the fields', async () => {
    renderLogin();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const email = screen.getByLabelText('Email address');
    expect(await screen.findByText('Enter an email address.')).toBeInTheDocument();
    expect(screen.getByText('Enter your password.')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Enter an email address.');
    expect(fetchStub.mock).not.toHaveBeenCalled();
  });

  it('shows the server error from a rejected sign-in in an alert', async () => {
    fetchStub.mock.mockResolvedValueOnce(
      jsonResponse(401, { success: false, error: 'The email or password you entered is incorrect.' }),
    );
    renderLogin();
    await userEvent.type(screen.getByLabelText('Email address'), 'olivia@agency.test');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong-password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The email or password you entered is incorrect.');
  });

  it('signs in with remember me and returns to where the visitor came from', async () => {
    fetchStub.mock.mockResolvedValueOnce(
      jsonResponse(200, { success: true, user: buildUser(), session_max_age: 2592000 }),
    );
    renderLogin({ pathname: '/auth/login', state: { from: '/candidates?page=2' } });
    await userEvent.type(screen.getByLabelText('Email address'), 'olivia@agency.test');
    await userEvent.type(screen.getByLabelText('Password'), 'right-password');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Remember me' }));
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('At /candidates?page=2')).toBeInTheDocument();
    expect(JSON.parse(fetchStub.mock.mock.calls[0]![1]!.body as string)).toMatchObject({ remember_me: true });
  });

  it('ignores a ?next= that leaves the app and goes to the dashboard', async () => {
    fetchStub.mock.mockResolvedValueOnce(
      jsonResponse(200, { success: true, user: buildUser(), session_max_age: null }),
    );
    renderLogin('/auth/login?next=//evil.example/');
    await userEvent.type(screen.getByLabelText('Email address'), 'olivia@agency.test');
    await userEvent.type(screen.getByLabelText('Password'), 'right-password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('At /dashboard')).toBeInTheDocument();
  });
});
