import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import type { UserType } from '@recruitdesk/contracts/users';
import { authReducer, initialAuthState } from '@/features/auth/auth-slice';
import { FakeWebSocket } from '@/features/chat/test-support/fake-web-socket';
import { ChatTransportContext } from '@/features/chat/use-chat';
import { baseApi } from '@/lib/base-api';
import { uiReducer } from '@/lib/ui-slice';
import { buildUser, jsonResponse } from '@/test/factories';
import { installFetchStub } from '@/test/fetch-stub';
import { Where } from '@/test/render';
import { AiChatRoute } from './ai-chat';

const fetchStub = installFetchStub();

const CHATS = [
  {
    id: 5,
    title: 'Placements last quarter',
    created_at: '2026-03-01T09:00:00Z',
    updated_at: '2026-03-01T09:05:00Z',
  },
  {
    id: 6,
    title: 'Stalled roles',
    created_at: '2026-03-02T09:00:00Z',
    updated_at: '2026-03-02T09:05:00Z',
  },
];

function answerApi({ historyStatus = 200 }: { historyStatus?: number } = {}) {
  fetchStub.mock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url.includes('/api/chat/user/chats/')) return jsonResponse(200, { success: true, chats: CHATS });
    if (url.includes('/api/chat/create/') && init?.method === 'POST')
      return jsonResponse(200, { success: true, chat_id: 9 });
    const match = /\/api\/chat\/(\d+)\/$/.exec(url);
    if (match) {
      if (historyStatus !== 200) return jsonResponse(historyStatus, { success: false, error: 'Broken' });
      return jsonResponse(200, {
        success: true,
        chat_history: [
          {
            role: 'user',
            content: `Question of chat ${match[1]}`,
            timestamp: '2026-03-01T09:00:00Z',
          },
          {
            role: 'agent',
            content: `Answer of chat ${match[1]}`,
            timestamp: '2026-03-01T09:00:01Z',
          },
        ],
      });
    }
    return jsonResponse(404, { success: false, error: 'Not found' });
  });
}

function renderPage(entry: string, types: UserType[] = ['owner']) {
  const user = buildUser({ id: 7, user_type: types });
  const store = configureStore({
    reducer: combineReducers({
      auth: authReducer,
      ui: uiReducer,
      [baseApi.reducerPath]: baseApi.reducer,
    }),
    middleware: (gdm) => gdm().concat(baseApi.middleware),
    preloadedState: { auth: { ...initialAuthState, user, isAuthenticated: true } },
  });
  const router = createMemoryRouter(
    [
      {
        path: '/ai-chat',
        element: (
          <>
            <AiChatRoute />
            <Where />
          </>
        ),
      },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: [entry] },
  );
  render(
    <Provider store={store}>
      <ChatTransportContext.Provider value={{ WebSocketImpl: FakeWebSocket }}>
        <RouterProvider router={router} />
      </ChatTransportContext.Provider>
    </Provider>,
  );
  return router;
}

describe('/ai-chat', () => {
  beforeEach(() => FakeWebSocket.reset());

  it('lists the owner’s chats and shows the chosen one, loaded and connected', async () => {
    answerApi();
    const user = userEvent.setup();
    renderPage('/ai-chat?chat=5');
    const chats = await screen.findByRole('navigation', { name: 'Your chats' });
    expect(await within(chats).findByRole('link', { name: /Placements last quarter/ })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(await screen.findByText('Answer of chat 5')).toBeInTheDocument();
    await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
    expect(FakeWebSocket.latest().url).toMatch(/\/ws\/chat\/7\/5\/$/);

    await user.click(within(chats).getByRole('link', { name: /Stalled roles/ }));
    expect(await screen.findByText('Answer of chat 6')).toBeInTheDocument();
    await waitFor(() => expect(FakeWebSocket.latest().url).toMatch(/\/ws\/chat\/7\/6\/$/));
  });

  it('starts a new chat from the first question and keeps it open under its new address', async () => {
    answerApi();
    const user = userEvent.setup();
    renderPage('/ai-chat');
    await user.type(await screen.findByRole('textbox', { name: 'Message' }), 'Which roles have stalled?{Enter}');
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/ai-chat?chat=9'));
    expect(FakeWebSocket.instances).toHaveLength(1);
    act(() => {
      FakeWebSocket.latest().open();
      FakeWebSocket.latest().receive({
        type: 'agent_response',
        message: 'Two roles have stalled.',
      });
    });
    expect(await screen.findByText('Two roles have stalled.')).toBeInTheDocument();
    // The same socket: the page did not reload the chat it created.
    expect(FakeWebSocket.instances).toHaveLength(1);
  });

  it('says when a chat could not be loaded', async () => {
    answerApi({ historyStatus: 500 });
    renderPage('/ai-chat?chat=5');
    expect(await screen.findByText('Failed to load chat. Please try again.')).toBeInTheDocument();
    expect(FakeWebSocket.instances).toHaveLength(0);
  });

  it('refuses a chat id that is not a number', async () => {
    answerApi();
    renderPage('/ai-chat?chat=abc');
    expect(await screen.findByText('Invalid chat ID')).toBeInTheDocument();
    expect(FakeWebSocket.instances).toHaveLength(0);
  });

  it.each<UserType>(['recruiter', 'superuser', 'viewer'])('tells a %s the page is not theirs', async (type) => {
    answerApi();
    renderPage('/ai-chat', [type]);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('You do not have access to this page.');
    expect(alert).toHaveTextContent('Ask an owner of your agency if you need it.');
    expect(within(alert).getByRole('link', { name: 'Go to the dashboard' })).toHaveAttribute('href', '/dashboard');
    // The address stays: the user sees where they are.
    expect(screen.getByTestId('where')).toHaveTextContent('/ai-chat');
    expect(fetchStub.mock).not.toHaveBeenCalled();
  });
});
