import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../../factories/users.factory';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { HttpClient } from '../../test/http-client';
import { signedInClient } from '../../test/sign-in';
import { skillAliasesTable } from './skills.table';
import {
  buildSkillVocabulary,
  canonicalSkill,
  findSkillsInText,
  loadSkillVocabulary,
  VOCABULARY_CHECK_MS,
} from './skills.service';

let t: TestApp;
let owner: HttpClient;
let superuser: HttpClient;
let recruiter: HttpClient;
let viewer: HttpClient;

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

describe('the skill vocabulary', () => {
  const vocab = buildSkillVocabulary();

  it('names each skill once, whatever the spelling', () => {
    const cases: Array<[string, string | null]> = [
      ['JS', 'JavaScript'],
      ['Javascript', 'JavaScript'],
      ['ECMAScript', 'JavaScript'],
      ['k8s', 'Kubernetes'],
      ['Postgres', 'PostgreSQL'],
      ['psql', 'PostgreSQL'],
      ['Golang', 'Go'],
      ['c#', 'C#'],
      ['C++', 'C++'],
      ['.NET Core', '.NET'],
      ['NodeJS', 'Node.js'],
      ['node js', 'Node.js'],
      ['React.js', 'React'],
      ['Amazon Web Services', 'AWS'],
      ['GCP', 'Google Cloud'],
      ['ML', 'Machine Learning'],
      ['microservice', 'Microservices'],
      ['unit tests', 'Unit Testing'],
      ['Financial models', 'Financial Modeling'],
      ['Java', 'Java'],
      ['Javascripts', 'JavaScript'],
      ['Google', null],
      ['Canvas', null],
      ['Java Developer', null],
    ];
    for (const [raw, expected] of cases) expect(canonicalSkill(vocab, raw), raw).toBe(expected);
  });

  it('finds skills on token boundaries only; common words only where they are skills', () => {
    const text =
      'I go to Google daily. Built APIs in Go, Python and R. JavaScript (ES6), Node.js/Express; see github.com/jane.';
    const found = findSkillsInText(vocab, text).map((mention) => [
      mention.skill,
      text.slice(mention.start, mention.end),
    ]);
    expect(found).toEqual([
      ['Go', 'Go'],
      ['Python', 'Python'],
      ['R', 'R'],
      ['JavaScript', 'JavaScript'],
      ['JavaScript', 'ES6'],
      ['Node.js', 'Node.js'],
      ['Express', 'Express'],
    ]);
    // In a skills list, case and list position do not matter.
    expect(findSkillsInText(vocab, 'go, r, excel', { skillsList: true }).map((mention) => mention.skill)).toEqual([
      'Go',
      'R',
      'Microsoft Excel',
    ]);
  });
});

describe('skill aliases API', () => {
  it('lets owners and superusers add and delete aliases, and everyone signed in read them', async () => {
    const created = await owner.post('/api/skills/aliases/', { alias: 'Reactive JS', canonical: 'react' });
    expect(created.status, created.text).toBe(201);
    expect(created.json.alias).toMatchObject({ alias: 'Reactive JS', canonical: 'React' });
    const bySuperuser = await superuser.post('/api/skills/aliases/', { alias: 'Lakehouse', canonical: 'Databricks' });
    expect(bySuperuser.status).toBe(201);
    expect((await recruiter.post('/api/skills/aliases/', { alias: 'Tabby', canonical: 'Tableau' })).status).toBe(403);
    expect((await viewer.post('/api/skills/aliases/', { alias: 'Tabby', canonical: 'Tableau' })).status).toBe(403);

    const list = await viewer.get('/api/skills/aliases/?q=react');
    expect(list.status).toBe(200);
    expect(list.json).toMatchObject({ count: 1, aliases: [{ alias: 'Reactive JS', canonical: 'React' }] });
    expect(list.json.aliases[0].created_by.id).toBeGreaterThan(0);
    expect((await new HttpClient(t.baseUrl).get('/api/skills/aliases/')).status).toBe(401);

    const vocab = await loadSkillVocabulary(t.db);
    expect(canonicalSkill(vocab, 'reactive js')).toBe('React');

    expect((await recruiter.request('DELETE', `/api/skills/aliases/${created.json.alias.id}/`)).status).toBe(403);
    expect((await owner.request('DELETE', `/api/skills/aliases/${created.json.alias.id}/`)).status).toBe(200);
    expect((await owner.request('DELETE', `/api/skills/aliases/${created.json.alias.id}/`)).status).toBe(404);
    expect(canonicalSkill(await loadSkillVocabulary(t.db), 'reactive js')).toBeNull();
  });

  it('refuses duplicates, built-in names and empty values', async () => {
    await owner.post('/api/skills/aliases/', { alias: 'Pgsql', canonical: 'PostgreSQL' });
    const again = await owner.post('/api/skills/aliases/', { alias: 'PGSQL', canonical: 'MySQL' });
    expect(again.status).toBe(400);
    expect(again.json.code).toBe('ALIAS_TAKEN');
    const builtIn = await owner.post('/api/skills/aliases/', { alias: 'Python', canonical: 'Java' });
    expect(builtIn.json.code).toBe('ALIAS_IS_BUILT_IN');
    const known = await owner.post('/api/skills/aliases/', { alias: 'k8s', canonical: 'Kubernetes' });
    expect(known.json.code).toBe('ALIAS_TAKEN');
    const empty = await owner.post('/api/skills/aliases/', { alias: '  ', canonical: 'Go' });
    expect(empty.status).toBe(400);
    expect(empty.json.fields.alias).toBeDefined();
  });

  it('sees an alias written by another server within seconds', async () => {
    const before = await loadSkillVocabulary(t.db);
    expect(canonicalSkill(before, 'Pythonic')).toBeNull();
    // Another server's write: straight into the table, this process's cache untouched.
    await t.db.insert(skillAliasesTable).values({ alias: 'Pythonic', canonical: 'Python' });
    await new Promise((resolve) => setTimeout(resolve, VOCABULARY_CHECK_MS + 50));
    expect(canonicalSkill(await loadSkillVocabulary(t.db), 'Pythonic')).toBe('Python');
  });
});
