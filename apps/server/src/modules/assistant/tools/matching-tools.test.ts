import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCandidate } from '../../../factories/candidates.factory';
import { insertQualifications, insertRole } from '../../../factories/roles.factory';
import { insertUser } from '../../../factories/users.factory';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { assistantTools, runTool } from '../assistant.service';
import { listRoleMatches } from '../../matching/matching.service';
import type { Deps } from '../../../lib/deps';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('the assistant’s role_matches tool', () => {
  it('answers with the Matches tab’s ranking and links, read-only', async () => {
    const user = await insertUser(t.db, { userType: ['recruiter'] });
    const role = await insertRole(t.db, { name: 'Data Engineer', location: 'Berlin, Germany' });
    await insertQualifications(t.db, [{ roleId: role.id, name: 'Python', kind: 'must_have', position: 0 }]);
    const best = await insertCandidate(t.db, {
      firstName: 'Ada',
      lastName: 'Lovelace',
      currentTitle: 'Data Engineer',
      location: 'Berlin, Germany',
      skills: ['Python'],
    });
    await insertCandidate(t.db, { firstName: 'Bo', lastName: 'Other', currentTitle: 'Chef', skills: ['Python'] });
    expect(assistantTools.map((tool) => tool.name)).toContain('role_matches');
    const deps = (t.app as unknown as { deps: Deps }).deps;
    // The profiles are built by the background pass (the tool's transaction is read-only): build them first.
    await listRoleMatches(deps, user, role.id, { limit: 1, offset: 0, include_excluded: false });
    const tool = assistantTools.find((candidate) => candidate.name === 'role_matches')!;
    const result = (await runTool(tool, { role_id: role.id }, { deps, user, timeZone: 'UTC', now: new Date() })) as {
      candidates: Array<{ name: string; link: string; rank: number }>;
      matches_link: string;
    };
    expect(result.candidates[0]).toMatchObject({ name: 'Ada Lovelace', rank: 1, link: `/candidates/${best.id}` });
    expect(result.matches_link).toBe(`/roles/${role.id}/matches`);
  });
});
