import type { Locator, Page } from '@playwright/test';
import { apiCall, expect, login, test } from '../fixtures';

// Issue 29 item o: the app on a 390 px phone, touched rather than clicked.

async function firstRoleId(page: Page): Promise<number> {
  const { roles } = await apiCall<{ roles: { id: number }[] }>(page, 'GET', '/api/roles/dashboard/?page_size=1');
  return roles[0]!.id;
}

/** A role whose board has an open card (earlier journeys add roles with none, and the list is newest first). */
async function roleWithOpenPipelines(page: Page): Promise<number> {
  const { roles } = await apiCall<{ roles: { id: number }[] }>(page, 'GET', '/api/roles/dashboard/?page_size=50');
  for (const { id } of roles) {
    const { count } = await apiCall<{ count: number }>(page, 'GET', `/api/roles/${id}/pipelines/?state=open`);
    if (count > 0) return id;
  }
  throw new Error('no role with an open pipeline');
}

/** Whether two on-screen boxes overlap. */
async function overlap(a: Locator, b: Locator): Promise<boolean> {
  const [boxA, boxB] = [await a.boundingBox(), await b.boundingBox()];
  if (!boxA || !boxB) throw new Error('an element is not on screen');
  return (
    boxA.x < boxB.x + boxB.width &&
    boxB.x < boxA.x + boxA.width &&
    boxA.y < boxB.y + boxB.height &&
    boxB.y < boxA.y + boxA.height
  );
}

const scrollToEnd = (page: Page) => page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('a tap on a pipeline card’s ⋮ opens its menu', async ({ page }) => {
    await login(page, 'owner');
    await page.goto(`/roles/${await roleWithOpenPipelines(page)}/pipelines`);
    const actions = page.getByRole('button', { name: /^Actions for / }).first();
    await actions.tap();
    const menu = page.getByRole('menu');
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Open' })).toBeVisible();
    // Still open once the tap is over (it used to open at the touch and shut at the tap's click).
    await page.waitForTimeout(500);
    await expect(menu).toBeVisible();
    await page.screenshot({ path: '/tmp/e-shots/card-menu-390.png' });
  });

  test('the candidates table shows whole status badges, even with larger text', async ({ page }) => {
    await login(page, 'recruiter');
    // A phone set to larger text: every rem grows, so the table is pressed for room.
    await page.goto('/candidates?status=do_not_contact');
    await page.addStyleTag({ content: 'html { font-size: 19px !important; }' });
    const table = page.getByRole('table');
    const badges = table.getByText('Do not contact', { exact: true });
    await expect(badges.first()).toBeVisible();
    const frame = await table.locator('xpath=..').boundingBox();
    for (const badge of await badges.all()) {
      const box = (await badge.boundingBox())!;
      expect(box.x + box.width, 'the badge ends inside the table’s frame').toBeLessThanOrEqual(frame!.x + frame!.width);
      expect(await badge.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    }
    await page.screenshot({ path: '/tmp/e-shots/candidates-390-large-text.png' });
  });

  test('the assistant’s button leaves the pager’s Next clear at the end of the page', async ({ page }) => {
    await login(page, 'owner');
    await page.goto('/candidates');
    const assistant = page.getByRole('button', { name: 'Open AI chat' });
    await expect(assistant).toBeVisible({ timeout: 20_000 });
    await scrollToEnd(page);
    const next = page.getByRole('button', { name: 'Next' });
    await expect(next).toBeVisible();
    expect(await overlap(next, assistant)).toBe(false);
    await page.screenshot({ path: '/tmp/e-shots/candidates-390-end.png' });
  });
});

test('on a desktop the assistant’s button leaves Next and the Export buttons clear at the end of the page', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await login(page, 'owner');
  const assistant = page.getByRole('button', { name: 'Open AI chat' });
  await page.goto('/candidates');
  await expect(assistant).toBeVisible({ timeout: 20_000 });
  await scrollToEnd(page);
  expect(await overlap(page.getByRole('button', { name: 'Next' }), assistant)).toBe(false);

  await page.goto(`/roles/${await firstRoleId(page)}`);
  const exports = page.getByRole('button', { name: /^Export/ });
  await expect(exports.first()).toBeVisible();
  await scrollToEnd(page);
  for (const button of await exports.all()) expect(await overlap(button, assistant)).toBe(false);
  await page.screenshot({ path: '/tmp/e-shots/role-1280-end.png' });
});
