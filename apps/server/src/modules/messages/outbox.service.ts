// The outbox as other modules reach it (decision 007: a module reaches another through its *.service.ts).
// Added by the campaigns helper; the outbox helper may fold it into their messages service when merging.
export { linkMessage, type MessageRecordRef } from './message-links.repository';
export { MAIL_SEND_JOB, queueOutboundMessage, type MailSendPayload, type OutboundDraft } from './outbox';
