/**
 * Every open role's requirement profile, built from its row, qualifications and saved settings, kept per
 * database for a few seconds (a candidate's matching roles over thousands of open roles would otherwise read
 * every qualification on every request). A change to a role is seen within ROLE_PROFILE_TTL_MS; a change of
 * weights made by this process at once.
 */
import type { MatchWeights } from '@recruitdesk/contracts/matching';
import type { Db } from '../../db/client';
import { allRoleSettings, openRoles, qualificationsOf, type OpenRoleRow } from './matching.repository';
import { buildRoleProfile, type RoleProfile } from './profiles';
import type { SkillTerms } from './skill-terms';
import { weightsOfSaved } from './weights';

export const ROLE_PROFILE_TTL_MS = 5_000;

export interface OpenRoleProfile {
  row: OpenRoleRow;
  profile: RoleProfile;
  weights: MatchWeights;
}

const cache = new WeakMap<Db, { at: number; terms: SkillTerms; roles: Promise<OpenRoleProfile[]> }>();
let generation = 0;
const generations = new WeakMap<Db, number>();

export function invalidateRoleProfiles(): void {
  generation += 1;
}

async function load(db: Db, terms: SkillTerms): Promise<OpenRoleProfile[]> {
  const rows = await openRoles(db);
  const [qualifications, settings] = await Promise.all([
    qualificationsOf(
      db,
      rows.map((row) => row.id),
    ),
    allRoleSettings(db),
  ]);
  const byRole = new Map<number, typeof qualifications>();
  for (const qualification of qualifications) {
    const list = byRole.get(qualification.roleId) ?? [];
    list.push(qualification);
    byRole.set(qualification.roleId, list);
  }
  return rows.map((row) => {
    const saved = settings.get(row.id);
    return {
      row,
      profile: buildRoleProfile(terms, row, byRole.get(row.id) ?? [], saved?.mustSkills ?? []),
      weights: weightsOfSaved(saved?.weights),
    };
  });
}

export function openRoleProfiles(db: Db, terms: SkillTerms): Promise<OpenRoleProfile[]> {
  const entry = cache.get(db);
  if (
    entry &&
    entry.terms === terms &&
    generations.get(db) === generation &&
    Date.now() - entry.at < ROLE_PROFILE_TTL_MS
  ) {
    return entry.roles;
  }
  const roles = load(db, terms);
  cache.set(db, { at: Date.now(), terms, roles });
  generations.set(db, generation);
  roles.catch(() => cache.delete(db));
  return roles;
}
