import { apiCall, apiPost, expect, login, test } from '../fixtures';

/** Adds two decimal strings ("1234.50") exactly, in cents. */
const addAmounts = (a: string, b: string) => {
  const cents = (value: string) => BigInt(value.replace('.', ''));
  const sum = cents(a) + cents(b);
  return `${sum / 100n}.${(sum % 100n).toString().padStart(2, '0')}`;
};
const usd = (amount: string) =>
  new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 2,
  }).format(amount as unknown as number);

interface Statistics {
  statistics: { currency: string; collected: string };
}

test('the owner bills a placement: the draft appears, is sent, paid in two parts, and counts as collected', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const stamp = Date.now();
  await login(page, 'owner');

  // Set-up through the API (the placement journey itself is walked in candidates-and-pipelines.spec):
  // a finder's fee client at 20 % with a contact to bill, a role, and a candidate placed at 130,000.
  const client = await apiPost<{ client: { id: number; currency: string } }>(page, '/api/clients/', {
    name: `Billing Client ${stamp}`,
    client_type: 'finders_fee',
    state: 'Open',
    finders_fee_percent: 20,
    guarantee_days: 90,
    payment_terms_days: 30,
    currency: 'USD',
    contact_name: 'Dana Payable',
    contact_email: `ap.${stamp}@example.test`,
  });
  const roleName = `Data Platform Lead ${stamp}`;
  const role = await apiPost<{ role: { id: number } }>(page, '/api/roles/', {
    client_id: client.client.id,
    name: roleName,
    openings: 2,
    salary_min: 120000,
    salary_max: 140000,
  });
  const added = await apiPost<{ pipeline: { id: number; version: number } }>(
    page,
    `/api/roles/${role.role.id}/pipelines/`,
    {
      candidate: { first_name: 'Noor', last_name: `Haddad${stamp}` },
      stage: 'submit_pending',
    },
  );
  const today = new Date().toISOString().slice(0, 10);
  const submitted = await apiPost<{ data: { pipeline: { version: number } } }>(
    page,
    `/api/pipelines/${added.pipeline.id}/actions/submittal/`,
    { version: added.pipeline.version, submitted_on: today },
  );
  await apiPost(page, `/api/pipelines/${added.pipeline.id}/actions/submittal-outcome/`, {
    version: submitted.data.pipeline.version,
    outcome: 'placed',
    salary: 130000,
    start_date: today,
  });
  const before = await apiCall<Statistics>(page, 'GET', '/api/invoices/statistics/');

  // The placement drafted its finder's fee invoice: the role page lists it.
  await page.goto(`/roles/${role.role.id}`);
  const card = page.getByRole('region', { name: 'Invoices' });
  const invoiceLink = card.getByRole('link', { name: /^INV-\d{4}-\d{4}$/ });
  // The role page's first load asks for a dozen things at once: on a loaded machine that can take a while.
  await expect(invoiceLink).toBeVisible({ timeout: 20_000 });
  await expect(card.getByText('Draft')).toBeVisible();
  const number = (await invoiceLink.textContent())!.trim();
  await invoiceLink.click();

  // The invoice as it prints: 20 % of 130,000, no tax.
  await expect(page.getByRole('heading', { name: `Invoice ${number}` })).toBeVisible();
  const preview = page.getByRole('article', { name: `Invoice ${number} preview` });
  await expect(preview).toContainText(`Billing Client ${stamp}`);
  await expect(preview).toContainText(/Total\s*\$26,000\.00/);

  // Send it (asked first): it is sent.
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  const send = page.getByRole('dialog', { name: 'Send this invoice?' });
  await expect(send).toContainText(`ap.${stamp}@example.test`);
  await send.getByRole('button', { name: 'Send invoice' }).click();
  await expect(send).toBeHidden();
  await expect(page.getByText('Sent', { exact: true })).toBeVisible();

  // A partial payment, refused above the balance first.
  await page.getByRole('button', { name: 'Record payment' }).click();
  let pay = page.getByRole('dialog', { name: 'Record a payment' });
  await pay.getByLabel('Amount (USD)').fill('30000');
  await pay.getByRole('button', { name: 'Record payment' }).click();
  await expect(pay.getByText(/is more than the balance due/)).toBeVisible();
  await pay.getByLabel('Amount (USD)').fill('10000');
  await pay.getByLabel('Reference').fill(`BACS ${stamp}`);
  await pay.getByRole('button', { name: 'Record payment' }).click();
  await expect(pay).toBeHidden();
  const payments = page.getByRole('region', { name: 'Payments' });
  await expect(payments).toContainText('$10,000.00 paid · $16,000.00 due');

  // Then the rest: the amount offered is the balance; the invoice is paid.
  await page.getByRole('button', { name: 'Record payment' }).click();
  pay = page.getByRole('dialog', { name: 'Record a payment' });
  await expect(pay.getByLabel('Amount (USD)')).toHaveValue('16000.00');
  await pay.getByRole('button', { name: 'Record payment' }).click();
  await expect(pay).toBeHidden();
  await expect(payments).toContainText('$26,000.00 paid · $0.00 due');
  // The status badge beside the heading (the preview has a "Paid" total too).
  await expect(page.getByText('Paid', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Record payment' })).toBeHidden();
  await expect(page.getByRole('region', { name: 'History' })).toContainText('received');

  // An internal note (owner-only, not printed): the thread beside the printed notes.
  const internal = page.getByRole('region', { name: 'Internal notes' });
  await internal.getByLabel('New note').fill('Paid early: thank the finance team.');
  await internal.getByRole('button', { name: 'Add note' }).click();
  await expect(internal.getByText('Paid early: thank the finance team.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Notes on the invoice' })).not.toContainText('Paid early');

  // The invoices screen: the statistics count the 26,000 as collected, the list shows it paid.
  await page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'Invoices' }).click();
  await expect(page).toHaveURL(/\/invoices$/);
  expect(before.statistics.currency).toBe('USD');
  const stats = page.getByRole('region', { name: 'Invoice statistics' });
  await expect(
    stats.getByText(usd(addAmounts(before.statistics.collected, '26000.00')), { exact: true }),
  ).toBeVisible();
  await page.getByLabel('Search invoices').fill(number);
  const list = page.getByRole('table', { name: 'Invoices' });
  await expect(list.getByRole('row')).toHaveCount(2);
  const row = list.getByRole('row', { name: new RegExp(number) });
  await expect(row.getByText('Paid')).toBeVisible();
  await expect(row.getByText('$26,000.00')).toBeVisible();
});

