import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import type { HomeData } from '../../src/contract/site';
import { formatInr } from '../../src/lib/money';
import { expect, test } from './fixtures';
import { apiAs, registerShopper, signIn } from './shop-helpers';

interface ProductAnswer {
  data: { id: number; name: string; price: number };
}

const publicPages = ['/', '/shop', '/shop/1', '/about'];
/** A product sold as one, with no size to pick before Add to cart: the demo's tote. */
const soldAsOne = '/shop/4';

test.describe('server-rendered public pages', () => {
  test('arrive with their content and data in the HTML; signed-in pages arrive as the bare shell', async ({
    request,
  }) => {
    const { data: product } = (await (await request.get('/backend/api/api/v1/getProduct/1')).json()) as ProductAnswer;
    const productPage = await (await request.get('/shop/1')).text();
    expect(productPage).toContain(`>${product.name}</h1>`);
    // The tab and a shared link's preview name the product: one title, the page's own.
    expect(productPage.match(/<title>[^<]*<\/title>/g)).toEqual([`<title>${product.name} | CineVerse</title>`]);
    expect(productPage).toContain(formatInr(product.price));
    expect(productPage).toContain('<script type="application/json" id="cv-state">');
    expect(productPage).not.toContain('Loading CineVerse');

    // The settings come with the page: the head office address of the about page is the editors', not a fallback.
    const home = (await (await request.get('/backend/api/getHomeData')).json()) as HomeData;
    expect(home.site_settings.site_address).toBeTruthy();
    const about = await (await request.get('/about')).text();
    expect(about).toMatch(/<h1[^>]*>About Us<\/h1>/);
    expect(about).toContain(`>${home.site_settings.site_address}<`);

    // The content of a signed-in page depends on the device's session: the app renders it.
    const cart = await (await request.get('/cart')).text();
    expect(cart).toContain('Loading CineVerse');
    expect(cart).not.toContain('id="cv-state"');
  });

  test('name the page in the title, and the app keeps naming each page it moves to', async ({ page, request }) => {
    const { data: product } = (await (await request.get('/backend/api/api/v1/getProduct/1')).json()) as ProductAnswer;
    await page.goto('/shop');
    await expect(page).toHaveTitle('Shop | CineVerse');
    await page.getByRole('link', { name: product.name }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
    await expect(page).toHaveTitle(`${product.name} | CineVerse`);
    await page.locator('footer').getByRole('link', { name: 'Return Policy', exact: true }).click();
    await expect(page).toHaveTitle('Return Policy | CineVerse');
    await page.goto('/');
    await expect(page).toHaveTitle('CineVerse');
  });

  test('show their content with JavaScript turned off', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
    const page = await context.newPage();
    try {
      await page.goto('/shop/1');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(/\S/);
      await expect(page.getByRole('button', { name: 'Add to cart' })).toBeVisible();
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1, name: 'CineVerse' })).toBeVisible();
      // Styled from the first paint: the header is the dark frame, not an unstyled list.
      await expect(page.locator('header').first()).not.toHaveCSS('background-color', 'rgba(0, 0, 0, 0)');
    } finally {
      await context.close();
    }
  });

  test("are painted in the reader's colour scheme before the app's code has run", async ({ browser, baseURL }) => {
    for (const colorScheme of ['dark', 'light'] as const) {
      const context = await browser.newContext({ baseURL, colorScheme });
      const page = await context.newPage();
      try {
        // The app's code never arrives: only the shell itself can have set the scheme.
        await page.route('**/assets/*.js', (route) => route.abort());
        await page.goto('/about');
        await expect(page.getByRole('heading', { level: 1, name: 'About Us' })).toBeVisible();
        await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', colorScheme);
        await expect(page.locator('html')).not.toHaveAttribute('data-app-ready');
      } finally {
        await context.close();
      }
    }
  });

  test('are taken over by the app without a mismatch or an error, and then answer the user', async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    for (const path of publicPages) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    }
    // A mismatch makes React log an error and render the page again from scratch.
    expect(errors).toEqual([]);

    // Hydrated: a guest's Add to cart asks them to log in, coming back to the product afterwards.
    await page.goto(soldAsOne);
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(page).toHaveURL(/\/login\?redirect=%2Fshop%2F4$/);
  });

  test('say they are ready only once their content answers: a signed-in tap at that moment counts on a slow phone', async ({
    page,
  }) => {
    const shopper = await registerShopper(page.request);
    await signIn(page, shopper);
    // A phone eight times slower than this machine: React hydrates the page's content in a pass after the header.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 8 });
    await page.goto(soldAsOne);
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible({ timeout: 15_000 });
    await expect
      .poll(async () => (await apiAs<{ data: unknown[] }>(page.request, shopper.token, 'GET', '/getCartItems')).data)
      .toHaveLength(1);
  });
});

