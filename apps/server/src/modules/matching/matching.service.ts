/**
 * A role's matches (issue 32, docs/matching.md): PostgreSQL ranks every candidate profile sharing a skill with
 * the role by the score of scoring.ts (score-sql.ts), the service reads the best rows, adds past outcomes and
 * "not a fit" feedback, and explains each result with the same pure functions. Weights and feedback are
 * written here; a candidate's matching roles are in matching-roles.service.ts.
 */
import {
  MATCH_FACTOR_KEYS,
  MATCH_FACTOR_LABELS,
  MATCHING_ERRORS,
  type ExplainMatchResponse,
  type MatchResult,
  type MatchWeights,
  type RoleMatchesResponse,
} from '@recruitdesk/contracts/matching';
import type { CandidateStatus } from '@recruitdesk/contracts/candidates';
import type { Db } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import type { Deps } from '../../lib/deps';
import { AppError, fieldsError } from '../../lib/errors';
import { assertCan } from '../../lib/permissions';
import { recordActivity } from '../activity/activity.service';
import { requireCandidateRow } from '../candidates/candidates.service';
import { requireRoleRow } from '../roles/roles.service';
import type { RoleRow } from '../roles/roles.table';
import { moneyVisibleTo } from '../settings/settings.service';
import type { UserRow } from '../users/users.service';
import { evidenceFor } from './evidence';
import {
  EXCLUDED_STATUSES,
  candidateCards,
  candidateIdsByName,
  candidateSources,
  feedbackFor,
  outcomeRows,
  pipelineCandidateIds,
  qualificationsOf,
  roleSettings,
  saveRoleSettings,
  upsertFeedback,
  type CandidateCard,
  type OutcomeRow,
} from './matching.repository';
import { refreshStaleProfiles } from './profile-refresh';
import {
  buildCandidateProfile,
  buildRoleProfile,
  titleTokens,
  type CandidateProfile,
  type RoleProfile,
} from './profiles';
import { profileIndex } from './profile-index';
import { scanRole, topOfRole, type RoleScan } from './ranking';
import { compareRanked, DAY_MS, scoreMatch, scorePlan, type OutcomeSignal, type ScoredMatch } from './scoring';
import { loadSkillTerms, type SkillTerms } from './skill-terms';
import { invalidateRoleProfiles } from './role-profile-cache';
import { weightsOfSaved } from './weights';

export interface RoleContext {
  role: RoleRow;
  profile: RoleProfile;
  weights: MatchWeights;
  mustSkills: string[];
  terms: SkillTerms;
  salaryVisible: boolean;
}

export async function loadRoleContext(db: Db, actor: UserRow, roleId: number): Promise<RoleContext> {
  const role = await requireRoleRow(db, roleId);
  const [qualifications, settings, terms, salaryVisible] = await Promise.all([
    qualificationsOf(db, [roleId]),
    roleSettings(db, roleId),
    loadSkillTerms(db),
    moneyVisibleTo(db, actor),
  ]);
  const mustSkills = settings?.mustSkills ?? [];
  return {
    role,
    profile: buildRoleProfile(terms, role, qualifications, mustSkills),
    weights: weightsOfSaved(settings?.weights),
    mustSkills,
    terms,
    salaryVisible,
  };
}

const SIMILAR_TITLE_SHARE = 0.5;

/** Past outcomes that bear on this role: rejected by its client in the last year, or advanced on a similar role. */
export function outcomeSignals(role: RoleProfile, rows: OutcomeRow[], now: Date): Map<number, OutcomeSignal> {
  const signals = new Map<number, OutcomeSignal>();
  const roleTokens = new Set(role.titleTokens);
  for (const row of rows) {
    if (
      row.closeReason === 'rejected_by_client' &&
      row.clientId === role.clientId &&
      row.closedAt &&
      now.getTime() - row.closedAt.getTime() <= 365 * DAY_MS
    ) {
      signals.set(row.candidateId, 'rejected_by_client');
      continue;
    }
    if (signals.get(row.candidateId) === 'rejected_by_client') continue;
    if (!['client_interview', 'offer', 'placed'].includes(row.stage) || !roleTokens.size) continue;
    const shared = titleTokens(row.roleName).filter((token) => roleTokens.has(token)).length;
    if (shared >= Math.max(1, Math.ceil(roleTokens.size * SIMILAR_TITLE_SHARE))) {
      signals.set(row.candidateId, 'advanced_similar');
    }
  }
  return signals;
}

