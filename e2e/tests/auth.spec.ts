import fs from 'node:fs';
import path from 'node:path';
import { request } from '@playwright/test';
import { DEMO_PASSWORD, DEMO_USERS, expect, login, test } from '../fixtures';

test.describe('sign-in and sessions', () => {
  test('a visitor is sent to sign in and lands back on the page they asked for', async ({ page }) => {
    await page.goto('/dashboard?view=recent');
    await expect(page).toHaveURL(/\/auth\/login/);
    await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();

    await page.getByLabel('Email address').fill(DEMO_USERS.owner);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();

    await expect(page).toHaveURL(/\/dashboard\?view=recent$/);
    await expect(page.getByRole('heading', { level: 2, name: /Good (morning|afternoon|evening), / })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Recent activity' })).toBeVisible();
    await expect(page.getByText('Signed in').first()).toBeVisible();
  });

  test('a wrong password shows one message and does not sign in', async ({ page }) => {
    await page.goto('/auth/login');
    await page.getByLabel('Email address').fill(DEMO_USERS.owner);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();

    await expect(page.getByRole('alert')).toContainText('The email or password you entered is incorrect.');
    await expect(page).toHaveURL(/\/auth\/login/);
  });

  test('remember me keeps the session for 30 days; otherwise it ends with the browser', async ({ page, context }) => {
    await login(page, 'recruiter', { rememberMe: true });
    const remembered = (await context.cookies()).find((cookie) => cookie.name === 'sessionid');
    expect(remembered?.httpOnly).toBe(true);
    const days = ((remembered?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);

    await context.clearCookies();
    await login(page, 'recruiter');
    const browserSession = (await context.cookies()).find((cookie) => cookie.name === 'sessionid');
    expect(browserSession?.expires).toBe(-1);
  });

  test('signing out ends the session and returns to the sign-in page', async ({ page }) => {
    await login(page, 'owner');
    await page.getByRole('button', { name: 'Open user menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/auth\/login/);

    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/auth\/login/);
  });

  test('a session deleted on the server ends in the session-expired toast and the sign-in page', async ({
    page,
    context,
    baseURL,
  }) => {
    // The shell's late parts (the bell, the mailbox notice) load after the first paint and call the API once:
    // let them, and the dashboard's own calls, finish first, so the 401 comes from the action below.
    const lateCalls = ['/api/notifications/', '/api/mailboxes/'].map((path) =>
      page.waitForResponse((response) => new URL(response.url()).pathname === path),
    );
    await login(page, 'recruiter');
    await expect(page.getByRole('list', { name: 'Recent activity' }).getByText('signed in').first()).toBeVisible();
    await Promise.all(lateCalls);

    // Another client ends this session on the server while the browser still holds its cookie.
    const cookies = await context.cookies();
    const csrf = cookies.find((cookie) => cookie.name === 'csrftoken')?.value ?? '';
    const other = await request.newContext({ baseURL, storageState: { cookies, origins: [] } });
    const response = await other.post('/api/auth/logout/', { headers: { 'X-CSRFToken': csrf } });
    expect(response.ok()).toBe(true);
    await other.dispose();

    // The next call the app makes gets 401.
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await expect(page.getByText('Your session has expired. Please log in again.')).toBeVisible();
    await expect(page).toHaveURL(/\/auth\/login/, { timeout: 5_000 });
  });

  test('a forgotten password is reset through the emailed link', async ({ page }) => {
    const mailDir = path.resolve(import.meta.dirname, '../.data/mail');
    const before = new Set(fs.existsSync(mailDir) ? fs.readdirSync(mailDir) : []);

    await page.goto('/auth/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
    await page.getByLabel('Email address').fill(DEMO_USERS.superuser);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('status')).toContainText('If an account exists for that email');

    let link = '';
    await expect(async () => {
      const fresh = fs.readdirSync(mailDir).filter((name) => !before.has(name));
      const mail = fresh
        .map((name) => fs.readFileSync(path.join(mailDir, name), 'utf8'))
        .find((text) => text.includes(DEMO_USERS.superuser));
      // Quoted-printable bodies may wrap long lines with a trailing '='.
      const unwrapped = (mail ?? '').replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      link = /https?:\/\/[^\s"<>]+\/auth\/reset-password\/[^\s"<>]+/.exec(unwrapped)?.[0] ?? '';
      expect(link).not.toBe('');
    }).toPass({ timeout: 5_000 });

    await page.goto(new URL(link).pathname);
    await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
    const newPassword = 'violet-harbour-lantern-7';
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password').fill('something-else-entirely');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByText('The passwords do not match.')).toBeVisible();

    await page.getByLabel('Confirm new password').fill(newPassword);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByRole('status')).toContainText('Your password has been changed.');

    await page.goto('/auth/login');
    await page.getByLabel('Email address').fill(DEMO_USERS.superuser);
    await page.getByLabel('Password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/dashboard/);

    // The link was single-use.
    await page.context().clearCookies();
    await page.goto(new URL(link).pathname);
    await page.getByLabel('New password', { exact: true }).fill('another-fresh-password-9');
    await page.getByLabel('Confirm new password').fill('another-fresh-password-9');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByRole('alert')).toContainText('invalid or has expired');
  });
});
