/**
 * Every open role's requirement profile, built from its row, qualifications and saved settings, kept per
 * database (a candidate's matching roles over thousands of open roles would otherwise read every qualification
 * on every request). Past ROLE_PROFILE_TTL_MS a request first asks the database's version of those tables
 * (one number, migration 0047): unchanged, the profiles stay; changed, they are reloaded. A change to a role is
 * seen within ROLE_PROFILE_TTL_MS plus one reload under steady use (within ROLE_PROFILE_STALE_MS at worst); a
 * change of weights made by this process at once; whatever the version says, the profiles are reloaded every
 * ROLE_PROFILE_MAX_AGE_MS. A reload rebuilds only the profiles of roles whose row, qualifications or settings
 * changed.
 */
import type { MatchWeights } from '@recruitdesk/contracts/matching';
import type { Db } from '../../db/client';
import {
  allRoleSettings,
  openRoles,
  openRolesVersion,
  qualificationsOf,
  type OpenRoleRow,
} from './matching.repository';
import { buildRoleProfile, type RoleProfile } from './profiles';
import type { SkillTerms } from './skill-terms';
import { weightsOfSaved } from './weights';

export const ROLE_PROFILE_TTL_MS = 5_000;
/**
 * Past the TTL, when loading is slow (SLOW_LOAD_MS), a request answers from the previous profiles while
 * they are reloaded in the background (a reload of 5,000 roles takes longer than the ranking it would hold
 * up), as long as they are younger than this; older ones are waited for.
 */
export const ROLE_PROFILE_STALE_MS = 30_000;
/** The profiles are reloaded at least this often, even when the version says nothing changed. */
export const ROLE_PROFILE_MAX_AGE_MS = 60_000;
/** Only when the last load took at least this long: a small agency's roles are always read fresh past the TTL. */
export const SLOW_LOAD_MS = 250;

export interface OpenRoleProfile {
  row: OpenRoleRow;
  profile: RoleProfile;
  weights: MatchWeights;
}

interface CacheEntry {
  at: number;
  terms: SkillTerms;
  generation: number;
  roles: Promise<OpenRoleProfile[]>;
  /**
   * The last loaded list: `at` is when it was last known current (its load's start, or a later version check
   * that found nothing changed), `loadedAt` its load's start, `version` the tables' version read before it.
   */
  settled: { at: number; loadedAt: number; version: string; roles: OpenRoleProfile[]; tookMs: number } | null;
  reloading: boolean;
  /** The version check in progress (requests past the TTL share it). */
  checking: Promise<OpenRoleProfile[]> | null;
  /** Each role's profile by what it was built from, so a reload rebuilds only the roles that changed. */
  built: Map<number, { signature: string; profile: OpenRoleProfile }>;
}

const cache = new WeakMap<Db, CacheEntry>();
let generation = 0;

export function invalidateRoleProfiles(): void {
  generation += 1;
}

async function load(
  db: Db,
  terms: SkillTerms,
  built: CacheEntry['built'],
): Promise<{ version: string; roles: OpenRoleProfile[] }> {
  // Read before the rows: a change made while they load bumps it again, so the next check reloads.
  const version = await openRolesVersion(db);
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
  const seen = new Set<number>();
  const profiles = rows.map((row) => {
    const saved = settings.get(row.id);
    const quals = byRole.get(row.id) ?? [];
    const signature = JSON.stringify([
      row,
      quals.map((q) => [q.name, q.description, q.kind]),
      saved?.mustSkills ?? [],
      saved?.weights ?? null,
    ]);
    seen.add(row.id);
    const before = built.get(row.id);
    if (before && before.signature === signature) return before.profile;
    const profile: OpenRoleProfile = {
      row,
      profile: buildRoleProfile(terms, row, quals, saved?.mustSkills ?? []),
      weights: weightsOfSaved(saved?.weights),
    };
    built.set(row.id, { signature, profile });
    return profile;
  });
  for (const id of built.keys()) if (!seen.has(id)) built.delete(id);
  return { version, roles: profiles };
}

export function openRoleProfiles(db: Db, terms: SkillTerms): Promise<OpenRoleProfile[]> {
  let entry = cache.get(db);
  const now = Date.now();
  if (entry && entry.terms === terms && entry.generation === generation) {
    if (now - entry.at < ROLE_PROFILE_TTL_MS) return entry.roles;
    if (entry.settled && !entry.reloading) {
      const current = entry;
      current.checking ??= checkThenReload(db, current).finally(() => {
        current.checking = null;
      });
      return current.checking;
    }
    return entry.roles;
  }
  if (!entry || entry.terms !== terms) {
    entry = {
      at: now,
      terms,
      generation,
      roles: Promise.resolve([]),
      settled: null,
      reloading: false,
      checking: null,
      built: new Map(),
    };
    cache.set(db, entry);
  }
  entry.generation = generation;
  return reload(db, entry, { background: false });
}

/**
 * Past the TTL: nothing changed since the last load (same version, and younger than the max age) keeps the
 * profiles; otherwise they are reloaded — in the background from the previous list when loading is slow and
 * that list is recent, else in the foreground.
 */
async function checkThenReload(db: Db, entry: CacheEntry): Promise<OpenRoleProfile[]> {
  const settled = entry.settled!;
  const version = await openRolesVersion(db);
  const now = Date.now();
  if (version === settled.version && now - settled.loadedAt < ROLE_PROFILE_MAX_AGE_MS && !entry.reloading) {
    settled.at = now;
    entry.at = now;
    return settled.roles;
  }
  if (entry.reloading) return entry.roles;
  if (settled.tookMs >= SLOW_LOAD_MS && now - settled.at < ROLE_PROFILE_STALE_MS) {
    void reload(db, entry, { background: true }).catch(() => undefined);
    return settled.roles;
  }
  return reload(db, entry, { background: false });
}

/**
 * Loads the profiles again. In the foreground, requests from now on wait for them; in the background, they
 * keep the previous list until the new one is in.
 */
function reload(db: Db, entry: CacheEntry, { background }: { background: boolean }): Promise<OpenRoleProfile[]> {
  const started = Date.now();
  entry.reloading = true;
  const loaded = load(db, entry.terms, entry.built);
  const roles = loaded.then((result) => result.roles);
  if (!background) {
    entry.roles = roles;
    entry.at = started;
  }
  loaded.then(
    ({ version, roles: list }) => {
      entry.settled = { at: started, loadedAt: started, version, roles: list, tookMs: Date.now() - started };
      entry.reloading = false;
      if (background) {
        entry.roles = Promise.resolve(list);
        entry.at = started;
      }
    },
    () => {
      entry.reloading = false;
      if (!background && cache.get(db) === entry) cache.delete(db);
    },
  );
  return roles;
}
