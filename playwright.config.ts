import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './tests/e2e/chromium';

/** End-to-end tests in the system Chromium against the production build served by the real server. */
export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: process.env.CI ? 'list' : 'line',
  timeout: 30_000,
  use: {
    browserName: 'chromium',
    trace: 'off',
    launchOptions: chromiumLaunchOptions,
  },
});
