// The outbox as other modules reach it (decision 007: a module reaches another through its *.service.ts).
import { mailFromAddress } from '../../lib/mail';
import { headerSafe, htmlToText, sanitizeMessageHtml } from '../../lib/message-html';
import { displayName, type UserRow } from '../users/users.service';

export { linkMessage, type MessageRecordRef } from './message-links.repository';
export { MAIL_SEND_JOB, queueOutboundMessage, type MailSendPayload, type OutboundDraft } from './outbox';

/**
 * Who a message from this user is from (decision 106): "<recruiter> (<agency>)" at MAIL_FROM's address, the one
 * the relay may send for; replies go to the recruiter's own address (Reply-To, set when it is sent).
 */
export function sendingIdentity(
  mailFrom: string,
  sender: Pick<UserRow, 'firstName' | 'lastName' | 'username' | 'email'>,
  agencyName: string,
): { fromName: string; fromAddress: string } {
  return {
    fromName: headerSafe(`${displayName(sender)} (${agencyName})`),
    fromAddress: mailFromAddress(mailFrom),
  };
}

/** A body as it is stored and sent: sanitised HTML and its plain-text part. */
export function messageBody(html: string): { bodyHtml: string; bodyText: string } {
  const bodyHtml = sanitizeMessageHtml(html);
  return { bodyHtml, bodyText: htmlToText(bodyHtml) };
}
