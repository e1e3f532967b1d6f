import { test as base, expect, type Page } from '@playwright/test';
import type { HomeData } from '../../src/contract/site';

/** The real server's address, set by global-setup before the test workers start. */
const baseURL = process.env.BASE_URL;
if (!baseURL) throw new Error('BASE_URL is not set: run the tests through `npm run test:e2e`');

/**
 * Frames from YouTube and Google Maps cannot load on the test machine (no outside network): they get an empty page
 * at once, so that a test never waits on a connection that will not come. What the app asks for is still checked.
 */
const outsideFrames = /^https:\/\/(www\.youtube-nocookie\.com|www\.google\.com|maps\.google\.com)\//;

export const test = base.extend({
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

/** Serves the real home data with the test's changes applied: editors' content the seed does not have. */
export async function editHomeData(page: Page, edit: (data: HomeData) => void): Promise<void> {
  await page.route('**/backend/api/getHomeData', async (route) => {
    const response = await route.fetch();
    const data = (await response.json()) as HomeData;
    edit(data);
    await route.fulfill({ response, json: data });
  });
}

export { expect };