/**
 * Holds the page's code: the entry (`index-*.js`, which keeps what the reader does early) until `entry()`, and the
 * app's code until `app()`. The server-rendered page shows meanwhile, as on a slow connection.
 */
async function holdCode(page: Page): Promise<{ entry: () => void; app: () => void }> {
  let entry = () => {};
  let app = () => {};
  const entryGate = new Promise<void>((resolve) => (entry = resolve));
  const appGate = new Promise<void>((resolve) => (app = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await (/\/assets\/index-[\w-]+\.js$/.test(route.request().url()) ? entryGate : appGate);
    await route.continue();
  });
  return { entry, app };
}

/** Opens `path` with the entry run and the app's code held; `startApp()` lets the app's code arrive. */
async function openBeforeTheApp(page: Page, path: string): Promise<{ startApp: () => void }> {
  const code = await holdCode(page);
  code.entry();
  await page.goto(path, { waitUntil: 'commit' });
  await page.waitForFunction(() => window.cvEarlyInput !== undefined);
  return { startApp: code.app };
}

test.describe('what a reader does before the app has started', () => {
  // A page of its own (not the fixture's, which waits for the app at each navigation): these act before it starts.
  test('typing and Send on the contact page are kept, and the message goes once the app starts', async ({
    context,
  }) => {
    const page = await context.newPage();
    const code = await holdCode(page);
    const bodies: unknown[] = [];
    await page.route('**/backend/api/api/v1/contact', async (route) => {
      bodies.push(route.request().postDataJSON());
      await route.continue();
    });
    const documents: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'document' && request.frame() === page.mainFrame()) documents.push(request.url());
    });
    await page.goto('/contact', { waitUntil: 'commit' });
    // Before any of the page's code has run, and after the entry has, with the app still on its way.
    await page.getByLabel('Your Name').fill('Ravi Kumar');
    code.entry();
    await page.waitForFunction(() => window.cvEarlyInput !== undefined);
    await page.getByLabel('Email Address').fill('ravi.kumar@example.in');
    await page.getByLabel('Your Message').fill('Typed on a slow connection, before the page could answer.');
    await page.getByRole('button', { name: 'Send Message' }).click();
    code.app();

    const banner = page.getByRole('status').filter({ hasText: 'Message sent successfully!' });
    await expect(banner).toBeVisible();
    expect(bodies).toEqual([
      {
        name: 'Ravi Kumar',
        email: 'ravi.kumar@example.in',
        message: 'Typed on a slow connection, before the page could answer.',
      },
    ]);
    // The browser did not send the form itself: the page was never loaded again.
    expect(documents).toHaveLength(1);
  });

  test('typed text stays in its field and in the form once the app starts', async ({ context }) => {
    const page = await context.newPage();
    const { startApp } = await openBeforeTheApp(page, '/contact');
    await page.getByLabel('Your Message').fill('Hello');
    startApp();
    await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
    const message = page.getByLabel('Your Message');
    await expect(message).toHaveValue('Hello');
    // The form has the text: its own check of it speaks, as for text typed after the start.
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(message).toHaveAccessibleDescription('Message must be at least 10 characters');
  });

  test('two taps on Add to cart before the start make one add, done once the app starts', async ({ context }) => {
    const page = await context.newPage();
    const shopper = await registerShopper(page.request);
    await signIn(page, shopper);
    const { startApp } = await openBeforeTheApp(page, soldAsOne);
    const add = page.getByRole('button', { name: 'Add to cart' });
    await add.click();
    await add.click();
    startApp();

    await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
    await expect
      .poll(
        async () =>
          (await apiAs<{ data: { quantity: number }[] }>(page.request, shopper.token, 'GET', '/getCartItems')).data,
      )
      .toEqual([expect.objectContaining({ quantity: 1 })]);
  });

  test('a box ticked and a choice made in a list before the start take effect once the app starts', async ({
    context,
  }) => {
    const page = await context.newPage();
    const directory = await openBeforeTheApp(page, '/category/Artist');
    await page.getByLabel('Verified only').check();
    directory.startApp();
    await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
    await expect(page).toHaveURL(/[?&]verified=true(&|$)/);
    await expect(page.getByLabel('Verified only')).toBeChecked();

    const shop = await context.newPage();
    const store = await openBeforeTheApp(shop, '/shop');
    await shop.getByLabel('Sort by').selectOption({ label: 'Price: low to high' });
    store.startApp();
    await shop.locator('html[data-app-ready]').waitFor({ state: 'attached' });
    await expect(shop).toHaveURL(/[?&]sort=price_asc/);
    await expect(shop.getByLabel('Sort by')).toHaveValue('price_asc');
  });

  test('a box ticked and a choice made before the entry has run take effect once the app starts', async ({
    context,
  }) => {
    const page = await context.newPage();
    const code = await holdCode(page);
    await page.goto('/category/Artist', { waitUntil: 'commit' });
    await page.getByLabel('Verified only').check();
    code.entry();
    await page.waitForFunction(() => window.cvEarlyInput !== undefined);
    code.app();
    await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
    await expect(page).toHaveURL(/[?&]verified=true(&|$)/);
    await expect(page.getByLabel('Verified only')).toBeChecked();

    const shop = await context.newPage();
    const store = await holdCode(shop);
    await shop.goto('/shop', { waitUntil: 'commit' });
    await shop.getByLabel('Sort by').selectOption({ label: 'Price: low to high' });
    store.entry();
    await shop.waitForFunction(() => window.cvEarlyInput !== undefined);
    store.app();
    await shop.locator('html[data-app-ready]').waitFor({ state: 'attached' });
    await expect(shop).toHaveURL(/[?&]sort=price_asc/);
    await expect(shop.getByLabel('Sort by')).toHaveValue('price_asc');
  });
});

