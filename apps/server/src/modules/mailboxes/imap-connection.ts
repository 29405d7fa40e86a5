import { ImapFlow } from 'imapflow';

/** The largest message synced: above the usual providers' limits (Gmail 25 MB received, Microsoft 150 MB). */
export const MAX_MESSAGE_BYTES = 160 * 1024 * 1024;

export interface ImapAccount {
  host: string;
  port: number;
  tls: boolean;
  username: string;
  password: string;
}

/** Connection options every mailbox connection uses (no logging: the log would carry mail and credentials). */
export function newImapClient(account: ImapAccount): ImapFlow {
  return new ImapFlow({
    host: account.host,
    port: account.port,
    secure: account.tls,
    auth: { user: account.username, pass: account.password },
    logger: false,
    connectionTimeout: 30_000,
    autoIdleDelay: 1000,
    maxIdleTime: 5 * 60_000,
    greetingTimeout: 15_000,
    socketTimeout: 5 * 60_000,
    // tls: false is port 143: upgraded with STARTTLS when the server offers it.
    emitLogs: false,
    // A message larger than this is refused by the connection rather than held in memory (bounded memory).
    maxLiteralSize: MAX_MESSAGE_BYTES,
    maxResponseSize: MAX_MESSAGE_BYTES + 1024 * 1024,
  });
}

/** What went wrong, in words for the settings page ("sync stopped since … because <this>"). */
export interface ImapFailure {
  reason: string;
  /** Auth failures wait for a new password; connection trouble is retried on its own. */
  retryable: boolean;
}

export function describeImapFailure(error: unknown): ImapFailure {
  const err = (error ?? {}) as {
    authenticationFailed?: boolean;
    code?: string;
    responseText?: string;
    message?: string;
  };
  const serverSaid = (err.responseText ?? '')
    .replace(/[\r\n]+/g, ' ')
    .trim()
    .slice(0, 200);
  if (err.authenticationFailed) {
    return {
      reason: `the server refused the password${serverSaid ? ` ("${serverSaid}")` : ''}`,
      retryable: false,
    };
  }
  switch (err.code) {
    case 'ECONNREFUSED':
      return { reason: 'the server refused the connection', retryable: true };
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return { reason: 'the server name could not be found', retryable: true };
    case 'ETIMEDOUT':
    case 'CONNECT_TIMEOUT':
    case 'GREETING_TIMEOUT':
      return { reason: 'the server did not answer in time', retryable: true };
    case 'ECONNRESET':
    case 'EPIPE':
    case 'NoConnection':
      return { reason: 'the connection to the server was lost', retryable: true };
    case 'ERR_SSL_WRONG_VERSION_NUMBER':
    case 'DEPTH_ZERO_SELF_SIGNED_CERT':
    case 'UNABLE_TO_VERIFY_LEAF_SIGNATURE':
    case 'CERT_HAS_EXPIRED':
    case 'ERR_TLS_CERT_ALTNAME_INVALID':
      return { reason: 'the secure connection (TLS) to the server failed', retryable: true };
    default:
      return {
        reason: serverSaid ? `the server answered "${serverSaid}"` : 'the connection to the server failed',
        retryable: true,
      };
  }
}

/** Logs in and out: the check before a mailbox is saved. Throws ImapFailure-describable errors. */
export async function checkImapLogin(account: ImapAccount): Promise<void> {
  const client = newImapClient(account);
  client.on('error', () => undefined);
  try {
    await client.connect();
  } finally {
    await client.logout().catch(() => client.close());
  }
}
