import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/** Waits until the service worker controls the page, so that the next loads can come from its caches. */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // The worker does not claim pages it did not load (no surprise takeovers): the next load is its.
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

/** The persisted query cache is written at most once a second: wait for the write before cutting the network. */
export async function waitForPersistedCache(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1500);
}
