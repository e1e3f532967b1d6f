import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './tests/e2e/chromium';

/**
 * Files CI runs in its other lane, after the server tests (`.ci/run`), so that both lanes take about as long:
 * `E2E_LANE=rest` leaves them out, `E2E_LANE=side` runs only them. Without E2E_LANE every file runs (`npm test`).
 */
const sideLane = ['**/hindi-words.spec.ts'];

/** End-to-end tests in the system Chromium against the production build served by the real server. */
export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: process.env.E2E_LANE === 'side' ? sideLane : '**/*.spec.ts',
  testIgnore: process.env.E2E_LANE === 'rest' ? sideLane : [],
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
