import type { UpdateProfileInput } from '@recruitdesk/contracts/profile';
import { inTransaction } from '../../db/transaction';
import type { Deps } from '../../lib/deps';
import { AppError } from '../../lib/errors';
import { recordActivity } from '../activity/activity.service';
import { updateUser, type UserRow } from '../users/users.service';

let zones: Set<string> | undefined;
export function isKnownTimeZone(zone: string): boolean {
  zones ??= new Set([...Intl.supportedValuesOf('timeZone'), 'UTC']);
  return zones.has(zone);
}

/** Any signed-in user may change their own theme and time zone. */
export async function updateOwnProfile(deps: Deps, actor: UserRow, input: UpdateProfileInput): Promise<UserRow> {
  if (input.time_zone !== undefined && !isKnownTimeZone(input.time_zone)) {
    throw new AppError('VALIDATION_FAILED', 400, 'Please correct the highlighted fields.', {
      time_zone: ['Choose a time zone from the list.'],
    });
  }
  const values: Partial<Pick<UserRow, 'theme' | 'timeZone'>> = {};
  if (input.theme !== undefined) values.theme = input.theme;
  if (input.time_zone !== undefined) values.timeZone = input.time_zone;
  if (Object.keys(values).length === 0) return actor;
  return inTransaction(deps.db, async (tx) => {
    const updated = await updateUser(tx, actor.id, values);
    await recordActivity(tx, {
      actor: updated,
      verb: 'updated',
      modelType: 'profile',
      objectId: actor.id,
      summary: `${updated.email} updated their preferences (${Object.keys(values).join(', ')})`,
    });
    return updated;
  });
}
