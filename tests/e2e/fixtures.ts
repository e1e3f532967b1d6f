import { test as base, expect } from '@playwright/test';

/** Every test gets the real server's address from global-setup as its baseURL. */
export const test = base.extend({
  baseURL: async ({}, use) => {
    const url = process.env.BASE_URL;
    if (!url) throw new Error('BASE_URL is not set: run through `npm run test:e2e`');
    await use(url);
  },
});

export { expect };
