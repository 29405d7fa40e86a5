import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { buildCandidate, insertCandidate, insertCandidates } from '../../factories/candidates.factory';
import { insertNote } from '../../factories/notes.factory';
import { insertUser } from '../../factories/users.factory';
import { HttpClient } from '../../test/http-client';
import { signedInClient } from '../../test/sign-in';
import { notesTable } from '../notes/notes.table';
import { candidatesTable } from './candidates.table';

let t: TestApp;
let owner: HttpClient;
let recruiter: HttpClient;
let viewer: HttpClient;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await signedInClient(t, await insertUser(t.db, { userType: ['owner'] }));
  recruiter = await signedInClient(
    t,
    await insertUser(t.db, { userType: ['recruiter'], firstName: 'Rita', lastName: 'Recruiter' }),
  );
  viewer = await signedInClient(t, await insertUser(t.db, { userType: ['viewer'] }));
});
afterAll(async () => {
  await t?.close();
});

const activityFor = async (objectId: number) =>
  (
    (await owner.get('/api/activity/?model_type=candidate&limit=50')).json.results as {
      object_id: number;
      verb: string;
      summary: string;
    }[]
  ).filter((row) => row.object_id === objectId);

const tag = () => Math.random().toString(36).slice(2, 8);

describe('candidates CRUD', () => {
  it('creates, reads, replaces and deletes a candidate, with activity and notes removed', async () => {
    const created = await recruiter.post('/api/candidates/', {
      first_name: ' Ada ',
      last_name: 'Lovelace',
      email: 'ada.lovelace@analytical.example',
      phone: '+44 20 7946 0018',
      current_title: 'Mathematician',
      current_company: 'Analytical Engines Ltd',
      linkedin_url: 'https://www.linkedin.com/in/ada',
      github_url: ' https://github.com/ada ',
      portfolio_url: 'https://ada.example/work',
      skills: ['Python', ' python ', 'Algorithms'],
      years_experience: 12,
      desired_salary: 150000,
      consent_date: '2026-01-15',
    });
    expect(created.status, created.text).toBe(201);
    expect(created.json).toMatchObject({ success: true, duplicates: [] });
    const candidate = created.json.candidate;
    expect(candidate).toMatchObject({
      first_name: 'Ada',
      last_name: 'Lovelace',
      name: 'Ada Lovelace',
      skills: ['Python', 'Algorithms'],
      years_experience: 12,
      desired_salary: 150000,
      status: 'active',
      consent_date: '2026-01-15',
      github_url: 'https://github.com/ada',
      portfolio_url: 'https://ada.example/work',
      resume: null,
    });

    const read = await viewer.get(`/api/candidates/${candidate.id}/`);
    expect(read.status).toBe(200);
    expect(read.json).toEqual({ success: true, candidate });

    const updated = await recruiter.request('PUT', `/api/candidates/${candidate.id}/`, {
      body: {
        first_name: 'Ada',
        last_name: 'King',
        email: 'ada@analytical.example',
        status: 'placed',
        skills: ['Analysis'],
      },
    });
    expect(updated.status, updated.text).toBe(200);
    expect(updated.json.candidate).toMatchObject({
      name: 'Ada King',
      status: 'placed',
      phone: '',
      current_company: '',
      skills: ['Analysis'],
      years_experience: null,
      consent_date: null,
      github_url: '',
      portfolio_url: '',
    });

    await insertNote(t.db, { modelType: 'candidate', objectId: candidate.id });
    const notes = await viewer.get(`/api/notes/candidate/${candidate.id}/`);
    expect(notes.status).toBe(200);
    expect(notes.json.target.label).toBe('Ada King');

    expect((await recruiter.request('DELETE', `/api/candidates/${candidate.id}/`)).status).toBe(200);
    expect((await viewer.get(`/api/candidates/${candidate.id}/`)).status).toBe(404);
    expect((await viewer.get(`/api/notes/candidate/${candidate.id}/`)).status).toBe(404);
    const [left] = await t.db
      .select({ n: count() })
      .from(notesTable)
      .where(and(eq(notesTable.modelType, 'candidate'), eq(notesTable.objectId, candidate.id)));
    expect(left?.n).toBe(0);

    const verbs = (await activityFor(candidate.id)).map((row) => row.verb).sort();
    expect(verbs).toEqual(['created', 'deleted', 'status_changed', 'updated']);
  });

  it('answers 404 for a missing candidate on read, update and delete', async () => {
    expect((await viewer.get('/api/candidates/999999/')).status).toBe(404);
    expect(
      (await recruiter.request('PUT', '/api/candidates/999999/', { body: { first_name: 'A', last_name: 'B' } })).status,
    ).toBe(404);
    expect((await recruiter.request('DELETE', '/api/candidates/999999/')).status).toBe(404);
  });

  it('refuses writes to viewers and everything to anonymous callers', async () => {
    const existing = await insertCandidate(t.db);
    expect((await viewer.post('/api/candidates/', { first_name: 'A', last_name: 'B' })).status).toBe(403);
    expect(
      (await viewer.request('PUT', `/api/candidates/${existing.id}/`, { body: { first_name: 'A', last_name: 'B' } }))
        .status,
    ).toBe(403);
    expect((await viewer.request('DELETE', `/api/candidates/${existing.id}/`)).status).toBe(403);
    const anonymous = new HttpClient(t.baseUrl);
    await anonymous.get('/api/auth/csrf-token/');
    expect((await anonymous.get('/api/candidates/')).status).toBe(401);
    expect((await anonymous.get(`/api/candidates/${existing.id}/`)).status).toBe(401);
    expect((await anonymous.post('/api/candidates/', { first_name: 'A', last_name: 'B' })).status).toBe(401);
  });
});

