/**
 * A candidate's matching roles: every open role scored for the candidate with the same functions, best first.
 * The candidate's profile is the stored one when current; a stale or missing one (a brand-new candidate,
 * one just edited) is built from the candidate's row and saved first, so the first answer is already
 * current. Each open role's scorer is compiled once per role-profile cache generation (ranking.ts).
 */
import type { ApplicationMatchingRolesResponse, MatchingRolesResponse } from '@recruitdesk/contracts/matching';
import type { Db } from '../../db/client';
import type { Deps } from '../../lib/deps';
import { AppError } from '../../lib/errors';
import { assertCan } from '../../lib/permissions';
import { MATCHING_ERRORS } from '@recruitdesk/contracts/matching';
import { moneyVisibleTo } from '../settings/settings.service';
import type { UserRow } from '../users/users.service';
import { evidenceFor } from './evidence';
import {
  applicationForMatching,
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

interface RankOptions {
  limit: number;
  excludeRoleId?: number | undefined;
  salaryVisible: boolean;
  inPipeline: ReadonlySet<number>;
  /** Where the evidence snippets come from. */
  evidence: { resumeText: string; skills: readonly string[] };
}

/** The open roles ranked for one profile, best first (ties by role id), explained. */
async function rankOpenRoles(
  deps: Deps,
  terms: SkillTerms,
  profile: CandidateProfile,
  options: RankOptions,
): Promise<MatchingRolesResponse['results']> {
  const roles = await openRoleProfiles(deps.db, terms);
  const now = new Date();
  const nowMs = now.getTime();
  const lastActivityMs = profile.lastActivity.getTime();
  const skills = new Set(profile.skills);
  const top = new TopRanked(options.limit);
  const byId = new Map<number, OpenRoleProfile>();
  for (const role of roles) {
    if (role.row.id === options.excludeRoleId) continue;
    const { role: keys, score } = scorerOf(role, options.salaryVisible);
    if (countIn(keys.must, skills) < keys.must.length) continue;
    byId.set(role.row.id, role);
    top.push(
      role.row.id,
      score(profile, lastActivityMs, countIn(keys.required, skills), countIn(keys.nice, skills), nowMs),
    );
  }
  const input = { now, salaryVisible: options.salaryVisible };
  return top.sorted().map(({ id }) => {
    const role = byId.get(id) as OpenRoleProfile;
    const match = scoreMatch(role.profile, profile, role.weights, input);
    const wanted = [...role.profile.required, ...role.profile.nice].filter((skill) =>
      match.matched.includes(skill.name),
    );
    return {
      role: { id: role.row.id, name: role.row.name, client_name: role.row.clientName, location: role.row.location },
      score: match.score,
      factors: match.factors,
      evidence: evidenceFor(terms, wanted, options.evidence.resumeText, options.evidence.skills),
      missing: match.missing,
      in_pipeline: options.inPipeline.has(role.row.id),
    };
  });
}

export async function listMatchingRoles(
  deps: Deps,
  actor: UserRow,
  candidateId: number,
  query: { limit: number; exclude_role_id?: number | undefined },
): Promise<Omit<MatchingRolesResponse, 'success'>> {
  assertCan(actor, 'records.read');
  const terms = await loadSkillTerms(deps.db);
  // The role profiles load alongside (cached for a few seconds; rankOpenRoles awaits the same promise).
  const [profile, , salaryVisible, inPipeline, cards] = await Promise.all([
    currentProfile(deps.db, terms, candidateId),
    openRoleProfiles(deps.db, terms),
    moneyVisibleTo(deps.db, actor),
    candidatePipelineRoleIds(deps.db, candidateId),
    candidateCards(deps.db, [candidateId]),
  ]);
  const card = cards[0];
  if (!profile || !card) throw new AppError('CANDIDATE_NOT_FOUND', 404, MATCHING_ERRORS.CANDIDATE_NOT_FOUND);
  return {
    results: await rankOpenRoles(deps, terms, profile, {
      limit: query.limit,
      excludeRoleId: query.exclude_role_id,
      salaryVisible,
      inPipeline,
      evidence: card,
    }),
    salary_visible: salaryVisible,
  };
}

/**
 * The other open roles that fit an application: once converted, its candidate's ranking; before, a profile
 * built from what the applicant sent (the resume's text: its skills, title words and years are not known yet).
 */
export async function listApplicationMatchingRoles(
  deps: Deps,
  actor: UserRow,
  applicationId: number,
  query: { limit: number },
): Promise<Omit<ApplicationMatchingRolesResponse, 'success'>> {
  assertCan(actor, 'records.read');
  const application = await applicationForMatching(deps.db, applicationId);
  if (!application) throw new AppError('APPLICATION_NOT_FOUND', 404, MATCHING_ERRORS.APPLICATION_NOT_FOUND);
  if (application.candidateId !== null) {
    const ranked = await listMatchingRoles(deps, actor, application.candidateId, {
      limit: query.limit,
      exclude_role_id: application.roleId,
    });
    return { ...ranked, candidate_id: application.candidateId };
  }
  const terms = await loadSkillTerms(deps.db);
  const salaryVisible = await moneyVisibleTo(deps.db, actor);
  const profile = buildCandidateProfile(terms, {
    id: 0,
    currentTitle: '',
    skills: [],
    resumeText: application.resumeText,
    yearsExperience: null,
    desiredSalary: null,
    desiredSalaryCurrency: '',
    location: '',
    status: 'active',
    updatedAt: application.createdAt,
  });
  return {
    results: await rankOpenRoles(deps, terms, profile, {
      limit: query.limit,
      excludeRoleId: application.roleId,
      salaryVisible,
      inPipeline: new Set(),
      evidence: { resumeText: application.resumeText, skills: [] },
    }),
    salary_visible: salaryVisible,
    candidate_id: null,
  };
}
