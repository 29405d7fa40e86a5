/** A candidate's matching roles: every open role scored for the candidate with the same functions, best first. */
import type { MatchingRolesResponse } from '@recruitdesk/contracts/matching';
import type { Deps } from '../../lib/deps';
import { AppError } from '../../lib/errors';
import { assertCan } from '../../lib/permissions';
import { MATCHING_ERRORS } from '@recruitdesk/contracts/matching';
import { moneyVisibleTo } from '../settings/settings.service';
import type { UserRow } from '../users/users.service';
import { evidenceFor } from './evidence';
import { candidateCards, candidatePipelineRoleIds, candidateSources } from './matching.repository';
import { buildCandidateProfile } from './profiles';
import { openRoleProfiles } from './role-profile-cache';
import { leanScorer } from './profile-index';
import { compareRanked, scoreMatch, scorePlan } from './scoring';
import { loadSkillTerms } from './skill-terms';

export async function listMatchingRoles(
  deps: Deps,
  actor: UserRow,
  candidateId: number,
  query: { limit: number },
): Promise<Omit<MatchingRolesResponse, 'success'>> {
  assertCan(actor, 'records.read');
  const [source] = await candidateSources(deps.db, [candidateId]);
  if (!source) throw new AppError('CANDIDATE_NOT_FOUND', 404, MATCHING_ERRORS.CANDIDATE_NOT_FOUND);
  const terms = await loadSkillTerms(deps.db);
  const [roles, salaryVisible, inPipeline, cards] = await Promise.all([
    openRoleProfiles(deps.db, terms),
    moneyVisibleTo(deps.db, actor),
    candidatePipelineRoleIds(deps.db, candidateId),
    candidateCards(deps.db, [candidateId]),
  ]);
  const profile = buildCandidateProfile(terms, source);
  const now = new Date();
  const input = { now, salaryVisible };
  const ranked = roles
    .filter((role) => role.profile.must.every((key) => profile.skills.includes(key)))
    .map((role) => ({
      id: role.row.id,
      scoreTenths: leanScorer(role.profile, scorePlan(role.profile, role.weights, salaryVisible), now)(profile),
      role,
    }))
    .sort(compareRanked)
    .slice(0, query.limit);
  const card = cards[0];
  return {
    results: ranked.map(({ role }) => {
      const match = scoreMatch(role.profile, profile, role.weights, input);
      const wanted = [...role.profile.required, ...role.profile.nice].filter((skill) =>
        match.matched.includes(skill.name),
      );
      return {
        role: { id: role.row.id, name: role.row.name, client_name: role.row.clientName, location: role.row.location },
        score: match.score,
        factors: match.factors,
        evidence: card ? evidenceFor(terms, wanted, card.resumeText, card.skills) : [],
        missing: match.missing,
        in_pipeline: inPipeline.has(role.row.id),
      };
    }),
    salary_visible: salaryVisible,
  };
}
