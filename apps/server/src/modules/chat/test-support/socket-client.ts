import WebSocket from 'ws';

/** What a server sent, parsed. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary message shapes
export type Received = Record<string, any> & { type: string };

/** A test's chat socket (the `ws` package: Node's own WebSocket cannot set Cookie and Origin). */
export class ChatSocket {
  readonly messages: Received[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  readonly opened: Promise<boolean>;
  private listeners = new Set<() => void>();

  constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      this.messages.push(JSON.parse(data.toString()) as Received);
      for (const listener of this.listeners) listener();
    });
    this.opened = new Promise((resolve) => {
      ws.once('open', () => resolve(true));
      ws.once('unexpected-response', () => resolve(false));
      ws.once('error', () => resolve(false));
    });
    this.closed = new Promise((resolve) => {
      ws.once('close', (code, reason) => {
        resolve({ code, reason: reason.toString() });
        for (const listener of this.listeners) listener();
      });
      ws.once('unexpected-response', (_request, response) =>
        resolve({ code: -(response.statusCode ?? 0), reason: 'http' }),
      );
    });
  }

  static open(baseUrl: string, path: string, headers: { cookie?: string; origin?: string | null } = {}): ChatSocket {
    const url = baseUrl.replace(/^http/, 'ws') + path;
    const origin = headers.origin === undefined ? baseUrl : headers.origin;
    return new ChatSocket(
      new WebSocket(url, {
        headers: { ...(headers.cookie ? { cookie: headers.cookie } : {}), ...(origin ? { origin } : {}) },
      }),
    );
  }

  send(message: unknown): void {
    this.ws.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  /** Waits until `count` messages of `type` have arrived (a guard, not a timing assertion: 30 s). */
  waitFor(type: string, count = 1): Promise<Received[]> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const found = this.messages.filter((message) => message.type === type);
        if (found.length >= count) {
          this.listeners.delete(check);
          clearTimeout(guard);
          resolve(found);
        } else if (this.ws.readyState === WebSocket.CLOSED) {
          this.listeners.delete(check);
          clearTimeout(guard);
          reject(new Error(`socket closed before ${count} × ${type}; got ${JSON.stringify(this.messages)}`));
        }
      };
      const guard = setTimeout(() => {
        this.listeners.delete(check);
        reject(new Error(`no ${count} × ${type} within 30 s; got ${JSON.stringify(this.messages)}`));
      }, 30_000);
      this.listeners.add(check);
      check();
    });
  }

  /** The types received so far, in order. */
  types(): string[] {
    return this.messages.map((message) => message.type);
  }

  close(): Promise<{ code: number; reason: string }> {
    this.ws.close();
    return this.closed;
  }
}