/** The scan of the role's list for this reader (ranking.ts): who is left out and how they are scored. */
function roleScan(context: RoleContext, now: Date, includeExcluded: boolean): RoleScan {
  const { profile } = context;
  return {
    role: profile,
    plan: scorePlan(profile, context.weights, context.salaryVisible),
    now,
    excludedStatuses: includeExcluded ? [] : EXCLUDED_STATUSES,
  };
}

function presentResult(
  context: RoleContext,
  card: CandidateCard,
  scored: ScoredMatch,
  extra: { rank: number; inPipeline: boolean; notAFit: string | null },
): MatchResult {
  const wanted = [...context.profile.required, ...context.profile.nice].filter((skill) =>
    scored.matched.includes(skill.name),
  );
  return {
    candidate: {
      id: card.id,
      name: `${card.firstName} ${card.lastName}`.trim(),
      current_title: card.currentTitle,
      current_company: card.currentCompany,
      location: card.location,
      status: card.status as CandidateStatus,
    },
    rank: extra.rank,
    score: scored.score,
    factors: scored.factors,
    evidence: evidenceFor(context.terms, wanted, card.resumeText, card.skills),
    missing: scored.missing,
    in_pipeline: extra.inPipeline,
    not_a_fit: extra.notAFit === null ? null : { reason: extra.notAFit },
  };
}

/** How many rows past the page the database returns, so past outcomes can lift a candidate into it. */
const OUTCOME_HEADROOM = 100;

export async function listRoleMatches(
  deps: Deps,
  actor: UserRow,
  roleId: number,
  query: { limit: number; offset: number; include_excluded: boolean },
  /** `readOnly`: inside a read-only transaction (the assistant's tools): stale profiles wait for the background pass. */
  options: { readOnly?: boolean } = {},
): Promise<Omit<RoleMatchesResponse, 'success'>> {
  assertCan(actor, 'records.read');
  const context = await loadRoleContext(deps.db, actor, roleId);
  if (!options.readOnly) await refreshStaleProfiles(deps.db, context.terms);
  const index = await profileIndex(deps.db, deps.config);
  const now = new Date();
  const wanted = query.offset + query.limit;
  // Only the best page + headroom are kept (a bounded heap), in the order a full sort would give.
  const { top: ranked, count } = topOfRole(
    index,
    roleScan(context, now, query.include_excluded),
    wanted + OUTCOME_HEADROOM + 1,
  );
  const ids = ranked.map((row) => row.id);
  const [outcomes, feedback] = await Promise.all([
    outcomeRows(deps.db, roleId, ids),
    feedbackFor(deps.db, roleId, ids),
  ]);
  const signals = outcomeSignals(context.profile, outcomes, now);
  const scored = ids
    .map((id) => {
      const profile = index.profiles.get(id) as CandidateProfile;
      const reason = feedback.get(id);
      const match = scoreMatch(context.profile, profile, context.weights, {
        now,
        salaryVisible: context.salaryVisible,
        outcome: signals.get(id) ?? null,
        notAFit: reason === undefined ? null : { reason },
      });
      return { id, scoreTenths: match.scoreTenths, match };
    })
    .sort(compareRanked);
  const page = scored.slice(query.offset, wanted);
  const pageIds = page.map((row) => row.id);
  const [cards, inPipeline] = await Promise.all([
    candidateCards(deps.db, pageIds, { unrestrictedOnly: true }),
    pipelineCandidateIds(deps.db, roleId, pageIds),
  ]);
  const cardById = new Map(cards.map((card) => [card.id, card]));
  return {
    // A candidate deleted since the index last reloaded, or restricted from processing, has no card: left out.
    results: page
      .filter((row) => cardById.has(row.id))
      .map((row, position) =>
        presentResult(context, cardById.get(row.id) as CandidateCard, row.match, {
          rank: query.offset + position + 1,
          inPipeline: inPipeline.has(row.id),
          notAFit: feedback.get(row.id) ?? null,
        }),
      ),
    weights: context.weights,
    must_skills: context.mustSkills,
    requirements: {
      required: context.profile.required.map((skill) => skill.name),
      nice: context.profile.nice.map((skill) => skill.name),
      must: context.profile.required.filter((s) => context.profile.must.includes(s.key)).map((s) => s.name),
      seniority: context.profile.level
        ? (['', 'junior', 'mid-level', 'senior', 'lead', 'head'][context.profile.level] ?? null)
        : null,
      min_years: context.profile.minYears,
      location: context.role.location,
      remote_type: context.role.remoteType,
    },
    salary_visible: context.salaryVisible,
    has_more: count > wanted,
  };
}

