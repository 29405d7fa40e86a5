import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { insertCandidate } from '../../factories/candidates.factory';
import { insertGeneratedCandidates } from '../../test/generated-candidates';
import { insertClient } from '../../factories/clients.factory';
import { insertRole } from '../../factories/roles.factory';
import { insertUser } from '../../factories/users.factory';
import type { HttpClient } from '../../test/http-client';
import { signedInClient } from '../../test/sign-in';
import { searchCandidateRowsByName } from '../candidates/candidates.service';
import { searchClientRowsByName } from '../clients/clients.service';
import { searchRoleRowsByName } from '../roles/roles.service';

let t: TestApp;
let owner: HttpClient;
let recruiter: HttpClient;
let viewer: HttpClient;
let superuser: HttpClient;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await signedInClient(t, await insertUser(t.db, { userType: ['owner'] }));
  superuser = await signedInClient(t, await insertUser(t.db, { userType: ['superuser'] }));
  recruiter = await signedInClient(t, await insertUser(t.db, { userType: ['recruiter'] }));
  viewer = await signedInClient(t, await insertUser(t.db, { userType: ['viewer'] }));
});
afterAll(async () => {
  await t?.close();
});

const titles = (json: { destinations: { title: string }[] }) => json.destinations.map((d) => d.title);

