import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { insertClient } from '../../factories/clients.factory';
import { insertQualifications, insertRole } from '../../factories/roles.factory';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { clientsTable } from '../clients/clients.table';
import { openRolesVersion } from './matching.repository';
import { openRoleProfiles, ROLE_PROFILE_MAX_AGE_MS, ROLE_PROFILE_TTL_MS } from './role-profile-cache';
import { loadSkillTerms } from './skill-terms';

// The open roles' profiles are kept between requests; past the TTL one number (the tables' version, migration
// 0047) says whether to reload them. Time is moved with Date.now, the database is real.

let t: TestApp;
let clock = Date.now();
beforeAll(async () => {
  t = await buildTestApp();
  vi.spyOn(Date, 'now').mockImplementation(() => clock);
});
afterEach(() => {
  clock += ROLE_PROFILE_MAX_AGE_MS * 2;
});
afterAll(async () => {
  vi.restoreAllMocks();
  await t?.close();
});

const pastTtl = () => {
  clock += ROLE_PROFILE_TTL_MS + 1;
};

describe('the open roles’ profile cache', () => {
  it('keeps the same profiles past the TTL when nothing changed, and reloads after a change', async () => {
    const terms = await loadSkillTerms(t.db);
    const client = await insertClient(t.db, { name: 'Versioned Co' });
    const role = await insertRole(t.db, { clientId: client.id, name: 'Cache Engineer' });
    const first = await openRoleProfiles(t.db, terms);
    expect(first.map((r) => r.row.id)).toContain(role.id);

    pastTtl();
    expect(await openRoleProfiles(t.db, terms)).toBe(first);

    const before = await openRolesVersion(t.db);
    await insertQualifications(t.db, [{ roleId: role.id, name: 'Rust', kind: 'must_have', position: 0 }]);
    expect(await openRolesVersion(t.db)).not.toBe(before);
    // Within the TTL the kept list answers; past it the change is loaded.
    expect(await openRoleProfiles(t.db, terms)).toBe(first);
    pastTtl();
    const reloaded = await openRoleProfiles(t.db, terms);
    expect(reloaded).not.toBe(first);
    expect(reloaded.find((r) => r.row.id === role.id)!.profile.required.map((s) => s.name)).toEqual(['Rust']);
  });

  it('a client renamed is a change; and the profiles are reloaded at the max age whatever the version', async () => {
    const terms = await loadSkillTerms(t.db);
    const client = await insertClient(t.db, { name: 'Old Name Ltd' });
    const role = await insertRole(t.db, { clientId: client.id, name: 'Renamed Client Role' });
    const first = await openRoleProfiles(t.db, terms);
    await t.db.update(clientsTable).set({ name: 'New Name Ltd' }).where(eq(clientsTable.id, client.id));
    pastTtl();
    const renamed = await openRoleProfiles(t.db, terms);
    expect(renamed.find((r) => r.row.id === role.id)!.row.clientName).toBe('New Name Ltd');
    expect(renamed).not.toBe(first);

    clock += ROLE_PROFILE_MAX_AGE_MS + 1;
    expect(await openRoleProfiles(t.db, terms)).not.toBe(renamed);
  });
});
