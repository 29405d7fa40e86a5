import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertClient } from '../../factories/clients.factory';
import { insertUser } from '../../factories/users.factory';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import type { HttpClient } from '../../test/http-client';
import { signedInClient } from '../../test/sign-in';

// Issue 29 item 7: the feed's <country> and <postalcode> (Indeed requires them): the role's own, its
// location's, else the agency's from Settings; a posted role with no country is flagged on the posting page.

let t: TestApp;
let owner: HttpClient;
let clientId: number;

const agency = (country: string, postalCode: string) => ({
  agency_name: 'Northwind Talent',
  currency: 'USD',
  default_finders_fee_percent: 20,
  default_payment_terms_days: 30,
  invoice_issuer: { legal_name: '', address: '', tax_id: '', bank_details: '', email: '', phone: '' },
  country,
  postal_code: postalCode,
});

async function feedJobs(): Promise<Record<string, string>[]> {
  const xml = await (await fetch(`${t.baseUrl}/feeds/indeed.xml`)).text();
  const parsed = new XMLParser({ parseTagValue: false, isArray: (name) => name === 'job' }).parse(xml) as {
    source: { job?: Record<string, string>[] };
  };
  return parsed.source.job ?? [];
}

async function postRole(name: string, extra: Record<string, unknown> = {}): Promise<number> {
  const res = await owner.post('/api/roles/', { client_id: clientId, name, indeed_posting: true, ...extra });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json.role.id as number;
}

beforeAll(async () => {
  t = await buildTestApp();
  owner = await signedInClient(t, await insertUser(t.db, { userType: ['owner'] }));
  clientId = (await insertClient(t.db)).id;
});
afterAll(async () => {
  await t?.close();
});

describe('the feed’s country and postal code', () => {
  it('a role without one is flagged on the posting page; the agency’s settings then fill it', async () => {
    const plain = await postRole('Welder', { location: 'Cleveland, OH' });
    const overview = (await owner.get('/api/job-postings/overview/')).json;
    expect(overview.rows.find((row: { role_id: number }) => row.role_id === plain)).toMatchObject({
      feed_country: '',
    });

    const saved = await owner.request('PUT', '/api/settings/agency/', { body: agency('us', '44101') });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    expect(saved.json.settings).toMatchObject({ country: 'US', postal_code: '44101' });
    const again = (await owner.get('/api/job-postings/overview/')).json;
    expect(again.rows.find((row: { role_id: number }) => row.role_id === plain).feed_country).toBe('US');
    const job = (await feedJobs()).find((row) => row.requisitionid === String(plain));
    expect(job).toMatchObject({ city: 'Cleveland', state: 'OH', country: 'US', postalcode: '44101' });
  });

  it('a role’s own country and postal code override the agency’s, and its location’s come before it', async () => {
    const abroad = await postRole('Field Engineer', { location: 'Toronto, ON', country: 'ca', postal_code: 'M5V 2T6' });
    const located = await postRole('Analyst', { location: 'Austin, TX 78701, MX' });
    const role = (await owner.get(`/api/roles/${abroad}/`)).json.role;
    expect(role).toMatchObject({ country: 'CA', postal_code: 'M5V 2T6' });
    const jobs = await feedJobs();
    expect(jobs.find((row) => row.requisitionid === String(abroad))).toMatchObject({
      country: 'CA',
      postalcode: 'M5V 2T6',
    });
    expect(jobs.find((row) => row.requisitionid === String(located))).toMatchObject({
      country: 'MX',
      postalcode: '78701',
    });
  });

  it('refuses a country that is not two letters and a postal code with symbols (400 on the field)', async () => {
    const bad = await owner.post('/api/roles/', { client_id: clientId, name: 'X', country: 'USA', postal_code: '<1>' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json.fields).sort()).toEqual(['country', 'postal_code']);
    const settings = await owner.request('PUT', '/api/settings/agency/', { body: agency('United States', '') });
    expect(settings.status).toBe(400);
    expect(settings.json.fields.country).toEqual(['Use a two-letter country code such as US.']);
  });
});