test('a recruiter has no Invoices item, no invoice screen and a 403 from the API', async ({ page }) => {
  await login(page, 'recruiter');
  const sidebar = page.getByRole('navigation', { name: 'Sidebar' });
  await expect(sidebar.getByRole('link', { name: 'Candidates' })).toBeVisible();
  await expect(sidebar.getByRole('link', { name: 'Invoices' })).toHaveCount(0);
  await page.goto('/invoices');
  await expect(page.getByText('You do not have access to this page.')).toBeVisible();
  const status = await page.evaluate(async () => (await fetch('/api/invoices/')).status);
  expect(status).toBe(403);
  const statistics = await page.evaluate(async () => (await fetch('/api/invoices/statistics/')).status);
  expect(statistics).toBe(403);
});

test('the owner creates an invoice from the Invoices list: picks the client and the role, then bills it by hand', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const stamp = Date.now();
  await login(page, 'owner');
  const client = await apiPost<{ client: { id: number } }>(page, '/api/clients/', {
    name: `Listed Client ${stamp}`,
    client_type: 'finders_fee',
    state: 'Open',
    finders_fee_percent: 20,
    payment_terms_days: 14,
    currency: 'USD',
    contact_name: 'Avery Ledger',
    contact_email: `ledger.${stamp}@example.test`,
    location: 'Harbour House, Bristol',
  });
  const roleName = `Platform Architect ${stamp}`;
  const role = await apiPost<{ role: { id: number } }>(page, '/api/roles/', {
    client_id: client.client.id,
    name: roleName,
  });

  await page.goto('/invoices');
  await page.getByRole('button', { name: 'Create invoice' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create invoice' });
  await dialog.getByLabel('Find a client').fill(`Listed Client ${stamp}`);
  await dialog.getByRole('radio', { name: new RegExp(`Listed Client ${stamp}`) }).check();
  await dialog.getByLabel('Role').selectOption({ label: `${roleName} (Open)` });
  await dialog.getByRole('button', { name: 'Continue' }).click();

  // The role's create page (no placement yet: lines by hand), with its way back to the list.
  await expect(page).toHaveURL(new RegExp(`/role/${role.role.id}/invoice/create$`));
  await expect(page.getByRole('heading', { name: "New finder's fee invoice" })).toBeVisible();
  await expect(page.getByRole('link', { name: 'All invoices' })).toBeVisible();
  await page.getByLabel('Line 1 description').fill('Executive search retainer, first stage');
  await page.getByLabel('Unit amount (USD)').fill('4500');
  await page.getByRole('button', { name: 'Create draft' }).click();

  // The draft: the whole bill-to the PDF prints, and the balance asked by the due date.
  await expect(page.getByRole('heading', { name: /Invoice INV-\d{4}-\d{4}/ })).toBeVisible();
  const preview = page.getByRole('article', { name: /preview$/ });
  await expect(preview).toContainText('Avery Ledger');
  await expect(preview).toContainText('Harbour House, Bristol');
  await expect(preview).toContainText(`ledger.${stamp}@example.test`);
  await expect(preview).toContainText('Please pay $4,500.00 by');
});
