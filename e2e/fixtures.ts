import { test as base, expect, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from './playwright.config';

export const DEMO_USERS = {
  owner: 'owner@demo.test',
  superuser: 'superuser@demo.test',
  recruiter: 'recruiter@demo.test',
  viewer: 'viewer@demo.test',
} as const;
export type DemoUser = keyof typeof DEMO_USERS;

/** Signs in through the real sign-in screen, as a person would. */
export async function login(page: Page, as: DemoUser, options: { rememberMe?: boolean } = {}) {
  await page.goto('/auth/login');
  await page.getByLabel('Email address').fill(DEMO_USERS[as]);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  if (options.rememberMe) await page.getByLabel('Remember me').check();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard/);
}

/**
 * Calls the API from inside the signed-in page (same origin, the session cookie and the CSRF token), as
 * a set-up shortcut for what another journey already walks through on screen.
 */
export async function apiCall<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const csrf = document.cookie.match(/(?:^|; )csrftoken=([^;]+)/)?.[1] ?? '';
      const response = await fetch(path, {
        method,
        headers: { 'Content-Type': 'application/json', 'X-CSRFToken': decodeURIComponent(csrf) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
      return response.json();
    },
    { method, path, body },
  ) as Promise<T>;
}

/**
 * Waits until no toast is on screen. Toasts sit top-right (spec), over the page header's action buttons, and
 * a pointer resting on one keeps it open: click a header action after a toast only once it has gone.
 */
export async function toastsGone(page: Page): Promise<void> {
  await expect(page.locator('[data-rht-toaster]').getByRole('status')).toHaveCount(0, { timeout: 15_000 });
}

export const apiPost = <T>(page: Page, path: string, body: unknown) => apiCall<T>(page, 'POST', path, body);

export const test = base;
export { expect, DEMO_PASSWORD };
