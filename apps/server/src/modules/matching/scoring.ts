/**
 * The match score (pure, deterministic; docs/matching.md). Every factor gives a fraction in whole thousandths
 * (0–1000) and has a weight; a factor the role gives nothing to compare with (no salary range, no skills…)
 * is left out and the others share the 100 points. A factor's contribution in tenths of a point is
 * round(weight × fraction / total weight); the score is the sum of the contributions, so they add up exactly.
 * Integer arithmetic only: score-sql.ts computes the same numbers in PostgreSQL, byte for byte.
 */
import {
  MATCH_FACTOR_KEYS,
  MATCH_FACTOR_LABELS,
  type MatchFactor,
  type MatchFactorKey,
  type MatchWeights,
} from '@recruitdesk/contracts/matching';
import { LEVEL_NAMES, type CandidateProfile, type RoleProfile } from './profiles';

export type OutcomeSignal = 'advanced_similar' | 'rejected_by_client' | null;

export interface ScoreInput {
  now: Date;
  /** Whether the reader may see salaries: when not, salary takes no part at all. */
  salaryVisible: boolean;
  outcome?: OutcomeSignal;
  notAFit?: { reason: string } | null;
}

/** The role's effective weights (0 for a factor left out) and their total. */
export interface ScorePlan {
  weights: Record<MatchFactorKey, number>;
  total: number;
}

export const DAY_MS = 86_400_000;
/** A candidate placed this recently is not available. */
export const PLACED_UNAVAILABLE_DAYS = 90;

export function scorePlan(role: RoleProfile, weights: MatchWeights, salaryVisible: boolean): ScorePlan {
  const nReq = role.required.length;
  const nNice = role.nice.length;
  const applies: Record<MatchFactorKey, boolean> = {
    required_skills: nReq > 0,
    nice_skills: nNice > 0,
    title: role.titleTokens.length > 0,
    seniority: role.level > 0,
    experience: role.minYears != null,
    salary: salaryVisible && (role.salaryMaxMinor != null || role.salaryMinMinor != null),
    location: role.remoteType !== 'remote' && role.city != null,
    availability: true,
    recency: true,
    outcomes: true,
  };
  const effective = {} as Record<MatchFactorKey, number>;
  for (const key of MATCH_FACTOR_KEYS) effective[key] = applies[key] ? Math.max(0, Math.trunc(weights[key])) : 0;
  // One nice-to-have skill never counts more than half of one required skill.
  if (nReq > 0 && nNice > 0) {
    effective.nice_skills = Math.min(
      effective.nice_skills,
      Math.floor((effective.required_skills * nNice) / (2 * nReq)),
    );
  }
  const total = MATCH_FACTOR_KEYS.reduce((sum, key) => sum + effective[key], 0);
  return { weights: effective, total };
}

const intersect = (a: readonly string[], b: ReadonlySet<string>) => a.filter((value) => b.has(value));

export function daysBetween(now: Date, then: Date): number {
  return Math.floor((now.getTime() - then.getTime()) / DAY_MS);
}

export function seniorityFraction(role: number, candidate: number): number {
  if (candidate === 0) return 500;
  const diff = candidate - role;
  if (diff === 0) return 1000;
  if (diff === 1) return 600;
  if (diff === -1) return 400;
  return 0;
}

export function experienceFraction(minYears: number, years: number | null): number {
  if (years == null) return 500;
  if (years >= minYears) return 1000;
  if (years >= minYears - 1) return 600;
  if (years >= minYears - 2) return 300;
  return 0;
}

/** The salary asked against the role's top (or, without one, 130% of its bottom). */
export function salaryFraction(role: RoleProfile, salary: number | null, currency: string): number {
  if (salary == null || currency !== role.salaryCurrency) return 500;
  const top = role.salaryMaxMinor ?? Math.floor(((role.salaryMinMinor as number) * 13) / 10);
  if (salary <= top) return 1000;
  if (salary * 100 <= top * 110) return 500;
  if (salary * 100 <= top * 125) return 200;
  return 0;
}

export function locationFraction(role: RoleProfile, tokens: readonly string[]): number {
  if (!tokens.length) return 500;
  if (role.city != null && tokens.includes(role.city)) return 1000;
  const hybrid = role.remoteType === 'hybrid';
  if (role.region.some((part) => tokens.includes(part))) return hybrid ? 400 : 300;
  return hybrid ? 100 : 0;
}

export function availabilityFraction(status: string, days: number): number {
  if (status === 'active') return 1000;
  if (status === 'placed') return days <= PLACED_UNAVAILABLE_DAYS ? 0 : 600;
  return 0;
}

export function recencyFraction(days: number): number {
  if (days <= 30) return 1000;
  if (days <= 180) return 700;
  if (days <= 365) return 400;
  if (days <= 730) return 200;
  return 0;
}

export function outcomeFraction(outcome: OutcomeSignal | undefined): number {
  if (outcome === 'advanced_similar') return 1000;
  if (outcome === 'rejected_by_client') return 0;
  return 500;
}

/** round(weight × fraction / total) in tenths of a point, as PostgreSQL computes it too. */
export function tenths(weight: number, fraction: number, total: number): number {
  if (total <= 0 || weight <= 0) return 0;
  return Math.floor((2 * weight * fraction + total) / (2 * total));
}

export interface ScoredMatch {
  /** Tenths of a point (0–1000). */
  scoreTenths: number;
  score: number;
  factors: MatchFactor[];
  matched: string[];
  missing: string[];
  /** Whether a must-have skill is missing (the candidate drops out of the list). */
  failsMust: boolean;
}

