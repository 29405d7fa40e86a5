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

export const test = base;
export { expect, DEMO_PASSWORD };
