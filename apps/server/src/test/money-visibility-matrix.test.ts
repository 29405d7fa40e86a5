/**
 * Who sees fees (decision 071) as a table: the agency's `money_visibility` setting × {owner, superuser,
 * recruiter, viewer} × every kind of answer that can carry a fee — records, lists, the export, the
 * settings, analytics, the calendar, the assistant's tools and the history — through real HTTP (the
 * assistant's tools as the assistant runs them). Each cell must show the fees exactly when the rule says
 * so, and a cell that may not see them must find no fee anywhere in what it got.
 */
import ExcelJS from 'exceljs';
import { MONEY_VISIBILITIES, type MoneyVisibility } from '@recruitdesk/contracts/settings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCandidate } from '../factories/candidates.factory';
import { insertClient } from '../factories/clients.factory';
import { insertPipeline, insertSubmittal } from '../factories/pipelines.factory';
import { insertRole } from '../factories/roles.factory';
import { insertUser } from '../factories/users.factory';
import type { Deps } from '../lib/deps';
import { assistantTools, runTool } from '../modules/assistant/assistant.service';
import type { UserRow } from '../modules/users/users.service';
import { buildTestApp, type TestApp } from './build-test-app';
import type { HttpClient } from './http-client';
import { signedInClient } from './sign-in';

const TYPES = ['owner', 'superuser', 'recruiter', 'viewer'] as const;
type Type = (typeof TYPES)[number];

/** The rule, written out: who sees fees under each setting. */
const SEES: Record<MoneyVisibility, Record<Type, boolean>> = {
  owners: { owner: true, superuser: false, recruiter: false, viewer: false },
  owners_and_superusers: { owner: true, superuser: true, recruiter: false, viewer: false },
  all_but_viewers: { owner: true, superuser: true, recruiter: true, viewer: false },
};

/** Text that would give a fee away: keys of fee fields and the figures of this agency's fees. */
const FEE_MARKERS = [
  '"fee"',
  'fee_percent',
  'fee_explanation',
  'finders_fee_percent',
  'retainer_amount',
  'retainer_instalments',
  '"payout"',
  'average_fee',
  'revenue_booked',
  'outstanding_amount',
  '"fees"',
  'default_finders_fee_percent',
  '25,000',
  '25000',
  '30,000',
  '30000',
];

let t: TestApp;
let deps: Deps;
const users = {} as Record<Type, UserRow>;
const http = {} as Record<Type, HttpClient>;
const ids = { finders: 0, retainer: 0, role: 0, pipeline: 0, candidate: 0 };

