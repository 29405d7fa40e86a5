import type { Deps } from '../../lib/deps';
import { MAIL_SEND_JOB, type MailSendPayload } from './outbox';

/**
 * STAND-IN by the campaigns helper, so that queueOutboundMessage can enqueue (the runner refuses unknown kinds):
 * the outbox helper owns the real `mail.send` executor (SMTP, idempotent). This one sends nothing and leaves the
 * message queued. The lead drops this file and its line in app.ts when merging.
 */
export function registerMailSendStandIn(deps: Pick<Deps, 'jobs'>): void {
  deps.jobs.register<MailSendPayload>(MAIL_SEND_JOB, async () => ({ sent: false, standIn: true }));
}
