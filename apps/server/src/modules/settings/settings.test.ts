import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { insertUser } from '../../factories/users.factory';
import type { HttpClient } from '../../test/http-client';
import { signedInClient } from '../../test/sign-in';

let t: TestApp;
let owner: HttpClient;
beforeAll(async () => {
  t = await buildTestApp();
  owner = await signedInClient(t, await insertUser(t.db, { userType: ['owner'] }));
});
afterAll(async () => {
  await t?.close();
});

const SETTINGS = {
  agency_name: 'Harbor Search Group',
  currency: 'eur',
  default_finders_fee_percent: 18.5,
  default_payment_terms_days: 45,
  invoice_issuer: {
    legal_name: 'Harbor Search Group GmbH',
    address: 'Hafenstraße 1\n20457 Hamburg',
    tax_id: 'DE123456789',
    bank_details: 'IBAN DE02 1203 0000 0000 2020 51',
    email: 'billing@harbor.example',
    phone: '+49 40 1234567',
  },
};

describe('agency settings', () => {
  it('defaults, then an owner saves and everyone reads', async () => {
    const viewer = await signedInClient(t, await insertUser(t.db, { userType: ['viewer'] }));
    const before = await viewer.get('/api/settings/agency/');
    // The default finder's fee % is a fee: a viewer reads the settings without it (decision 071).
    expect(before.json.money_visible).toBe(false);
    expect(before.json.settings).not.toHaveProperty('default_finders_fee_percent');
    expect(before.json.settings).toMatchObject({
      agency_name: 'My Agency',
      currency: 'USD',
      default_payment_terms_days: 30,
      money_visibility: 'all_but_viewers',
    });
    expect((await owner.get('/api/settings/agency/')).json).toMatchObject({
      money_visible: true,
      settings: { default_finders_fee_percent: 20 },
    });
    const saved = await owner.request('PUT', '/api/settings/agency/', { body: SETTINGS });
    expect(saved.status).toBe(200);
    expect(saved.json.settings).toEqual({
      ...SETTINGS,
      currency: 'EUR',
      privacy_text: '',
      country: '',
      postal_code: '',
      money_visibility: 'all_but_viewers',
    });
    expect((await viewer.get('/api/settings/agency/')).json.settings.agency_name).toBe('Harbor Search Group');
  });

  it('only owners change them', async () => {
    for (const type of ['superuser', 'recruiter', 'viewer'] as const) {
      const client = await signedInClient(t, await insertUser(t.db, { userType: [type] }));
      const response = await client.request('PUT', '/api/settings/agency/', { body: SETTINGS });
      expect(response.status, type).toBe(403);
      expect(response.json).toEqual({
        success: false,
        error: 'You do not have permission to perform this action.',
        code: 'FORBIDDEN',
      });
    }
  });

  it('validates every field', async () => {
    const bad = await owner.request('PUT', '/api/settings/agency/', {
      body: {
        ...SETTINGS,
        agency_name: '',
        currency: 'EURO',
        default_finders_fee_percent: 150,
        default_payment_terms_days: 1.5,
        invoice_issuer: { email: 'nope' },
      },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json.fields).sort()).toEqual([
      'agency_name',
      'currency',
      'default_finders_fee_percent',
      'default_payment_terms_days',
      'invoice_issuer.email',
    ]);
    const badVisibility = await owner.request('PUT', '/api/settings/agency/', {
      body: { ...SETTINGS, money_visibility: 'everyone' },
    });
    expect(badVisibility.status).toBe(400);
    expect(Object.keys(badVisibility.json.fields)).toEqual(['money_visibility']);
  });

  it('fuzz: bodies of the new endpoints never produce a 500', async () => {
    await owner.get('/api/auth/csrf-token/');
    const targets = fc.constantFrom(
      ['PUT', '/api/settings/agency/'],
      ['PATCH', '/api/profile/'],
      ['POST', '/api/registration/invitations/'],
      ['POST', '/api/registration/complete/'],
      ['POST', '/api/profile/picture/upload-url/'],
      ['POST', '/api/profile/picture/confirm/'],
      ['POST', '/api/profile/password/'],
      ['PATCH', '/api/users/1/role/'],
    );
    const body = fc.oneof(
      fc.anything(),
      fc.record(
        {
          agency_name: fc.anything(),
          currency: fc.string(),
          default_finders_fee_percent: fc.oneof(fc.double(), fc.string()),
          invoice_issuer: fc.anything(),
        },
        { requiredKeys: [] },
      ),
      fc.record(
        {
          email: fc.oneof(fc.emailAddress(), fc.string()),
          user_type: fc.oneof(fc.string(), fc.array(fc.string()), fc.anything()),
        },
        { requiredKeys: [] },
      ),
      fc.record(
        {
          key: fc.string(),
          content_type: fc.string(),
          size: fc.oneof(fc.integer(), fc.double()),
          username: fc.string(),
          time_zone: fc.string(),
        },
        { requiredKeys: [] },
      ),
    );
    await fc.assert(
      fc.asyncProperty(targets, body, async ([method, url], value) => {
        const raw = JSON.stringify(value);
        const response = await owner.request(method!, url!, raw === undefined ? {} : { rawBody: raw });
        expect(response.status).toBeLessThan(500);
      }),
      { numRuns: 150 },
    );
  });
});
