import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertClient } from '../../factories/clients.factory';
import { insertRole } from '../../factories/roles.factory';
import { insertUser } from '../../factories/users.factory';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { HttpClient } from '../../test/http-client';
import { signedInClient } from '../../test/sign-in';
import { cdata, splitLocation } from './job-feed.service';
import { currentWeek } from './job-postings.service';

// Issue 14, the job-board feed: public, brief cache, valid XML, only open flagged roles, no private data.

let t: TestApp;
let recruiter: HttpClient;
let ids: { plain: number; tricky: number; named: number; unflagged: number; onHold: number };

const TRICKY = 'Build <pipelines> & "ship" fast.\n\nBeware ]]> and ]]]]> in text; also a bell \u0007 here.';

const ELEMENTS = [
  'title',
  'date',
  'referencenumber',
  'requisitionid',
  'url',
  'company',
  'sourcename',
  'city',
  'state',
  'country',
  'postalcode',
  'description',
  'salary',
  'jobtype',
  'email',
  'expirationdate',
  'remotetype',
];

type Job = Record<string, string | number>;

async function readFeed(): Promise<{
  status: number;
  headers: Headers;
  text: string;
  source: Record<string, unknown>;
  jobs: Job[];
}> {
  const res = await new HttpClient(t.baseUrl).get('/feeds/indeed.xml', { accept: 'application/xml' });
  expect(XMLValidator.validate(res.text)).toBe(true);
  const parsed = new XMLParser({ cdataPropName: false, parseTagValue: false, isArray: (name) => name === 'job' }).parse(
    res.text,
  ) as { source: Record<string, unknown> };
  return {
    status: res.status,
    headers: res.headers,
    text: res.text,
    source: parsed.source,
    jobs: (parsed.source.job as Job[] | undefined) ?? [],
  };
}

beforeAll(async () => {
  t = await buildTestApp();
  const owner = await signedInClient(t, await insertUser(t.db, { userType: ['owner'] }));
  const settings = await owner.request('PUT', '/api/settings/agency/', {
    body: {
      agency_name: 'Northwind Talent',
      currency: 'USD',
      default_finders_fee_percent: 20,
      default_payment_terms_days: 30,
      invoice_issuer: {
        legal_name: 'Northwind Talent LLC',
        address: '',
        tax_id: '',
        bank_details: 'IBAN SECRET',
        email: 'jobs@northwind.test',
        phone: '',
      },
    },
  });
  expect(settings.status).toBe(200);
  recruiter = await signedInClient(t, await insertUser(t.db, { userType: ['recruiter'] }));
  const secretClient = await insertClient(t.db, { name: 'Secret Client Corp' });
  const plain = await insertRole(t.db, {
    clientId: secretClient.id,
    name: 'Data Engineer',
    indeedPosting: true,
    location: 'Seattle, WA 98101, US',
    remoteType: 'hybrid',
    employmentType: 'full_time',
    salaryMin: '120000',
    salaryMax: '150000',
    feePercentOverride: '33',
    // The description names the client (twice, spelt two ways): the feed must not.
    descriptionText:
      'Design data pipelines.\n\nYou will join Secret Client Corp, and SECRET client  corp will train you.',
    openedAt: '2026-01-05',
  });
  const tricky = await insertRole(t.db, {
    clientId: secretClient.id,
    name: 'R&D <Lead> "Q]]>A"',
    indeedPosting: true,
    descriptionText: TRICKY,
    remoteType: 'remote',
    employmentType: 'contract',
    salaryMin: null,
    salaryMax: null,
  });
  const named = await insertRole(t.db, {
    clientId: (await insertClient(t.db, { name: 'Public Brand Inc' })).id,
    name: 'Designer',
    indeedPosting: true,
    showClientPublicly: true,
  });
  const unflagged = await insertRole(t.db, { clientId: secretClient.id, name: 'Not Posted', indeedPosting: false });
  const onHold = await insertRole(t.db, {
    clientId: secretClient.id,
    name: 'On Hold Role',
    indeedPosting: true,
    state: 'on_hold',
  });
  ids = { plain: plain.id, tricky: tricky.id, named: named.id, unflagged: unflagged.id, onHold: onHold.id };
  await owner.post(`/api/notes/role/${plain.id}/`, { body: 'PRIVATE NOTE: client pays 33%' });
});
afterAll(async () => {
  await t?.close();
});

