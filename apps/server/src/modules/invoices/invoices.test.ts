// Over 400 lines: the invoices journeys (placement to payment, credit notes, numbers, statistics, refusals) share one app and one set of data, and the last tests check the day summaries after every kind of write above them.
import { INVOICE_ERRORS } from '@recruitdesk/contracts/invoices';
import { eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCandidate } from '../../factories/candidates.factory';
import { insertClient } from '../../factories/clients.factory';
import { insertInvoice } from '../../factories/invoices.factory';
import { insertPipeline, insertSubmittal } from '../../factories/pipelines.factory';
import { insertRole } from '../../factories/roles.factory';
import { insertUser } from '../../factories/users.factory';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import type { HttpClient } from '../../test/http-client';
import { readOutbox } from '../../test/mail';
import { signedInClient } from '../../test/sign-in';
import { saveAgencySettings, DEFAULT_AGENCY_SETTINGS } from '../settings/settings.service';
import { loadInvoiceCalendarEvents } from './invoices.service';
import { invoiceDayTotalsTable, invoicesTable, payoutDayTotalsTable, payoutsTable } from './invoices.table';
import { formatMoney, lineAmount, percentOf, toMinor, totalsOf, fromMinor } from '@recruitdesk/money';

let t: TestApp;
let owner: HttpClient;
let recruiter: HttpClient;

beforeAll(async () => {
  t = await buildTestApp();
  const ownerUser = await insertUser(t.db, { userType: ['owner'], firstName: 'Olive', lastName: 'Owner' });
  owner = await signedInClient(t, ownerUser);
  recruiter = await signedInClient(t, await insertUser(t.db, { userType: ['recruiter'] }));
  await saveAgencySettings(
    t.db,
    null,
    {
      ...DEFAULT_AGENCY_SETTINGS,
      agency_name: 'Northwind Talent',
      invoice_issuer: {
        legal_name: 'Northwind Talent Ltd',
        address: '1 Harbour Street, Seattle',
        tax_id: 'US-99-123',
        bank_details: 'IBAN XX00 1234',
        email: 'billing@northwind.test',
        phone: '',
      },
    },
    new Date(),
  );
});
afterAll(async () => {
  await t?.close();
});

const today = () => new Date().toISOString().slice(0, 10);

/** A finder's fee placement through the real pipeline action (so the automatic draft runs). */
async function place(options: {
  salary: string;
  feePercent?: string | null;
  override?: string | null;
  startDate?: string;
  guaranteeDays?: number | null;
  clientName?: string;
}) {
  const client = await insertClient(t.db, {
    ...(options.clientName ? { name: options.clientName } : {}),
    findersFeePercent: options.feePercent === undefined ? '20' : options.feePercent,
    guaranteeDays: options.guaranteeDays === undefined ? 90 : options.guaranteeDays,
    contactEmail: 'ap@client.test',
  });
  const role = await insertRole(t.db, {
    clientId: client.id,
    name: 'Staff Engineer',
    feePercentOverride: options.override ?? null,
  });
  const candidate = await insertCandidate(t.db, { firstName: 'Ada', lastName: 'Lovelace' });
  const pipeline = await insertPipeline(t.db, { roleId: role.id, candidateId: candidate.id, stage: 'offer' });
  await insertSubmittal(t.db, pipeline.id);
  const response = await owner.post(`/api/pipelines/${pipeline.id}/actions/submittal-outcome/`, {
    version: 1,
    outcome: 'placed',
    salary: Number(options.salary),
    start_date: options.startDate ?? today(),
  });
  expect(response.status, response.text).toBe(200);
  return { client, role, pipeline };
}

const roleInvoices = async (roleId: number) =>
  (await owner.get(`/api/roles/${roleId}/invoices/`)).json.results as Record<string, unknown>[];
const invoiceOf = async (id: number) => (await owner.get(`/api/invoices/${id}/`)).json.invoice;
const send = (id: number) => owner.post(`/api/invoices/${id}/send/`, {});
const pay = (id: number, amount: string, date = today()) =>
  owner.post(`/api/invoices/${id}/payouts/`, { date, amount, method: 'bank_transfer', reference: 'REF-1' });

