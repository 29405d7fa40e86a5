import AxeBuilder from '@axe-core/playwright';
import type { Route } from '@playwright/test';
import { apiCall, expect, login, test } from '../fixtures';

test.describe('the application shell', () => {
  test('the owner sees every section; Jobs starts expanded and can collapse', async ({ page }) => {
    await login(page, 'owner');
    const sidebar = page.getByRole('navigation', { name: 'Sidebar' });
    for (const name of [
      'Dashboard',
      'Clients',
      'Candidates',
      'Invoices',
      'Calendar',
      'Analytics',
      'AI Chat',
      'Users',
    ]) {
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

  test('a recruiter does not see owner-only items; Users is shown to everyone', async ({ page }) => {
    await login(page, 'recruiter');
    const sidebar = page.getByRole('navigation', { name: 'Sidebar' });
    await expect(sidebar.getByRole('link', { name: 'Candidates', exact: true })).toBeVisible();
    await expect(sidebar.getByRole('link', { name: 'Users', exact: true })).toBeVisible();
    for (const name of ['Invoices', 'AI Chat']) {
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

    // Remembered like the theme (a profile preference): a reload starts collapsed.
    await expect
      .poll(async () => (await (await page.request.get('/api/auth/profile/')).json()).user.sidebar_collapsed)
      .toBe(true);
    await page.reload();
    await expect(page.getByRole('button', { name: 'Expand sidebar' })).toBeVisible();
    await expect.poll(async () => (await sidebar.boundingBox())?.width ?? 0).toBeLessThan(wide / 2);

    await page.getByRole('button', { name: 'Expand sidebar' }).click();
    await expect(page.getByRole('button', { name: 'Collapse sidebar' })).toBeVisible();
    await expect
      .poll(async () => (await (await page.request.get('/api/auth/profile/')).json()).user.sidebar_collapsed)
      .toBe(false);
    await page.reload();
    await expect(page.getByRole('button', { name: 'Collapse sidebar' })).toBeVisible();
  });

  test('one name for one thing: the role page and the breadcrumb both say Pipeline board; no owner is told to ask an owner', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await login(page, 'owner');
    const { roles } = await (await page.request.get('/api/roles/dashboard/?page_size=1')).json();
    const role = roles[0] as { id: number; name: string };
    await page.goto(`/roles/${role.id}`);
    await page.getByRole('link', { name: 'Open pipeline board' }).click();
    await expect(page).toHaveURL(new RegExp(`/roles/${role.id}/pipelines$`));
    const trail = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(trail.locator('[aria-current="page"]')).toHaveText('Pipeline board');
    await expect(trail.getByRole('link', { name: role.name })).toBeVisible();
    await expect(page).toHaveTitle('Pipeline board · RecruitDesk');

    await page.goto('/me');
    await expect(page.getByRole('form', { name: 'Personal details' }).getByLabel('Email address')).toBeDisabled();
    await expect(page.getByText(/ask an owner/i)).toHaveCount(0);
  });

  test('on a phone the breadcrumb is a back link named after the parent', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 780 });
    await login(page, 'recruiter');
    const { roles } = await (await page.request.get('/api/roles/dashboard/?page_size=1')).json();
    const role = roles[0] as { id: number; name: string; client: { id: number; name: string } };
    await page.goto(`/roles/${role.id}/pipelines`);
    const banner = page.getByRole('banner');
    const back = banner.getByRole('link', { name: `Back to ${role.name}` });
    await expect(back).toBeVisible();
    await expect(banner.getByRole('link', { name: 'Active Jobs' })).toBeHidden();
    await page.screenshot({ path: 'test-results/shell-phone-back-link.png' });
    await back.click();
    await expect(page).toHaveURL(new RegExp(`/roles/${role.id}$`));
    await banner.getByRole('link', { name: `Back to ${role.client.name}` }).click();
    await expect(page).toHaveURL(new RegExp(`/clients/${role.client.id}$`));
    await expect(page.getByRole('banner').getByRole('link', { name: 'Back to Clients' })).toBeVisible();
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

  test('the shell search finds pages and records as the user types; Ctrl+K opens it as a palette', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await login(page, 'recruiter');
    const { clients } = await (await page.request.get('/api/clients/?page_size=1&ordering=name')).json();
    const client = clients[0] as { id: number; name: string };

    const field = page.getByRole('banner').getByRole('combobox', { name: 'Search' });
    await field.fill('invoi');
    await expect(page.getByRole('status').filter({ hasText: 'Nothing found for “invoi”.' })).toBeAttached();
    await field.fill(client.name.slice(0, 6));
    await expect(page.getByRole('group', { name: 'Clients' }).getByRole('option', { name: client.name })).toBeVisible();
    await page.screenshot({ path: 'test-results/shell-search-bar.png' });
    await page.getByRole('group', { name: 'Clients' }).getByRole('option').first().click();
    await expect(page).toHaveURL(new RegExp(`/clients/\\d+$`));

    await page.keyboard.press('Control+k');
    const palette = page.getByRole('dialog', { name: 'Search' });
    await expect(palette.getByRole('combobox', { name: 'Search' })).toBeFocused();
    await expect(palette.getByRole('option', { name: /^Users/ })).toBeVisible();
    await expect(palette.getByRole('option', { name: /^Invoices/ })).toHaveCount(0);
    await page.keyboard.type('settings');
    await expect(palette.getByRole('option', { name: /^Settings/ })).toBeVisible();
    await page.screenshot({ path: 'test-results/shell-search-palette.png' });
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/settings$/);
    await expect(palette).toBeHidden();

    // Settings: the recruiter's own preferences, the agency's read-only.
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await expect(page.getByText('Read-only: only an owner can change the agency settings.')).toBeVisible();
    await expect(page.getByRole('form', { name: 'Agency settings' }).getByLabel('Agency name')).toBeDisabled();
    await expect(
      page.getByRole('form', { name: 'Preferences' }).getByRole('button', { name: 'Save preferences' }),
    ).toBeVisible();

    await page.keyboard.press('Control+k');
    await expect(palette.getByRole('combobox', { name: 'Search' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(palette).toBeHidden();
  });

  test('the owner edits the agency settings', async ({ page }) => {
    await login(page, 'owner');
    await page.getByRole('button', { name: 'Open user menu' }).click();
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    const agency = page.getByRole('form', { name: 'Agency settings' });
    await expect(agency.getByLabel('Agency name')).toBeEnabled();
    await expect(page.getByText(/only an owner/i)).toHaveCount(0);
    await agency.getByLabel('Phone').fill('+1 206 555 0147');
    await agency.getByRole('button', { name: 'Save agency settings' }).click();
    const saved = page.getByRole('status').filter({ hasText: 'Agency settings saved.' });
    await expect(saved).toBeVisible();
    // A second save with the same message does not stack a second toast.
    await agency.getByLabel('Phone').fill('+1 206 555 0148');
    await agency.getByRole('button', { name: 'Save agency settings' }).click();
    await expect(agency.getByRole('button', { name: 'Save agency settings' })).not.toHaveAttribute('aria-busy', 'true');
    await expect(agency.getByRole('button', { name: 'Save agency settings' })).toBeDisabled();
    await agency.getByLabel('Phone').fill('+1 206 555 0147');
    await agency.getByRole('button', { name: 'Save agency settings' }).click();
    await expect(agency.getByRole('button', { name: 'Save agency settings' })).not.toHaveAttribute('aria-busy', 'true');
    await expect(agency.getByRole('button', { name: 'Save agency settings' })).toBeDisabled();
    await expect(saved).toHaveCount(1);
    // The toast sits below the top bar: the theme toggle and the account menu stay uncovered and usable.
    const toastBox = (await saved.boundingBox())!;
    const header = (await page.getByRole('banner').boundingBox())!;
    expect(toastBox.y).toBeGreaterThanOrEqual(header.y + header.height);
    await page.screenshot({ path: 'test-results/shell-toast.png' });
    await page.getByRole('button', { name: 'Open user menu' }).click();
    await expect(page.getByRole('menuitem', { name: 'Your Profile' })).toBeVisible();
    await page.keyboard.press('Escape');
    await page.reload();
    await expect(page.getByRole('form', { name: 'Agency settings' }).getByLabel('Phone')).toHaveValue(
      '+1 206 555 0147',
    );
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

  test('a cold load draws the shell at once; the page waits for its slow data behind a skeleton (issue 16 item 13)', async ({
    page,
  }) => {
    await login(page, 'owner');
    const { results } = await apiCall<{ results: { id: number; name: string }[] }>(
      page,
      'GET',
      '/api/candidates/?page_size=1',
    );
    const candidate = results[0]!;
    // Held back until the test has looked: the shell's own code (search, account menu, breadcrumb names)
    // and the candidate's data.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const asked = new Set<string>();
    const hold = (what: string) => async (route: Route) => {
      asked.add(what);
      await held;
      await route.continue();
    };
    await page.route(/\/assets\/app-shell-[^/]*\.js$/, hold('shell code'));
    await page.route(new RegExp(`/api/candidates/${candidate.id}/detail/`), hold('candidate'));

    await page.goto(`/candidates/${candidate.id}`); // a full page load: the browser starts from the HTML
    await expect.poll(() => [...asked].sort()).toEqual(['candidate', 'shell code']);
    const sidebar = page.getByRole('navigation', { name: 'Sidebar' });
    await expect(sidebar.getByRole('link', { name: 'Candidates', exact: true })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('button', { name: /Switch to (dark|light) theme/ })).toBeVisible();
    // The page's place shows a skeleton shaped like a record; there is no full-page or page spinner.
    await expect(page.getByRole('main').locator('[aria-busy="true"][data-skeleton="detail"]')).toBeVisible();
    // (Screen readers hear 'Loading...' from the skeleton; no spinner shows it on screen.)
    await expect(page.locator('span:not(.sr-only)', { hasText: /^Loading\.\.\.$/ })).toHaveCount(0);

    release();
    await expect(page.getByRole('heading', { name: candidate.name, level: 2 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Open user menu' })).toBeVisible();
    await expect(page.getByRole('main').locator('[aria-busy="true"]')).toHaveCount(0);
    await expect(sidebar).toBeVisible();
  });

  test("before the app's script has run, a signed-in load paints the shell's frame from the HTML; the sign-in page does not", async ({
    page,
  }) => {
    await login(page, 'owner');
    // The app's script never arrives: what shows is index.html and the stylesheet alone.
    await page.route(/\/assets\/[^/]*\.js$/, (route) => route.abort());
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/candidates');
    const frame = page.locator('.boot-frame');
    await expect(frame).toBeVisible();
    await expect(frame.locator('header')).toHaveCSS('height', '64px');
    await expect(frame.locator('aside')).toHaveCSS('width', '256px');
    await page.goto('/auth/login');
    await expect(frame).toBeHidden();

    // With the scripts, React draws the shell in the frame's place.
    await page.unrouteAll();
    await page.goto('/candidates');
    await expect(page.getByRole('navigation', { name: 'Sidebar' })).toBeVisible();
    await expect(frame).toHaveCount(0);
  });
});
