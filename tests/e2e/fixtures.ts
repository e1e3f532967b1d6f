import { test as base, expect } from '@playwright/test';

/** The real server's address, set by global-setup before the test workers start. */
const baseURL = process.env.BASE_URL;
if (!baseURL) throw new Error('BASE_URL is not set: run the tests through `npm run test:e2e`');

export const test = base;
test.use({ baseURL });

export { expect };
