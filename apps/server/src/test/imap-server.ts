import type { AddressInfo, Socket } from 'node:net';
import hoodiecrow, { type HoodiecrowServer } from 'hoodiecrow-imap';
import { ImapFlow } from 'imapflow';

/**
 * A real IMAP4rev1 server on 127.0.0.1 for tests and `npm run bench:mail` (hoodiecrow-imap, in process,
 * decision 110): one account, INBOX and a Sent folder (SPECIAL-USE \Sent), IDLE on by default. Messages
 * arrive through a real IMAP APPEND, as a mail client or the delivery agent would put them there.
 */
export interface TestImapServer {
  host: string;
  port: number;
  username: string;
  password: string;
  /** The connect body for POST /api/mailboxes/. */
  account(overrides?: Record<string, unknown>): Record<string, unknown>;
  /** APPENDs one raw message (over IMAP) to INBOX or Sent. */
  append(raw: string | Buffer, folder?: 'INBOX' | 'Sent'): Promise<void>;
  /** APPENDs many over one connection (the bench). */
  appendMany(raws: Iterable<string | Buffer>, folder?: 'INBOX' | 'Sent'): Promise<void>;
  /** Another login to the same store (hoodiecrow has one message store for all logins). */
  addUser(username: string, password: string): void;
  /** The account's password changes (as when the user changes it at the provider). */
  setPassword(password: string): void;
  /** A new UIDVALIDITY for the folder (the server renumbered it). */
  bumpUidValidity(folder?: 'INBOX' | 'Sent'): void;
  close(): Promise<void>;
}

export async function startImapServer(options: { idle?: boolean } = {}): Promise<TestImapServer> {
  const username = 'recruiter@agency.test';
  const credentials = { password: 'app-password-1' };
  const plugins = ['SPECIAL-USE', 'ID', 'UNSELECT', 'NAMESPACE', ...(options.idle === false ? [] : ['IDLE'])];
  const server: HoodiecrowServer = hoodiecrow({
    plugins,
    users: { [username]: credentials },
    storage: {
      INBOX: { messages: [] },
      '': { separator: '/', folders: { Sent: { 'special-use': '\\Sent', messages: [] } } },
    },
  });
  const sockets = new Set<Socket>();
  server.server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;

  const client = async () => {
    const connection = new ImapFlow({
      host: '127.0.0.1',
      port,
      secure: false,
      auth: { user: username, pass: credentials.password },
      logger: false,
    });
    connection.on('error', () => undefined);
    await connection.connect();
    return connection;
  };
  const appendMany = async (raws: Iterable<string | Buffer>, folder: 'INBOX' | 'Sent' = 'INBOX') => {
    const connection = await client();
    try {
      for (const raw of raws) await connection.append(folder, raw);
    } finally {
      await connection.logout().catch(() => connection.close());
    }
  };
  return {
    host: '127.0.0.1',
    port,
    username,
    get password() {
      return credentials.password;
    },
    account: (overrides = {}) => ({
      kind: 'personal',
      label: 'Test mailbox',
      email: username,
      host: '127.0.0.1',
      port,
      tls: false,
      username,
      password: credentials.password,
      ...overrides,
    }),
    append: (raw, folder = 'INBOX') => appendMany([raw], folder),
    appendMany,
    addUser(name, password) {
      server.users[name] = { password };
    },
    setPassword(password) {
      credentials.password = password;
    },
    bumpUidValidity(folder = 'INBOX') {
      const box = server.folderCache[folder];
      if (box) box.uidvalidity = (box.uidvalidity ?? 1) + 1;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.server.close(() => resolve()));
    },
  };
}

/** A raw RFC 5322 message (CRLF line ends). */
export function rawMessage(fields: {
  from: string;
  to: string;
  subject?: string;
  messageId?: string;
  inReplyTo?: string;
  references?: string;
  date?: Date;
  body?: string;
  extraHeaders?: string[];
}): string {
  const headers = [
    `From: ${fields.from}`,
    `To: ${fields.to}`,
    `Subject: ${fields.subject ?? 'Hello'}`,
    `Date: ${(fields.date ?? new Date()).toUTCString()}`,
    ...(fields.messageId ? [`Message-ID: <${fields.messageId}>`] : []),
    ...(fields.inReplyTo ? [`In-Reply-To: <${fields.inReplyTo}>`] : []),
    ...(fields.references ? [`References: ${fields.references}`] : []),
    'MIME-Version: 1.0',
    ...(fields.extraHeaders ?? ['Content-Type: text/plain; charset=utf-8']),
  ];
  return `${headers.join('\r\n')}\r\n\r\n${(fields.body ?? 'Hello there.').replace(/\r?\n/g, '\r\n')}\r\n`;
}
