import { apiCall, expect, login, test } from '../fixtures';

/**
 * Issue 31: an owner imports candidates from a CSV file — upload, one mapping adjusted, preview, start,
 * progress to the end, the report with its refused row, the imported candidate found, and the undo.
 */
test('an owner imports a CSV of candidates, finds one, and undoes the import', async ({ page }) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const family = `Quillfeather${stamp}`;
  await login(page, 'owner');

  // A demo candidate's email (set-up shortcut): the file's third row is a duplicate of them.
  const demo = await apiCall<{ results: Array<{ email: string; name: string }> }>(
    page,
    'GET',
    '/api/candidates/?page_size=25&ordering=name',
  );
  const existing = demo.results.find((candidate) => candidate.email);
  expect(existing, 'a demo candidate with an email').toBeDefined();

  const csv = [
    'First Name,Last Name,Email,Position held,Town',
    `Ada,${family},ada.${stamp}@example.test,Analyst,London`,
    `Brook,${family},brook.${stamp}@example.test,Engineer,Leeds`,
    `Carol,${family},${existing!.email},Designer,York`,
    `Dev,${family},not-an-email,Tester,Bath`,
    `Eli,${family},eli.${stamp}@example.test,Manager,Hull`,
  ].join('\r\n');

  // Candidates → Import opens the flow with the kind chosen.
  await page
    .getByRole('navigation', { name: 'Sidebar' })
    .getByRole('link', { name: 'Candidates', exact: true })
    .click();
  await page.getByRole('link', { name: 'Import', exact: true }).click();
  await expect(page).toHaveURL(/\/settings\/imports\/new\?kind=candidates$/);
  await expect(page.getByLabel('What the file holds')).toHaveValue('candidates');
  await expect(page.getByText(/up to 50 MB/)).toBeVisible();
  await page.getByLabel('File', { exact: true }).setInputFiles({
    name: `people-${stamp}.csv`,
    mimeType: 'text/csv',
    buffer: Buffer.from(csv, 'utf8'),
  });
  await page.getByRole('button', { name: 'Upload and continue' }).click();

  // Mapping: the suggestions are there; one column is mapped by hand.
  await expect(page).toHaveURL(/\/settings\/imports\/\d+$/);
  const importUrl = page.url();
  await expect(page.getByRole('heading', { name: 'Match the columns' })).toBeVisible();
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue('email');
  await expect(page.getByLabel('Last Name', { exact: true })).toHaveValue('last_name');
  await page.getByLabel('Position held', { exact: true }).selectOption({ label: 'Current title' });
  await expect(page.getByLabel('Position held', { exact: true })).toHaveValue('current_title');
  await page.getByLabel('Town', { exact: true }).selectOption({ label: 'Location' });
  await page.getByRole('button', { name: 'Preview rows' }).click();

  // Preview: the bad email on its cell, the duplicate named, the totals.
  await expect(page.getByRole('heading', { name: 'Check the rows' })).toBeVisible();
  const rows = page.getByRole('region', { name: 'Preview rows' });
  await expect(rows.getByRole('row')).toHaveCount(6);
  const bad = rows.getByRole('row').filter({ hasText: 'Dev' });
  await expect(bad.getByText('Refuse')).toBeVisible();
  await expect(bad.locator('[data-problem="true"]')).toHaveCount(1);
  const duplicate = rows.getByRole('row').filter({ hasText: 'Carol' });
  await expect(duplicate.getByText('Skip')).toBeVisible();
  await expect(duplicate.getByText('by email')).toBeVisible();
  const total = (label: string) => page.getByRole('term').filter({ hasText: label }).locator('+ dd');
  await expect(total('Will be created')).toHaveText('3');
  await expect(total('Will be skipped')).toHaveText('1');
  await expect(total('Will be refused')).toHaveText('1');
  await expect(page.getByRole('radio', { name: /Skip duplicates/ })).toBeChecked();

  // Start: the progress runs to the report.
  await page.getByRole('button', { name: 'Start import' }).click();
  await expect(page.getByRole('heading', { name: 'Report' })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('term').filter({ hasText: 'Created' }).locator('+ dd')).toHaveText('3');
  await expect(page.getByRole('term').filter({ hasText: 'Refused' }).locator('+ dd')).toHaveText('1');
  const refused = page.getByRole('region', { name: 'Refused rows' });
  await expect(refused.getByRole('row')).toHaveCount(2);
  await expect(refused.getByRole('row').nth(1).getByRole('cell').first()).toHaveText('5');

  // The history lists it; an imported candidate is found by the search.
  await page.goto('/settings/imports');
  await expect(page.getByRole('link', { name: `people-${stamp}.csv` })).toBeVisible();
  await page.goto('/candidates');
  await page.getByLabel('Search candidates').fill(family);
  await expect(page.getByRole('link', { name: `Brook ${family}` })).toBeVisible();

  // Undo, after a confirmation: the candidates are gone.
  await page.goto(importUrl);
  await page.getByRole('button', { name: 'Undo import' }).click();
  const dialog = page.getByRole('dialog', { name: 'Undo this import?' });
  await dialog.getByRole('button', { name: 'Undo import' }).click();
  await expect(page.getByText('This import was undone')).toBeVisible({ timeout: 60_000 });
  await page.goto('/candidates');
  await page.getByLabel('Search candidates').fill(family);
  await expect(page.getByText('No candidates match')).toBeVisible();
});