/** Sentences naming what costs the candidate the most points, worst first. */
function lowReasons(match: ScoredMatch): string[] {
  const total = match.factors.reduce((sum, factor) => sum + Math.max(factor.weight, 0), 0);
  return match.factors
    .map((factor) => ({
      factor,
      lost: factor.key === 'feedback' ? -factor.contribution : (factor.weight / total) * 100 - factor.contribution,
    }))
    .filter((row) => row.lost >= 0.5)
    .sort((a, b) => b.lost - a.lost || (a.factor.key < b.factor.key ? -1 : 1))
    .slice(0, 4)
    .map((row) => `${row.factor.label}: ${row.factor.detail} (−${row.lost.toFixed(1)} points)`);
}

export async function explainRoleMatch(
  deps: Deps,
  actor: UserRow,
  roleId: number,
  query: { candidate_id?: number | undefined; name?: string | undefined },
): Promise<Omit<ExplainMatchResponse, 'success'>> {
  assertCan(actor, 'records.read');
  const context = await loadRoleContext(deps.db, actor, roleId);
  let candidateId = query.candidate_id;
  if (candidateId === undefined) {
    [candidateId] = await candidateIdsByName(deps.db, query.name ?? '', 1);
    if (candidateId === undefined) {
      throw new AppError('CANDIDATE_NOT_FOUND', 404, MATCHING_ERRORS.NO_SUCH_CANDIDATE_NAME);
    }
  } else {
    await requireCandidateRow(deps.db, candidateId);
  }
  await refreshStaleProfiles(deps.db, context.terms);
  const [source] = await candidateSources(deps.db, [candidateId]);
  if (!source) throw new AppError('CANDIDATE_NOT_FOUND', 404, MATCHING_ERRORS.CANDIDATE_NOT_FOUND);
  const profile = buildCandidateProfile(context.terms, source);
  const now = new Date();
  const [outcomes, feedback, cards, inPipeline] = await Promise.all([
    outcomeRows(deps.db, roleId, [candidateId]),
    feedbackFor(deps.db, roleId, [candidateId]),
    candidateCards(deps.db, [candidateId]),
    pipelineCandidateIds(deps.db, roleId, [candidateId]),
  ]);
  const reason = feedback.get(candidateId);
  const input = { now, salaryVisible: context.salaryVisible };
  const match = scoreMatch(context.profile, profile, context.weights, {
    ...input,
    outcome: outcomeSignals(context.profile, outcomes, now).get(candidateId) ?? null,
    notAFit: reason === undefined ? null : { reason },
  });
  const base = scoreMatch(context.profile, profile, context.weights, input);
  const anySkills = [...context.profile.required, ...context.profile.nice].map((skill) => skill.key);
  const excluded = (EXCLUDED_STATUSES as readonly string[]).includes(profile.status)
    ? `Marked ${profile.status.replaceAll('_', ' ')}: left out unless excluded candidates are shown.`
    : match.failsMust
      ? `Missing a must-have skill (${context.profile.required
          .filter((skill) => context.profile.must.includes(skill.key) && !profile.skills.includes(skill.key))
          .map((skill) => skill.name)
          .join(', ')}).`
      : anySkills.length && !anySkills.some((key) => profile.skills.includes(key))
        ? 'Has none of the role’s skills, so is not among the matches.'
        : null;
  const index = await profileIndex(deps.db, deps.config);
  let above = 0;
  const self = { id: candidateId, scoreTenths: base.scoreTenths };
  scanRole(index, roleScan(context, now, excluded !== null), (id, scoreTenths) => {
    if (compareRanked({ id, scoreTenths }, self) < 0) above += 1;
  });
  return {
    result: presentResult(context, cards[0] as CandidateCard, match, {
      rank: above + 1,
      inPipeline: inPipeline.has(candidateId),
      notAFit: reason ?? null,
    }),
    excluded_because: excluded,
    reasons: lowReasons(match),
  };
}

