import { INVOICE_ERRORS, MAX_AMOUNT } from '@recruitdesk/contracts/invoices';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertClient } from '../../factories/clients.factory';
import { insertRole } from '../../factories/roles.factory';
import { insertUser } from '../../factories/users.factory';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import type { HttpClient } from '../../test/http-client';
import { signedInClient } from '../../test/sign-in';
import { invoicesTable } from './invoices.table';

// Issue 29 item 3: a total no number can hold exactly is the same 400 TOTAL_TOO_LARGE as one over the
// limit, on every path that prices lines; the money kernel's RangeError never leaves as a 500.

let t: TestApp;
let owner: HttpClient;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await signedInClient(t, await insertUser(t.db, { userType: ['owner'] }));
});
afterAll(async () => {
  await t?.close();
});

/** `count` lines of 10,000 × the largest amount each (10^15 minor units a line). */
const largestLines = (count: number) =>
  Array.from({ length: count }, (_, index) => ({
    description: `Line ${index + 1}`,
    quantity: '10000',
    unit_amount: MAX_AMOUNT,
  }));
const tooLarge = {
  success: false,
  code: 'TOTAL_TOO_LARGE',
  error: INVOICE_ERRORS.TOTAL_TOO_LARGE,
  fields: { lines: [INVOICE_ERRORS.TOTAL_TOO_LARGE] },
};

describe('an invoice total beyond what the server keeps', () => {
  it('is refused with 400 TOTAL_TOO_LARGE on create, whatever the number of lines', async () => {
    const retainer = await insertClient(t.db, { clientType: 'retainer' });
    const role = await insertRole(t.db, { clientId: (await insertClient(t.db)).id });
    for (const count of [2, 10, 50]) {
      const client = await owner.post(`/api/clients/${retainer.id}/invoices/`, {
        tax_rate: '100',
        lines: largestLines(count),
      });
      expect(client.status, `${count} lines: ${client.text}`).toBe(400);
      expect(client.json).toEqual(tooLarge);
      const byRole = await owner.post(`/api/roles/${role.id}/invoices/`, {
        tax_rate: '100',
        lines: largestLines(count),
      });
      expect(byRole.status, `${count} lines: ${byRole.text}`).toBe(400);
      expect(byRole.json).toEqual(tooLarge);
    }
    expect(await t.db.select().from(invoicesTable).where(eq(invoicesTable.clientId, retainer.id))).toHaveLength(0);
  });

  it('is refused on a draft edit (PUT and PATCH), and the draft stays as it was', async () => {
    const client = await insertClient(t.db, { clientType: 'retainer' });
    const created = await owner.post(`/api/clients/${client.id}/invoices/`, {
      lines: [{ description: 'Search', unit_amount: '1000' }],
    });
    expect(created.status, created.text).toBe(201);
    const id = created.json.invoice.id as number;
    const put = await owner.request('PUT', `/api/invoices/${id}/`, {
      body: {
        issue_date: created.json.invoice.issue_date,
        due_date: created.json.invoice.due_date,
        tax_rate: '100',
        notes: '',
        lines: largestLines(10),
      },
    });
    expect(put.status, put.text).toBe(400);
    expect(put.json).toEqual(tooLarge);
    const patch = await owner.patch(`/api/invoices/${id}/`, { lines: largestLines(50) });
    expect(patch.status, patch.text).toBe(400);
    expect(patch.json).toEqual(tooLarge);
    const after = (await owner.get(`/api/invoices/${id}/`)).json.invoice;
    expect(after).toMatchObject({ total: '1000.00', lines: [expect.objectContaining({ amount: '1000.00' })] });
  });
});
