import type { Notification, NotificationListQuery } from '@recruitdesk/contracts/notifications';
import type { Db } from '../../db/client';
import {
  activeOwnerIds,
  countUnread,
  findNotifications,
  insertNotifications,
  markRead,
} from './notifications.repository';
import type { NotificationRow } from './notifications.table';

export interface NotificationInput {
  kind: string;
  title: string;
  body?: string;
  /** An in-app path, e.g. `/roles/12/pipeline`. */
  link?: string;
}

const TITLE_MAX = 200;
const BODY_MAX = 1000;

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** Notifies each user once (duplicates in the list are dropped). Runs in the caller's transaction when given one. */
export async function notifyUsers(db: Db, userIds: number[], input: NotificationInput): Promise<void> {
  await insertNotifications(db, [...new Set(userIds)], {
    kind: input.kind,
    title: clip(input.title, TITLE_MAX),
    body: clip(input.body ?? '', BODY_MAX),
    link: input.link ?? '',
  });
}

/** Notifies every active owner of the agency. */
export async function notifyOwners(db: Db, input: NotificationInput): Promise<void> {
  await notifyUsers(db, await activeOwnerIds(db), input);
}

const toView = (row: NotificationRow): Notification => ({
  id: row.id,
  kind: row.kind,
  title: row.title,
  body: row.body,
  link: row.link,
  created_at: row.createdAt.toISOString(),
  read: row.readAt !== null,
});

export async function listNotifications(db: Db, userId: number, query: NotificationListQuery) {
  const rows = await findNotifications(db, userId, {
    unreadOnly: query.unread === 'true',
    before: query.before,
    limit: query.limit + 1,
  });
  return {
    results: rows.slice(0, query.limit).map(toView),
    has_more: rows.length > query.limit,
    unread: await countUnread(db, userId),
  };
}

export const unreadCount = (db: Db, userId: number) => countUnread(db, userId);

export const markNotificationsRead = (db: Db, userId: number, ids: number[] | 'all', now = new Date()) =>
  markRead(db, userId, ids, now);
