import {
  OPTIMAL_RANGE_MIN_SAMPLE,
  type AnalyticsFiltersQuery,
  type AnalyticsOptimalRangeRow,
  type AnalyticsWageBand,
} from '@recruitdesk/contracts/analytics';
import type { Deps } from '../../lib/deps';
import type { UserRow } from '../users/users.service';
import { minorOf, money, percentileMinor, ratio } from './analytics-helpers';
import { base, resolve } from './analytics-filters';
import { answeredOffers } from './analytics-wages.repository';
import { roleFamilyLabel, roleFamilyOf } from './role-family';

// The optimal wage range: answered offers in salary bands, and the band most likely to be accepted.

/** A "nice" band width near a tenth of the median offer: 1, 2, 2.5 or 5 × a power of ten (in major units). */
export function bandWidthMinor(medianMinor: bigint): bigint {
  const target = Math.max(Number(medianMinor) / 100 / 10, 1);
  const power = 10 ** Math.floor(Math.log10(target));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((w) => w >= target * 0.75) ?? 10 * power;
  return BigInt(Math.round(step * 100));
}

export function bandsOf(offers: { salary: bigint; accepted: boolean }[]): AnalyticsWageBand[] {
  const sorted = offers.map((o) => o.salary).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const width = bandWidthMinor(percentileMinor(sorted, 0.5));
  const bands = new Map<bigint, { offers: number; accepted: number }>();
  for (const offer of offers) {
    const start = (offer.salary / width) * width;
    const band = bands.get(start) ?? { offers: 0, accepted: 0 };
    band.offers += 1;
    if (offer.accepted) band.accepted += 1;
    bands.set(start, band);
  }
  return [...bands.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([start, band]) => ({
      from: money(start),
      to: money(start + width),
      offers: band.offers,
      accepted: band.accepted,
      acceptance_rate: ratio(band.accepted, band.offers),
    }));
}

/**
 * The lower end of the 95% Wilson score interval of a band's acceptance rate: what the rate is at least,
 * given how few offers it rests on. The best band is the one with the highest, so one accepted offer (1 of
 * 1: 0.21) does not beat nine of ten (0.60).
 */
export function acceptanceLowerBound({ offers, accepted }: { offers: number; accepted: number }): number {
  if (offers === 0) return 0;
  const z = 1.96;
  const p = accepted / offers;
  const z2n = (z * z) / offers;
  return (p + z2n / 2 - z * Math.sqrt((p * (1 - p)) / offers + z2n / (4 * offers))) / (1 + z2n);
}

export async function optimalWageRange(deps: Deps, actor: UserRow, query: AnalyticsFiltersQuery) {
  const r = await resolve(deps, actor, query);
  const offers = await answeredOffers(deps.db, r.scope);
  const groups = new Map<
    string,
    {
      family: string;
      location: string | null;
      currency: string;
      offers: { salary: bigint; accepted: boolean }[];
    }
  >();
  const add = (
    family: string,
    location: string | null,
    currency: string,
    offer: { salary: bigint; accepted: boolean },
  ) => {
    const key = `${family}\u0000${location === null ? '\u0001' : location}\u0000${currency}`;
    const group = groups.get(key) ?? { family, location, currency, offers: [] };
    group.offers.push(offer);
    groups.set(key, group);
  };
  for (const row of offers) {
    const offer = { salary: minorOf(row.salary), accepted: row.answer === 'accepted' };
    const family = roleFamilyOf(row.role_name);
    add(family, null, row.currency, offer);
    add(family, row.location.trim() || 'Unspecified', row.currency, offer);
  }
  const ranges: AnalyticsOptimalRangeRow[] = [];
  for (const g of groups.values()) {
    const enough = g.offers.length >= OPTIMAL_RANGE_MIN_SAMPLE;
    // A location's own row only when it alone has the sample; the family's row always (saying when it is too small).
    if (g.location !== null && !enough) continue;
    const bands = enough ? bandsOf(g.offers) : [];
    const best = bands.reduce<AnalyticsWageBand | null>((top, band) => {
      if (!top) return band;
      const a = acceptanceLowerBound(band);
      const b = acceptanceLowerBound(top);
      return a > b || (a === b && band.offers > top.offers) ? band : top;
    }, null);
    ranges.push({
      role_family: g.family,
      role_family_label: roleFamilyLabel(g.family),
      location: g.location,
      currency: g.currency,
      sample_size: g.offers.length,
      accepted: g.offers.filter((o) => o.accepted).length,
      enough_data: enough,
      message: enough
        ? null
        : `Only ${g.offers.length} answered offer${g.offers.length === 1 ? '' : 's'}; at least ${OPTIMAL_RANGE_MIN_SAMPLE} are needed to suggest a range.`,
      bands,
      best_band: best,
    });
  }
  ranges.sort(
    (a, b) =>
      a.role_family.localeCompare(b.role_family) ||
      (a.location === null ? -1 : b.location === null ? 1 : a.location.localeCompare(b.location)),
  );
  return { ...base(r), min_sample: OPTIMAL_RANGE_MIN_SAMPLE, ranges };
}