describe('GET /feeds/indeed.xml', () => {
  it('is public, XML, cached briefly, with the publisher and every element of every job', async () => {
    const feed = await readFeed();
    expect(feed.status).toBe(200);
    expect(feed.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(feed.headers.get('cache-control')).toBe('public, max-age=300');
    expect(feed.source.publisher).toBe('Northwind Talent');
    expect(feed.source.publisherurl).toBe(t.baseUrl);
    expect(new Date(String(feed.source.lastBuildDate)).getTime()).not.toBeNaN();
    expect(feed.jobs.map((job) => job.requisitionid).sort()).toEqual(
      [ids.plain, ids.tricky, ids.named].map(String).sort(),
    );
    for (const job of feed.jobs) {
      for (const name of ELEMENTS) expect(job, `${name} in job ${job.requisitionid}`).toHaveProperty(name);
    }
    const plain = feed.jobs.find((job) => job.requisitionid === String(ids.plain))!;
    expect(plain).toMatchObject({
      title: 'Data Engineer',
      date: 'Mon, 05 Jan 2026 00:00:00 GMT',
      referencenumber: `RD-${ids.plain}`,
      url: `${t.baseUrl}/careers/${ids.plain}`,
      company: 'Northwind Talent',
      sourcename: 'Northwind Talent',
      city: 'Seattle',
      state: 'WA',
      country: 'US',
      postalcode: '98101',
      salary: '$120,000 - $150,000 per year',
      jobtype: 'fulltime',
      email: 'jobs@northwind.test',
      remotetype: 'Hybrid remote',
    });
    expect(String(plain.description)).toContain('Design data pipelines.');
    expect(String(plain.description)).toContain('You will join our client, and our client will train you.');
    expect(String(plain.description)).toContain(
      'Northwind Talent is a recruiting agency; we are recruiting for this role on behalf of a client.',
    );
    expect(new Date(String(plain.expirationdate)).getTime()).toBeGreaterThan(Date.now());
  });

  it('leaves out private data: the client name unless allowed, notes, fees, bank details', async () => {
    const feed = await readFeed();
    expect(feed.text).not.toContain('Secret Client Corp');
    expect(feed.text).not.toContain('PRIVATE NOTE');
    expect(feed.text).not.toContain('33%');
    expect(feed.text).not.toMatch(/fee/i);
    expect(feed.text).not.toContain('IBAN');
    const named = feed.jobs.find((job) => job.requisitionid === String(ids.named))!;
    expect(named.company).toBe('Public Brand Inc');
    expect(String(named.description)).toContain('on behalf of Public Brand Inc.');
  });

  it('keeps special characters and "]]>" valid and intact', async () => {
    const feed = await readFeed();
    const tricky = feed.jobs.find((job) => job.requisitionid === String(ids.tricky))!;
    expect(tricky.title).toBe('R&D <Lead> "Q]]>A"');
    expect(String(tricky.description)).toContain('Build &lt;pipelines&gt; &amp; &quot;ship&quot; fast.');
    expect(String(tricky.description)).toContain('Beware ]]&gt; and ]]]]&gt; in text; also a bell  here.');
    expect(tricky).toMatchObject({ jobtype: 'contract', remotetype: 'Fully remote', salary: '' });
    expect(cdata('a]]>b')).toBe('<![CDATA[a]]]]><![CDATA[>b]]>');
  });

  it('a role unflagged, closed, or paused this week disappears', async () => {
    expect(
      (
        await recruiter.request('PATCH', `/api/roles/${ids.named}/field/`, {
          body: { field: 'indeed_posting', value: false },
        })
      ).status,
    ).toBe(200);
    expect((await recruiter.post(`/api/roles/${ids.tricky}/close/`, { reason: 'filled', note: '' })).status).toBe(200);
    const week = currentWeek(t.app.deps);
    const paused = await recruiter.post('/api/job-postings/', {
      role_id: ids.plain,
      week_start: week,
      status: 'paused',
      daily_budget_minor: 0,
      spend_minor: 0,
      impressions: 0,
      clicks: 0,
      apply_starts: 0,
      applies: 0,
    });
    expect(paused.status).toBe(201);
    expect((await readFeed()).jobs).toEqual([]);
    expect(
      (
        await recruiter.request('PUT', `/api/job-postings/${paused.json.posting.id}/`, {
          body: {
            status: 'active',
            daily_budget_minor: 0,
            spend_minor: 0,
            impressions: 0,
            clicks: 0,
            apply_starts: 0,
            applies: 0,
          },
        })
      ).status,
    ).toBe(200);
    expect((await readFeed()).jobs.map((job) => job.requisitionid)).toEqual([String(ids.plain)]);
  });

  it('splits a location into city, state, country and postal code', () => {
    expect(splitLocation('Austin, TX')).toEqual({ city: 'Austin', state: 'TX', country: '', postalcode: '' });
    expect(splitLocation('')).toEqual({ city: '', state: '', country: '', postalcode: '' });
  });
});
