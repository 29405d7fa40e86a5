import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';

/** One envelope item: its header and its payload (parsed when it is JSON, else the raw text). */
export interface EnvelopeItem {
  type: string;
  payload: unknown;
}

export interface Envelope {
  /** The whole body as received (for "this never appears anywhere" checks). */
  raw: string;
  items: EnvelopeItem[];
}

export interface SentrySink {
  /** A DSN that sends here: http://public@127.0.0.1:{port}/1 */
  dsn: string;
  envelopes: Envelope[];
  /** Error events received so far. */
  errorEvents(): Record<string, unknown>[];
  close(): Promise<void>;
}

function parseEnvelope(raw: string): Envelope {
  const lines = raw.split('\n');
  const items: EnvelopeItem[] = [];
  // Line 0 is the envelope header; then pairs of item header and payload.
  for (let index = 1; index < lines.length - 1; index += 2) {
    let header: { type?: string };
    try {
      header = JSON.parse(lines[index]!) as { type?: string };
    } catch {
      break; // A binary payload (a compressed replay): stop parsing, `raw` keeps it.
    }
    const body = lines[index + 1]!;
    let payload: unknown = body;
    try {
      payload = JSON.parse(body);
    } catch {
      /* not JSON */
    }
    items.push({ type: header.type ?? 'unknown', payload });
  }
  return { raw, items };
}

/**
 * A tiny Sentry ingestion endpoint on 127.0.0.1 (test support, issue 9 §5): it accepts envelopes at
 * /api/{project}/envelope/ from the Node SDK and from browsers (CORS open), and keeps them.
 */
export async function startSentrySink(port = 0): Promise<SentrySink> {
  const envelopes: Envelope[] = [];
  const server: Server = createServer((request, response) => {
    response.setHeader('access-control-allow-origin', '*');
    response.setHeader('access-control-allow-headers', '*');
    if (request.method === 'OPTIONS') return void response.writeHead(204).end();
    if (request.method !== 'POST' || !/^\/api\/\d+\/envelope\/?/.test(request.url ?? '')) {
      return void response.writeHead(404).end();
    }
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      let body = Buffer.concat(chunks);
      if (request.headers['content-encoding'] === 'gzip') body = gunzipSync(body);
      envelopes.push(parseEnvelope(body.toString('utf8')));
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: bound } = server.address() as AddressInfo;
  return {
    dsn: `http://public@127.0.0.1:${bound}/1`,
    envelopes,
    errorEvents: () =>
      envelopes.flatMap((envelope) =>
        envelope.items.filter((item) => item.type === 'event').map((item) => item.payload as Record<string, unknown>),
      ),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