describe('candidate validation', () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ['missing names', {}, 'first_name'],
    ['blank last name', { first_name: 'A', last_name: '  ' }, 'last_name'],
    ['bad email', { first_name: 'A', last_name: 'B', email: 'not-an-email' }, 'email'],
    [
      '60 skills',
      { first_name: 'A', last_name: 'B', skills: Array.from({ length: 60 }, (_, i) => `Skill ${i}`) },
      'skills',
    ],
    ['skills not a list', { first_name: 'A', last_name: 'B', skills: 'Python' }, 'skills'],
    ['years as text', { first_name: 'A', last_name: 'B', years_experience: 'ten' }, 'years_experience'],
    ['negative salary', { first_name: 'A', last_name: 'B', desired_salary: -5 }, 'desired_salary'],
    ['unknown status', { first_name: 'A', last_name: 'B', status: 'hired' }, 'status'],
    ['bad linkedin', { first_name: 'A', last_name: 'B', linkedin_url: 'linkedin/ada' }, 'linkedin_url'],
    ['bad github', { first_name: 'A', last_name: 'B', github_url: 'github.com/ada' }, 'github_url'],
    ['portfolio not http', { first_name: 'A', last_name: 'B', portfolio_url: 'ftp://ada.example' }, 'portfolio_url'],
    ['bad consent date', { first_name: 'A', last_name: 'B', consent_date: '15/01/2026' }, 'consent_date'],
    ['name as number', { first_name: 42, last_name: 'B' }, 'first_name'],
  ];
  for (const [label, body, field] of cases) {
    it(`answers 400 with the field for ${label}`, async () => {
      const response = await recruiter.post('/api/candidates/', body);
      expect(response.status, response.text).toBe(400);
      expect(response.json.success).toBe(false);
      expect(Object.keys(response.json.fields ?? {})).toContain(field);
    });
  }

  it('answers 400, never 500, for bad list queries and a non-object body', async () => {
    for (const query of ['status=hired', 'experience=1-3', 'page=0', 'page_size=101', 'ordering=salary', 'page=abc']) {
      expect((await viewer.get(`/api/candidates/?${query}`)).status, query).toBe(400);
    }
    expect((await recruiter.post('/api/candidates/', ['a'])).status).toBe(400);
    expect((await viewer.get('/api/candidates/abc/')).status).toBe(400);
  });
});

