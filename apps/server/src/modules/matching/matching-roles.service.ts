/**
 * A candidate's matching roles: every open role scored for the candidate with the same functions, best first.
 * The candidate's profile is the stored one when current; a stale or missing one (a brand-new candidate,
 * one just edited) is built from the candidate's row and saved first, so the first answer is already
 * current. Each open role's scorer is compiled once per role-profile cache generation (ranking.ts).
 */
import type { MatchingRolesResponse } from '@recruitdesk/contracts/matching';
import type { Db } from '../../db/client';
import type { Deps } from '../../lib/deps';
import { AppError } from '../../lib/errors';
import { assertCan } from '../../lib/permissions';
import { MATCHING_ERRORS } from '@recruitdesk/contracts/matching';
import { moneyVisibleTo } from '../settings/settings.service';
import type { UserRow } from '../users/users.service';
import { evidenceFor } from './evidence';
import {
  candidateCards,
  candidatePipelineRoleIds,
  candidateSources,
  saveProfiles,
  storedProfile,
} from './matching.repository';
import { buildCandidateProfile, type CandidateProfile } from './profiles';
import { openRoleProfiles, type OpenRoleProfile } from './role-profile-cache';
import { compileScorer, countIn, TopRanked, type CompiledScorer } from './ranking';
import { scoreMatch, scorePlan } from './scoring';
import { loadSkillTerms, type SkillTerms } from './skill-terms';

interface CompiledRole {
  required: string[];
  nice: string[];
  must: string[];
  /** By whether the reader may see salaries. */
  scorers: [CompiledScorer | null, CompiledScorer | null];
}

const compiled = new WeakMap<OpenRoleProfile, CompiledRole>();

function scorerOf(role: OpenRoleProfile, salaryVisible: boolean): { role: CompiledRole; score: CompiledScorer } {
  let entry = compiled.get(role);
  if (!entry) {
    entry = {
      required: role.profile.required.map((skill) => skill.key),
      nice: role.profile.nice.map((skill) => skill.key),
      must: [...new Set(role.profile.must)],
      scorers: [null, null],
    };
    compiled.set(role, entry);
  }
  const slot = salaryVisible ? 1 : 0;
  let score = entry.scorers[slot];
  if (!score) {
    score = compileScorer(role.profile, scorePlan(role.profile, role.weights, salaryVisible));
    entry.scorers[slot] = score;
  }
  return { role: entry, score };
}

/** The candidate's current profile: the stored one, or built now (and saved) when stale or missing. */
async function currentProfile(db: Db, terms: SkillTerms, candidateId: number): Promise<CandidateProfile | null> {
  const stored = await storedProfile(db, candidateId);
  if (stored && !stored.stale) return stored.profile;
  const [source] = await candidateSources(db, [candidateId]);
  if (!source) return null;
  const profile = buildCandidateProfile(terms, source);
  await saveProfiles(db, [profile], new Date());
  return profile;
}

export async function listMatchingRoles(
  deps: Deps,
  actor: UserRow,
  candidateId: number,
  query: { limit: number; exclude_role_id?: number | undefined },
): Promise<Omit<MatchingRolesResponse, 'success'>> {
  assertCan(actor, 'records.read');
  const terms = await loadSkillTerms(deps.db);
  const [profile, roles, salaryVisible, inPipeline, cards] = await Promise.all([
    currentProfile(deps.db, terms, candidateId),
    openRoleProfiles(deps.db, terms),
    moneyVisibleTo(deps.db, actor),
    candidatePipelineRoleIds(deps.db, candidateId),
    candidateCards(deps.db, [candidateId]),
  ]);
  const card = cards[0];
  if (!profile || !card) throw new AppError('CANDIDATE_NOT_FOUND', 404, MATCHING_ERRORS.CANDIDATE_NOT_FOUND);
  const now = new Date();
  const nowMs = now.getTime();
  const lastActivityMs = profile.lastActivity.getTime();
  const skills = new Set(profile.skills);
  const top = new TopRanked(query.limit);
  const byId = new Map<number, OpenRoleProfile>();
  for (const role of roles) {
    if (role.row.id === query.exclude_role_id) continue;
    const { role: keys, score } = scorerOf(role, salaryVisible);
    if (countIn(keys.must, skills) < keys.must.length) continue;
    byId.set(role.row.id, role);
    top.push(role.row.id, score(profile, lastActivityMs, countIn(keys.required, skills), countIn(keys.nice, skills), nowMs));
  }
  const input = { now, salaryVisible };
  return {
    results: top.sorted().map(({ id }) => {
      const role = byId.get(id) as OpenRoleProfile;
      const match = scoreMatch(role.profile, profile, role.weights, input);
      const wanted = [...role.profile.required, ...role.profile.nice].filter((skill) =>
        match.matched.includes(skill.name),
      );
      return {
        role: { id: role.row.id, name: role.row.name, client_name: role.row.clientName, location: role.row.location },
        score: match.score,
        factors: match.factors,
        evidence: evidenceFor(terms, wanted, card.resumeText, card.skills),
        missing: match.missing,
        in_pipeline: inPipeline.has(role.row.id),
      };
    }),
    salary_visible: salaryVisible,
  };
}
