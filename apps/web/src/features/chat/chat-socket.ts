import { chatSocketPath } from '@recruitdesk/contracts/chat-constants';
import type { ClientSocketMessage, ServerSocketMessage } from '@recruitdesk/contracts/chat';
import { CHAT_CONNECT_TIMEOUT_MS, CHAT_MAX_LENGTH, CHAT_TEXT, closeCodeText } from './chat-texts';

// The chat socket (spec §4, §7, §8): /ws/chat/{userId}/{chatId}/, ws or wss following the page's scheme;
// connecting → connected on open → closed on close or error, with a 10 s connect time-out.

/** What the server and the client send (the contracts' protocol). */
export type ServerMessage = ServerSocketMessage;
export type ClientMessage = ClientSocketMessage;

export type SocketEvent =
  { type: 'open' } | { type: 'message'; message: ServerMessage } | { type: 'closed'; error: string | null };

/** The part of the browser's WebSocket the client uses (a fake one in tests). */
export interface WebSocketLike {
  readonly readyState: number;
  onopen: ((event: Event) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export type WebSocketConstructor = new (url: string) => WebSocketLike;

const OPEN = 1;

/** The socket's address on this page's host: wss on https pages, ws otherwise. */
export function chatSocketUrl(
  userId: number | string,
  chatId: number | string,
  location: Pick<Location, 'protocol' | 'host'> = window.location,
): string {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${location.host}${chatSocketPath(userId as number, chatId as number)}`;
}

/** Why a socket cannot be opened for this user and chat, or null (spec §5). */
export function connectError(userId: unknown, chatId: unknown): string | null {
  if (userId === null || userId === undefined || userId === '') return CHAT_TEXT.notAuthenticated;
  if (!/^\d+$/.test(String(chatId ?? ''))) return CHAT_TEXT.invalidChatId;
  return null;
}

/** Why a text cannot be sent, or null; a blank text is never sent (spec §5). */
export function validateOutgoing(text: string, answering: boolean): string | null {
  if (text.length > CHAT_MAX_LENGTH) return answering ? CHAT_TEXT.responseTooLong : CHAT_TEXT.messageTooLong;
  return null;
}

function parseServerMessage(data: unknown): ServerMessage | null {
  if (typeof data !== 'string') return null;
  try {
    const value = JSON.parse(data) as { type?: unknown };
    return value && typeof value === 'object' && typeof value.type === 'string' ? (value as ServerMessage) : null;
  } catch {
    return null;
  }
}

export interface ChatSocketOptions {
  url: string;
  onEvent: (event: SocketEvent) => void;
  WebSocketImpl?: WebSocketConstructor | undefined;
  timeoutMs?: number;
}

/** One connection: reports open, each server message and one close (with the text to show, if any). */
export class ChatSocket {
  private socket: WebSocketLike | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private done = false;

  constructor(private readonly options: ChatSocketOptions) {}

  connect(): void {
    const Impl = this.options.WebSocketImpl ?? (globalThis.WebSocket as unknown as WebSocketConstructor | undefined);
    if (!Impl) {
      this.finish(CHAT_TEXT.connectionError);
      return;
    }
    let socket: WebSocketLike;
    try {
      socket = new Impl(this.options.url);
    } catch {
      this.finish(CHAT_TEXT.connectionError);
      return;
    }
    this.socket = socket;
    this.timer = setTimeout(() => {
      if (socket.readyState !== OPEN) this.finish(CHAT_TEXT.timeout);
    }, this.options.timeoutMs ?? CHAT_CONNECT_TIMEOUT_MS);
    socket.onopen = () => {
      this.clearTimer();
      if (!this.done) this.options.onEvent({ type: 'open' });
    };
    socket.onmessage = (event) => {
      const message = parseServerMessage(event.data);
      if (message && !this.done) this.options.onEvent({ type: 'message', message });
    };
    socket.onerror = () => this.finish(CHAT_TEXT.connectionError);
    socket.onclose = (event) => {
      const text = closeCodeText(event.code, event.reason);
      const normal = event.code === 1000 || event.code === 1001 || event.code === 1005;
      this.finish(text ?? (normal ? null : CHAT_TEXT.connectionError), text !== null);
    };
  }

  get connected(): boolean {
    return !this.done && this.socket?.readyState === OPEN;
  }

  /** Sends a message; returns the text to show when it could not be sent, else null. */
  send(message: ClientMessage): string | null {
    if (!this.connected || !this.socket) return CHAT_TEXT.notConnected;
    try {
      this.socket.send(JSON.stringify(message));
      return null;
    } catch {
      return CHAT_TEXT.sendFailed;
    }
  }

  /** Closes the connection without reporting it (the user left the chat). */
  close(): void {
    this.done = true;
    this.clearTimer();
    this.detachAndClose();
  }

  private clearTimer() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private detachAndClose() {
    const socket = this.socket;
    if (!socket) return;
    socket.onopen = socket.onmessage = socket.onerror = socket.onclose = null;
    try {
      if (socket.readyState < 2) socket.close(1000);
    } catch {
      // already closing
    }
  }

  /**
   * Reports the close once; a close code's own text (4001…) replaces the generic error an earlier
   * `error` event reported.
   */
  private finish(error: string | null, fromCloseCode = false) {
    this.clearTimer();
    if (this.done && !fromCloseCode) return;
    const first = !this.done;
    this.done = true;
    if (first || fromCloseCode) this.options.onEvent({ type: 'closed', error });
    // After an error the browser still sends the close event (with its code): keep listening for it.
    if (error === CHAT_TEXT.connectionError && !fromCloseCode && this.socket) {
      const socket = this.socket;
      socket.onopen = socket.onmessage = socket.onerror = null;
      return;
    }
    this.detachAndClose();
  }
}
