import type { Message } from '@recruitdesk/contracts/messages';

/** A message as the API returns it (MessageSchema), for the web tests. */
export function buildMessage(overrides: Partial<Message> = {}): Message {
  return {
    id: 1,
    direction: 'outbound',
    status: 'sent',
    from: { name: 'Riley Recruiter', address: 'riley@agency.test' },
    to: [{ name: 'Jane Doe', address: 'jane@example.test' }],
    cc: [],
    bcc: [],
    subject: 'Data Engineer role',
    body_html: '<p>Hello Jane</p>',
    body_text: 'Hello Jane',
    author: { id: 2, name: 'Riley Recruiter' },
    occurred_at: '2026-11-20T10:00:00Z',
    send_after: null,
    status_detail: null,
    thread_key: 't1',
    attachments: [],
    records: [{ type: 'candidate', id: 3, name: 'Jane Doe' }],
    ...overrides,
  };
}
