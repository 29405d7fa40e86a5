import {
  CALENDAR_FEEDS,
  CALENDAR_MESSAGES,
  OWNER_ONLY_CALENDAR_KINDS,
  type CalendarSubscription,
} from '@recruitdesk/contracts/calendar';
import ical, { ICalCalendarMethod } from 'ical-generator';
import { inTransaction } from '../../db/transaction';
import type { Deps } from '../../lib/deps';
import { randomToken, safeEqual, sha256 } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import { assertCan } from '../../lib/permissions';
import { recordActivity } from '../activity/activity.service';
import type { UserRow } from '../users/users.service';
import { findSubscriptionByHash, findSubscriptionRow, upsertSubscriptionRow } from './calendar.repository';
import { feedEvents, rangeBounds, seesInvoices } from './calendar.service';

// The personal iCal subscription (decision 024): an address carrying a long random secret, of which only
// the SHA-256 is stored; the .ics it serves holds the events its owner may see.

const DAY_MS = 86_400_000;
/** The .ics covers the last 90 days and the next 300 (within the 400-day limit of every feed). */
const PAST_DAYS = 90;
const AHEAD_DAYS = 300;
/** A secret is 32 random bytes (256 bits) in base64url: 43 characters. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const icalPath = (token: string) => `/api/calendar/ical/${token}/`;

const notFound = () => new AppError('NOT_FOUND', 404, CALENDAR_MESSAGES.subscriptionNotFound);

/** Whether the user has an address, and since when (the address itself is shown only when made). */
export async function getSubscription(deps: Pick<Deps, 'db'>, user: UserRow): Promise<CalendarSubscription> {
  assertCan(user, 'records.read');
  const row = await findSubscriptionRow(deps.db, user.id);
  return { active: Boolean(row), created_at: row?.createdAt.toISOString() ?? null };
}

/** Makes a new address (the first, or in place of the old one, which stops working at once). */
export async function rotateSubscription(
  deps: Pick<Deps, 'db' | 'config'>,
  user: UserRow,
): Promise<CalendarSubscription> {
  assertCan(user, 'records.read');
  const token = randomToken(32);
  const now = deps.config.now();
  const row = await inTransaction(deps.db, async (tx) => {
    const saved = await upsertSubscriptionRow(tx, user.id, sha256(token), now);
    await recordActivity(tx, {
      actor: user,
      verb: 'updated',
      modelType: 'profile',
      objectId: user.id,
      at: now,
      summary: `${user.email} made a new calendar subscription address; any earlier one stopped working`,
    });
    return saved;
  });
  return { active: true, created_at: row.createdAt.toISOString(), url: `${deps.config.publicUrl}${icalPath(token)}` };
}

/**
 * The .ics of the address's owner. A malformed, unknown, rotated-away secret or an inactive user all
 * answer the same 404, so the answer says nothing about who exists.
 */
export async function renderSubscription(deps: Pick<Deps, 'db' | 'config'>, token: string): Promise<string> {
  const hash = sha256(TOKEN_PATTERN.test(token) ? token : `invalid:${token}`);
  const found = await findSubscriptionByHash(deps.db, hash);
  if (!found || !safeEqual(found.subscription.tokenHash, hash) || !TOKEN_PATTERN.test(token)) throw notFound();
  const user = found.user;
  const now = deps.config.now();
  const start = new Date(now.getTime() - PAST_DAYS * DAY_MS).toISOString().slice(0, 10);
  const end = new Date(now.getTime() + AHEAD_DAYS * DAY_MS).toISOString().slice(0, 10);
  const range = rangeBounds(user, { start, end });
  const feeds = CALENDAR_FEEDS.filter((feed) => feed !== 'invoice-payouts' || seesInvoices(user));
  const events = (await Promise.all(feeds.map((feed) => feedEvents(deps.db, user, feed, range)))).flat();

  const calendar = ical({
    name: 'RecruitDesk',
    prodId: { company: 'RecruitDesk', product: 'Calendar', language: 'EN' },
    ttl: 60 * 60,
  });
  calendar.method(ICalCalendarMethod.PUBLISH);
  for (const event of events) {
    if (OWNER_ONLY_CALENDAR_KINDS.includes(event.kind) && !seesInvoices(user)) continue;
    const startAt = new Date(event.all_day ? `${event.start.slice(0, 10)}T00:00:00Z` : event.start);
    calendar.createEvent({
      id: `${event.id}@recruitdesk`,
      start: startAt,
      end: event.end
        ? new Date(event.all_day ? `${event.end.slice(0, 10)}T00:00:00Z` : event.end)
        : event.all_day
          ? new Date(startAt.getTime() + DAY_MS)
          : startAt,
      allDay: event.all_day,
      stamp: now,
      summary: event.title,
      url: `${deps.config.publicUrl}${event.url}`,
      categories: [{ name: event.kind }],
    });
  }
  return calendar.toString();
}