describe('money arithmetic (integer minor units, half-up)', () => {
  it('computes fees, tax, line amounts and totals without floating point', () => {
    expect(percentOf(toMinor('100000.00'), 2000)).toBe(2_000_000); // 20 % of 100,000.00
    expect(fromMinor(percentOf(toMinor('123456.78'), 1750))).toBe('21604.94'); // 21604.9365 → .94
    expect(fromMinor(percentOf(toMinor('100.04'), 1250))).toBe('12.51'); // 12.505 exactly: half-up, not to even
    expect(fromMinor(lineAmount(150, toMinor('333.33')))).toBe('500.00'); // 1.5 × 333.33 = 499.995
    expect(totalsOf([2_160_494], 825)).toEqual({ subtotal: 2_160_494, tax: 178_241, total: 2_338_735 }); // 8.25 % of 21604.94 = 1782.40755
    expect(fromMinor(percentOf(-10004, 1250))).toBe('-12.51'); // credit notes round away from zero too
    expect(formatMoney(2_338_735, 'USD')).toBe('USD 23,387.35');
    expect(fromMinor(toMinor('0.1') + toMinor('0.2'))).toBe('0.30');
  });
});

describe("finder's fee invoices", () => {
  it("drafts the fee when a candidate is placed (client's percent), dated on the day it is recorded (decision 077), due after the payment terms", async () => {
    const { role, client } = await place({ salary: '100000', startDate: '2026-03-02' });
    const recorded = today();
    const due = new Date(Date.parse(`${recorded}T00:00:00Z`) + 30 * 86_400_000).toISOString().slice(0, 10);
    const [invoice] = await roleInvoices(role.id);
    expect(invoice).toMatchObject({
      kind: 'finders_fee',
      status: 'draft',
      overdue: false,
      client: { id: client.id, name: client.name },
      role: { id: role.id, name: 'Staff Engineer' },
      issue_date: recorded,
      due_date: due,
      currency: 'USD',
      subtotal: '20000.00',
      tax: '0.00',
      total: '20000.00',
      paid_amount: '0.00',
      balance: '20000.00',
    });
    expect(invoice!.number).toMatch(/^INV-2026-\d{4}$/);
    const detail = await invoiceOf(invoice!.id as number);
    expect(detail.lines).toEqual([
      expect.objectContaining({ quantity: '1.00', unit_amount: '20000.00', amount: '20000.00' }),
    ]);
    expect(detail.lines[0].description).toContain('Ada Lovelace');
    expect(detail.history[0].detail).toContain('automatically');
  });

  it("uses the role's fee override, rounds half-up, adds tax and takes partial then full payments", async () => {
    const { role, pipeline } = await place({ salary: '123456.78', override: '17.5' });
    const [draft] = await roleInvoices(role.id);
    expect(draft).toMatchObject({ subtotal: '21604.94', total: '21604.94' });
    // A second invoice for the same placement is refused.
    const again = await owner.post(`/api/roles/${role.id}/invoices/`, { pipeline_id: pipeline.id });
    expect(again.status).toBe(409);
    expect(again.json).toEqual({
      success: false,
      code: 'PLACEMENT_INVOICED',
      error: INVOICE_ERRORS.PLACEMENT_INVOICED,
    });

    const id = draft!.id as number;
    const patched = await owner.patch(`/api/invoices/${id}/`, { tax_rate: '8.25' });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.json.invoice).toMatchObject({
      tax_rate: '8.25',
      subtotal: '21604.94',
      tax: '1782.41',
      total: '23387.35',
      balance: '23387.35',
    });

    expect((await send(id)).status).toBe(200);
    const partial = await pay(id, '10000');
    expect(partial.status, partial.text).toBe(201);
    expect(partial.json.invoice).toMatchObject({ status: 'sent', paid_amount: '10000.00', balance: '13387.35' });

    const above = await pay(id, '13387.36');
    expect(above.status).toBe(400);
    expect(above.json).toMatchObject({
      success: false,
      code: 'PAYOUT_ABOVE_BALANCE',
      fields: { amount: ['The payment of USD 13,387.36 is more than the balance due of USD 13,387.35.'] },
    });
    expect((await invoiceOf(id)).payouts).toHaveLength(1);

    const full = await pay(id, '13387.35');
    expect(full.json.invoice).toMatchObject({ status: 'paid', paid_amount: '23387.35', balance: '0.00' });
    expect(full.json.invoice.payouts.map((p: { amount: string }) => p.amount)).toEqual(['10000.00', '13387.35']);
    expect((await pay(id, '1')).json).toMatchObject({ code: 'PAYOUT_ALREADY_PAID' });
  });

  it('issues a credit note when the placement falls off within its guarantee, and applies it when sent', async () => {
    const { role } = await place({ salary: '100000', startDate: '2026-01-05', guaranteeDays: 90 });
    const [draft] = await roleInvoices(role.id);
    const id = draft!.id as number;
    await owner.patch(`/api/invoices/${id}/`, { tax_rate: '7.25' });
    const blocked = await owner.post(`/api/invoices/${id}/credit-note/`, { reason: 'Left', fell_off_on: '2026-02-01' });
    expect(blocked.json).toMatchObject({ code: 'CREDIT_NOTE_NOT_ISSUED' });
    await send(id);
    await pay(id, '5000', '2026-01-20');
    const late = await owner.post(`/api/invoices/${id}/credit-note/`, { reason: 'Left', fell_off_on: '2026-04-06' });
    expect(late.status).toBe(409);
    expect(late.json.error).toBe(INVOICE_ERRORS.CREDIT_NOTE_AFTER_GUARANTEE);

    const created = await owner.post(`/api/invoices/${id}/credit-note/`, {
      reason: 'Candidate left in week 4',
      fell_off_on: '2026-02-01',
      amount: '10000',
    });
    expect(created.status, created.text).toBe(201);
    const note = created.json.invoice;
    expect(note).toMatchObject({
      kind: 'credit_note',
      status: 'draft',
      credit_for: { id, number: draft!.number },
      subtotal: '-10000.00',
      tax: '-725.00',
      total: '-10725.00',
      balance: '0.00',
    });
    expect(
      (await owner.post(`/api/invoices/${id}/credit-note/`, { reason: 'Again', fell_off_on: '2026-02-01' })).json.code,
    ).toBe('CREDIT_NOTE_EXISTS');

    expect((await send(note.id)).status).toBe(200);
    // 21450.00 − 5000.00 paid − 10725.00 credited.
    expect(await invoiceOf(id)).toMatchObject({
      total: '21450.00',
      paid_amount: '5000.00',
      credited_amount: '10725.00',
      balance: '5725.00',
      status: 'sent',
    });
    // Voiding the credit note gives the balance back.
    await owner.post(`/api/invoices/${note.id}/void/`, { reason: 'Issued by mistake' });
    expect(await invoiceOf(id)).toMatchObject({ credited_amount: '0.00', balance: '16450.00' });
  });

  it('creates by hand with lines and prefills the draft preview from the placement', async () => {
    const { role, pipeline } = await place({ salary: '90000', feePercent: '25' });
    const preview = await owner.get(`/api/roles/${role.id}/invoices/draft/?pipeline_id=${pipeline.id}`);
    expect(preview.status, preview.text).toBe(200);
    expect(preview.json.draft).toMatchObject({
      kind: 'finders_fee',
      pipeline_id: pipeline.id,
      total: '22500.00',
      lines: [{ quantity: '1.00', unit_amount: '22500.00', amount: '22500.00' }],
    });
    expect(preview.json.draft.placements[0].invoice).not.toBeNull();
    const manual = await owner.post(`/api/roles/${role.id}/invoices/`, {
      issue_date: '2026-05-01',
      tax_rate: '10',
      lines: [
        { description: 'Advertising', quantity: '2', unit_amount: '150.25' },
        { description: 'Assessment', quantity: 1.5, unit_amount: 333.33 },
      ],
    });
    expect(manual.status, manual.text).toBe(201);
    expect(manual.json.invoice).toMatchObject({
      placement_id: null,
      subtotal: '800.50',
      tax: '80.05',
      total: '880.55',
      due_date: '2026-05-31',
    });
  });
});