/**
 * Makes the build's file for a module of the app fail to arrive, as offline before the service worker has it.
 * `refused(times)` settles once the page has asked for it and been refused that many times.
 */
async function cutOff(page: Page, source: string): Promise<{ refused: (times?: number) => Promise<void> }> {
  const manifest = JSON.parse(readFileSync('dist/.vite/manifest.json', 'utf8')) as Record<string, { file: string }>;
  const file = manifest[source]?.file;
  if (!file) throw new Error(`${source} is not in the build's manifest`);
  let refusals = 0;
  await page.route(`**/${file}`, async (route) => {
    await route.abort('internetdisconnected');
    refusals += 1;
  });
  return { refused: (times = 1) => expect.poll(() => refusals).toBeGreaterThanOrEqual(times) };
}

/** Collects what the app's error boundaries log (a page that failed to render) and the page's uncaught errors. */
function pageFailures(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (/^The (page|app) failed to render/.test(message.text())) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
  return errors;
}

test.describe('a part loaded on demand that cannot load', () => {
  test('the notification bell offline on a first visit: the page stays, without the bell', async ({ page }) => {
    const shopper = await registerShopper(page.request);
    await signIn(page, shopper);
    // Its code cannot arrive (offline before the service worker has stored it).
    const bellCode = await cutOff(page, 'src/features/notifications/components/notification-bell.tsx');
    const errors = pageFailures(page);
    await page.goto(soldAsOne);
    // Asked for twice: by its preload, then by the import itself.
    await bellCode.refused(2);
    // The page goes on working without it.
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Notifications/ })).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test('the phone menu offline on a first visit: the page stays, and the menu button goes on answering', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    const menuCode = await cutOff(page, 'src/routes/-components/mobile-menu.tsx');
    const errors = pageFailures(page);
    await page.goto('/about');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await menuCode.refused();
    await page.getByRole('button', { name: 'Close menu' }).click();
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test('the account menu offline on a first visit: the page stays, with the account button', async ({ page }) => {
    const menuCode = await cutOff(page, 'src/routes/-components/account-menu.tsx');
    const errors = pageFailures(page);
    await page.goto('/about');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await menuCode.refused();
    await page.getByRole('button', { name: 'Account menu' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('menu')).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test('the video player offline on a first visit: the home page stays', async ({ page }) => {
    const playerCode = await cutOff(page, 'src/features/home/components/video-modal.tsx');
    const errors = pageFailures(page);
    await page.goto('/');
    const play = page.getByRole('button', { name: 'Play video: On set: lighting a night chase in Film City' });
    await play.click();
    await playerCode.refused();
    await play.click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Insider' })).toBeVisible();
    expect(errors).toEqual([]);
  });
});
