import type { Page } from '@playwright/test';
import { expect, login, test } from '../fixtures';

/** Creates a finder's fee client from the Clients page and waits for its page. */
async function createClient(page: Page, name: string) {
  await page.goto('/clients/new');
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByRole('button', { name: 'Create client' }).click();
  await expect(page.getByRole('heading', { name })).toBeVisible();
}

test('deleting an empty client: the confirmation says nothing blocks it, and it is gone', async ({ page }) => {
  const name = `Mistake Co ${Date.now()}`;
  await login(page, 'recruiter');
  await createClient(page, name);
  await page.getByRole('button', { name: 'Delete client' }).click();
  const dialog = page.getByRole('dialog', { name: `Delete ${name}?` });
  await expect(dialog).toContainText(`${name} has no roles, so it can be deleted. This cannot be undone.`);
  await dialog.getByRole('button', { name: 'Delete client' }).click();
  await expect(page).toHaveURL(/\/clients$/);
  await expect(page.getByText(`${name} was deleted.`)).toBeVisible();
  await page.goto(`/clients?search=${encodeURIComponent(name)}&archived=all`);
  await expect(page.getByText('No clients match')).toBeVisible();
});

test('a client with a closed role: delete offers archiving instead; archived, it is found with the filter and restored', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const stamp = Date.now();
  const name = `History Co ${stamp}`;
  const roleName = `Data Analyst ${stamp}`;
  await login(page, 'recruiter');
  await createClient(page, name);
  await page.getByRole('link', { name: 'New role' }).click();
  await page.getByLabel('Job title').fill(roleName);
  await page.getByRole('button', { name: 'Create role' }).click();
  await expect(page.getByRole('heading', { name: roleName })).toBeVisible();
  await page.getByRole('button', { name: 'Close role' }).click();
  const closeDialog = page.getByRole('dialog', { name: 'Close this role?' });
  await closeDialog.getByLabel('Reason').selectOption({ label: 'Cancelled by the client' });
  await closeDialog.getByRole('button', { name: 'Close role' }).click();
  await expect(page.getByRole('button', { name: 'Reopen role' })).toBeVisible();
  await page.getByRole('link', { name }).first().click();
  await expect(page.getByRole('heading', { name })).toBeVisible();

  // The confirmation says what blocks the delete before anything is confirmed, and offers archiving.
  await page.getByRole('button', { name: 'Delete client' }).click();
  const dialog = page.getByRole('dialog', { name: `Delete ${name}?` });
  await expect(dialog.getByRole('list', { name: 'What blocks the delete' })).toHaveText('1 role');
  await expect(dialog).toContainText('Archive it instead: it leaves the lists, keeps its history and can be restored.');
  await expect(dialog.getByRole('button', { name: 'Delete client' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Archive client instead' }).click();
  await expect(page.getByText(`${name} was archived.`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Restore client' })).toBeVisible();

  // Out of the default list; the Archived filter finds it.
  await page.goto(`/clients?search=${encodeURIComponent(name)}`);
  await expect(page.getByText('No clients match')).toBeVisible();
  await page.getByLabel('Archived').selectOption({ label: 'Archived only' });
  await expect(page).toHaveURL(/archived=true/);
  const clients = page.getByRole('table', { name: 'Clients' });
  await expect(clients.getByRole('row', { name: new RegExp(name) })).toContainText('Archived');
  await clients.getByRole('link', { name }).click();

  // Restored, it is back in the default list.
  await page.getByRole('button', { name: 'Restore client' }).click();
  await expect(page.getByText(`${name} was restored.`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Archive client' })).toBeVisible();
  await page.goto(`/clients?search=${encodeURIComponent(name)}`);
  await expect(page.getByRole('table', { name: 'Clients' }).getByRole('link', { name })).toBeVisible();
});
