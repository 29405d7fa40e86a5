import type { MessageStatus } from '@recruitdesk/contracts/messages';
import { Badge, type BadgeTone } from '@/components/ui/badge';

export const MESSAGE_STATUS_LABELS: Record<MessageStatus, string> = {
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
  bounced: 'Bounced',
  unconfirmed: 'Unconfirmed',
  cancelled: 'Cancelled',
  received: 'Received',
};

const TONES: Record<MessageStatus, BadgeTone> = {
  queued: 'gray',
  sending: 'sky',
  sent: 'green',
  failed: 'red',
  bounced: 'red',
  unconfirmed: 'amber',
  cancelled: 'gray',
  received: 'brand',
};

/** What each status means, for the badge's tooltip and screen readers. */
const MEANINGS: Record<MessageStatus, string> = {
  queued: 'Waiting in the outbox to be sent.',
  sending: 'Being handed to the mail server.',
  sent: 'The mail server accepted it.',
  failed: 'The mail server refused it.',
  bounced: 'It could not be delivered.',
  unconfirmed: 'Sending was interrupted before the mail server confirmed it; it may or may not have gone out.',
  cancelled: 'It was cancelled before sending.',
  received: 'Received in a connected mailbox.',
};

/** A message's status (the outbox's state, or "Received"). */
export function MessageStatusBadge({ status }: { status: MessageStatus }) {
  return (
    <span title={MEANINGS[status]}>
      <Badge tone={TONES[status]}>{MESSAGE_STATUS_LABELS[status]}</Badge>
    </span>
  );
}

/** Statuses a user may send again (the server allows resend for these only). */
export const RESENDABLE: readonly MessageStatus[] = ['failed', 'unconfirmed'];
