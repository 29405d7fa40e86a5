import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_FLAGS, chromiumExecutable } from './browser';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const DEMO_PASSWORD = 'demo-e2e-password-42';
const dataDir = path.resolve(import.meta.dirname, '.data');

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 1,
  // On CI one retry, reported as flaky in the output (docs/decisions/009-one-e2e-retry-on-ci.md).
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: await chromiumExecutable(),
      args: CHROMIUM_FLAGS,
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    // A fresh embedded database for every run: the demo agency is created at start. Not
    // NODE_ENV=production, which never creates it (it would want OWNER_EMAIL/OWNER_PASSWORD).
    command: `rm -rf "${dataDir}" && node ../apps/server/dist/server.js`,
    url: `http://localhost:${E2E_PORT}/readyz`,
    reuseExistingServer: false,
    // A first start creates, migrates and seeds the embedded database: over a minute on a loaded 2-core machine.
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(E2E_PORT),
      DATA_DIR: dataDir,
      DEMO_PASSWORD,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
    },
  },
});
