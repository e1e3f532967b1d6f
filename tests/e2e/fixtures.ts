import { test as base, expect, type Page, type Response } from '@playwright/test';
import { isPagePath } from '../../src/contract/page-routes';
import type { HomeData } from '../../src/contract/site';

/** The real server's address, set by global-setup before the test workers start. */
const baseURL = process.env.BASE_URL;
if (!baseURL) throw new Error('BASE_URL is not set: run the tests through `npm run test:e2e`');

/**
 * Frames from YouTube and Google Maps cannot load on the test machine (no outside network): they get an empty page
 * at once, so that a test never waits on a connection that will not come. What the app asks for is still checked.
 */
const outsideFrames = /^https:\/\/(www\.youtube-nocookie\.com|www\.google\.com|maps\.google\.com)\//;

/** Waits for the app to take over a page it serves (see `data-app-ready` in src/app/app.tsx). */
async function appReady(page: Page, response: Response | null): Promise<void> {
  // The provisional headers, read at once: the raw ones (headerValue, allHeaders) wait for an event Chromium does not
  // always send, and a test waited on them until its timeout now and then.
  const isAppPage =
    response?.request().resourceType() === 'document' &&
    (response.headers()['content-type'] ?? '').includes('text/html');
  if (isAppPage) await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
}

export const test = base.extend({
  // Public pages arrive rendered by the server, and their buttons work once the app has hydrated them; a test acts
  // like a user who waits for that, not like one who taps during the first second.
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (...args) => {
      const response = await goto(...args);
      await appReady(page, response);
      return response;
    };
    page.reload = async (...args) => {
      const response = await reload(...args);
      await appReady(page, response);
      return response;
    };
    await use(page);
  },
  // A fixture rather than test.use() in this shared module, which would apply only to the first file importing it.
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixture's dependencies from this pattern.
  baseURL: async ({}, use) => {
    await use(baseURL);
  },
  context: async ({ context }, use) => {
    await context.route(outsideFrames, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>frame</title>' }),
    );
    await use(context);
  },
});

/**
 * Pages arrive as the bare shell, as the installed app's service worker answers them: the app then asks for its data
 * itself, and a test can hold, fail or edit those answers. (A server-rendered page carries its data in its HTML.)
 */
export async function useBareShell(page: Page): Promise<void> {
  await page.route(
    (url) => isPagePath(url.pathname),
    async (route) => {
      if (route.request().resourceType() !== 'document') return route.fallback();
      const shell = await route.fetch({ url: new URL('/index.html', route.request().url()).href });
      await route.fulfill({ response: shell });
    },
  );
}

/** Serves the real home data with the test's changes applied: editors' content the seed does not have. */
export async function editHomeData(page: Page, edit: (data: HomeData) => void): Promise<void> {
  await useBareShell(page);
  await page.route('**/backend/api/getHomeData', async (route) => {
    const response = await route.fetch();
    const data = (await response.json()) as HomeData;
    edit(data);
    await route.fulfill({ response, json: data });
  });
}

export { expect };