describe('retainer invoices', () => {
  it('drafts the shortlist instalment on the first submittal and creates instalments by hand, once each', async () => {
    const client = await insertClient(t.db, {
      clientType: 'retainer',
      retainerAmount: '30000.01',
      retainerInstalments: [
        { label: 'On signing', percent: 33.33, milestone: 'on_signing' },
        { label: 'On shortlist', percent: 33.33, milestone: 'on_shortlist' },
        { label: 'On placement', percent: 33.34, milestone: 'on_placement' },
      ],
    });
    const role = await insertRole(t.db, { clientId: client.id });
    const preview = await owner.get(`/api/clients/${client.id}/invoices/draft/?instalment=0`);
    expect(preview.json.draft.instalments.map((i: { amount: string }) => i.amount)).toEqual([
      '9999.00',
      '9999.00',
      '10002.01',
    ]);

    const pipeline = await insertPipeline(t.db, { roleId: role.id, stage: 'submit_pending' });
    const submitted = await owner.post(`/api/pipelines/${pipeline.id}/actions/submittal/`, {
      version: 1,
      submitted_on: today(),
    });
    expect(submitted.status, submitted.text).toBe(200);
    const list = (await owner.get(`/api/clients/${client.id}/invoices/`)).json.results;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ kind: 'retainer', instalment: 1, total: '9999.00', role: null });

    const first = await owner.post(`/api/clients/${client.id}/invoices/`, { instalment: 0 });
    expect(first.status, first.text).toBe(201);
    expect(first.json.invoice).toMatchObject({ instalment: 0, total: '9999.00' });
    const twice = await owner.post(`/api/clients/${client.id}/invoices/`, { instalment: 0 });
    expect(twice.status).toBe(409);
    expect(twice.json.error).toBe(INVOICE_ERRORS.INSTALMENT_INVOICED);
    expect((await owner.post(`/api/roles/${role.id}/invoices/`, {})).json.code).toBe('ROLE_NOT_FINDERS_FEE');
  });
});

