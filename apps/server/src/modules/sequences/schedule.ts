import { wallClockIn } from '../../lib/time-zone';

// When a sequence step is due: `delay` days after `from`; with skip_weekends the days are working days (Monday
// to Friday in the agency's time zone) and a step never falls on a Saturday or Sunday.

const DAY_MS = 24 * 3600_000;

/** 0 = Sunday … 6 = Saturday, in `zone`. */
export function weekdayIn(at: Date, zone: string): number {
  const { year, month, day } = wallClockIn(at, zone);
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay();
}

const isWeekend = (at: Date, zone: string) => {
  const day = weekdayIn(at, zone);
  return day === 0 || day === 6;
};

export function nextStepAt(from: Date, delayDays: number, skipWeekends: boolean, zone: string): Date {
  if (!skipWeekends) return new Date(from.getTime() + delayDays * DAY_MS);
  let at = from;
  for (let left = delayDays; left > 0;) {
    at = new Date(at.getTime() + DAY_MS);
    if (!isWeekend(at, zone)) left -= 1;
  }
  while (isWeekend(at, zone)) at = new Date(at.getTime() + DAY_MS);
  return at;
}