describe('candidate list', () => {
  const marker = `zq${tag()}`;
  beforeAll(async () => {
    const make = (first: string, overrides: Parameters<typeof buildCandidate>[0]) =>
      buildCandidate({ firstName: first, lastName: marker, currentCompany: `${marker} Works`, ...overrides });
    await insertCandidates(t.db, [
      make('Grace', {
        currentTitle: 'Compiler Engineer',
        skills: ['COBOL', 'Fortran'],
        yearsExperience: 1,
        status: 'active',
      }),
      make('Alan', {
        currentTitle: 'Cryptanalyst',
        skills: ['Mathematics', 'cobol', 'Go'],
        yearsExperience: 4,
        status: 'active',
      }),
      make('Barbara', {
        currentTitle: 'Systems Engineer',
        skills: ['CLU', 'Go'],
        yearsExperience: 8,
        status: 'placed',
      }),
      make('Edsger', {
        currentTitle: 'Professor',
        skills: ['Algol', 'Go', 'COBOL'],
        yearsExperience: 25,
        status: 'archived',
      }),
      make('Margaret', {
        currentTitle: 'Flight Software Lead',
        skills: ['Assembly'],
        yearsExperience: null,
        status: 'do_not_contact',
      }),
    ]);
  });
  const names = (json: { results: { first_name: string }[] }) => json.results.map((row) => row.first_name).sort();
  const list = async (query: string) => {
    const response = await viewer.get(`/api/candidates/?search=${marker}&${query}`);
    expect(response.status, response.text).toBe(200);
    return response.json;
  };

  it('answers {results, count} with page size 10 by default, newest first', async () => {
    const response = await viewer.get('/api/candidates/');
    expect(response.status).toBe(200);
    expect(Object.keys(response.json).sort()).toEqual(['count', 'results']);
    expect(response.json.results.length).toBeLessThanOrEqual(10);
    const times = response.json.results.map((row: { created_at: string }) => row.created_at);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('searches every word in names, title, company, email and skills (AND, any case)', async () => {
    expect(names(await list(''))).toEqual(['Alan', 'Barbara', 'Edsger', 'Grace', 'Margaret']);
    expect(names((await viewer.get(`/api/candidates/?search=${marker.toUpperCase()}%20grace`)).json)).toEqual([
      'Grace',
    ]);
    expect(names((await viewer.get(`/api/candidates/?search=cryptanalyst%20${marker}`)).json)).toEqual(['Alan']);
    expect(names((await viewer.get(`/api/candidates/?search=${marker}%20fortran`)).json)).toEqual(['Grace']);
    expect(names((await viewer.get(`/api/candidates/?search=${marker}%20works%20flight`)).json)).toEqual(['Margaret']);
    expect((await viewer.get(`/api/candidates/?search=${marker}%20nothing-like-this`)).json.count).toBe(0);
    expect((await viewer.get('/api/candidates/?search=100%25_')).status).toBe(200);
  });

  it('filters by status', async () => {
    expect(names(await list('status=active'))).toEqual(['Alan', 'Grace']);
    expect(names(await list('status=do_not_contact'))).toEqual(['Margaret']);
    expect(names(await list('status='))).toHaveLength(5);
  });

  it('filters by skills: every listed skill must match, in any case, repeated or comma-separated', async () => {
    expect(names(await list('skills=cobol'))).toEqual(['Alan', 'Edsger', 'Grace']);
    expect(names(await list('skills=COBOL&skills=go'))).toEqual(['Alan', 'Edsger']);
    expect(names(await list('skills=cobol,go,algol'))).toEqual(['Edsger']);
    expect(names(await list('skills=cobol,rust'))).toEqual([]);
  });

  it('filters by experience range', async () => {
    expect(names(await list('experience=0-2'))).toEqual(['Grace']);
    expect(names(await list('experience=3-5'))).toEqual(['Alan']);
    expect(names(await list('experience=6-10'))).toEqual(['Barbara']);
    expect(names(await list('experience=10%2B'))).toEqual(['Edsger']);
    expect(names(await list('experience=6-10&skills=go&status=placed'))).toEqual(['Barbara']);
  });

  it('pages from 1 with the total count', async () => {
    const pageMarker = `pg${tag()}`;
    await insertCandidates(
      t.db,
      Array.from({ length: 23 }, (_, i) =>
        buildCandidate({
          lastName: pageMarker,
          firstName: `P${String(i).padStart(2, '0')}`,
          createdAt: new Date(Date.UTC(2025, 0, 1, 0, i)),
        }),
      ),
    );
    const first = (await viewer.get(`/api/candidates/?search=${pageMarker}`)).json;
    const second = (await viewer.get(`/api/candidates/?search=${pageMarker}&page=2`)).json;
    const third = (await viewer.get(`/api/candidates/?search=${pageMarker}&page=3`)).json;
    expect([first.count, second.count, third.count]).toEqual([23, 23, 23]);
    expect(first.results.map((row: { first_name: string }) => row.first_name)[0]).toBe('P22');
    expect(second.results.map((row: { first_name: string }) => row.first_name)).toEqual([
      'P12',
      'P11',
      'P10',
      'P09',
      'P08',
      'P07',
      'P06',
      'P05',
      'P04',
      'P03',
    ]);
    expect(third.results).toHaveLength(3);
    const beyond = (await viewer.get(`/api/candidates/?search=${pageMarker}&page=9`)).json;
    expect(beyond).toEqual({ results: [], count: 23 });
    const byName = (await viewer.get(`/api/candidates/?search=${pageMarker}&ordering=name&page_size=3`)).json;
    expect(byName.results.map((row: { first_name: string }) => row.first_name)).toEqual(['P00', 'P01', 'P02']);
  });
});

describe('duplicate check', () => {
  it('warns about the same email, phone or a similar name at the same company, and still saves', async () => {
    const t1 = tag();
    const existing = await insertCandidate(t.db, {
      firstName: 'Jonathan',
      lastName: `Whitaker${t1}`,
      email: `jon.${t1}@example.test`,
      phone: `(206) 555-${String(Math.floor(Math.random() * 9000) + 1000)}`,
      currentCompany: `Harbor ${t1}`,
    });
    const base = { first_name: 'Someone', last_name: `Else${t1}` };

    const byEmail = await recruiter.post('/api/candidates/', { ...base, email: existing.email.toUpperCase() });
    expect(byEmail.status).toBe(201);
    expect(byEmail.json.duplicates).toEqual([
      { id: existing.id, name: `Jonathan Whitaker${t1}`, email: existing.email, reason: 'email' },
    ]);
    expect((await viewer.get(`/api/candidates/${byEmail.json.candidate.id}/`)).status).toBe(200);

    const byPhone = await recruiter.post('/api/candidates/', { ...base, phone: `+1 ${existing.phone}` });
    expect(byPhone.status).toBe(201);
    expect(byPhone.json.duplicates).toEqual([expect.objectContaining({ id: existing.id, reason: 'phone' })]);

    const byName = await recruiter.post('/api/candidates/', {
      first_name: 'Jonathon',
      last_name: `Whitaker${t1}`,
      current_company: `harbor ${t1}`,
    });
    expect(byName.status).toBe(201);
    expect(byName.json.duplicates).toEqual([expect.objectContaining({ id: existing.id, reason: 'name_company' })]);

    const otherCompany = await recruiter.post('/api/candidates/', {
      first_name: 'Jonathan',
      last_name: `Whitaker${t1}`,
      current_company: 'Elsewhere Inc',
    });
    expect(otherCompany.json.duplicates).toEqual([]);

    // The check before saving, and an edit excludes the record itself.
    const check = await viewer.get(`/api/candidates/duplicates/?email=${encodeURIComponent(existing.email)}&phone=123`);
    expect(check.status).toBe(200);
    expect(check.json).toEqual({
      success: true,
      duplicates: [
        expect.objectContaining({ id: existing.id, reason: 'email' }),
        expect.objectContaining({ id: byEmail.json.candidate.id, reason: 'email' }),
      ],
    });
    expect(
      (
        await viewer.get(
          `/api/candidates/duplicates/?email=${encodeURIComponent(existing.email)}&exclude_id=${existing.id}`,
        )
      ).json.duplicates,
    ).toEqual([expect.objectContaining({ id: byEmail.json.candidate.id })]);
    expect((await viewer.get('/api/candidates/duplicates/')).json.duplicates).toEqual([]);

    const edit = await recruiter.request('PUT', `/api/candidates/${byName.json.candidate.id}/`, {
      body: {
        first_name: 'Jonathon',
        last_name: `Whitaker${t1}`,
        current_company: 'Elsewhere Inc',
        email: existing.email,
      },
    });
    expect(edit.status).toBe(200);
    expect(edit.json.duplicates.map((row: { id: number; reason: string }) => [row.id, row.reason])).toEqual([
      [existing.id, 'email'],
      [byEmail.json.candidate.id, 'email'],
      [otherCompany.json.candidate.id, 'name_company'],
    ]);
  });
});

describe('desired salary currency', () => {
  it('is the agency currency unless given, kept on an edit that leaves it out, and checked', async () => {
    const agency = (await viewer.get('/api/settings/agency/')).json.settings.currency;
    const plain = await recruiter.post('/api/candidates/', {
      first_name: 'Cur',
      last_name: 'Rency',
      desired_salary: 85000,
    });
    expect(plain.status, plain.text).toBe(201);
    expect(plain.json.candidate).toMatchObject({ desired_salary: 85000, desired_salary_currency: agency });
    const pounds = await recruiter.post('/api/candidates/', {
      first_name: 'Cur',
      last_name: 'Pounds',
      desired_salary: 70000,
      desired_salary_currency: ' gbp ',
    });
    expect(pounds.json.candidate.desired_salary_currency).toBe('GBP');
    const edited = await recruiter.request('PUT', `/api/candidates/${pounds.json.candidate.id}/`, {
      body: { first_name: 'Cur', last_name: 'Pounds', desired_salary: 72000 },
    });
    expect(edited.json.candidate).toMatchObject({ desired_salary: 72000, desired_salary_currency: 'GBP' });
    expect(
      (await viewer.get(`/api/candidates/${pounds.json.candidate.id}/`)).json.candidate.desired_salary_currency,
    ).toBe('GBP');
    const bad = await recruiter.post('/api/candidates/', {
      first_name: 'Cur',
      last_name: 'Bad',
      desired_salary_currency: 'pounds',
    });
    expect(bad.status).toBe(400);
    expect(bad.json.fields.desired_salary_currency).toEqual(['Use a three-letter currency code.']);
  });
});

describe('duplicate check on any input', () => {
  it('answers a warning, not a 400, for text longer than a record can hold, and never flags the record being edited', async () => {
    const t1 = tag();
    const existing = await insertCandidate(t.db, {
      firstName: 'Long',
      lastName: `Name${t1}`,
      email: `long.${t1}@example.test`,
      currentCompany: `Acme ${t1}`,
    });
    const longLast = `${'L'.repeat(146)}${t1.slice(0, 4)}`;
    expect(longLast).toHaveLength(150);
    const query = new URLSearchParams({
      first_name: 'Long',
      last_name: longLast,
      email: existing.email,
      phone: '9'.repeat(80),
      current_company: 'C'.repeat(400),
    });
    const check = await viewer.get(`/api/candidates/duplicates/?${query}`);
    expect(check.status).toBe(200);
    expect(check.json.duplicates).toEqual([expect.objectContaining({ id: existing.id, reason: 'email' })]);

    // Editing: neither the check (exclude_id) nor the save's own answer names the record itself.
    const self = await viewer.get(
      `/api/candidates/duplicates/?${new URLSearchParams({ email: existing.email, first_name: 'Long', last_name: `Name${t1}`, current_company: `Acme ${t1}`, exclude_id: String(existing.id) })}`,
    );
    expect(self.json.duplicates).toEqual([]);
    const saved = await recruiter.request('PUT', `/api/candidates/${existing.id}/`, {
      body: { first_name: 'Long', last_name: `Name${t1}`, email: existing.email, current_company: `Acme ${t1}` },
    });
    expect(saved.status).toBe(200);
    expect(saved.json.duplicates).toEqual([]);
  });
});

describe('candidate search (words by prefix, through the GIN index)', () => {
  const marker = `ws${tag().replace(/\d/g, 'x')}`;
  const digits = String(Math.floor(Math.random() * 9_000_000) + 1_000_000);
  const phone = `+1 (206) ${digits.slice(0, 3)}-${digits.slice(3)}`;
  const resumeWord = `orbiculum${tag().replace(/\d/g, 'y')}`;
  let ada: { id: number };
  let zoe: { id: number };
  beforeAll(async () => {
    ada = await insertCandidate(t.db, {
      firstName: 'Ada',
      lastName: `Lovelace${marker}`,
      email: `ada.lovelace.${marker}@analytical.example`,
      phone,
      currentTitle: 'Mathematician',
      skills: ['Node.js', 'C#'],
      resumeText: `Ada Lovelace\nNotes on the ${resumeWord} engine — Bernoulli numbers, 1843.`,
      resumeHasText: true,
    });
    zoe = await insertCandidate(t.db, {
      firstName: 'Zoë',
      lastName: `Müller${marker}`,
      currentCompany: `Straße ${marker} GmbH`,
    });
  });
  const ids = async (search: string) => {
    const response = await viewer.get(`/api/candidates/?search=${encodeURIComponent(search)}`);
    expect(response.status, response.text).toBe(200);
    return (response.json.results as { id: number }[]).map((row) => row.id);
  };

  it('finds a word that is only in the resume text', async () => {
    expect(await ids(resumeWord)).toEqual([ada.id]);
    expect(await ids(`${resumeWord} bernoulli`)).toEqual([ada.id]);
    expect(await ids(`${resumeWord} babbage`)).toEqual([]);
  });

  it('matches the start of words (prefixes), not the middle', async () => {
    expect(await ids(`lovelace${marker}`.slice(0, 10))).toContain(ada.id);
    expect(await ids(`${resumeWord.slice(0, 8)} mathemat`)).toEqual([ada.id]);
    expect(await ids(`ovelace${marker}`)).toEqual([]);
  });

  it('finds an email, whole or partly typed', async () => {
    expect(await ids(`ada.lovelace.${marker}@analytical.example`)).toEqual([ada.id]);
    expect(await ids(`ADA.LOVELACE.${marker}@ANALYT`)).toEqual([ada.id]);
    expect(await ids(`lovelace.${marker}@`)).toEqual([ada.id]);
  });

  it('finds a phone number however it is written', async () => {
    for (const typed of [
      phone,
      `206${digits}`,
      `1206${digits}`,
      `(206) ${digits.slice(0, 3)} ${digits.slice(3)}`,
      `${digits.slice(0, 3)}-${digits.slice(3)}`,
      digits,
    ]) {
      expect(await ids(typed), typed).toEqual([ada.id]);
    }
    expect(await ids(`${marker} ${digits.slice(3)}`)).toEqual([ada.id]);
  });

  it('handles punctuation in skills, accents and odd input', async () => {
    expect(await ids(`node.js ${marker}`)).toEqual([ada.id]);
    expect(await ids(`c# ${marker}`)).toEqual([ada.id]);
    expect(await ids(`zoë müller${marker}`)).toEqual([zoe.id]);
    expect(await ids(`straße ${marker}`)).toEqual([zoe.id]);
    for (const odd of ["'; drop table candidates; --", 'a & b | !c', "o'brien", "c++'; --", 'x#:*']) {
      expect((await viewer.get(`/api/candidates/?search=${encodeURIComponent(odd)}`)).status, odd).toBe(200);
    }
    for (const odd of ['\\:*', ':* & !', '(((']) {
      expect((await viewer.get(`/api/candidates/?search=${encodeURIComponent(odd)}`)).status, odd).toBe(400);
    }
  });
});

describe('search with symbols and where it matched (issue 16 item 10)', () => {
  const marker = `sy${tag().replace(/\d/g, 'q')}`;
  let cpp: { id: number };
  let csharp: { id: number };
  let dotnet: { id: number };
  beforeAll(async () => {
    cpp = await insertCandidate(t.db, {
      firstName: 'Bjarne',
      lastName: marker,
      currentTitle: 'Senior C++ Engineer',
      skills: ['C++', 'Linux'],
    });
    csharp = await insertCandidate(t.db, {
      firstName: 'Anders',
      lastName: marker,
      skills: ['C#', '.NET'],
      resumeText: `Wrote compilers.\nShipped ASP.NET services and Node.js tools for ${marker} clients.`,
      resumeHasText: true,
    });
    dotnet = await insertCandidate(t.db, { firstName: 'Ryan', lastName: marker, skills: ['Node.js', 'C'] });
  });
  const search = async (text: string) => {
    const response = await viewer.get(`/api/candidates/?search=${encodeURIComponent(text)}&ordering=name`);
    expect(response.status, response.text).toBe(200);
    return response.json.results as {
      id: number;
      first_name: string;
      matches?: { field: string; text: string; highlights: [number, number][] }[];
    }[];
  };
  const ids = async (text: string) => (await search(text)).map((row) => row.id);

  it('tells C++, C#, .NET and Node.js apart, and "c" still finds every C', async () => {
    expect(await ids(`C++ ${marker}`)).toEqual([cpp.id]);
    expect(await ids(`c# ${marker}`)).toEqual([csharp.id]);
    expect(await ids(`.net ${marker}`)).toEqual([csharp.id]);
    expect(await ids(`asp.net ${marker}`)).toEqual([csharp.id]);
    expect(await ids(`Node.js ${marker}`)).toEqual([csharp.id, dotnet.id]);
    expect(await ids(`c ${marker}`)).toEqual([csharp.id, cpp.id, dotnet.id]);
  });

  it('answers a search with nothing searchable with a clear 400 instead of everyone', async () => {
    for (const typed of ['%', '%_ -- !!', '#', '++']) {
      const response = await viewer.get(`/api/candidates/?search=${encodeURIComponent(typed)}`);
      expect(response.status, typed).toBe(400);
      expect(response.json).toMatchObject({
        success: false,
        code: 'SEARCH_NOTHING_SEARCHABLE',
        fields: { search: [expect.stringContaining('letters or digits')] },
      });
    }
    // Blank is no search at all.
    expect((await viewer.get('/api/candidates/?search=%20%20')).status).toBe(200);
  });

  it('says where each result matched, with the matched words', async () => {
    const [row] = await search(`c++ ${marker}`);
    const marked = (match: { text: string; highlights: [number, number][] }) =>
      match.highlights.map(([start, end]) => match.text.slice(start, end));
    expect(row?.matches?.map((match) => match.field)).toEqual(['name', 'title', 'skills']);
    expect(row?.matches?.map(marked)).toEqual([[marker], ['C++'], ['C++']]);
    const [anders] = await search(`anders asp.net`);
    expect(anders?.matches?.map((match) => match.field)).toEqual(['name', 'resume']);
    expect(anders?.matches?.[1]?.text).toContain('Shipped ASP.NET services');
    expect(marked(anders!.matches![1]!)).toEqual(['ASP.NET']);
    // Without a search, no match information.
    expect((await viewer.get('/api/candidates/?page_size=1')).json.results[0].matches).toBeUndefined();
  });

  it('adds the symbol tokens to candidates saved before (the migration backfill)', async () => {
    const old = await insertCandidate(t.db, { firstName: 'Legacy', lastName: marker, skills: ['F#', 'C++'] });
    // As the row was before the migration: letters and digits only.
    await t.db
      .update(candidatesTable)
      .set({ searchText: `legacy ${marker} f c` })
      .where(eq(candidatesTable.id, old.id));
    expect(await ids(`f# ${marker}`)).toEqual([]);
    const migration = readFileSync(
      fileURLToPath(new URL('../../../drizzle/0010_candidate_search_symbols.sql', import.meta.url)),
      'utf8',
    );
    await t.db.execute(sql.raw(migration));
    expect(await ids(`f# ${marker}`)).toEqual([old.id]);
    expect(await ids(`legacy c++ ${marker}`)).toEqual([old.id]);
    const [row] = await t.db
      .select({ searchText: candidatesTable.searchText })
      .from(candidatesTable)
      .where(eq(candidatesTable.id, old.id));
    expect(row?.searchText.split(' ').sort()).toEqual(['c', 'c++', 'f', 'f#', 'legacy', marker].sort());
  });
});

describe('candidate search with filters (one lookup in candidate_search, kept by a trigger)', () => {
  it('follows changes written straight to the table, like a pipeline moving a candidate to placed', async () => {
    const marker = `tr${tag().replace(/\d/g, 'z')}`;
    const row = await insertCandidate(t.db, {
      lastName: marker,
      status: 'active',
      skills: ["O'Caml", 'Go'],
      yearsExperience: 4,
    });
    const ids = async (query: string) =>
      ((await viewer.get(`/api/candidates/?search=${marker}&${query}`)).json.results as { id: number }[]).map(
        (item) => item.id,
      );
    expect(await ids('status=active')).toEqual([row.id]);
    expect(await ids(`skills=${encodeURIComponent("o'caml")}&skills=GO&experience=3-5`)).toEqual([row.id]);

    await t.db
      .update(candidatesTable)
      .set({ status: 'placed', yearsExperience: 12 })
      .where(eq(candidatesTable.id, row.id));
    expect(await ids('status=active')).toEqual([]);
    expect(await ids('status=placed&experience=10%2B')).toEqual([row.id]);
    expect(await ids('experience=3-5')).toEqual([]);

    await t.db.delete(candidatesTable).where(eq(candidatesTable.id, row.id));
    expect((await viewer.get(`/api/candidates/?search=${marker}`)).json).toEqual({ results: [], count: 0 });
  });

  it('orders search results by any ordering', async () => {
    const marker = `or${tag().replace(/\d/g, 'w')}`;
    await insertCandidates(t.db, [
      buildCandidate({
        firstName: 'Bea',
        lastName: `${marker}`,
        yearsExperience: 9,
        createdAt: new Date('2025-03-01T00:00:00Z'),
        updatedAt: new Date('2025-03-05T00:00:00Z'),
      }),
      buildCandidate({
        firstName: 'Abe',
        lastName: `${marker}`,
        yearsExperience: 2,
        createdAt: new Date('2025-03-02T00:00:00Z'),
        updatedAt: new Date('2025-03-03T00:00:00Z'),
      }),
      buildCandidate({
        firstName: 'Cy',
        lastName: `${marker}`,
        yearsExperience: null,
        createdAt: new Date('2025-03-03T00:00:00Z'),
        updatedAt: new Date('2025-03-04T00:00:00Z'),
      }),
    ]);
    const order = async (ordering: string) =>
      (
        (await viewer.get(`/api/candidates/?search=${marker}&ordering=${ordering}`)).json.results as {
          first_name: string;
        }[]
      ).map((item) => item.first_name);
    expect(await order('-created_at')).toEqual(['Cy', 'Abe', 'Bea']);
    expect(await order('created_at')).toEqual(['Bea', 'Abe', 'Cy']);
    expect(await order('name')).toEqual(['Abe', 'Bea', 'Cy']);
    expect(await order('-updated_at')).toEqual(['Bea', 'Cy', 'Abe']);
    expect(await order('-years_experience')).toEqual(['Bea', 'Abe', 'Cy']);
    expect(await order('years_experience')).toEqual(['Abe', 'Bea', 'Cy']);
  });
});

describe('skill suggestions (issue 16 item 12)', () => {
  it('suggests known skills by use, in any case and with a small typo, paged by limit, without chosen ones', async () => {
    const mark = tag().replace(/\d/g, 'k');
    const skill = (name: string) => `${name}${mark}`;
    // The most used spelling wins: two candidates write "Zyphon…", one "zyphon…".
    await recruiter.post('/api/candidates/', {
      first_name: 'A',
      last_name: mark,
      skills: [skill('Zyphon'), skill('Zyphonic Core')],
    });
    await recruiter.post('/api/candidates/', { first_name: 'B', last_name: mark, skills: [skill('Zyphon')] });
    await recruiter.post('/api/candidates/', {
      first_name: 'C',
      last_name: mark,
      skills: [skill('zyphon'), skill('Zylo')],
    });
    const suggest = async (query: string) => {
      const response = await viewer.get(`/api/candidates/skills/?${query}`);
      expect(response.status, response.text).toBe(200);
      return response.json.skills as { name: string; normalized: string; count: number; match: string }[];
    };
    expect(await suggest(`q=ZYPH`)).toEqual([
      { name: skill('Zyphon'), normalized: skill('zyphon'), count: 3, match: 'prefix' },
      { name: skill('Zyphonic Core'), normalized: skill('zyphonic core'), count: 1, match: 'prefix' },
    ]);
    expect((await suggest(`q=${skill('zpyhon')}`)).map((row) => row.name)).toEqual([skill('Zyphon')]);
    expect((await suggest(`q=zy&limit=1`)).map((row) => row.name)).toEqual([skill('Zyphon')]);
    expect((await suggest(`q=zyph&exclude=${encodeURIComponent(skill('ZYPHON'))}`)).map((row) => row.name)).toEqual([
      skill('Zyphonic Core'),
    ]);
    // A new candidate's skill is suggested at once (writes through the service forget the counted skills).
    await recruiter.post('/api/candidates/', { first_name: 'D', last_name: mark, skills: [skill('Zyx')] });
    expect((await suggest('q=zyx')).map((row) => row.name)).toEqual([skill('Zyx')]);
    for (const bad of ['limit=0', 'limit=51', `q=${'x'.repeat(101)}`]) {
      expect((await viewer.get(`/api/candidates/skills/?${bad}`)).status, bad).toBe(400);
    }
  });
});