describe('numbers', () => {
  it('gives 20 concurrent creations 20 distinct numbers without a gap, and reuses a deleted draft’s number', async () => {
    const client = await insertClient(t.db, { clientType: 'retainer' });
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        owner.post(`/api/clients/${client.id}/invoices/`, {
          issue_date: '2031-02-01',
          lines: [{ description: `Line ${index}`, unit_amount: '100' }],
        }),
      ),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(20).fill(201));
    const numbers = responses.map((r) => r.json.invoice.number as string).sort();
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, index) => `INV-2031-${String(index + 1).padStart(4, '0')}`));

    const byNumber = new Map(responses.map((r) => [r.json.invoice.number as string, r.json.invoice.id as number]));
    expect((await owner.request('DELETE', `/api/invoices/${byNumber.get('INV-2031-0005')}/`)).status).toBe(200);
    expect((await owner.request('DELETE', `/api/invoices/${byNumber.get('INV-2031-0020')}/`)).status).toBe(200);
    const next = await owner.post(`/api/clients/${client.id}/invoices/`, {
      issue_date: '2031-03-01',
      lines: [{ description: 'Again', unit_amount: '1' }],
    });
    expect(next.json.invoice.number).toBe('INV-2031-0005');
    const after = await owner.post(`/api/clients/${client.id}/invoices/`, {
      issue_date: '2031-03-01',
      lines: [{ description: 'Again', unit_amount: '1' }],
    });
    expect(after.json.invoice.number).toBe('INV-2031-0020');
  });
});

describe('PDF and mail', () => {
  it('renders the PDF with the number, client and total, and mails it as an attachment, marking it sent', async () => {
    const { role } = await place({ salary: '150000', clientName: 'Contoso Pharma' });
    const [draft] = await roleInvoices(role.id);
    const id = draft!.id as number;

    const pdf = await fetch(`${t.baseUrl}/api/invoices/${id}/pdf/`, { headers: { cookie: owner.cookieHeader() } });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toBe(`attachment; filename="${draft!.number}.pdf"`);
    const text = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
    expect(text).toContain(draft!.number as string);
    expect(text).toContain('Contoso Pharma');
    expect(text).toContain('USD 30,000.00');
    expect(text).toContain('Northwind Talent Ltd');

    const sent = await send(id);
    expect(sent.status, sent.text).toBe(200);
    expect(sent.json.invoice).toMatchObject({ status: 'sent' });
    expect(sent.json.invoice.sent_at).not.toBeNull();
    const mails = await readOutbox(t.dataDir, 1);
    const parsed = await Promise.all(mails.map((eml) => simpleParser(eml)));
    const mail = parsed.find((m) => m.subject?.includes(draft!.number as string));
    expect(mail?.to && 'text' in mail.to ? mail.to.text : '').toBe('ap@client.test');
    expect(mail?.attachments).toHaveLength(1);
    const attachment = mail!.attachments[0]!;
    expect(attachment.filename).toBe(`${draft!.number}.pdf`);
    expect(attachment.contentType).toBe('application/pdf');
    expect(await pdfText(new Uint8Array(attachment.content))).toContain('Contoso Pharma');
  });
});

async function pdfText(bytes: Uint8Array): Promise<string> {
  const pdf = await getDocumentProxy(bytes);
  const { text } = await extractText(pdf, { mergePages: true });
  return text;
}

describe('list search', () => {
  it('finds an invoice by its number, the client name or the role name, each once, with LIKE characters taken literally', async () => {
    const client = await insertClient(t.db, { name: 'Quillfeather 100% Analytics' });
    const role = await insertRole(t.db, { clientId: client.id, name: 'Zephyrine Platform Lead' });
    const withRole = await insertInvoice(t.db, { kind: 'finders_fee', clientId: client.id, roleId: role.id });
    const plain = await insertInvoice(t.db, { clientId: client.id });
    const other = await insertInvoice(t.db);
    const numbers = async (search: string) =>
      (
        (await owner.get(`/api/invoices/?search=${encodeURIComponent(search)}&page_size=100`)).json.results as {
          number: string;
        }[]
      )
        .map((row) => row.number)
        .sort();
    expect(await numbers('quillfeather')).toEqual([withRole.number, plain.number].sort());
    expect(await numbers('100% an')).toEqual([withRole.number, plain.number].sort());
    expect(await numbers('zephyrine platform')).toEqual([withRole.number]);
    expect(await numbers(other.number)).toEqual([other.number]);
    expect(await numbers('100_ an')).toEqual([]);
  });
});

