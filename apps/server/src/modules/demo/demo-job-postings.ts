import { mondayOf } from '@recruitdesk/contracts/job-postings';
import type { Db } from '../../db/client';
import { insertJobPostings } from '../../factories/job-postings.factory';
import { calendarDateIn } from '../../lib/time-zone';
import type { NewJobPostingRow } from '../job-postings/job-postings.table';
import type { RoleRow } from '../roles/roles.service';
import { seededRandom } from '../../lib/seeded-random';
import { addDays } from '@recruitdesk/money/dates';

/** How many weeks back the demo's job-board data goes (the current, unfinished week included). */
export const DEMO_POSTING_WEEKS = 12;

/**
 * The demo agency's job-board weeks (issue 14): every role flagged for posting gets a row for each of the
 * last twelve weeks since it opened, the current week only up to today's share of it (nothing in the
 * future). Deterministic: the same roles give the same figures.
 */
export function buildDemoJobPostings(roles: RoleRow[], now: Date, zone: string, currency: string): NewJobPostingRow[] {
  const random = seededRandom(1414);
  const today = calendarDateIn(now, zone);
  const thisWeek = mondayOf(today);
  const daysIntoWeek = (Date.parse(today) - Date.parse(thisWeek)) / 86_400_000 + 1;
  const rows: NewJobPostingRow[] = [];
  for (const role of roles.filter((r) => r.indeedPosting)) {
    const budget = 1500 + Math.floor(random() * 10) * 500; // $15 to $60 a day
    const appeal = 0.6 + random() * 0.8;
    for (let back = DEMO_POSTING_WEEKS - 1; back >= 0; back -= 1) {
      const weekStart = addDays(thisWeek, -7 * back);
      if (addDays(weekStart, 6) < role.openedAt) continue;
      const paused = random() < 0.08;
      const days = back === 0 ? daysIntoWeek : 7;
      const spend = paused ? 0 : Math.round(budget * days * (0.75 + random() * 0.25));
      const impressions = Math.round((spend / 100) * (25 + random() * 30) * appeal);
      const clicks = Math.round(impressions * (0.025 + random() * 0.05));
      const applyStarts = Math.round(clicks * (0.12 + random() * 0.18));
      const applies = Math.round(applyStarts * (0.5 + random() * 0.3));
      rows.push({
        roleId: role.id,
        weekStart,
        status: paused ? 'paused' : 'active',
        dailyBudgetMinor: budget,
        spendMinor: spend,
        currency,
        impressions,
        clicks,
        applyStarts,
        applies,
        createdAt: now,
        updatedAt: now,
      });
    }
  }
  return rows;
}

export async function seedDemoJobPostings(
  db: Db,
  options: { roleRows: RoleRow[]; now: Date; zone: string; currency: string },
): Promise<number> {
  const rows = buildDemoJobPostings(options.roleRows, options.now, options.zone, options.currency);
  for (let i = 0; i < rows.length; i += 500) await insertJobPostings(db, rows.slice(i, i + 500));
  return rows.length;
}