describe('GET /api/search/', () => {
  it('finds menu destinations the user may open: Invoices and AI Chat for owners only', async () => {
    const asOwner = await owner.get('/api/search/?q=invoi');
    expect(asOwner.status).toBe(200);
    expect(asOwner.json.destinations).toEqual([
      { id: 'invoices', title: 'Invoices', href: '/invoices', section: 'Main' },
    ]);
    for (const client of [superuser, recruiter, viewer]) {
      expect((await client.get('/api/search/?q=invoi')).json.destinations).toEqual([]);
      expect(titles((await client.get('/api/search/?q=ai')).json)).not.toContain('AI Chat');
    }
    expect(titles((await owner.get('/api/search/?q=ai')).json)).toContain('AI Chat');
    // Every signed-in user finds Users (read-only for those who cannot administer), and keywords count.
    expect(titles((await viewer.get('/api/search/?q=team')).json)).toEqual(['Users']);
    expect(titles((await recruiter.get('/api/search/?q=act')).json)[0]).toBe('Active Jobs');
    expect(titles((await recruiter.get('/api/search/?q=settings')).json)).toEqual(['Settings']);
  });

  it('finds clients, roles and candidates by name, any case, the best matches first', async () => {
    const tag = 'zanzibarx';
    const acme = await insertClient(t.db, { name: `Acme ${tag} Robotics` });
    const starts = await insertClient(t.db, { name: `${tag} Labs`, clientType: 'retainer', state: 'Prospect' });
    await insertClient(t.db, { name: 'Unrelated Holdings' });
    const open = await insertRole(t.db, { clientId: acme.id, name: `Senior ${tag} Engineer` });
    const closed = await insertRole(t.db, {
      clientId: acme.id,
      name: `${tag} Architect`,
      state: 'closed',
      closedAt: new Date(),
    });
    const later = await insertCandidate(t.db, {
      firstName: 'Maria',
      lastName: `${tag}ova`,
      currentTitle: 'Data Engineer',
      currentCompany: 'Globex',
      status: 'active',
    });
    const first = await insertCandidate(t.db, {
      firstName: `${tag}`,
      lastName: 'Smith',
      currentTitle: '',
      currentCompany: '',
      status: 'do_not_contact',
    });
    // Somebody whose resume and skills mention the tag but whose name does not: not a name match.
    await insertCandidate(t.db, {
      firstName: 'Nomatch',
      lastName: 'Person',
      skills: [tag],
      resumeText: `worked on ${tag}`,
    });

    const response = await viewer.get(`/api/search/?q=${tag.toUpperCase()}`);
    expect(response.status).toBe(200);
    expect(response.json.query).toBe(tag.toUpperCase());
    expect(response.json.clients).toEqual([
      { id: starts.id, name: `${tag} Labs`, client_type: 'retainer', state: 'Prospect' },
      { id: acme.id, name: `Acme ${tag} Robotics`, client_type: 'finders_fee', state: 'Open' },
    ]);
    // Active roles before closed ones.
    expect(response.json.roles).toEqual([
      { id: open.id, name: `Senior ${tag} Engineer`, state: 'open', client: { id: acme.id, name: acme.name } },
      { id: closed.id, name: `${tag} Architect`, state: 'closed', client: { id: acme.id, name: acme.name } },
    ]);
    expect(response.json.candidates).toEqual([
      { id: first.id, name: `${tag} Smith`, current_title: '', current_company: '', status: 'do_not_contact' },
      {
        id: later.id,
        name: `Maria ${tag}ova`,
        current_title: 'Data Engineer',
        current_company: 'Globex',
        status: 'active',
      },
    ]);
    // The full name is one string: first and last name together match.
    const full = await recruiter.get(`/api/search/?q=${encodeURIComponent(`maria ${tag}`)}`);
    expect(full.json.candidates.map((c: { id: number }) => c.id)).toEqual([later.id]);
  });

  it('treats LIKE wildcards literally, caps each kind at 5 and needs 2 characters for records', async () => {
    const tag = 'quillon';
    for (let i = 0; i < 7; i += 1) await insertClient(t.db, { name: `${tag} Client ${i}` });
    const capped = await owner.get(`/api/search/?q=${tag}`);
    expect(capped.json.clients).toHaveLength(5);
    expect(capped.json.clients[0].name).toBe(`${tag} Client 0`);
    for (const wildcard of ['%25%25', '__', '%5C%5C']) {
      const response = await owner.get(`/api/search/?q=${wildcard}`);
      expect(response.status).toBe(200);
      expect(response.json.clients).toEqual([]);
      expect(response.json.candidates).toEqual([]);
    }
    const one = await owner.get('/api/search/?q=q');
    expect(one.json).toMatchObject({ clients: [], roles: [], candidates: [] });
  });

  it('refuses bad input with the error shape and anonymous callers with 401', async () => {
    const empty = await owner.get('/api/search/?q=%20%20');
    expect(empty.status).toBe(400);
    expect(empty.json).toMatchObject({ success: false, fields: { q: ['Type something to search for.'] } });
    expect((await owner.get(`/api/search/?q=${'x'.repeat(101)}`)).status).toBe(400);
    expect((await owner.get('/api/search/')).status).toBe(400);
    const anonymous = await fetch(`${t.baseUrl}/api/search/?q=acme`);
    expect(anonymous.status).toBe(401);
  });

  it('each name lookup is answered by its trigram index', async () => {
    await insertGeneratedCandidates(t.db, 300);
    const plans = await t.db.transaction(async (tx) => {
      // Only a scan with a condition on the name may answer: on tables this small (and analysed at start-up)
      // the planner would otherwise walk any index in full.
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_indexscan = off`);
      const plan = async (query: { getSQL(): ReturnType<typeof sql> }) => {
        const result = (await tx.execute(sql`explain select * from (${query.getSQL()}) as search`)) as unknown as {
          rows: Record<string, string>[];
        };
        return result.rows.map((row) => Object.values(row)[0]).join('\n');
      };
      return {
        clients: await plan(searchClientRowsByName(tx, 'acme', 5)),
        roles: await plan(searchRoleRowsByName(tx, 'engineer', 5)),
        candidates: await plan(searchCandidateRowsByName(tx, 'maria', 5)),
      };
    });
    expect(plans.clients).toContain('clients_name_trgm_idx');
    expect(plans.roles).toContain('roles_name_trgm_idx');
    expect(plans.candidates).toContain('candidates_full_name_trgm_idx');
  });
});