describe('list, statistics and the overdue rule', () => {
  it('agree to the cent for the same filters', async () => {
    const client = await insertClient(t.db, { clientType: 'retainer', name: 'Statistics Client' });
    const make = async (issue: string, due: string, amount: string) =>
      (
        await owner.post(`/api/clients/${client.id}/invoices/`, {
          issue_date: issue,
          due_date: due,
          tax_rate: '5',
          lines: [{ description: 'Work', unit_amount: amount }],
        })
      ).json.invoice.id as number;
    const now = new Date();
    const daysAgo = (n: number) => new Date(now.getTime() - n * 86_400_000).toISOString().slice(0, 10);
    const a = await make(daysAgo(100), daysAgo(95), '1000.10'); // 95 days overdue
    const b = await make(daysAgo(50), daysAgo(40), '333.33'); // 40 days, partly paid
    const c = await make(daysAgo(10), daysAgo(5), '99.99'); // 5 days overdue
    const d = await make(daysAgo(3), daysAgo(-27), '250'); // not due yet, paid
    await make(daysAgo(2), daysAgo(-28), '777'); // draft
    const v = await make(daysAgo(60), daysAgo(30), '500'); // void
    for (const id of [a, b, c, d, v]) expect((await send(id)).status).toBe(200);
    await pay(b, '100.01', daysAgo(20));
    await pay(d, '262.50', daysAgo(1));
    await owner.post(`/api/invoices/${v}/void/`, { reason: 'Duplicate' });

    const list = (await owner.get(`/api/invoices/?client=${client.id}&page_size=100`)).json;
    expect(list.count).toBe(6);
    const statsResponse = await owner.get(`/api/invoices/statistics/?client=${client.id}`);
    expect(statsResponse.status, statsResponse.text).toBe(200);
    const stats = statsResponse.json.statistics;
    const rows = list.results as {
      status: string;
      total: string;
      paid_amount: string;
      balance: string;
      overdue: boolean;
    }[];
    const sum = (values: string[]) => fromMinor(values.reduce((total, value) => total + toMinor(value), 0));
    const issued = rows.filter((r) => r.status === 'sent' || r.status === 'paid');
    expect(stats.invoiced).toBe(sum(issued.map((r) => r.total)));
    expect(stats.collected).toBe(sum(issued.map((r) => r.paid_amount)));
    expect(stats.outstanding).toBe(sum(rows.filter((r) => r.status === 'sent').map((r) => r.balance)));
    expect(stats.overdue).toBe(sum(rows.filter((r) => r.overdue).map((r) => r.balance)));
    // By hand: 1050.11 + 350.00 + 104.99 + 262.50 invoiced; 100.01 + 262.50 collected.
    expect(stats).toMatchObject({
      invoiced: '1767.60',
      collected: '362.51',
      outstanding: '1405.09',
      overdue: '1405.09',
      aging: { d0_30: '104.99', d31_60: '249.99', d61_90: '0.00', d90_plus: '1050.11' },
      counts: { draft: 1, sent: 3, paid: 1, void: 1, overdue: 3 },
    });
    expect(stats.by_month).toHaveLength(12);
    expect(sum(stats.by_month.map((m: { invoiced: string }) => m.invoiced))).toBe('1767.60');
    expect(sum(stats.by_month.map((m: { collected: string }) => m.collected))).toBe('362.51');
    const overdueOnly = (await owner.get(`/api/invoices/?client=${client.id}&overdue=true`)).json;
    expect(overdueOnly.count).toBe(3);
    const rangedResponse = await owner.get(
      `/api/invoices/statistics/?client=${client.id}&date_from=${daysAgo(60)}&date_to=${daysAgo(0)}`,
    );
    expect(rangedResponse.status, rangedResponse.text).toBe(200);
    const ranged = rangedResponse.json.statistics;
    const rangedList = (
      await owner.get(`/api/invoices/?client=${client.id}&date_from=${daysAgo(60)}&date_to=${daysAgo(0)}&page_size=100`)
    ).json.results as typeof rows;
    expect(ranged.invoiced).toBe(
      sum(rangedList.filter((r) => r.status === 'sent' || r.status === 'paid').map((r) => r.total)),
    );
    expect((await owner.get(`/api/invoices/?search=statistics%20cl&page_size=100`)).json.count).toBe(6);

    const events = await loadInvoiceCalendarEvents(t.db, { start: daysAgo(30), end: daysAgo(-40) });
    expect(events.some((e) => e.kind === 'payout' && e.url === `/client/${client.id}/invoices/${d}`)).toBe(true);
    expect(events.some((e) => e.kind === 'invoice_due' && e.id === `invoice-due-${c}`)).toBe(true);
    expect(events.some((e) => e.id === `invoice-due-${d}`)).toBe(false); // paid
  });
});

