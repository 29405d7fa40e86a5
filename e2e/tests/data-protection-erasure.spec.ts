import { apiPost, expect, login, test } from '../fixtures';

// Issue 34: an owner erases a candidate from their page, confirming by typing the name; the list's search
// no longer finds the name, and the record is "Erased candidate #id".

test('an owner erases a candidate: the name must be typed, then the list no longer finds them', async ({ page }) => {
  test.setTimeout(90_000);
  const family = `Erasable${Date.now().toString(36)}`;
  await login(page, 'owner');
  const { candidate } = await apiPost<{ candidate: { id: number } }>(page, '/api/candidates/', {
    first_name: 'Rowan',
    last_name: family,
    email: `rowan.${family.toLowerCase()}@example.test`,
    phone: '+44 20 7946 0101',
  });
  await page.goto(`/candidates/${candidate.id}`);
  await expect(page.getByRole('heading', { name: `Rowan ${family}` })).toBeVisible();

  // Restricting shows the banner; lifting it hides it again.
  await page.getByRole('button', { name: 'Personal data' }).click();
  await page.getByRole('menuitem', { name: 'Restrict processing' }).click();
  await page
    .getByRole('dialog', { name: `Restrict processing of Rowan ${family}?` })
    .getByRole('button', { name: 'Restrict processing' })
    .click();
  await expect(page.getByRole('status').filter({ hasText: 'Processing restricted' })).toBeVisible();

  await page.getByRole('button', { name: 'Personal data' }).click();
  await page.getByRole('menuitem', { name: 'Erase candidate' }).click();
  const dialog = page.getByRole('dialog', { name: `Erase Rowan ${family}?` });
  const erase = dialog.getByRole('button', { name: 'Erase candidate' });
  await expect(erase).toBeDisabled();
  await dialog.getByRole('textbox', { name: `Type Rowan ${family} to confirm` }).fill('Rowan');
  await expect(erase).toBeDisabled();
  await dialog.getByRole('textbox', { name: `Type Rowan ${family} to confirm` }).fill(`Rowan ${family}`);
  await erase.click();

  await expect(page).toHaveURL(/\/candidates$/);
  await expect(page.getByText(`Rowan ${family} was erased.`)).toBeVisible();
  await page.getByLabel('Search candidates').fill(family);
  await expect(page.getByText('No candidates match')).toBeVisible();

  await page.goto(`/candidates/${candidate.id}`);
  await expect(page.getByRole('heading', { name: `Erased candidate #${candidate.id}` })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Erased' })).toBeVisible();
  await expect(page.getByText(family)).toHaveCount(0);
});
