import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChatSocket, chatSocketUrl, connectError, validateOutgoing, type SocketEvent } from './chat-socket';
import { closeCodeText } from './chat-texts';
import { FakeWebSocket } from './test-support/fake-web-socket';

describe('chat socket helpers', () => {
  it('follows the page scheme: ws on http, wss on https', () => {
    expect(chatSocketUrl(7, 42, { protocol: 'http:', host: 'app.test:3000' })).toBe('ws://app.test:3000/ws/chat/7/42/');
    expect(chatSocketUrl(7, 42, { protocol: 'https:', host: 'app.test' })).toBe('wss://app.test/ws/chat/7/42/');
  });

  it('needs a user and a numeric chat id', () => {
    expect(connectError(null, 1)).toBe('User not authenticated');
    expect(connectError(undefined, 1)).toBe('User not authenticated');
    expect(connectError(7, 'abc')).toBe('Invalid chat ID');
    expect(connectError(7, '4a')).toBe('Invalid chat ID');
    expect(connectError(7, '42')).toBeNull();
  });

  it('limits messages and responses to 2000 characters', () => {
    expect(validateOutgoing('x'.repeat(2000), false)).toBeNull();
    expect(validateOutgoing('x'.repeat(2001), false)).toBe('Message is too long (maximum 2000 characters)');
    expect(validateOutgoing('x'.repeat(2001), true)).toBe('Response is too long (maximum 2000 characters)');
  });

  it('names every close code', () => {
    expect(closeCodeText(4001)).toBe('Authentication required');
    expect(closeCodeText(4002)).toBe('User account is inactive');
    expect(closeCodeText(4003)).toBe('Access forbidden');
    expect(closeCodeText(4004)).toBe('Too many connections or chat not found');
    expect(closeCodeText(4005)).toBe('Internal server error');
    expect(closeCodeText(4010, 'Rate limited')).toBe('Connection error: Rate limited');
    expect(closeCodeText(4999, '')).toBe('Connection error: Unknown error');
    expect(closeCodeText(1000)).toBeNull();
  });
});

describe('ChatSocket', () => {
  let events: SocketEvent[];
  const make = (timeoutMs?: number) =>
    new ChatSocket({
      url: 'ws://app.test/ws/chat/7/42/',
      WebSocketImpl: FakeWebSocket,
      onEvent: (event) => events.push(event),
      ...(timeoutMs ? { timeoutMs } : {}),
    });

  beforeEach(() => {
    events = [];
    FakeWebSocket.reset();
  });
  afterEach(() => vi.useRealTimers());

  it('goes connecting → connected on open, passes server messages on, and closes quietly on a normal close', () => {
    const socket = make();
    socket.connect();
    expect(socket.connected).toBe(false);
    const server = FakeWebSocket.latest();
    expect(server.url).toBe('ws://app.test/ws/chat/7/42/');
    server.open();
    expect(socket.connected).toBe(true);
    server.receive({ type: 'connection_established' });
    server.receive({ type: 'message_received' });
    server.serverClose(1000);
    expect(events).toEqual([
      { type: 'open' },
      { type: 'message', message: { type: 'connection_established' } },
      { type: 'message', message: { type: 'message_received' } },
      { type: 'closed', error: null },
    ]);
  });

  it('gives up after 10 s without an open: Connection timeout', () => {
    vi.useFakeTimers();
    const socket = make();
    socket.connect();
    vi.advanceTimersByTime(9_999);
    expect(events).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(events).toEqual([{ type: 'closed', error: 'Connection timeout' }]);
    expect(FakeWebSocket.latest().closedWith).not.toBeNull();
    // A late open is ignored.
    FakeWebSocket.latest().open();
    expect(events).toHaveLength(1);
  });

  it('reports an error, and the close code that follows it replaces the generic text', () => {
    const socket = make();
    socket.connect();
    const server = FakeWebSocket.latest();
    server.fail();
    expect(events).toEqual([{ type: 'closed', error: 'Connection error. Please try again.' }]);
    server.serverClose(4003);
    expect(events[1]).toEqual({ type: 'closed', error: 'Access forbidden' });
  });

  it('reports an abnormal close as a connection error', () => {
    const socket = make();
    socket.connect();
    FakeWebSocket.latest().open();
    FakeWebSocket.latest().serverClose(1006);
    expect(events.at(-1)).toEqual({ type: 'closed', error: 'Connection error. Please try again.' });
  });

  it('refuses to send before the socket is open, and reports a failed send', () => {
    const socket = make();
    socket.connect();
    expect(socket.send({ type: 'user_message', message: 'hi' })).toBe('WebSocket is not connected');
    const server = FakeWebSocket.latest();
    server.open();
    expect(socket.send({ type: 'user_message', message: 'hi' })).toBeNull();
    expect(server.sent).toEqual([{ type: 'user_message', message: 'hi' }]);
    server.send = () => {
      throw new Error('boom');
    };
    expect(socket.send({ type: 'user_input_response', response: 'x' })).toBe(
      'Failed to send message. Please try again.',
    );
  });

  it('ignores what arrives after the client closed it', () => {
    const socket = make();
    socket.connect();
    const server = FakeWebSocket.latest();
    server.open();
    socket.close();
    server.receive({ type: 'agent_response', message: 'late' });
    expect(events).toEqual([{ type: 'open' }]);
    expect(server.closedWith?.code).toBe(1000);
  });
});