describe('bad input and refusals: a clear 4xx, nothing changed', () => {
  it('refuses negative amounts, malformed dates, unknown ids, deleting a sent invoice and changing it', async () => {
    const client = await insertClient(t.db, { clientType: 'retainer' });
    const negative = await owner.post(`/api/clients/${client.id}/invoices/`, {
      lines: [{ description: 'Refund', unit_amount: '-5' }],
    });
    expect(negative.status).toBe(400);
    expect(negative.json).toMatchObject({
      success: false,
      fields: { 'lines.0.unit_amount': ['Use an amount of 0 or more.'] },
    });
    const threeDecimals = await owner.post(`/api/clients/${client.id}/invoices/`, {
      lines: [{ description: 'X', unit_amount: '1.005' }],
    });
    expect(threeDecimals.status).toBe(400);
    const badDate = await owner.post(`/api/clients/${client.id}/invoices/`, {
      issue_date: '2026-02-30',
      lines: [{ description: 'X', unit_amount: '1' }],
    });
    expect(badDate.status).toBe(400);
    expect(badDate.json.fields.issue_date).toEqual(['Enter the issue date as YYYY-MM-DD.']);
    const dueBefore = await owner.post(`/api/clients/${client.id}/invoices/`, {
      issue_date: '2026-02-10',
      due_date: '2026-02-01',
      lines: [{ description: 'X', unit_amount: '1' }],
    });
    expect(dueBefore.json.fields.due_date).toEqual(['The due date cannot be before the issue date.']);
    expect((await owner.get(`/api/invoices/?client=${client.id}`)).json.count).toBe(0);

    expect((await owner.get('/api/invoices/999999/')).json).toEqual({
      success: false,
      code: 'INVOICE_NOT_FOUND',
      error: 'Invoice not found.',
    });
    expect((await owner.get('/api/invoices/abc/')).status).toBe(400);
    expect((await owner.post('/api/roles/999999/invoices/', {})).status).toBe(404);
    expect((await owner.get('/api/roles/999999/invoices/')).status).toBe(404);
    expect((await owner.get('/api/clients/999999/invoices/draft/')).status).toBe(404);
    expect((await owner.post('/api/clients/999999/invoices/', { instalment: 0 })).status).toBe(404);
    expect((await owner.get('/api/invoices/?date_from=yesterday')).status).toBe(400);
    expect((await owner.get('/api/invoices/?date_from=2026-05-01&date_to=2026-04-01')).status).toBe(400);

    const created = await owner.post(`/api/clients/${client.id}/invoices/`, {
      lines: [{ description: 'Work', unit_amount: '100' }],
    });
    const id = created.json.invoice.id as number;
    expect((await owner.post(`/api/invoices/${id}/payouts/`, { date: today(), amount: '10' })).json.code).toBe(
      'PAYOUT_NOT_SENT',
    );
    expect((await owner.post(`/api/invoices/${id}/void/`, { reason: 'x' })).json.code).toBe('INVOICE_VOID_DRAFT');
    await send(id);
    const before = await invoiceOf(id);
    const deleted = await owner.request('DELETE', `/api/invoices/${id}/`);
    expect(deleted.status).toBe(409);
    expect(deleted.json).toEqual({
      success: false,
      code: 'INVOICE_DELETE_NOT_DRAFT',
      error: INVOICE_ERRORS.INVOICE_DELETE_NOT_DRAFT,
    });
    const edit = await owner.request('PUT', `/api/invoices/${id}/`, {
      body: {
        issue_date: today(),
        due_date: today(),
        tax_rate: '0',
        notes: '',
        lines: [{ description: 'More', unit_amount: '900' }],
      },
    });
    expect(edit.status).toBe(409);
    const negativePay = await owner.post(`/api/invoices/${id}/payouts/`, { date: today(), amount: '-1' });
    expect(negativePay.status).toBe(400);
    const zeroPay = await owner.post(`/api/invoices/${id}/payouts/`, { date: today(), amount: '0' });
    expect(zeroPay.json.fields.amount).toEqual(['Enter an amount above 0.']);
    expect((await owner.post(`/api/invoices/${id}/payouts/`, { date: 'soon', amount: '1' })).status).toBe(400);
    expect((await owner.post(`/api/invoices/${id}/void/`, { reason: '' })).status).toBe(400);
    const after = await invoiceOf(id);
    expect({ ...after, history: undefined }).toEqual({ ...before, history: undefined });
    expect(after.history).toEqual(before.history);
    expect(await t.db.select().from(payoutsTable).where(eq(payoutsTable.invoiceId, id))).toHaveLength(0);

    // Notes may change on a sent invoice; voiding needs a reason and keeps the row.
    expect((await owner.patch(`/api/invoices/${id}/`, { notes: 'Chased by phone' })).json.invoice.notes).toBe(
      'Chased by phone',
    );
    const voided = await owner.post(`/api/invoices/${id}/void/`, { reason: 'Billed twice' });
    expect(voided.json.invoice).toMatchObject({ status: 'void', void_reason: 'Billed twice', balance: '0.00' });
    expect(await t.db.select().from(invoicesTable).where(eq(invoicesTable.id, id))).toHaveLength(1);
  });

  it('answers 403 to every other user type, before looking anything up', async () => {
    const response = await recruiter.get('/api/invoices/');
    expect(response.status).toBe(403);
    expect(response.json).toEqual({
      success: false,
      code: 'FORBIDDEN',
      error: 'You do not have permission to perform this action.',
    });
    expect((await recruiter.get('/api/invoices/999999/')).status).toBe(403);
  });
});

