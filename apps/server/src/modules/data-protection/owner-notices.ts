import type { Db } from '../../db/client';
import { recordActivity } from '../activity/activity.service';

export interface OwnerNotice {
  kind: string;
  title: string;
  body?: string;
  link?: string;
}

/**
 * Tells the owners (the one place this module does): the retention job's "due, notify only" and the requests'
 * 7-days-left reminders. Until the notifications module (notifyOwners) is merged into this branch it writes an
 * entry in the activity log, which owners read; the lead swaps in `notifyOwners(db, notice)` at merge.
 */
export async function tellOwners(db: Db, notice: OwnerNotice): Promise<void> {
  await recordActivity(db, {
    actor: null,
    verb: 'notified',
    modelType: 'data_protection',
    summary: notice.body ? `${notice.title}: ${notice.body}` : notice.title,
  });
}
