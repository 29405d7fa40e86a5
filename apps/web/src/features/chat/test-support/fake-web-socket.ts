import type { WebSocketLike } from '../chat-socket';

/**
 * A WebSocket stand-in for component tests: no network; the test plays the server with `open()`,
 * `receive()`, `serverClose()` and `fail()`, and reads what the client sent from `sent`.
 */
export class FakeWebSocket implements WebSocketLike {
  static instances: FakeWebSocket[] = [];
  static reset() {
    FakeWebSocket.instances = [];
  }
  static latest(): FakeWebSocket {
    const socket = FakeWebSocket.instances[FakeWebSocket.instances.length - 1];
    if (!socket) throw new Error('No socket was opened');
    return socket;
  }

  readyState = 0;
  sent: unknown[] = [];
  closedWith: { code?: number | undefined; reason?: string | undefined } | null = null;
  onopen: ((event: Event) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;

  constructor(readonly url: string) {
    FakeWebSocket.instances.push(this);
  }

  send(data: string) {
    if (this.readyState !== 1) throw new Error('InvalidStateError');
    this.sent.push(JSON.parse(data));
  }

  close(code?: number, reason?: string) {
    this.closedWith = { code, reason };
    this.readyState = 3;
  }

  // The server's side.
  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }

  receive(message: Record<string, unknown>) {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(message) }));
  }

  serverClose(code: number, reason = '') {
    this.readyState = 3;
    this.onclose?.(new CloseEvent('close', { code, reason }));
  }

  fail() {
    this.onerror?.(new Event('error'));
  }
}