beforeAll(async () => {
  t = await buildTestApp();
  deps = (t.app as unknown as { deps: Deps }).deps;
  for (const type of TYPES) {
    users[type] = await insertUser(t.db, { userType: [type] });
    http[type] = await signedInClient(t, users[type]);
  }
  const finders = await insertClient(t.db, { name: 'Harbor Bank', findersFeePercent: '20', guaranteeDays: 90 });
  const retainer = await insertClient(t.db, {
    name: 'Brightline',
    clientType: 'retainer',
    findersFeePercent: null,
    retainerAmount: '30000',
    retainerInstalments: [{ label: 'On signing', percent: 100, milestone: 'on_signing' }],
    createdAt: new Date(),
  });
  const role = await insertRole(t.db, {
    clientId: finders.id,
    name: 'Controller',
    salaryMin: '90000',
    salaryMax: '100000',
    feePercentOverride: '25',
    openings: 2,
  });
  const candidate = await insertCandidate(t.db);
  const pipeline = await insertPipeline(t.db, { roleId: role.id, candidateId: candidate.id, stage: 'offer' });
  await insertSubmittal(t.db, pipeline.id);
  const placed = await http.owner.post(`/api/pipelines/${pipeline.id}/actions/submittal-outcome/`, {
    version: 1,
    outcome: 'placed',
    salary: 100000,
    start_date: '2027-01-04',
  });
  expect(placed.status, placed.text).toBe(200);
  expect(placed.json.data.placement.fee).toBe(25000);
  Object.assign(ids, {
    finders: finders.id,
    retainer: retainer.id,
    role: role.id,
    pipeline: pipeline.id,
    candidate: candidate.id,
  });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

async function setVisibility(visibility: MoneyVisibility) {
  const current = (await http.owner.get('/api/settings/agency/')).json.settings;
  const saved = await http.owner.request('PUT', '/api/settings/agency/', {
    body: { ...current, money_visibility: visibility },
  });
  expect(saved.status, saved.text).toBe(200);
}

const today = () => new Date().toISOString().slice(0, 10);
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** Each probe answers whether the fees were shown, and returns what it read for the leak check. */
type Probe = (type: Type) => Promise<{ shown: boolean | null; text: string }>;

const json = async (type: Type, path: string) => {
  const response = await http[type].get(path);
  expect(response.status, `${type} ${path}`).toBe(200);
  return response.json;
};

const PROBES: Record<string, Probe> = {
  'client record (retainer amount and instalments)': async (type) => {
    const { client } = await json(type, `/api/clients/${ids.retainer}/`);
    return {
      shown: client.retainer_amount === 30000 && client.retainer_instalments?.length === 1,
      text: JSON.stringify(client),
    };
  },
  "client record (finder's fee %)": async (type) => {
    const body = await json(type, `/api/clients/${ids.finders}/`);
    return { shown: body.client.finders_fee_percent === 20, text: JSON.stringify(body) };
  },
  'clients list': async (type) => {
    const body = await json(type, '/api/clients/?page_size=100');
    const row = body.clients.find((c: { id: number }) => c.id === ids.retainer);
    return { shown: row.retainer_amount === 30000, text: JSON.stringify(body) };
  },
  'role record (fee % override)': async (type) => {
    const body = await json(type, `/api/roles/${ids.role}/`);
    return { shown: body.role.fee_percent_override === 25, text: JSON.stringify(body) };
  },
  'roles list': async (type) => {
    const body = await json(type, '/api/roles/dashboard/?page_size=100');
    const row = body.roles.find((r: { id: number }) => r.id === ids.role);
    return { shown: row.fee_percent_override === 25, text: JSON.stringify(body) };
  },
  'role payout': async (type) => {
    const body = await json(type, `/api/roles/${ids.role}/payout/`);
    expect(body.money_visible).toBe(body.payout !== undefined);
    return { shown: body.payout?.total === 50000, text: JSON.stringify(body) };
  },
  'pipeline record (placement fee)': async (type) => {
    const body = await json(type, `/api/pipelines/${ids.pipeline}/`);
    const { placement } = body.data;
    expect(placement.salary).toBe(100000);
    return { shown: placement.fee === 25000 && placement.fee_percent === 25, text: JSON.stringify(body) };
  },
  "candidate's detail with the pipeline": async (type) => {
    const body = await json(type, `/api/candidates/${ids.candidate}/detail/?role_id=${ids.role}`);
    return { shown: body.candidate.pipeline.placement.fee === 25000, text: JSON.stringify(body) };
  },
  'spreadsheet export': async (type) => {
    const response = await fetch(`${t.baseUrl}/api/roles/${ids.role}/candidates/export/`, {
      headers: { cookie: http[type].cookieHeader() },
    });
    expect(response.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(
      Buffer.from(await response.arrayBuffer()) as unknown as Parameters<typeof workbook.xlsx.load>[0],
    );
    const sheet = workbook.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).filter(Boolean).map(String);
    const cells = (sheet.getRow(2).values as unknown[]).filter((value) => value !== undefined).map(String);
    expect(header).toContain('Placement salary');
    return { shown: header.includes('Fee'), text: [...header, ...cells].join('|') };
  },
  'agency settings (default fee %)': async (type) => {
    const body = await json(type, '/api/settings/agency/');
    expect(body.money_visible).toBe(body.settings.default_finders_fee_percent !== undefined);
    return { shown: body.money_visible, text: JSON.stringify(body) };
  },
  'analytics summary': async (type) => {
    const body = await json(type, '/api/analytics/summary/');
    expect(body.money_visible).toBe('average_fee' in body.summary);
    return { shown: body.money_visible, text: JSON.stringify(body) };
  },
  'calendar (retainer instalments)': async (type) => {
    const body = await json(type, `/api/calendar/retainer-clients/?start=${inDays(-2)}&end=${inDays(2)}`);
    const mine = body.events.filter((event: { url: string }) => event.url === `/clients/${ids.retainer}`);
    return { shown: mine.length === 1, text: JSON.stringify(body) };
  },
  'assistant tools (agency_metrics, retainer_payouts)': async (type) => {
    const ctx = { deps, user: users[type], timeZone: 'UTC', now: new Date() };
    const tool = (name: string) => assistantTools.find((candidate) => candidate.name === name)!;
    const args = { date_from: inDays(-30), date_to: today() };
    const metrics = (await runTool(tool('agency_metrics'), args, ctx)) as Record<string, unknown>;
    const retainers = await runTool(tool('retainer_payouts'), args, ctx);
    expect(metrics.money_visible).toBe('average_fee' in (metrics.summary as object));
    return { shown: metrics.money_visible === true, text: JSON.stringify([metrics, retainers]) };
  },
  'history of the role': async (type) => {
    const body = await json(type, `/api/activity/?model_type=role&object_id=${ids.role}&limit=100`);
    const pipeline = await json(type, `/api/pipelines/${ids.pipeline}/`);
    const texts = JSON.stringify([body.results, pipeline.data.events]);
    expect(texts).toContain('Placed');
    // History text carries no fee (decision 071); an owner also reads the invoice rows, which name amounts.
    return { shown: null, text: texts };
  },
};

describe.each(MONEY_VISIBILITIES)('money_visibility = %s', (visibility) => {
  beforeAll(async () => {
    await setVisibility(visibility);
  });

  it.each(TYPES)('%s sees fees exactly when the setting says so, and nothing of them otherwise', async (type) => {
    const expected = SEES[visibility][type];
    for (const [name, probe] of Object.entries(PROBES)) {
      const { shown, text } = await probe(type);
      // null: the probe only checks for leaks (the history shows no fee to anyone who may not see fees).
      if (shown !== null) expect(shown, `${visibility} · ${type} · ${name}`).toBe(expected);
      if (!expected) {
        for (const marker of FEE_MARKERS) {
          expect(text, `${visibility} · ${type} · ${name}: ${marker}`).not.toContain(marker);
        }
      }
    }
  });
});

describe('whoever may not see fees may not set them', () => {
  beforeAll(async () => {
    await setVisibility('owners');
  });

  it('a recruiter editing a client keeps its stored fee terms; their fee % override is refused', async () => {
    const before = (await http.owner.get(`/api/clients/${ids.retainer}/`)).json.client;
    const edited = await http.recruiter.patch(`/api/clients/${ids.retainer}/`, {
      name: before.name,
      client_type: 'retainer',
      state: before.state,
      industry: 'Analytics',
      retainer_amount: 1,
      retainer_instalments: [],
    });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.json.client).not.toHaveProperty('retainer_amount');
    const after = (await http.owner.get(`/api/clients/${ids.retainer}/`)).json.client;
    expect(after).toMatchObject({
      industry: 'Analytics',
      retainer_amount: 30000,
      retainer_instalments: before.retainer_instalments,
    });

    const override = await http.recruiter.patch(`/api/roles/${ids.role}/field/`, {
      field: 'fee_percent_override',
      value: 5,
    });
    expect(override.status).toBe(403);
    expect((await http.owner.get(`/api/roles/${ids.role}/`)).json.role.fee_percent_override).toBe(25);
    // A full edit of the role without (or with) the override keeps the stored one.
    const role = (await http.recruiter.get(`/api/roles/${ids.role}/`)).json.role;
    const full = await http.recruiter.request('PUT', `/api/roles/${ids.role}/`, {
      body: { client_id: role.client.id, name: role.name, openings: role.openings, fee_percent_override: 1 },
    });
    expect(full.status, full.text).toBe(200);
    expect((await http.owner.get(`/api/roles/${ids.role}/`)).json.role.fee_percent_override).toBe(25);
  });

  it('an owner who leaves out the retainer amount is asked for it (400 naming the field)', async () => {
    const missing = await http.owner.post('/api/clients/', { name: 'No Amount Inc', client_type: 'retainer' });
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.json.fields)).toEqual(['retainer_amount']);
  });
});
