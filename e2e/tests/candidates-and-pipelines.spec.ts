import ExcelJS from 'exceljs';
import type { Page } from '@playwright/test';
import { apiPost, expect, login, test } from '../fixtures';
import { resumePdf } from '../files';

/** Drags a board card by its handle onto another stage's column, as a mouse user does. */
async function dragCard(page: Page, name: string, toStage: string) {
  const handle = page.getByRole('button', { name: `Move ${name}` });
  const column = page.getByRole('region', { name: new RegExp(`^${toStage}, `) });
  const from = await handle.boundingBox();
  if (!from) throw new Error('the card is not on screen');
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 20, from.y + from.height / 2, { steps: 5 });
  // Wait for the drag to start and to be over the target before letting go: on a loaded machine the
  // pointer can outrun the board's drag sensor.
  await expect(page.getByText(new RegExp(`Picked up ${name}|${name} is over`))).toBeAttached();
  // The board may auto-scroll while the card travels: aim at where the column is now until it says so.
  await expect(async () => {
    const target = await column.boundingBox();
    if (!target) throw new Error('the column is not on screen');
    await page.mouse.move(target.x + target.width / 2, target.y + 120, { steps: 15 });
    await expect(page.getByText(`${name} is over ${toStage}`)).toBeAttached({ timeout: 1_000 });
  }).toPass();
  await page.mouse.up();
}

/**
 * Moves a card one column to the right with the keyboard: Space picks it up, the arrow moves, Space drops;
 * each step waits for what a screen reader would hear.
 */
async function moveRightByKeyboard(page: Page, name: string, toStage: string) {
  const handle = page.getByRole('button', { name: `Move ${name}` });
  await handle.focus();
  await page.keyboard.press('Space');
  await expect(page.getByText(`${name} is over`)).toBeAttached();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByText(`${name} is over ${toStage}`)).toBeAttached();
  await page.keyboard.press('Space');
}

async function expectInStage(page: Page, name: string, stage: string) {
  await expect(page.getByRole('region', { name: new RegExp(`^${stage}, `) }).getByRole('link', { name })).toBeVisible();
}

test('a recruiter finds a candidate by their resume and moves them through a role to a placement', async ({ page }) => {
  // Create, search, add, seven stage moves, a placement and an export: a long session on a 2-core machine.
  test.setTimeout(120_000);
  const stamp = Date.now();
  const resumeWord = `zephyrquill${stamp}`;
  const firstName = 'Imogen';
  const lastName = `Vantablack${stamp}`;
  const name = `${firstName} ${lastName}`;
  await login(page, 'recruiter');

  // A finder's fee client (20 %, 90-day guarantee) with one opening to fill.
  const client = await apiPost<{ client: { id: number } }>(page, '/api/clients/', {
    name: `Fee Client ${stamp}`,
    client_type: 'finders_fee',
    state: 'Open',
    finders_fee_percent: 20,
    guarantee_days: 90,
  });
  const roleName = `Site Reliability Engineer ${stamp}`;
  const role = await apiPost<{ role: { id: number } }>(page, '/api/roles/', {
    client_id: client.client.id,
    name: roleName,
    openings: 1,
    salary_min: 120000,
    salary_max: 140000,
  });

  // Create the candidate with a resume.
  await page.goto('/candidates');
  await page.getByRole('button', { name: 'Add candidate' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add candidate' });
  await dialog.getByLabel('First name').fill(firstName);
  await dialog.getByLabel('Last name').fill(lastName);
  await dialog.getByLabel('Email').fill(`imogen.${stamp}@example.test`);
  await dialog.getByLabel('Current title').fill('Platform Engineer');
  await dialog.getByLabel('Resume', { exact: true }).setInputFiles({
    name: 'imogen-resume.pdf',
    mimeType: 'application/pdf',
    buffer: resumePdf([
      name,
      'Platform engineer',
      `Built the ${resumeWord} deployment pipeline`,
      'Skills: Go, Kubernetes, Terraform',
    ]),
  });
  await dialog.getByRole('button', { name: 'Add candidate' }).click();
  await expect(page.getByRole('dialog')).toBeHidden({ timeout: 15_000 });

  // Find them by a word that is only in the resume.
  await page.getByLabel('Search candidates').fill(resumeWord);
  const results = page.getByRole('table', { name: 'Candidates' });
  await expect(results.getByRole('link', { name })).toBeVisible();
  await expect(results.getByRole('row')).toHaveCount(2);
  await results.getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
  await expect(page.getByText('imogen-resume.pdf', { exact: true })).toBeVisible();

  // Add them to the role from their page.
  await page.getByRole('button', { name: 'Add to role' }).click();
  const addDialog = page.getByRole('dialog', { name: `Add ${name} to a role` });
  await addDialog.getByLabel('Search active roles').fill(roleName);
  // The list may re-render as the search settles: choose until the role's radio holds the choice.
  await expect(async () => {
    await addDialog.getByText(roleName).click();
    await expect(addDialog.getByRole('radio', { name: new RegExp(roleName) })).toBeChecked({ timeout: 1_000 });
  }).toPass();
  await addDialog.getByRole('button', { name: 'Add to role' }).click();
  await expect(addDialog).toBeHidden();
  // The candidate's pipelines list the role; their history (decision 029) tells that it was added.
  await expect(
    page.getByRole('list', { name: /^Pipelines of / }).getByRole('link', { name: roleName, exact: true }),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Recent activity' })).toContainText(`Added ${name} to ${roleName}`);

  // The role's board: drag to Internal interview, then the keyboard through every stage to Offer.
  await page.goto(`/roles/${role.role.id}/pipelines`);
  await expectInStage(page, name, 'Sourced');
  await dragCard(page, name, 'Internal interview');
  await expectInStage(page, name, 'Internal interview');
  for (const stage of ['Submit pending', 'Submitted', 'Client interview', 'Offer']) {
    await moveRightByKeyboard(page, name, stage);
    await expectInStage(page, name, stage);
  }

  // Into Placed by the keyboard: the placement needs the salary and the start date.
  await moveRightByKeyboard(page, name, 'Placed');
  const place = page.getByRole('dialog', { name: `Place ${name}` });
  await place.getByLabel('Salary').fill('130000');
  await place.getByLabel('Start date').fill('2027-01-11');
  await place.getByRole('button', { name: 'Record placement' }).click();
  const placed = page.getByRole('dialog', { name: `${name} is placed` });
  // 20 % of 130,000, and the guarantee runs 90 days from the start.
  await expect(placed.getByText('$26,000')).toBeVisible();
  await expect(placed.getByText(/Guarantee ends Apr 11, 2027/)).toBeVisible();
  await expect(placed.getByText('All openings are filled. Close the role?')).toBeVisible();
  await placed.getByRole('button', { name: 'Keep the role open' }).click();
  await expectInStage(page, name, 'Placed');

  // Export the role's candidates and open the file.
  const downloadStarted = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export to Excel' }).click();
  const download = await downloadStarted;
  expect(download.suggestedFilename()).toMatch(/^site-reliability-engineer-\d+-candidates-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const sheet = workbook.worksheets[0]!;
  const header = (sheet.getRow(1).values as unknown[]).slice(1);
  expect(header.slice(0, 2)).toEqual(['Candidate', 'Email']);
  const row = sheet.getRow(2);
  expect(row.getCell(1).value).toBe(name);
  expect(row.getCell(header.indexOf('Stage') + 1).value).toBe('Placed');
  expect(row.getCell(header.indexOf('Placement salary') + 1).value).toBe(130000);
  expect(row.getCell(header.indexOf('Fee') + 1).value).toBe(26000);
});
