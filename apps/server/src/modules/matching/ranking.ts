/**
 * The fast path of a role's ranking over the in-memory profile index (decision 113): the role is compiled
 * once into a scorer with its skill parts as look-up tables; the candidates sharing a required or
 * nice-to-have skill are found by walking the role's posting lists (skill → index entries), counting each
 * entry's required, nice-to-have and must-have hits in scratch fields stamped per ranking (no set, map or
 * array per candidate); only the best page + headroom are kept, in a bounded heap. The order and the
 * scores are exactly those of `scoreMatch` sorted by `compareRanked` (ranking.test.ts checks against a
 * straightforward reference).
 */
import type { CandidateProfile, RoleProfile } from './profiles';
import {
  availabilityFraction,
  DAY_MS,
  experienceFraction,
  locationFraction,
  PLACED_UNAVAILABLE_DAYS,
  salaryFraction,
  seniorityFraction,
  tenths,
  type ScorePlan,
} from './scoring';

/** One candidate in the index; `stamp`, `required`, `nice` and `must` are the scratch of the ranking in progress (ranking.ts). */
export interface IndexEntry {
  profile: CandidateProfile;
  lastActivityMs: number;
  stamp: number;
  required: number;
  nice: number;
  must: number;
}

export interface ProfileIndex {
  profiles: Map<number, CandidateProfile>;
  entries: Map<number, IndexEntry>;
  /** Posting lists: skill key → the entries of the candidates with that skill. */
  bySkill: Map<string, Set<IndexEntry>>;
  /** The posting lists as arrays (faster to walk), made on first use and dropped when the skill's list changes. */
  postings: Map<string, IndexEntry[]>;
  /** The last ranking's stamp, and its reusable list of the entries it touched (ranking.ts). */
  stamp: number;
  touched: IndexEntry[];
  /** Re-read from here on the next sync (one behind the highest seen: a slow transaction's lower revision). */
  syncFrom: number;
  highest: number;
  loadedAt: number;
  usedAt: number;
}

/** The entries of the candidates with the skill, as an array. */
export function postingOf(index: ProfileIndex, key: string): readonly IndexEntry[] {
  let list = index.postings.get(key);
  if (list === undefined) {
    list = [...(index.bySkill.get(key) ?? [])];
    index.postings.set(key, list);
  }
  return list;
}

/**
 * The score in tenths without past outcomes and feedback, given how many of the role's required and
 * nice-to-have skill keys the candidate has.
 */
export type CompiledScorer = (
  profile: CandidateProfile,
  lastActivityMs: number,
  requiredHits: number,
  niceHits: number,
  nowMs: number,
) => number;

/** The contribution of `hits` out of `of` keys, for every possible number of hits. */
function skillTable(weight: number, of: number, total: number): Int32Array {
  const table = new Int32Array(of + 1);
  if (weight && of)
    for (let hits = 0; hits <= of; hits += 1) table[hits] = tenths(weight, Math.floor((1000 * hits) / of), total);
  return table;
}

export function compileScorer(role: RoleProfile, plan: ScorePlan): CompiledScorer {
  const w = plan.weights;
  const total = plan.total;
  const requiredTable = skillTable(w.required_skills, role.required.length, total);
  const niceTable = skillTable(w.nice_skills, role.nice.length, total);
  const titles = role.titleTokens;
  const outcomes = tenths(w.outcomes, 500, total);
  // Factors with few possible values: their contributions looked up, not computed per candidate.
  const seniority = Int32Array.from({ length: 6 }, (_, level) =>
    tenths(w.seniority, seniorityFraction(role.level, level), total),
  );
  const minYears = role.minYears ?? 0;
  const yearsUnknown = tenths(w.experience, experienceFraction(minYears, null), total);
  const recency = [1000, 700, 400, 200, 0].map((fraction) => tenths(w.recency, fraction, total)) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const available = tenths(w.availability, 1000, total);
  const placedLongAgo = tenths(w.availability, availabilityFraction('placed', PLACED_UNAVAILABLE_DAYS + 1), total);
  const placedRecently = tenths(w.availability, availabilityFraction('placed', 0), total);
  const otherStatus = tenths(w.availability, availabilityFraction('', 0), total);
  return (p, lastActivityMs, requiredHits, niceHits, nowMs) => {
    const days = Math.floor((nowMs - lastActivityMs) / DAY_MS);
    let score = outcomes + (requiredTable[requiredHits] as number) + (niceTable[niceHits] as number);
    score += seniority[p.level] ?? tenths(w.seniority, seniorityFraction(role.level, p.level), total);
    score += p.years === null ? yearsUnknown : tenths(w.experience, experienceFraction(minYears, p.years), total);
    score +=
      days <= 30
        ? recency[0]
        : days <= 180
          ? recency[1]
          : days <= 365
            ? recency[2]
            : days <= 730
              ? recency[3]
              : recency[4];
    score +=
      p.status === 'active'
        ? available
        : p.status === 'placed'
          ? days <= PLACED_UNAVAILABLE_DAYS
            ? placedRecently
            : placedLongAgo
          : otherStatus;
    if (w.title) {
      let n = 0;
      for (const token of titles) if (p.titleTokens.includes(token)) n += 1;
      score += tenths(w.title, Math.floor((1000 * n) / titles.length), total);
    }
    if (w.salary) score += tenths(w.salary, salaryFraction(role, p.salaryMinor, p.salaryCurrency), total);
    if (w.location) score += tenths(w.location, locationFraction(role, p.locationTokens), total);
    return score;
  };
}

