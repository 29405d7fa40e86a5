import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, login, test } from '../fixtures';

const mailDir = path.resolve(import.meta.dirname, '../.data/mail');
const mailFiles = () => new Set(fs.existsSync(mailDir) ? fs.readdirSync(mailDir) : []);

/** The first link to `route` in a mail to `to` written after `before` was taken. */
async function linkFromMail(to: string, before: Set<string>, route: string): Promise<string> {
  let link = '';
  await expect(async () => {
    const fresh = fs.readdirSync(mailDir).filter((name) => !before.has(name));
    const mail = fresh
      .map((name) => fs.readFileSync(path.join(mailDir, name), 'utf8'))
      .find((text) => text.includes(to));
    // Quoted-printable bodies may wrap long lines with a trailing '='.
    const unwrapped = (mail ?? '').replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    link = new RegExp(`https?://[^\\s"<>]+${route}/[^\\s"<>]+`).exec(unwrapped)?.[0] ?? '';
    expect(link).not.toBe('');
  }).toPass({ timeout: 5_000 });
  return new URL(link).pathname;
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/auth/login');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard/);
}

async function newPage(browser: Browser) {
  const context = await browser.newContext();
  return { context, page: await context.newPage() };
}

// A 1×1 transparent PNG.
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

test.describe('people and access', () => {
  test('an invited recruiter joins, is limited, gets re-typed by the owner and manages their profile', async ({
    page,
    browser,
  }) => {
    // One whole journey across two browsers.
    test.setTimeout(90_000);
    const stamp = Date.now();
    const email = `casey.${stamp}@example.test`;
    const username = `casey${stamp}`;
    const password = 'amber-orchard-compass-58';

    // The owner invites a recruiter.
    await login(page, 'owner');
    await page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'Users', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
    const before = mailFiles();
    await page.getByRole('button', { name: 'Invite user' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite a team member' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('checkbox', { name: 'Owner' })).toBeEnabled();
    await dialog.getByLabel('Email address').fill(email);
    await expect(dialog.getByRole('checkbox', { name: 'Recruiter' })).toBeChecked();
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expect(page.getByText(`Invitation sent to ${email}`)).toBeVisible();
    await expect(dialog).toBeHidden();
    const pending = page.getByRole('list', { name: 'Pending invitations' });
    await expect(pending.getByText(email)).toBeVisible();

    // The same email again: refused with the server's message, in the dialog.
    await page.getByRole('button', { name: 'Invite user' }).click();
    await dialog.getByLabel('Email address').fill(email);
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    // The 409 message is shown on the email field.
    await expect(dialog.getByText(/already pending/)).toBeVisible();
    await expect(dialog.getByLabel('Email address')).toHaveAttribute('aria-invalid', 'true');
    await dialog.getByRole('button', { name: 'Cancel' }).first().click();
    await expect(dialog).toBeHidden();

    // The recruiter registers from the mailed link in their own browser.
    const registerPath = await linkFromMail(email, before, '/auth/register-from-token');
    const recruiter = await newPage(browser);
    const rp = recruiter.page;
    await rp.goto(registerPath);
    await expect(rp.getByRole('heading', { name: /^Join / })).toBeVisible();
    await expect(rp.getByText(/You were invited as recruiter by Olivia Bennett\./)).toBeVisible();
    await expect(rp.getByLabel('Email address')).toHaveValue(email);
    await rp.getByLabel('Username').fill(username);
    await rp.getByLabel('First name').fill('Casey');
    await rp.getByLabel('Last name').fill('Nguyen');
    await rp.getByLabel('Password', { exact: true }).fill(password);
    await rp.getByLabel('Confirm password').fill(password);
    await rp.getByRole('button', { name: 'Create account' }).click();
    await expect(rp).toHaveURL(/\/dashboard$/);
    await expect(rp.getByRole('heading', { level: 2, name: /, Casey$/ })).toBeVisible();

    // A recruiter does not see Invoices; Users is a read-only directory (no emails, no controls), and
    // the server refuses a user's page and every change.
    const sidebar = rp.getByRole('navigation', { name: 'Sidebar' });
    await expect(sidebar.getByRole('link', { name: 'Candidates', exact: true })).toBeVisible();
    await expect(sidebar.getByRole('link', { name: 'Invoices', exact: true })).toHaveCount(0);
    await sidebar.getByRole('link', { name: 'Users', exact: true }).click();
    const directory = rp.getByRole('table', { name: 'Users' });
    await expect(directory.getByText('Casey Nguyen')).toBeVisible();
    await expect(directory.getByRole('link')).toHaveCount(0);
    await expect(directory.getByText(/@/)).toHaveCount(0);
    await expect(rp.getByRole('button', { name: 'Invite user' })).toHaveCount(0);
    await expect(rp.getByRole('region', { name: 'Pending invitations' })).toHaveCount(0);
    const listed = await (await rp.request.get('/api/users/')).json();
    expect(listed.view).toBe('directory');
    expect(JSON.stringify(listed)).not.toContain('@');
    expect((await rp.request.get(`/api/users/${listed.results[0].id}/`)).status()).toBe(403);
    await rp.goto(`/users/${listed.results[0].id}`);
    await expect(rp.getByText('You do not have access to this page.')).toBeVisible();

    // The link is single-use.
    const reuse = await newPage(browser);
    await reuse.page.goto(registerPath);
    await expect(reuse.page.getByRole('alert')).toContainText('This invitation has already been used.');
    await expect(reuse.page.getByRole('link', { name: 'Go to sign in' })).toBeVisible();
    await reuse.context.close();

    // The owner finds the recruiter and makes them a viewer.
    await page.reload();
    await page.getByLabel('Search users').fill('Casey');
    const table = page.getByRole('table', { name: 'Users' });
    await expect(table.getByRole('link', { name: 'Casey Nguyen' })).toBeVisible();
    await expect(table.getByRole('link')).toHaveCount(1);
    await table.getByRole('link', { name: 'Casey Nguyen' }).click();
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Casey Nguyen');
    await expect(page.getByRole('heading', { name: 'Casey Nguyen' })).toBeVisible();
    const types = page.getByRole('region', { name: 'User types' });
    await types.getByRole('checkbox', { name: 'Recruiter' }).uncheck();
    await types.getByRole('checkbox', { name: 'Viewer' }).check();
    await types.getByRole('button', { name: 'Save user types' }).click();
    await expect(page.getByText('User types of Casey Nguyen saved.')).toBeVisible();
    const profile = await (await rp.request.get('/api/auth/profile/')).json();
    expect(profile.user.role).toBe('viewer');
    expect(profile.user.user_type).toEqual(['viewer']);

    // The (now) viewer uploads a picture: it shows in their user menu.
    await rp.goto('/profile');
    await expect(rp.getByRole('heading', { name: 'My Profile', level: 1 })).toBeVisible();
    await rp.getByLabel('Upload picture').setInputFiles({ name: 'casey.png', mimeType: 'image/png', buffer: PNG_1X1 });
    await expect(rp.getByText('Your profile picture has been updated.')).toBeVisible();
    const menuButton = rp.getByRole('button', { name: 'Open user menu' });
    await expect(menuButton.getByAltText('Casey Nguyen')).toBeVisible();
    await expect(rp.getByRole('button', { name: 'Remove picture' })).toBeVisible();

    // A file that is not an image is refused before anything is sent.
    await rp.getByLabel('Upload picture').setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('hello'),
    });
    await expect(rp.getByRole('alert')).toContainText('Choose a PNG, JPEG or WebP image.');

    // ...and changes their time zone.
    const zone = rp.getByRole('combobox', { name: 'Time zone' });
    await zone.fill('Europe/Ber');
    await rp.getByRole('option', { name: 'Europe/Berlin' }).click();
    await expect(zone).toHaveValue('Europe/Berlin');
    await rp.getByRole('button', { name: 'Save preferences' }).click();
    await expect(rp.getByText('Your preferences have been saved.')).toBeVisible();
    const after = await (await rp.request.get('/api/auth/profile/')).json();
    expect(after.user.time_zone).toBe('Europe/Berlin');
    expect(after.user.profile_picture_url).toBeTruthy();

    // The owner sees the picture in the users list.
    await page.goto('/users?search=Casey');
    await expect(page.getByRole('table', { name: 'Users' }).getByAltText('Casey Nguyen')).toBeVisible();

    await recruiter.context.close();
  });

  test('revoking another session from the profile signs that browser out', async ({ browser }) => {
    const first = await newPage(browser);
    const second = await newPage(browser);
    await signIn(first.page, 'viewer@demo.test', DEMO_PASSWORD);
    await signIn(second.page, 'viewer@demo.test', DEMO_PASSWORD);

    await first.page.goto('/me');
    await expect(first.page.getByRole('heading', { name: 'My Profile', level: 1 })).toBeVisible();
    const sessions = first.page.getByRole('list', { name: 'Sessions' });
    const current = sessions.getByRole('listitem').filter({ hasText: 'This device' });
    await expect(current).toHaveCount(1);
    await expect(current.getByRole('button')).toHaveCount(0);

    // The other browser's session is the newest one that is not this device.
    const revokeButtons = sessions.getByRole('button', { name: /^Revoke session on / });
    const before = await revokeButtons.count();
    expect(before).toBeGreaterThan(0);
    const secondId = await second.page.evaluate(async () => {
      const response = await fetch('/api/sessions/', { credentials: 'include' });
      const body = (await response.json()) as { sessions: { id: number; current: boolean }[] };
      return body.sessions.find((s) => s.current)?.id;
    });
    expect(secondId).toBeTruthy();
    // Rows are in the server's order; revoke the row that holds the second browser's session.
    const list = await (await first.page.request.get('/api/sessions/')).json();
    const index = (list.sessions as { id: number; current: boolean }[])
      .filter((s) => !s.current)
      .findIndex((s) => s.id === secondId);
    expect(index).toBeGreaterThanOrEqual(0);
    await revokeButtons.nth(index).click();
    await expect(revokeButtons).toHaveCount(before - 1);

    // The second browser is signed out at its next step.
    await second.page.goto('/profile');
    await expect(second.page).toHaveURL(/\/auth\/login/, { timeout: 10_000 });
    // The first one is still signed in.
    await first.page.reload();
    await expect(first.page.getByRole('heading', { name: 'My Profile', level: 1 })).toBeVisible();

    await first.context.close();
    await second.context.close();
  });
});