describe('internal notes on an invoice (the shared notes thread, owner-only)', () => {
  it('owners write and read them; other users get 403 on the thread and 404 on a note by id; deleting the draft deletes them', async () => {
    const invoice = await insertInvoice(t.db);
    const thread = `/api/notes/invoice/${invoice.id}/`;
    const created = await owner.post(thread, { body: 'AP promised payment on Friday.' });
    expect(created.status, created.text).toBe(201);
    const noteId = created.json.note.id as number;
    const listed = await owner.get(thread);
    expect(listed.json.target).toEqual({ model_type: 'invoice', object_id: invoice.id, label: invoice.number });
    expect(listed.json.notes.map((n: { body: string }) => n.body)).toEqual(['AP promised payment on Friday.']);
    expect((await owner.get(`/api/notes/invoice/999999/`)).status).toBe(404);

    const viewer = await signedInClient(t, await insertUser(t.db, { userType: ['viewer'] }));
    const superuser = await signedInClient(t, await insertUser(t.db, { userType: ['superuser'] }));
    for (const user of [recruiter, viewer, superuser]) {
      expect((await user.get(thread)).status).toBe(403);
      expect((await user.get(`${thread}summary/`)).status).toBe(403);
      expect((await user.post(thread, { body: 'Peek' })).status).toBe(403);
    }
    for (const user of [recruiter, superuser]) {
      expect((await user.patch(`/api/notes/item/${noteId}/`, { body: 'Changed' })).status).toBe(404);
      expect((await user.request('DELETE', `/api/notes/item/${noteId}/`)).status).toBe(404);
    }
    expect((await owner.get(thread)).json.notes[0].body).toBe('AP promised payment on Friday.');
    const recruiterActivity = (await recruiter.get('/api/activity/?page_size=100')).json;
    expect(JSON.stringify(recruiterActivity)).not.toContain('AP promised');
    expect(JSON.stringify(recruiterActivity)).not.toContain(invoice.number);

    expect((await owner.request('DELETE', `/api/invoices/${invoice.id}/`)).status).toBeLessThan(300);
    expect((await owner.patch(`/api/notes/item/${noteId}/`, { body: 'Changed' })).status).toBe(404);
  });
});