/** How many of `keys` are in `have` (a key listed twice counts twice, as in `scoreMatch`'s filters). */
export function countIn(keys: readonly string[], have: { has(key: string): boolean } | readonly string[]): number {
  let n = 0;
  if (Array.isArray(have)) {
    for (const key of keys) if ((have as readonly string[]).includes(key)) n += 1;
  } else {
    for (const key of keys) if ((have as { has(key: string): boolean }).has(key)) n += 1;
  }
  return n;
}

/** The best `capacity` (score, id) pairs seen, best first by `compareRanked` (score descending, id ascending). */
export class TopRanked {
  private readonly ids: number[] = [];
  private readonly scores: number[] = [];
  constructor(private readonly capacity: number) {}

  /** Whether a ranks below b (lower score, or the same score and a higher id). */
  private static worse(sa: number, ia: number, sb: number, ib: number): boolean {
    return sa < sb || (sa === sb && ia > ib);
  }

  push(id: number, score: number): void {
    const { ids, scores } = this;
    if (this.capacity <= 0) return;
    if (ids.length < this.capacity) {
      // Sift up: the root holds the worst kept.
      let i = ids.length;
      ids.push(id);
      scores.push(score);
      while (i > 0) {
        const parent = (i - 1) >> 1;
        const ps = scores[parent] as number;
        const pi = ids[parent] as number;
        if (!TopRanked.worse(score, id, ps, pi)) break;
        ids[i] = pi;
        scores[i] = ps;
        i = parent;
      }
      ids[i] = id;
      scores[i] = score;
      return;
    }
    if (!TopRanked.worse(scores[0] as number, ids[0] as number, score, id)) return;
    // Replace the root and sift down.
    const n = ids.length;
    let i = 0;
    for (;;) {
      const left = 2 * i + 1;
      if (left >= n) break;
      const right = left + 1;
      let child = left;
      if (
        right < n &&
        TopRanked.worse(scores[right] as number, ids[right] as number, scores[left] as number, ids[left] as number)
      ) {
        child = right;
      }
      const cs = scores[child] as number;
      const ci = ids[child] as number;
      if (!TopRanked.worse(cs, ci, score, id)) break;
      ids[i] = ci;
      scores[i] = cs;
      i = child;
    }
    ids[i] = id;
    scores[i] = score;
  }

  /** The kept pairs, best first. */
  sorted(): Array<{ id: number; scoreTenths: number }> {
    return this.ids
      .map((id, i) => ({ id, scoreTenths: this.scores[i] as number }))
      .sort((a, b) => b.scoreTenths - a.scoreTenths || a.id - b.id);
  }
}

export interface RoleScan {
  role: RoleProfile;
  plan: ScorePlan;
  now: Date;
  /** Statuses left out (do-not-contact, archived), or none when the reader asked to see them. */
  excludedStatuses: readonly string[];
}

/**
 * Calls `visit` with every candidate the role's list can hold (sharing a required or nice-to-have skill,
 * or every candidate when the role names none; not of an excluded status; with every must-have skill) and
 * their lean score. Synchronous: the entries' scratch fields belong to this call until it returns.
 */
export function scanRole(index: ProfileIndex, scan: RoleScan, visit: (id: number, scoreTenths: number) => void): void {
  const { role, excludedStatuses } = scan;
  const score = compileScorer(role, scan.plan);
  const nowMs = scan.now.getTime();
  const required = role.required.map((skill) => skill.key);
  const nice = role.nice.map((skill) => skill.key);
  const must = [...new Set(role.must)];
  const excluded = (status: string) => excludedStatuses.length > 0 && excludedStatuses.includes(status);

  if (!required.length && !nice.length) {
    for (const entry of index.entries.values()) {
      const p = entry.profile;
      if (excluded(p.status)) continue;
      if (must.length && countIn(must, p.skills) < must.length) continue;
      visit(p.candidateId, score(p, entry.lastActivityMs, 0, 0, nowMs));
    }
    return;
  }

  index.stamp += 1;
  const stamp = index.stamp;
  const touched = index.touched;
  touched.length = 0;
  for (const key of required) {
    for (const entry of postingOf(index, key)) {
      if (entry.stamp !== stamp) {
        entry.stamp = stamp;
        entry.required = 0;
        entry.nice = 0;
        entry.must = 0;
        touched.push(entry);
      }
      entry.required += 1;
    }
  }
  for (const key of nice) {
    for (const entry of postingOf(index, key)) {
      if (entry.stamp !== stamp) {
        entry.stamp = stamp;
        entry.required = 0;
        entry.nice = 0;
        entry.must = 0;
        touched.push(entry);
      }
      entry.nice += 1;
    }
  }
  for (const key of must) for (const entry of postingOf(index, key)) if (entry.stamp === stamp) entry.must += 1;
  try {
    for (const entry of touched) {
      const p = entry.profile;
      if (excluded(p.status)) continue;
      if (entry.must < must.length) continue;
      visit(p.candidateId, score(p, entry.lastActivityMs, entry.required, entry.nice, nowMs));
    }
  } finally {
    touched.length = 0;
  }
}

/** The best `keep` of the role's list, best first, and how many the list holds. */
export function topOfRole(
  index: ProfileIndex,
  scan: RoleScan,
  keep: number,
): { top: Array<{ id: number; scoreTenths: number }>; count: number } {
  const top = new TopRanked(keep);
  let count = 0;
  scanRole(index, scan, (id, scoreTenths) => {
    count += 1;
    top.push(id, scoreTenths);
  });
  return { top: top.sorted(), count };
}
