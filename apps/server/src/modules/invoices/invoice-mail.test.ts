import { simpleParser, type ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertClient } from '../../factories/clients.factory';
import { insertUser } from '../../factories/users.factory';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import type { HttpClient } from '../../test/http-client';
import { readOutbox } from '../../test/mail';
import { pdfText } from '../../test/pdf';
import { signedInClient } from '../../test/sign-in';
import { DEFAULT_AGENCY_SETTINGS, saveAgencySettings } from '../settings/settings.service';

// Issue 29 items a and j: the mailed PDF is the invoice as sent; the mail comes from the agency; the bill-to
// on screen is the PDF's; a paid (or void) invoice's PDF asks for no money.

let t: TestApp;
let owner: HttpClient;

beforeAll(async () => {
  t = await buildTestApp({ env: { MAIL_FROM: 'RecruitDesk <no-reply@mail.recruitdesk.test>' } });
  owner = await signedInClient(t, await insertUser(t.db, { userType: ['owner'] }));
  await saveAgencySettings(
    t.db,
    null,
    {
      ...DEFAULT_AGENCY_SETTINGS,
      agency_name: 'Northwind Talent',
      invoice_issuer: {
        legal_name: 'Northwind Talent Ltd',
        address: '1 Harbour Street, Seattle',
        tax_id: '',
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

async function draftInvoice(clientOverrides: Parameters<typeof insertClient>[1] = {}) {
  const client = await insertClient(t.db, {
    clientType: 'retainer',
    name: `Fabrikam ${Math.random().toString(36).slice(2, 8)}`,
    contactName: 'Dana Payable',
    contactEmail: 'ap@fabrikam.test',
    location: '200 Pine Street, Portland, OR',
    ...clientOverrides,
  });
  const created = await owner.post(`/api/clients/${client.id}/invoices/`, {
    lines: [{ description: 'Retained search', unit_amount: '12000' }],
  });
  expect(created.status, created.text).toBe(201);
  return { client, invoice: created.json.invoice as { id: number; number: string } };
}

async function mailOf(number: string): Promise<ParsedMail> {
  for (let attempt = 0; attempt < 40; attempt += 1) {
    const mails = await Promise.all((await readOutbox(t.dataDir, 1)).map((eml) => simpleParser(eml)));
    const mail = mails.find((m) => m.subject?.includes(number));
    if (mail) return mail;
  }
  throw new Error(`no mail for ${number}`);
}

const pdfOf = async (id: number) => {
  const response = await fetch(`${t.baseUrl}/api/invoices/${id}/pdf/`, { headers: { cookie: owner.cookieHeader() } });
  expect(response.status).toBe(200);
  return pdfText(new Uint8Array(await response.arrayBuffer()));
};

describe('sending an invoice', () => {
  it('mails the PDF of the invoice as sent (status Sent), from the agency, with replies to its billing email', async () => {
    const { invoice } = await draftInvoice();
    const sent = await owner.post(`/api/invoices/${invoice.id}/send/`, {});
    expect(sent.status, sent.text).toBe(200);
    const mail = await mailOf(invoice.number);
    const attached = await pdfText(new Uint8Array(mail.attachments[0]!.content));
    expect(attached).toContain('Status: Sent');
    expect(attached).not.toContain('Draft');
    // The same PDF as the download afterwards.
    expect(attached).toBe(await pdfOf(invoice.id));
    expect(mail.from?.value).toEqual([{ name: 'Northwind Talent', address: 'no-reply@mail.recruitdesk.test' }]);
    expect(mail.replyTo?.value).toEqual([{ name: 'Northwind Talent Ltd', address: 'billing@northwind.test' }]);
    expect(mail.subject).toBe(`Invoice ${invoice.number} from Northwind Talent Ltd`);
  });
});

describe('the bill-to', () => {
  it('is the same on screen (the API) as on the PDF: name, contact, location and email', async () => {
    const { client, invoice } = await draftInvoice();
    const shown = (await owner.get(`/api/invoices/${invoice.id}/`)).json.invoice;
    expect(shown.bill_to).toEqual({
      name: client.name,
      contact_name: 'Dana Payable',
      location: '200 Pine Street, Portland, OR',
      email: 'ap@fabrikam.test',
    });
    const text = await pdfOf(invoice.id);
    for (const line of Object.values(shown.bill_to as Record<string, string>)) expect(text).toContain(line);
  });
});

describe('what the PDF asks for', () => {
  it('asks for the balance while money is due, and nothing once paid in full', async () => {
    const { invoice } = await draftInvoice();
    expect(await pdfOf(invoice.id)).toMatch(/Please pay USD 12,000\.00 by \d{4}-\d{2}-\d{2}/);
    await owner.post(`/api/invoices/${invoice.id}/send/`, {});
    await owner.post(`/api/invoices/${invoice.id}/payouts/`, { date: today(), amount: '2000' });
    expect(await pdfOf(invoice.id)).toContain('Please pay USD 10,000.00 by');
    const paid = await owner.post(`/api/invoices/${invoice.id}/payouts/`, { date: today(), amount: '10000' });
    expect(paid.json.invoice.status).toBe('paid');
    const text = await pdfOf(invoice.id);
    expect(text).not.toContain('Please pay');
    expect(text).toContain(`Paid in full on ${today()}. Thank you.`);
  });

  it('asks for nothing on a void invoice, and says why it is void', async () => {
    const { invoice } = await draftInvoice();
    await owner.post(`/api/invoices/${invoice.id}/send/`, {});
    await owner.post(`/api/invoices/${invoice.id}/void/`, { reason: 'Billed twice' });
    const text = await pdfOf(invoice.id);
    expect(text).not.toContain('Please pay');
    expect(text).toContain('This invoice is void (Billed twice); nothing is due.');
  });
});
