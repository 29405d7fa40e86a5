import AxeBuilder from '@axe-core/playwright';
import { expect, login, test } from '../fixtures';

test.describe('the application shell', () => {
  test('the owner sees every section; Jobs starts expanded and can collapse', async ({ page }) => {
    await login(page, 'owner');
    const sidebar = page.getByRole('navigation', { name: 'Sidebar' });
    for (const name of ['Dashboard', 'Clients', 'Candidates', 'Invoices', 'Calendar', 'Analytics', 'AI Chat', 'Users']) {
      await expect(sidebar.getByRole('link', { name, exact: true })).toBeVisible();
    }
    for (const name of ['Active', 'Closed', 'Indeed Posting']) {
      await expect(sidebar.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await expect(sidebar.getByRole('link', { name: 'Dashboard', exact: true })).toHaveAttribute('aria-current', 'page');

    const jobs = sidebar.getByRole('button', { name: 'Jobs' });
    await expect(jobs).toHaveAttribute('aria-expanded', 'true');
    await jobs.click();
    await expect(jobs).toHaveAttribute('aria-expanded', 'false');
    await expect(sidebar.getByRole('link', { name: 'Indeed Posting', exact: true })).toBeHidden();
  });

  test('a recruiter does not see owner-only or admin items', async ({ page }) => {
    await login(page, 'recruiter');
    const sidebar = page.getByRole('navigation', { name: 'Sidebar' });
    await expect(sidebar.getByRole('link', { name: 'Candidates', exact: true })).toBeVisible();
    for (const name of ['Invoices', 'AI Chat', 'Users']) {
      await expect(sidebar.getByRole('link', { name, exact: true })).toHaveCount(0);
    }
  });

  test('on a large screen the sidebar collapses to icons and keeps its links usable', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await login(page, 'owner');
    const sidebar = page.getByRole('navigation', { name: 'Sidebar' });
    const wide = (await sidebar.boundingBox())?.width ?? 0;

    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    await expect(page.getByRole('button', { name: 'Expand sidebar' })).toBeVisible();
    await expect.poll(async () => (await sidebar.boundingBox())?.width ?? 0).toBeLessThan(wide / 2);
    await expect(sidebar.getByRole('link', { name: 'Clients', exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Expand sidebar' }).click();
    await expect(page.getByRole('button', { name: 'Collapse sidebar' })).toBeVisible();
  });

  test('on a phone the sidebar is a slide-over', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 780 });
    await login(page, 'owner');
    await expect(page.getByRole('navigation', { name: 'Sidebar' })).toBeHidden();

    await page.getByRole('button', { name: 'Open sidebar' }).click();
    const panel = page.getByRole('dialog');
    await expect(panel.getByRole('link', { name: 'Clients', exact: true })).toBeVisible();
    await panel.getByRole('button', { name: 'Close sidebar' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
  });

  test('the dark theme applies at once and is kept across reloads', async ({ page }) => {
    await login(page, 'viewer');
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await expect(page.locator('html')).toHaveClass(/dark/);
    await expect(page.getByRole('button', { name: 'Switch to light theme' })).toBeVisible();

    await page.reload();
    await expect(page.locator('html')).toHaveClass(/dark/);
    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    await expect(page.locator('html')).not.toHaveClass(/dark/);
  });

  test('the user menu and unknown paths', async ({ page }) => {
    await login(page, 'owner');
    await page.getByRole('button', { name: 'Open user menu' }).click();
    for (const name of ['Your Profile', 'Settings', 'Sign out']) {
      await expect(page.getByRole('menuitem', { name })).toBeVisible();
    }
    await page.keyboard.press('Escape');

    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  });

  test('sign-in and dashboard have no serious accessibility violations', async ({ page }) => {
    await page.goto('/auth/login');
    const loginScan = await new AxeBuilder({ page }).analyze();
    expect(loginScan.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);

    await login(page, 'owner');
    await expect(page.getByRole('heading', { name: 'Recent activity' })).toBeVisible();
    const dashboardScan = await new AxeBuilder({ page }).analyze();
    expect(dashboardScan.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
  });
});
