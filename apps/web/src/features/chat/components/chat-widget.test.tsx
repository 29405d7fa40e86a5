import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse } from '@/test/factories';
import { installFetchStub } from '@/test/fetch-stub';
import { callsOf, renderWithProviders } from '@/test/render';
import { FakeWebSocket } from '../test-support/fake-web-socket';
import { ChatTransportContext } from '../use-chat';
import { ChatWidget, type ChatWidgetProps } from './chat-widget';

const fetchStub = installFetchStub();

function answerCreate(status = 200) {
  fetchStub.mock.mockImplementation(async (input, init) => {
    if (String(input).includes('/api/chat/create/') && init?.method === 'POST') {
      return status === 200
        ? jsonResponse(200, { success: true, chat_id: 42 })
        : jsonResponse(status, { success: false, error: 'No' });
    }
    return jsonResponse(404, { success: false, error: 'Not found' });
  });
}

function renderWidget(props: Partial<ChatWidgetProps> = {}, timeoutMs?: number) {
  return renderWithProviders(
    <ChatTransportContext.Provider value={{ WebSocketImpl: FakeWebSocket, ...(timeoutMs ? { timeoutMs } : {}) }}>
      <ChatWidget userId={7} pageHref={(id) => (id ? `/ai-chat?chat=${id}` : '/ai-chat')} {...props} />
    </ChatTransportContext.Provider>,
  );
}

const server = () => FakeWebSocket.latest();
const play = (fn: () => void) => act(fn);

/** Opens the widget and asks the first question; the server has answered the handshake. */
async function askFirst(user: ReturnType<typeof userEvent.setup>, question = 'How many placements last quarter?') {
  await user.click(screen.getByRole('button', { name: 'Open AI chat' }));
  await user.type(screen.getByRole('textbox', { name: 'Message' }), `${question}{Enter}`);
  await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
  play(() => {
    server().open();
    server().receive({ type: 'connection_established' });
    server().receive({
      type: 'chat_history',
      chat_history: [{ role: 'user', content: question, timestamp: '2026-01-01T00:00:00Z' }],
    });
  });
}