export async function recordMatchFeedback(
  deps: Deps,
  actor: UserRow,
  roleId: number,
  input: { candidate_id: number; reason: string },
): Promise<void> {
  assertCan(actor, 'records.write');
  const role = await requireRoleRow(deps.db, roleId);
  const candidate = await requireCandidateRow(deps.db, input.candidate_id);
  await inTransaction(deps.db, async (tx) => {
    await upsertFeedback(tx, { roleId, candidateId: candidate.id, reason: input.reason, createdById: actor.id });
    await recordActivity(tx, {
      scope: { clientId: role.clientId, roleId, candidateId: candidate.id },
      actor,
      verb: 'updated',
      modelType: 'candidate',
      objectId: candidate.id,
      summary: `Marked ${candidate.firstName} ${candidate.lastName} not a fit for ${role.name}: ${input.reason}`,
    });
  });
}

export async function updateMatchWeights(
  deps: Deps,
  actor: UserRow,
  roleId: number,
  input: { weights: MatchWeights; must_skills: string[] },
): Promise<{ weights: MatchWeights; must_skills: string[] }> {
  assertCan(actor, 'records.write');
  const context = await loadRoleContext(deps.db, actor, roleId);
  const byKey = new Map(context.profile.required.map((skill) => [skill.key, skill.name]));
  const must: string[] = [];
  for (const raw of input.must_skills) {
    const name = byKey.get(raw.trim().toLowerCase()) ?? byKey.get(context.terms.canonical(raw)?.toLowerCase() ?? '');
    if (name === undefined) throw fieldsError({ must_skills: [MATCHING_ERRORS.UNKNOWN_MUST_SKILL] });
    if (!must.includes(name)) must.push(name);
  }
  const changes = MATCH_FACTOR_KEYS.filter((key) => context.weights[key] !== input.weights[key]).map(
    (key) => `${MATCH_FACTOR_LABELS[key]} ${context.weights[key]} → ${input.weights[key]}`,
  );
  const mustBefore = [...context.mustSkills].sort().join(', ');
  const mustAfter = [...must].sort().join(', ');
  if (mustBefore !== mustAfter) changes.push(`must-have skills: ${mustAfter || 'none'}`);
  await inTransaction(deps.db, async (tx) => {
    await saveRoleSettings(tx, { roleId, weights: input.weights, mustSkills: must, updatedById: actor.id });
    if (changes.length) {
      await recordActivity(tx, {
        scope: { clientId: context.role.clientId, roleId },
        actor,
        verb: 'updated',
        modelType: 'role',
        objectId: roleId,
        summary: `Changed the match weights of ${context.role.name}: ${changes.join('; ')}`,
      });
    }
  });
  invalidateRoleProfiles();
  return { weights: input.weights, must_skills: must };
}

/** Rebuilds every stale match profile now, however many (tests and tooling that need the profiles settled). */
export async function settleMatchProfiles(db: Db): Promise<number> {
  return refreshStaleProfiles(db, await loadSkillTerms(db), { max: Number.MAX_SAFE_INTEGER, budgetMs: 3_600_000 });
}
