import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { SendMailOptions, Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Files attached to the mail (an invoice's PDF). */
  attachments?: { filename: string; content: Buffer; contentType: string }[];
  /**
   * The name the mail is from, in place of MAIL_FROM's (the agency's name on its invoices); the address stays
   * MAIL_FROM's, the one the mail server may send for (SPF, DKIM).
   */
  fromName?: string;
  /** Where replies go (the agency's billing email on its invoices). */
  replyTo?: { name: string; address: string };
}

/** The address of a From header: "RecruitDesk <no-reply@x.test>" or "no-reply@x.test" → "no-reply@x.test". */
function senderAddress(mailFrom: string): string {
  const match = /<([^<>]+)>\s*$/.exec(mailFrom);
  return (match?.[1] ?? mailFrom).trim();
}

/** nodemailer's options for a message: From is MAIL_FROM, or its address under the message's own name. */
function mailOptions(mailFrom: string, message: MailMessage): SendMailOptions {
  const { fromName, ...rest } = message;
  return { from: fromName ? { name: fromName, address: senderAddress(mailFrom) } : mailFrom, ...rest };
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/**
 * nodemailer's transport, made on the first mail: most processes send none, and the library is not
 * loaded until then (decision 066).
 */
function lazyTransport(options: string | { streamTransport: true; buffer: true; newline: 'unix' }) {
  let transport: Promise<Transporter> | undefined;
  return {
    async sendMail(mail: SendMailOptions) {
      transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(options));
      return (await transport).sendMail(mail);
    },
    close() {
      void transport?.then((made) => made.close());
    },
  };
}

const recipientCount = (to: unknown): number => (Array.isArray(to) ? to.length : to ? 1 : 0);

/** Without SMTP_URL, mails are written as .eml files under DATA_DIR/mail for the operator to read. */
export function createMailer(
  config: { smtpUrl: string | undefined; mailFrom: string; dataDir: string },
  log: Pick<FastifyBaseLogger, 'info'>,
): Mailer {
  if (config.smtpUrl) {
    const transport = lazyTransport(config.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail(mailOptions(config.mailFrom, message));
        // No address or subject: they carry personal data (issue 34, docs/data-protection.md).
        log.info({ recipients: recipientCount(message.to) }, 'mail sent');
      },
      close: () => transport.close(),
    };
  }
  const transport = lazyTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const dir = path.join(config.dataDir, 'mail');
  return {
    async send(message) {
      const info = await transport.sendMail(mailOptions(config.mailFrom, message));
      await mkdir(dir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(dir, `${stamp}-${randomBytes(4).toString('hex')}.eml`);
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      log.info(
        { recipients: recipientCount(message.to), file: path.basename(file) },
        'mail written to the outbox folder',
      );
    },
    close: () => transport.close(),
  };
}

/** What the relay said when it took a message: its reply line ("250 2.0.0 OK queued as …"). */
export interface RelayAnswer {
  response: string;
}

/**
 * The outbox's relay (issue 33): the same SMTP_URL and the same .eml fallback as `createMailer`, but the caller
 * builds the whole message (its own Message-ID, Reply-To, cc/bcc, list headers) and gets the relay's answer
 * back; errors are nodemailer's (responseCode, response) for the caller to sort into transient and permanent.
 */
export interface Relay {
  send(mail: SendMailOptions): Promise<RelayAnswer>;
  close(): void;
}

export function createRelay(config: { smtpUrl: string | undefined; dataDir: string }): Relay {
  if (config.smtpUrl) {
    const transport = lazyTransport(config.smtpUrl);
    return {
      async send(mail) {
        const info = (await transport.sendMail(mail)) as { response?: string };
        return { response: String(info.response ?? '250 OK') };
      },
      close: () => transport.close(),
    };
  }
  const transport = lazyTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const dir = path.join(config.dataDir, 'mail');
  return {
    async send(mail) {
      const info = await transport.sendMail(mail);
      await mkdir(dir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const name = `${stamp}-${randomBytes(4).toString('hex')}.eml`;
      await writeFile(path.join(dir, name), info.message as Buffer, { mode: 0o600 });
      return { response: `written to the outbox folder as ${name} (SMTP_URL is not set)` };
    },
    close: () => transport.close(),
  };
}

/** The address part of MAIL_FROM: what outbox messages are sent from (SPF, DKIM). */
export const mailFromAddress = senderAddress;