const names = (items: Array<{ name: string }>) => items.map((item) => item.name).join(', ');

export function scoreMatch(
  role: RoleProfile,
  candidate: CandidateProfile,
  weights: MatchWeights,
  input: ScoreInput,
  { explain = true }: { explain?: boolean } = {},
): ScoredMatch {
  const plan = scorePlan(role, weights, input.salaryVisible);
  const skills = new Set(candidate.skills);
  const days = daysBetween(input.now, candidate.lastActivity);
  const reqHit = role.required.filter((skill) => skills.has(skill.key));
  const reqMiss = role.required.filter((skill) => !skills.has(skill.key));
  const niceHit = role.nice.filter((skill) => skills.has(skill.key));
  const niceMiss = role.nice.filter((skill) => !skills.has(skill.key));
  const titleHit = intersect(role.titleTokens, new Set(candidate.titleTokens));

  const fractions: Record<MatchFactorKey, [number, () => string]> = {
    required_skills: [
      role.required.length ? Math.floor((1000 * reqHit.length) / role.required.length) : 0,
      () =>
        `${reqHit.length} of ${role.required.length}${reqHit.length ? `: ${names(reqHit)}` : ''}${reqMiss.length ? `; missing ${names(reqMiss)}` : ''}`,
    ],
    nice_skills: [
      role.nice.length ? Math.floor((1000 * niceHit.length) / role.nice.length) : 0,
      () => `${niceHit.length} of ${role.nice.length}${niceHit.length ? `: ${names(niceHit)}` : ''}`,
    ],
    title: [
      role.titleTokens.length ? Math.floor((1000 * titleHit.length) / role.titleTokens.length) : 0,
      () => (titleHit.length ? `Title shares “${titleHit.join(' ')}”` : 'Title does not match the role’s'),
    ],
    seniority: [
      seniorityFraction(role.level, candidate.level),
      () =>
        candidate.level ? `${LEVEL_NAMES[candidate.level]} for a ${LEVEL_NAMES[role.level]} role` : 'Seniority unknown',
    ],
    experience: [
      role.minYears != null ? experienceFraction(role.minYears, candidate.years) : 0,
      () =>
        candidate.years == null
          ? 'Years of experience unknown'
          : `${candidate.years} years (the role asks ${role.minYears ?? 0}+)`,
    ],
    salary: [
      plan.weights.salary ? salaryFraction(role, candidate.salaryMinor, candidate.salaryCurrency) : 0,
      () =>
        candidate.salaryMinor == null
          ? 'Salary expectation unknown'
          : candidate.salaryCurrency !== role.salaryCurrency
            ? `Salary asked in ${candidate.salaryCurrency}, the role pays ${role.salaryCurrency}`
            : salaryFraction(role, candidate.salaryMinor, candidate.salaryCurrency) === 1000
              ? 'Within the role’s range'
              : 'Above the role’s range',
    ],
    location: [
      plan.weights.location ? locationFraction(role, candidate.locationTokens) : 0,
      () =>
        role.remoteType === 'remote'
          ? 'Remote role'
          : !candidate.locationTokens.length
            ? 'Location unknown'
            : locationFraction(role, candidate.locationTokens) === 1000
              ? `In ${role.city ?? ''} (${role.remoteType})`
              : `Not in ${role.city ?? ''} (${role.remoteType})`,
    ],
    availability: [
      availabilityFraction(candidate.status, days),
      () =>
        candidate.status === 'placed'
          ? days <= PLACED_UNAVAILABLE_DAYS
            ? `Placed ${days} days ago`
            : 'Placed over 90 days ago'
          : candidate.status === 'active'
            ? 'Active'
            : candidate.status.replaceAll('_', ' '),
    ],
    recency: [recencyFraction(days), () => `Last activity ${days} days ago`],
    outcomes: [
      outcomeFraction(input.outcome),
      () =>
        input.outcome === 'advanced_similar'
          ? 'Reached a client interview or offer on a similar role'
          : input.outcome === 'rejected_by_client'
            ? 'Rejected by this client in the last year'
            : 'No past outcome that applies',
    ],
  };

  const factors: MatchFactor[] = [];
  let scoreTenths = 0;
  for (const key of MATCH_FACTOR_KEYS) {
    const weight = plan.weights[key];
    if (!weight) continue;
    const [fraction, detail] = fractions[key];
    const part = tenths(weight, fraction, plan.total);
    scoreTenths += part;
    if (explain)
      factors.push({ key, label: MATCH_FACTOR_LABELS[key], weight, contribution: part / 10, detail: detail() });
  }
  if (input.notAFit) {
    const penalty = Math.floor((scoreTenths + 1) / 2);
    scoreTenths -= penalty;
    factors.push({
      key: 'feedback',
      label: MATCH_FACTOR_LABELS.feedback,
      weight: 0,
      contribution: -penalty / 10,
      detail: input.notAFit.reason,
    });
  }
  return {
    scoreTenths,
    score: scoreTenths / 10,
    factors,
    matched: [...reqHit, ...niceHit].map((skill) => skill.name),
    missing: [...reqMiss, ...niceMiss].map((skill) => skill.name),
    failsMust: role.must.some((key) => !skills.has(key)),
  };
}

/** Ranking order: score descending, then id ascending (ties are broken the same way every time). */
export function compareRanked(a: { scoreTenths: number; id: number }, b: { scoreTenths: number; id: number }): number {
  return b.scoreTenths - a.scoreTenths || a.id - b.id;
}
