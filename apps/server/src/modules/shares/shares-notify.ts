import type { Db } from '../../db/client';
import { escapeHtml } from '../../lib/html';
import type { Deps } from '../../lib/deps';
import { mailFromAddress } from '../../lib/mail';
import { messageBody, queueOutboundMessage } from '../messages/outbox.service';
import { notifyUsers } from '../notifications/notifications.service';
import { getAgencySettings } from '../settings/settings.service';
import { displayName } from '../users/users.service';
import { findUsersByIds } from './shares.repository';

// Every message the shares module sends to the agency's own users about a contact's action, in one place:
// the in-app notification (modules/notifications) and an email through the outbox.

export interface RecruiterNotice {
  /** Who shared the list, and the role's recruiter: both hear of it (once each). */
  userIds: (number | null)[];
  kind: string;
  title: string;
  body: string;
  /** An in-app path, e.g. /roles/12/pipelines/34. */
  link: string;
}

export async function notifyRecruiters(deps: Deps, tx: Db, notice: RecruiterNotice): Promise<void> {
  const ids = [...new Set(notice.userIds.filter((id): id is number => id !== null))];
  const users = (await findUsersByIds(tx, ids)).filter((user) => user.isActive);
  if (users.length === 0) return;
  await notifyUsers(
    tx,
    users.map((user) => user.id),
    { kind: notice.kind, title: notice.title, body: notice.body, link: notice.link },
  );
  const settings = await getAgencySettings(tx);
  const url = `${deps.config.publicUrl}${notice.link}`;
  const { bodyHtml, bodyText } = messageBody(
    `<p>${escapeHtml(notice.body)}</p><p><a href="${escapeHtml(url)}">Open in RecruitDesk</a></p>`,
  );
  for (const user of users) {
    if (!user.email) continue;
    await queueOutboundMessage(tx, deps.jobs, {
      authorId: null,
      fromName: settings.agency_name,
      fromAddress: mailFromAddress(deps.config.mailFrom),
      to: [{ name: displayName(user), address: user.email }],
      subject: notice.title,
      bodyHtml,
      bodyText,
    });
  }
}
