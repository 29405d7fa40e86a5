import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/** Waits for .eml files in DATA_DIR/mail (sending is not awaited by the reset endpoint). */
export async function readOutbox(dataDir: string, atLeast = 1, timeoutMs = 5000): Promise<string[]> {
  const dir = path.join(dataDir, 'mail');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const files = (await readdir(dir).catch(() => [] as string[])).filter((name) => name.endsWith('.eml')).sort();
    if (files.length >= atLeast) return Promise.all(files.map((name) => readFile(path.join(dir, name), 'utf8')));
    if (Date.now() > deadline) return Promise.all(files.map((name) => readFile(path.join(dir, name), 'utf8')));
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export function extractResetLink(eml: string): { uid: string; token: string; url: string } {
  // Quoted-printable may wrap long lines with a trailing '='.
  const unwrapped = eml.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const match = /(https?:\/\/\S+\/auth\/reset-password\/([^/\s]+)\/([^/\s]+))/.exec(unwrapped);
  if (!match?.[1] || !match[2] || !match[3]) throw new Error('no reset link in mail');
  return { url: match[1], uid: match[2], token: match[3] };
}

export function extractInvitationLink(eml: string): { token: string; url: string } {
  const unwrapped = eml.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const match = /(https?:\/\/\S+\/auth\/register-from-token\/([A-Za-z0-9_-]+))/.exec(unwrapped);
  if (!match?.[1] || !match[2]) throw new Error('no invitation link in mail');
  return { url: match[1], token: match[2] };
}

/** One message a fake relay took: the envelope and the raw message as it arrived. */
export interface RelayedMail {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP server on 127.0.0.1 (smtp-server) that answers each message as scripted, then 250. */
export interface FakeRelay {
  url: string;
  port: number;
  /** Messages it accepted (a refused one is not here). */
  received: RelayedMail[];
  /** Answers for the next messages, in order: `{ code: 451, message: '…' }` refuses one; empty = 250. */
  answers: { code: number; message: string }[];
  close(): Promise<void>;
}

export async function startFakeRelay(): Promise<FakeRelay> {
  const { SMTPServer } = await import('smtp-server');
  const relay = { received: [] as RelayedMail[], answers: [] as { code: number; message: string }[] };
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    size: 40 * 1024 * 1024,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const answer = relay.answers.shift();
        if (answer) return callback(Object.assign(new Error(answer.message), { responseCode: answer.code }));
        relay.received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((item) => item.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return {
    get received() {
      return relay.received;
    },
    get answers() {
      return relay.answers;
    },
    set answers(value) {
      relay.answers = value;
    },
    url: `smtp://127.0.0.1:${address.port}`,
    port: address.port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