describe('ChatWidget', () => {
  beforeEach(() => FakeWebSocket.reset());

  it('opens with the greeting; send is disabled while the input is blank', async () => {
    const user = userEvent.setup();
    renderWidget();
    await user.click(screen.getByRole('button', { name: 'Open AI chat' }));
    const panel = screen.getByRole('region', { name: 'AI chat' });
    expect(within(panel).getByText(/I'm your data assistant/)).toBeInTheDocument();
    const send = within(panel).getByRole('button', { name: 'Send message' });
    expect(send).toBeDisabled();
    await user.type(within(panel).getByRole('textbox', { name: 'Message' }), '   ');
    expect(send).toBeDisabled();
    await user.type(within(panel).getByRole('textbox', { name: 'Message' }), 'Revenue?');
    expect(send).toBeEnabled();
  });

  it('creates the chat with the first question, connects, thinks, and shows the answer as markdown', async () => {
    answerCreate();
    const user = userEvent.setup();
    renderWidget();
    await askFirst(user);
    expect(callsOf(fetchStub.mock)).toContain('POST /api/chat/create/');
    const create = fetchStub.mock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(create?.[1]?.body))).toEqual({
      initial_message: 'How many placements last quarter?',
    });
    expect(server().url).toBe(`ws://${window.location.host}/ws/chat/7/42/`);
    // The pending first question: the assistant is working on it.
    expect(await screen.findByRole('status', { name: 'The assistant is thinking' })).toBeInTheDocument();

    play(() =>
      server().receive({
        type: 'agent_response',
        message:
          'You made **3** placements. See [Acme Corporation](/clients/3), not [elsewhere](https://evil.test).\n\n' +
          '| Recruiter | Placements |\n| --- | --- |\n| Olivia | 2 |\n\n<img src=x onerror=alert(1)> ![chart](https://evil.test/x.png)',
      }),
    );
    const log = screen.getByRole('log', { name: 'Chat messages' });
    expect(await within(log).findByText('3')).toBeInTheDocument();
    expect(within(log).getByRole('link', { name: 'Acme Corporation' })).toHaveAttribute('href', '/clients/3');
    expect(within(log).queryByRole('link', { name: 'elsewhere' })).not.toBeInTheDocument();
    expect(within(log).getByText('elsewhere')).toBeInTheDocument();
    expect(within(log).getByRole('table')).toBeInTheDocument();
    expect(within(log).getByRole('columnheader', { name: 'Recruiter' })).toBeInTheDocument();
    expect(log.querySelector('img')).toBeNull();
    expect(screen.queryByRole('status', { name: 'The assistant is thinking' })).not.toBeInTheDocument();
  });

  it('shows thinking only after the server acknowledges a message', async () => {
    answerCreate();
    const user = userEvent.setup();
    renderWidget();
    await askFirst(user);
    play(() => server().receive({ type: 'agent_response', message: 'Three.' }));
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'And the quarter before?{Enter}');
    expect(server().sent).toEqual([{ type: 'user_message', message: 'And the quarter before?' }]);
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue('');
    expect(screen.queryByRole('status', { name: 'The assistant is thinking' })).not.toBeInTheDocument();
    play(() => server().receive({ type: 'message_received' }));
    expect(screen.getByRole('status', { name: 'The assistant is thinking' })).toBeInTheDocument();
  });

  it('enters answer mode on a question and sends the next text as the response', async () => {
    answerCreate();
    const user = userEvent.setup();
    renderWidget();
    await askFirst(user, 'How much did Acme pay us?');
    play(() =>
      server().receive({
        type: 'user_input_request',
        question: 'Which Acme: Acme Corporation or Acme Logistics?',
      }),
    );
    expect(await screen.findByText('The assistant is waiting for your response')).toBeInTheDocument();
    expect(screen.getByText('Which Acme: Acme Corporation or Acme Logistics?')).toBeInTheDocument();
    // Too long in answer mode: the response's text.
    const input = screen.getByRole('textbox', { name: 'Message' });
    await user.click(input);
    await user.paste('x'.repeat(2001));
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Response is too long (maximum 2000 characters)')).toBeInTheDocument();
    expect(server().sent).toEqual([]);
    await user.clear(input);
    await user.type(input, 'Acme Corporation{Enter}');
    expect(server().sent).toEqual([{ type: 'user_input_response', response: 'Acme Corporation' }]);
    expect(screen.queryByText('The assistant is waiting for your response')).not.toBeInTheDocument();
  });

  it('refuses a message over 2000 characters', async () => {
    answerCreate();
    const user = userEvent.setup();
    renderWidget();
    await askFirst(user);
    play(() => server().receive({ type: 'agent_response', message: 'Three.' }));
    await user.click(screen.getByRole('textbox', { name: 'Message' }));
    await user.paste('y'.repeat(2001));
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Message is too long (maximum 2000 characters)')).toBeInTheDocument();
    expect(server().sent).toEqual([]);
  });

  it('shows an unread dot for a message that arrives while minimized or closed', async () => {
    answerCreate();
    const user = userEvent.setup();
    renderWidget();
    await askFirst(user);
    await user.click(screen.getByRole('button', { name: 'Minimize AI chat' }));
    expect(screen.queryByRole('region', { name: 'AI chat' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Restore AI chat' })).toHaveFocus();
    expect(screen.queryByRole('img', { name: 'Unread message' })).not.toBeInTheDocument();
    play(() => server().receive({ type: 'agent_response', message: 'Three placements.' }));
    expect(screen.getByRole('img', { name: 'Unread message' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Restore AI chat' }));
    expect(screen.getByText('Three placements.')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Unread message' })).not.toBeInTheDocument();

    // Closed: the conversation stays connected and the launcher shows the dot.
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'And revenue?{Enter}');
    await user.click(screen.getByRole('button', { name: 'Close AI chat' }));
    play(() => server().receive({ type: 'agent_response', message: '$120,000.' }));
    const launcher = screen.getByRole('button', { name: 'Open AI chat' });
    expect(launcher).toHaveFocus();
    expect(within(launcher).getByRole('img', { name: 'Unread message' })).toBeInTheDocument();
    await user.click(launcher);
    expect(screen.getByText('$120,000.')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Unread message' })).not.toBeInTheDocument();
  });

  it.each([
    [4001, '', 'Authentication required'],
    [4002, '', 'User account is inactive'],
    [4003, '', 'Access forbidden'],
    [4004, '', 'Too many connections or chat not found'],
    [4005, '', 'Internal server error'],
    [4008, 'Slow down', 'Connection error: Slow down'],
    [4009, '', 'Connection error: Unknown error'],
  ])('shows close code %i as its text and disables send', async (code, reason, text) => {
    answerCreate();
    const user = userEvent.setup();
    renderWidget();
    await askFirst(user);
    play(() => server().receive({ type: 'agent_response', message: 'Three.' }));
    play(() => server().serverClose(code, reason));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'More?');
    expect(screen.getByRole('button', { name: 'Send message' })).toBeDisabled();
    // Reconnect opens a new socket.
    await user.click(screen.getByRole('button', { name: 'Reconnect' }));
    expect(FakeWebSocket.instances).toHaveLength(2);
  });

  it('shows a connection error, and a time-out when the socket never opens', async () => {
    answerCreate();
    const user = userEvent.setup();
    renderWidget({}, 50);
    await user.click(screen.getByRole('button', { name: 'Open AI chat' }));
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Hello{Enter}');
    await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
    expect(await screen.findByText('Connection timeout')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reconnect' }));
    play(() => server().fail());
    expect(await screen.findByText('Connection error. Please try again.')).toBeInTheDocument();
  });

  it('says so when the chat could not be created', async () => {
    answerCreate(500);
    const user = userEvent.setup();
    renderWidget();
    await user.click(screen.getByRole('button', { name: 'Open AI chat' }));
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Hello{Enter}');
    expect(await screen.findByText('Failed to send message. Please try again.')).toBeInTheDocument();
    expect(FakeWebSocket.instances).toHaveLength(0);
  });

  it('shows the server error message in the conversation', async () => {
    answerCreate();
    const user = userEvent.setup();
    renderWidget();
    await askFirst(user);
    play(() => server().receive({ type: 'error', message: 'You are sending messages too fast.' }));
    expect(await screen.findByText('You are sending messages too fast.')).toBeInTheDocument();
  });

  it('asks to sign in without a user', async () => {
    const user = userEvent.setup();
    renderWidget({ userId: null });
    await user.click(screen.getByRole('button', { name: 'Open AI chat' }));
    expect(screen.getByText('Please log in to use the chat feature.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Message' })).not.toBeInTheDocument();
  });

  it('stays connected but draws nothing where the page shows the chat', () => {
    renderWidget({ hidden: true });
    expect(screen.queryByRole('button', { name: 'Open AI chat' })).not.toBeInTheDocument();
  });
});
