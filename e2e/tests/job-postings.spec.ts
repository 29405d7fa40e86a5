import { addDays } from '@recruitdesk/money/dates';
import { apiCall, apiPost, expect, login, test, toastsGone } from '../fixtures';

// Issue 14, the Indeed Posting page: enter this week's figures for a posted role in the table, import last
// week from the board's CSV report (mapping, preview, import), and read the cost per click of the two.
test('a recruiter enters a week, imports a report and sees the performance', async ({ page }) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const roleName = `Posted Role ${stamp}`;
  await login(page, 'recruiter');
  const client = await apiPost<{ client: { id: number } }>(page, '/api/clients/', {
    name: `Posting Co ${stamp}`,
    client_type: 'finders_fee',
    state: 'Open',
  });
  await apiPost(page, '/api/roles/', { client_id: client.client.id, name: roleName, indeed_posting: true });
  const form = await apiCall<{ current_week: string }>(page, 'GET', '/api/job-postings/form-data/');
  const lastWeek = addDays(form.current_week, -7);

  await page.getByRole('navigation').getByRole('link', { name: 'Indeed Posting' }).click();
  await expect(page).toHaveURL(/\/jobs\/indeed$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Indeed Posting' })).toBeVisible();

  // This week, entered in the table; Enter saves.
  await page.getByRole('button', { name: `Enter the week for ${roleName}` }).click();
  const label = `${roleName} (Posting Co ${stamp})`;
  await page.getByLabel(`Spend for ${label}`).fill('140');
  await page.getByLabel(`Impressions for ${label}`).fill('4,000');
  await page.getByLabel(`Clicks for ${label}`).fill('200');
  await page.getByLabel(`Applies for ${label}`).fill('20');
  await page.getByLabel(`Applies for ${label}`).press('Enter');
  const week = page.getByRole('table', { name: /Job-board figures/ });
  const row = week.getByRole('row', { name: new RegExp(roleName) });
  await expect(row).toContainText('$140');
  await expect(row).toContainText('5.00%');
  await toastsGone(page);

  // Last week, from the board's report.
  await page.getByRole('button', { name: 'Import report' }).click();
  const dialog = page.getByRole('dialog', { name: "Import the job board's report" });
  const csv = `Job title,Week,Cost,Impressions,Clicks,Applies\n"${roleName}",${lastWeek},$60.00,"2,000",100,8\n`;
  await dialog
    .getByLabel('CSV file')
    .setInputFiles({ name: 'report.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(dialog.getByLabel('Spend')).toHaveValue('Cost');
  await expect(dialog.getByLabel('Role (reference number such as RD-12, or title) *')).toHaveValue('Job title');
  await dialog.getByRole('button', { name: 'Preview' }).click();
  await expect(dialog.getByRole('table', { name: 'Import preview' })).toContainText(roleName);
  await dialog.getByRole('button', { name: 'Import 1 row' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Previous week' }).click();
  await expect(
    page
      .getByRole('table', { name: `Job-board figures for the week starting ${lastWeek}` })
      .getByRole('row', { name: new RegExp(roleName) }),
  ).toContainText('$60');

  // Performance of the role: $200 for 300 clicks is $0.67 a click.
  const performance = page.getByRole('region', { name: 'Performance' });
  await performance.getByLabel('Client').selectOption({ label: `Posting Co ${stamp}` });
  await performance.getByLabel('Role', { exact: true }).selectOption({ label: roleName });
  const perRole = performance.getByRole('table', { name: 'Per role' });
  await expect(perRole.getByRole('row', { name: new RegExp(roleName) })).toContainText('$200');
  await expect(perRole.getByRole('row', { name: new RegExp(roleName) })).toContainText('$0.67');
});