// Last in the file: every write above (drafts, sends, payments, voids, credit notes, deletes) has gone
// through the summaries' triggers by now.
describe('the day summaries behind the statistics', () => {
  it('equal a recomputation from the invoices and payouts after every kind of write', async () => {
    const invoices = await t.db.select().from(invoicesTable);
    const payouts = await t.db.select().from(payoutsTable);
    expect(invoices.length).toBeGreaterThan(10);
    const expectedDays = new Map<string, number[]>();
    for (const row of invoices) {
      const key = [row.currency, row.status, row.kind, row.issueDate, row.dueDate].join(' ');
      const sums = expectedDays.get(key) ?? [0, 0, 0, 0, 0, 0];
      const owing = row.balanceMinor > 0;
      [1, row.totalMinor, row.paidMinor, row.balanceMinor, owing ? 1 : 0, owing ? row.balanceMinor : 0].forEach(
        (value, index) => (sums[index]! += value),
      );
      expectedDays.set(key, sums);
    }
    const summaryDays = (await t.db.select().from(invoiceDayTotalsTable))
      .filter((row) => row.invoiceCount !== 0 || row.totalMinor !== 0 || row.paidMinor !== 0 || row.balanceMinor !== 0)
      .map(
        (row) =>
          [
            [row.currency, row.status, row.kind, row.issueDate, row.dueDate].join(' '),
            [row.invoiceCount, row.totalMinor, row.paidMinor, row.balanceMinor, row.owingCount, row.owingMinor],
          ] as const,
      );
    expect(new Map(summaryDays)).toEqual(expectedDays);

    const expectedPayoutDays = new Map<string, number>();
    for (const row of payouts)
      expectedPayoutDays.set(
        `${row.currency} ${row.date}`,
        (expectedPayoutDays.get(`${row.currency} ${row.date}`) ?? 0) + row.amountMinor,
      );
    const payoutDays = (await t.db.select().from(payoutDayTotalsTable))
      .filter((row) => row.amountMinor !== 0)
      .map((row) => [`${row.currency} ${row.date}`, row.amountMinor] as const);
    expect(new Map(payoutDays)).toEqual(expectedPayoutDays);
  });

  it('give the same statistics as the invoices themselves, without a filter and for date ranges', async () => {
    const invoices = (await t.db.select().from(invoicesTable)).filter((row) => row.currency === 'USD');
    const payouts = (await t.db.select().from(payoutsTable)).filter((row) => row.currency === 'USD');
    const todayText = today();
    const daysPastDue = (due: string) =>
      Math.round((Date.parse(`${todayText}T00:00:00Z`) - Date.parse(`${due}T00:00:00Z`)) / 86_400_000);
    const bucketOf = (row: (typeof invoices)[number]) => {
      if (row.status !== 'sent' || row.balanceMinor <= 0 || daysPastDue(row.dueDate) <= 0) return 'current';
      const days = daysPastDue(row.dueDate);
      return days <= 30 ? 'd0_30' : days <= 60 ? 'd31_60' : days <= 90 ? 'd61_90' : 'd90_plus';
    };
    const total = (rows: typeof invoices, value: (row: (typeof invoices)[number]) => number) =>
      fromMinor(rows.reduce((sum, row) => sum + value(row), 0));
    const firstMonth = (() => {
      const now = new Date(`${todayText}T00:00:00Z`);
      return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11, 1)).toISOString().slice(0, 10);
    })();
    const issueDates = [...new Set(invoices.map((row) => row.issueDate))].sort();
    const middle = issueDates[Math.floor(issueDates.length / 2)]!;
    const cases: { query: string; keep: (row: (typeof invoices)[number]) => boolean; payoutsCount: boolean }[] = [
      { query: '', keep: () => true, payoutsCount: true },
      { query: `date_from=${middle}`, keep: (row) => row.issueDate >= middle, payoutsCount: false },
      {
        query: `date_from=${issueDates[0]!}&date_to=${middle}`,
        keep: (row) => row.issueDate <= middle,
        payoutsCount: false,
      },
    ];
    expect(issueDates.length).toBeGreaterThan(2);
    for (const { query, keep, payoutsCount } of cases) {
      const response = await owner.get(`/api/invoices/statistics/?${query}`);
      expect(response.status, response.text).toBe(200);
      const stats = (response.json.statistics.currencies as { currency: string }[]).find(
        (block) => block.currency === 'USD',
      ) as Record<string, unknown>;
      const rows = invoices.filter(keep);
      const issued = rows.filter((row) => row.status === 'sent' || row.status === 'paid');
      const sent = rows.filter((row) => row.status === 'sent');
      expect(stats, query).toMatchObject({
        invoiced: total(issued, (row) => row.totalMinor),
        collected: total(issued, (row) => row.paidMinor),
        outstanding: total(sent, (row) => row.balanceMinor),
        overdue: total(
          sent.filter((row) => bucketOf(row) !== 'current'),
          (row) => row.balanceMinor,
        ),
        aging: Object.fromEntries(
          ['d0_30', 'd31_60', 'd61_90', 'd90_plus'].map((bucket) => [
            bucket,
            total(
              sent.filter((row) => bucketOf(row) === bucket),
              (row) => row.balanceMinor,
            ),
          ]),
        ),
        counts: {
          draft: rows.filter((row) => row.status === 'draft').length,
          sent: sent.length,
          paid: rows.filter((row) => row.status === 'paid').length,
          void: rows.filter((row) => row.status === 'void').length,
          overdue: sent.filter((row) => bucketOf(row) !== 'current').length,
        },
      });
      if (payoutsCount && query === '') {
        const collectedByMonth = (stats.by_month as { collected: string }[]).reduce(
          (sum, month) => sum + toMinor(month.collected),
          0,
        );
        expect(fromMinor(collectedByMonth)).toBe(
          fromMinor(payouts.filter((row) => row.date >= firstMonth).reduce((sum, row) => sum + row.amountMinor, 0)),
        );
      }
    }
  });
});
