import { expect, login, test } from '../fixtures';

test('a recruiter works a retainer client and its role end to end', async ({ page }) => {
  // A whole working session in one journey: well past the default 30 s on a busy 2-core machine.
  test.setTimeout(90_000);
  const clientName = `Retainer Co ${Date.now()}`;
  const roleName = `Platform Engineer ${Date.now()}`;
  await login(page, 'recruiter');

  // Create a retainer client.
  await page.goto('/clients');
  await page.getByRole('link', { name: 'New client' }).click();
  await expect(page).toHaveURL(/\/clients\/new$/);
  await page.getByLabel('Name', { exact: true }).fill(clientName);
  await page.getByRole('radio', { name: /Retainer/ }).check();
  await page.getByLabel('Retainer amount').fill('30000');
  await page.getByRole('button', { name: 'Create client' }).click();
  await expect(page.getByRole('heading', { name: clientName })).toBeVisible();

  // Create a role for it from the client page.
  await page.getByRole('link', { name: 'New role' }).click();
  await expect(page).toHaveURL(/\/roles\/create\?client=\d+/);
  await page.getByLabel('Job title').fill(roleName);
  await page.getByRole('button', { name: 'Create role' }).click();
  await expect(page.getByRole('heading', { name: roleName })).toBeVisible();
  const roleUrl = page.url();
  const clientHref = await page.getByRole('link', { name: clientName }).first().getAttribute('href');
  const clientId = clientHref?.split('/').pop();

  // Active Jobs filtered by the client, from the hover panel.
  // A pointer resting on the link while the page re-renders gets no new mouseenter: move away and back
  // until the panel shows (its code and data load on the first hover).
  const activeLink = page
    .getByRole('navigation', { name: 'Sidebar' })
    .getByRole('link', { name: 'Active', exact: true });
  await expect(async () => {
    await page.mouse.move(900, 600);
    await activeLink.hover();
    await expect(page.getByRole('link', { name: /All active jobs/ })).toBeVisible({
      timeout: 3_000,
    });
  }).toPass({ timeout: 20_000 });
  // The panel lists open clients with active roles, the newest role first: this client leads it.
  const panelLink = page
    .getByRole('list', { name: 'Active clients' })
    .getByRole('link', { name: new RegExp(clientName) });
  await expect(panelLink).toContainText('Retainer');
  await panelLink.click();
  expect(clientId).toBeTruthy();
  await expect(page).toHaveURL(new RegExp(`/jobs/active\\?client=${clientId}$`));
  await expect(page).toHaveURL(/\/jobs\/active\?client=\d+/);
  await expect(page.getByText(`Client: ${clientName}`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove client filter' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Active roles' }).getByRole('link', { name: roleName })).toBeVisible();

  // Edit a field inline.
  await page.goto(roleUrl);
  await page.getByRole('button', { name: 'Edit Location' }).click();
  await page.getByRole('textbox', { name: 'Location' }).fill('Berlin');
  await page.getByRole('textbox', { name: 'Location' }).press('Enter');
  await expect(page.getByRole('region', { name: 'Details' }).getByText('Berlin')).toBeVisible();

  // Add and pin a note.
  await page.getByLabel('New note').fill('Client wants a shortlist by Friday.');
  await page.getByLabel('Pin this note').check();
  await page.getByRole('button', { name: 'Add note' }).click();
  const notes = page.getByRole('region', { name: 'Notes' });
  await expect(notes.getByText('Client wants a shortlist by Friday.')).toBeVisible();
  await expect(notes.getByRole('button', { name: 'Unpin' })).toBeVisible();

  // Upload and download a job description.
  await page.getByLabel('Upload file').setInputFiles({
    name: 'job-description.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'),
  });
  await expect(page.getByText('job-description.pdf', { exact: true })).toBeVisible();
  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe('job-description.pdf');

  // Close it with a reason: it moves to Closed Roles.
  await page.getByRole('button', { name: 'Close role' }).click();
  const dialog = page.getByRole('dialog', { name: 'Close this role?' });
  await dialog.getByLabel('Reason').selectOption({ label: 'Filled by us' });
  await dialog.getByRole('button', { name: 'Close role' }).click();
  await expect(page.getByRole('button', { name: 'Reopen role' })).toBeVisible();
  await page.goto('/jobs/closed');
  await expect(page.getByRole('table', { name: 'Closed roles' }).getByRole('link', { name: roleName })).toBeVisible();

  // Reopen it.
  await page.getByRole('button', { name: `Reopen ${roleName}` }).click();
  await expect(page.getByRole('table', { name: 'Closed roles' }).getByRole('link', { name: roleName })).toBeHidden();
  await page.goto(roleUrl);
  await expect(page.getByRole('button', { name: 'Close role' })).toBeVisible();

  // The role's own history shows both changes.
  const history = page.getByRole('region', { name: 'Recent activity' });
  await expect(history).toContainText(`Reopened role ${roleName}`);
  await expect(history).toContainText(`Closed role ${roleName} (Filled by us)`);
});

test('a viewer sees a client without write buttons', async ({ page }) => {
  await login(page, 'viewer');
  await page.goto('/clients');
  await expect(page.getByRole('link', { name: 'New client' })).toHaveCount(0);
  await page.getByRole('table', { name: 'Clients' }).getByRole('link').first().click();
  await expect(page).toHaveURL(/\/clients\/\d+$/);
  // The Contacts card lists the client's people; the old single Contact card is gone (decision 104).
  await expect(page.getByRole('region', { name: 'Contacts', exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Details', exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Contact', exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add contact' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Delete client' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Edit client' })).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Change state' })).toHaveCount(0);
  await expect(page.getByLabel('New note')).toHaveCount(0);
  // Viewers see no fees by default (decision 071): the terms card keeps payment terms and currency only.
  const terms = page.getByRole('region', { name: 'Fee terms' });
  await expect(terms).toContainText('Payment terms');
  await expect(terms).not.toContainText(/Finder's fee|Retainer|Instalments|\$|NaN/);
});
