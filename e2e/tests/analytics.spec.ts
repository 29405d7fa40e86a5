import ExcelJS from 'exceljs';
import type { Locator, Page } from '@playwright/test';
import { expect, login, test } from '../fixtures';

const kpi = (page: Page, name: string) => page.getByRole('group', { name, exact: true });

/** A card's figure once its set has answered (the loading skeleton has no figure). */
async function figureOf(card: Locator): Promise<string> {
  await expect(card.locator('p').first()).toHaveText(/\S/);
  return (await card.locator('p').first().textContent()) ?? '';
}

test('an owner reads the Analytics Dashboard, filters it through the URL and exports a table', async ({ page }) => {
  await login(page, 'owner');
  await page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'Analytics', exact: true }).click();
  await expect(page).toHaveURL(/\/analytics$/);
  await expect(page.getByRole('banner').getByText('Analytics Dashboard')).toBeVisible();

  // Owners see money: the revenue cards and chart.
  await expect(kpi(page, 'Revenue booked')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Revenue by month' })).toBeVisible();
  const newRolesYear = await figureOf(kpi(page, 'New roles'));
  await expect(kpi(page, 'Placements')).toContainText(
    /on the previous period|No change|No earlier figure|none in the previous period/,
  );

  // The last 30 days: the URL says so and the cards answer for the shorter period.
  await page.getByLabel('Date range').selectOption({ label: 'Last 30 days' });
  await expect(page).toHaveURL(/\/analytics\?range=30d$/);
  await expect(kpi(page, 'New roles').locator('p').first()).not.toHaveText(newRolesYear);

  // Back to the 12 months, then one client.
  await page.goBack();
  await expect(page).toHaveURL(/\/analytics$/);
  await expect(page.getByLabel('Date range')).toHaveValue('12m');
  // Where placements come from, and the demo's careers-page applications (issue 14).
  await expect(page.getByRole('table', { name: 'Placements by source' }).getByRole('row').nth(1)).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'Applications by channel' }).getByRole('row', { name: /Careers page/ }),
  ).toBeVisible();
  const clientSelect = page.getByLabel('Client', { exact: true });
  await expect(clientSelect.locator('option').nth(1)).toBeAttached();
  const client = await clientSelect.locator('option').nth(1).textContent();
  const clientId = await clientSelect.locator('option').nth(1).getAttribute('value');
  await clientSelect.selectOption(clientId!);
  await expect(page).toHaveURL(new RegExp(`/analytics\\?client=${clientId}$`));
  const clients = page.getByRole('table', { name: 'Top clients' });
  await expect(clients.getByRole('row')).toHaveCount(2); // the header and the one client
  await expect(clients.getByRole('link', { name: client! })).toBeVisible();

  // Export the clients table and open the file.
  const downloadStarted = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export Top clients to Excel' }).click();
  const download = await downloadStarted;
  expect(download.suggestedFilename()).toMatch(/^analytics-clients-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const sheet = workbook.worksheets[0]!;
  const header = (sheet.getRow(1).values as unknown[]).slice(1);
  expect(header).toEqual(expect.arrayContaining(['Client', 'Placements', 'Booked', 'Collected']));
  expect(sheet.getRow(2).getCell(1).value).toBe(client);
  expect(typeof sheet.getRow(2).getCell(header.indexOf('Placements') + 1).value).toBe('number');
  expect(sheet.rowCount).toBe(2);
});

// Who sees fees is the agency's setting (decision 071); by default everyone but viewers.
test('a viewer sees the same page without money', async ({ page }) => {
  await login(page, 'viewer');
  await page.goto('/analytics?range=90d');
  await expect(kpi(page, 'Placements')).toBeVisible();
  await figureOf(kpi(page, 'Placements'));
  await expect(page.getByRole('table', { name: 'Top clients' })).toBeVisible();
  for (const name of ['Revenue booked', 'Revenue collected', 'Average fee'])
    await expect(kpi(page, name)).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Revenue by month' })).toHaveCount(0);
  await expect(
    page
      .getByRole('table', { name: 'Top clients' })
      .getByRole('columnheader', { name: /Booked|Collected|Average fee/ }),
  ).toHaveCount(0);
  await expect(page.getByRole('table', { name: 'Recruiters' }).getByRole('columnheader', { name: /Fees/ })).toHaveCount(
    0,
  );
});

test('the dashboard lists what needs attention, each item leading to its record', async ({ page }) => {
  await login(page, 'owner');
  const card = page.getByRole('region', { name: 'Needs attention' });
  const first = card.getByRole('link').first();
  await expect(first).toBeVisible();
  const href = await first.getAttribute('href');
  expect(href).toMatch(/^\/(roles|role|client|clients|candidates)\//);
  await first.click();
  await expect(page).toHaveURL(new RegExp(`${href!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
});
