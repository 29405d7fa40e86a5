import { INVOICE_ERRORS } from '@recruitdesk/contracts/invoices';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCandidate } from '../../factories/candidates.factory';
import { insertClient } from '../../factories/clients.factory';
import { insertPipeline, insertSubmittal } from '../../factories/pipelines.factory';
import { insertRole } from '../../factories/roles.factory';
import { insertUser } from '../../factories/users.factory';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import type { HttpClient } from '../../test/http-client';
import { readOutbox } from '../../test/mail';
import { pdfText } from '../../test/pdf';
import { signedInClient } from '../../test/sign-in';

// Issue 29 item b (decision 077): an invoice drafted from a placement is dated on the day the placement is
// recorded, in the agency's time zone, not on the candidate's start date; sending a draft dated in the
// future asks whether to keep that date or date it today; a payment may be dated before the issue date.

let t: TestApp;
let owner: HttpClient;

// 03:00 UTC on 10 March 2026 is 23:00 on 9 March in New York: the agency's today is the 9th.
const NOW = '2026-03-10T03:00:00Z';
const AGENCY_TODAY = '2026-03-09';

beforeAll(async () => {
  t = await buildTestApp({ env: { AGENCY_TIME_ZONE: 'America/New_York' } });
  t.clock.offsetMs = Date.parse(NOW) - Date.now();
  owner = await signedInClient(t, await insertUser(t.db, { userType: ['owner'] }));
});
afterAll(async () => {
  await t?.close();
});

async function place(startDate: string) {
  const client = await insertClient(t.db, { findersFeePercent: '20', paymentTermsDays: 30 });
  const role = await insertRole(t.db, { clientId: client.id, name: 'Site Reliability Engineer' });
  const candidate = await insertCandidate(t.db, { firstName: 'Grace', lastName: 'Hopper' });
  const pipeline = await insertPipeline(t.db, { roleId: role.id, candidateId: candidate.id, stage: 'offer' });
  await insertSubmittal(t.db, pipeline.id);
  const placed = await owner.post(`/api/pipelines/${pipeline.id}/actions/submittal-outcome/`, {
    version: 1,
    outcome: 'placed',
    salary: 100000,
    start_date: startDate,
  });
  expect(placed.status, placed.text).toBe(200);
  const list = await owner.get(`/api/roles/${role.id}/invoices/`);
  expect(list.json.count).toBe(1);
  return { client, role, pipeline, invoiceId: list.json.results[0].id as number };
}

const invoiceOf = async (id: number) => (await owner.get(`/api/invoices/${id}/`)).json.invoice;

describe('the invoice a placement drafts', () => {
  it("is dated on the day the placement is recorded in the agency's zone, and says when the candidate starts", async () => {
    const { invoiceId, role, pipeline } = await place('2026-04-20');
    const invoice = await invoiceOf(invoiceId);
    expect(invoice).toMatchObject({ issue_date: AGENCY_TODAY, due_date: '2026-04-08', dated_ahead: false });
    expect(invoice.lines[0].description).toContain('starting 2026-04-20');
    expect(invoice.history[0].detail).toBe(
      'Drafted automatically from the placement of Grace Hopper, dated on the day it was recorded (the candidate starts on 2026-04-20).',
    );
    // The create screen's prefill says the same.
    const draft = (await owner.get(`/api/roles/${role.id}/invoices/draft/?pipeline_id=${pipeline.id}`)).json.draft;
    expect(draft).toMatchObject({ issue_date: AGENCY_TODAY, due_date: '2026-04-08' });
    expect(draft.explanation).toContain('Dated today; Grace Hopper starts on 2026-04-20.');

    // Sent at once, it takes today's payment.
    expect((await owner.post(`/api/invoices/${invoiceId}/send/`, {})).status).toBe(200);
    const paid = await owner.post(`/api/invoices/${invoiceId}/payouts/`, { date: AGENCY_TODAY, amount: '20000' });
    expect(paid.status, paid.text).toBe(201);
    expect(paid.json.invoice).toMatchObject({ status: 'paid', balance: '0.00' });
  });
});

describe('a draft dated in the future', () => {
  const futureDraft = async () => {
    const client = await insertClient(t.db, { clientType: 'retainer', paymentTermsDays: 14 });
    const created = await owner.post(`/api/clients/${client.id}/invoices/`, {
      issue_date: '2026-05-01',
      lines: [{ description: 'Retained search', unit_amount: '5000' }],
    });
    expect(created.status, created.text).toBe(201);
    expect(created.json.invoice).toMatchObject({ issue_date: '2026-05-01', due_date: '2026-05-15', dated_ahead: true });
    return created.json.invoice as { id: number; number: string };
  };

  it('is not sent until the owner says which date it goes with', async () => {
    const { id } = await futureDraft();
    const asked = await owner.post(`/api/invoices/${id}/send/`, {});
    expect(asked.status, asked.text).toBe(409);
    expect(asked.json).toEqual({
      success: false,
      code: 'INVOICE_DATED_AHEAD',
      error: INVOICE_ERRORS.INVOICE_DATED_AHEAD,
    });
    expect(await invoiceOf(id)).toMatchObject({ status: 'draft', issue_date: '2026-05-01' });
  });

  it('is dated today when asked, its due date moved by its terms, and the mailed PDF shows those dates', async () => {
    const { id, number } = await futureDraft();
    const sent = await owner.post(`/api/invoices/${id}/send/`, { future_issue_date: 'today' });
    expect(sent.status, sent.text).toBe(200);
    expect(sent.json.invoice).toMatchObject({
      status: 'sent',
      issue_date: AGENCY_TODAY,
      due_date: '2026-03-23',
      dated_ahead: false,
    });
    expect(sent.json.invoice.history.at(-1).detail).toContain(`dated ${AGENCY_TODAY} instead of 2026-05-01`);
    const mails = await Promise.all((await readOutbox(t.dataDir, 1)).map((eml) => simpleParser(eml)));
    const mail = mails.find((m) => m.subject?.includes(number));
    const text = await pdfText(new Uint8Array(mail!.attachments[0]!.content));
    expect(text).toContain(`Issue date: ${AGENCY_TODAY}`);
    expect(text).toContain('Due date: 2026-03-23');
  });

  it('keeps its date when asked, and a payment received before that date is recorded', async () => {
    const { id } = await futureDraft();
    const sent = await owner.post(`/api/invoices/${id}/send/`, { future_issue_date: 'keep' });
    expect(sent.status, sent.text).toBe(200);
    expect(sent.json.invoice).toMatchObject({ status: 'sent', issue_date: '2026-05-01' });
    const early = await owner.post(`/api/invoices/${id}/payouts/`, { date: AGENCY_TODAY, amount: '5000' });
    expect(early.status, early.text).toBe(201);
    expect(early.json.invoice).toMatchObject({ status: 'paid', paid_amount: '5000.00', balance: '0.00' });
    expect(early.json.invoice.payouts[0].date).toBe(AGENCY_TODAY);
  });
});
