import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { catalogKeys } from '../../src/features/catalog/api/catalog-keys';
import { siteKeys } from '../../src/lib/site-query-keys';
import { accountKeys } from '../../src/lib/shop-query-keys';
import { waitForPersistedCache, waitForServiceWorker } from './offline-helpers';
import { startServerProcess, type ServerProcess } from './server-process';
import { apiAs, productId, registerShopper, signIn, USER_API } from './shop-helpers';

/**
 * Opens a product page signed in and waits until its Add to cart can record an edit: the profile (whose id keys the
 * outbox) has arrived, from the network or the device's cache. Hydration shows the page signed out for a moment,
 * with the button enabled, before that; once the network is idle the profile has come or will not.
 */
async function openProductSignedIn(tab: Page, productId: number): Promise<void> {
  await tab.goto(`/shop/${productId}`);
  await tab.locator('html[data-app-ready]').waitFor({ state: 'attached' });
  await tab.waitForLoadState('networkidle');
  await expect(tab.getByRole('button', { name: 'Add to cart' })).toBeEnabled();
}

const policyPages: [string, string][] = [
  ['/privacy-policy', 'Privacy Policy'],
  ['/terms-and-conditions', 'Terms and Conditions'],
  ['/refund-cancellation', 'Refund and Cancellation Policy'],
  ['/shipping-policy', 'Shipping Policy'],
];

test.describe('offline', () => {
  test('after one online visit, home, every policy page and a product seen before open with no network', async ({
    page,
    context,
  }) => {
    await page.goto('/');
    await waitForServiceWorker(page);
    await page.goto('/shop/2');
    await expect(page.getByRole('heading', { level: 1, name: 'Director’s Chair Hoodie' })).toBeVisible();
    await waitForPersistedCache(page, catalogKeys.product(2));
    await page.goto('/');
    const headings = page.locator('main h2');
    await expect(headings.first()).toBeVisible();
    const onlineHeadings = await headings.allTextContents();
    await waitForPersistedCache(page, siteKeys.homeData());

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByTestId('sync-status')).toContainText('Offline');
    await expect(headings).toHaveText(onlineHeadings);
    await expect(page.getByRole('link', { name: 'Artist' }).first()).toBeVisible();

    for (const [path] of policyPages) {
      await page.goto(path);
      await expect(page.locator('main h1'), path).toBeVisible();
    }
    await page.goto('/about');
    await expect(page.locator('main h1')).toBeVisible();

    await page.goto('/shop/2');
    await expect(page.getByRole('heading', { level: 1, name: 'Director’s Chair Hoodie' })).toBeVisible();
    await expect(page.getByText('₹1,799', { exact: true })).toBeVisible();
    // Its image was seen online and comes from the image cache.
    const image = page.getByRole('img', { name: /Director’s Chair Hoodie, image 1/ });
    await expect(image).toHaveJSProperty('complete', true);
    expect(await image.evaluate((node: HTMLImageElement) => node.naturalWidth)).toBeGreaterThan(0);

    // A product never seen says it is not saved, rather than failing blank.
    await page.goto('/shop/20');
    await expect(
      page.getByText(
        'You are offline, and this product was not opened on this device before, so it is not saved here.',
      ),
    ).toBeVisible();
  });

  test('cart and wishlist edits made offline survive a reload and reach the server once when back online', async ({
    page,
    context,
  }) => {
    const shopper = await registerShopper(page.request);
    await signIn(page, shopper);
    // Seen online: the store list and two products.
    await page.goto('/shop/1');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await waitForServiceWorker(page);
    await waitForPersistedCache(
      page,
      catalogKeys.product(1),
      accountKeys.profile(),
      accountKeys.cart(),
      accountKeys.wishlist(),
    );
    await page.goto('/shop/4');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await waitForPersistedCache(page, catalogKeys.product(4));
    await page.goto('/shop');
    await expect(page.locator('main article')).toHaveCount(12);
    await waitForPersistedCache(page, catalogKeys.list({}));

    await context.setOffline(true);
    await page.goto('/shop/1');
    // The tee comes in sizes: picked offline too.
    await page.getByRole('radiogroup', { name: 'Size' }).locator('label', { hasText: /^M$/ }).click();
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.goto('/shop/4');
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(page.getByRole('link', { name: 'Cart, 2 items' })).toBeVisible();
    await page.goto('/cart');
    const tee = page.getByRole('listitem').filter({ hasText: 'Clapperboard Classic Tee' });
    await tee.getByRole('button', { name: 'Increase quantity' }).click();
    await tee.getByRole('button', { name: 'Increase quantity' }).click();
    const tote = page.getByRole('listitem').filter({ hasText: 'Crew Call Sheet Tote' });
    await tote.getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByRole('link', { name: 'Cart, 3 items' })).toBeVisible();
    await page.goto('/shop');
    await page.getByRole('button', { name: 'Add Lights Camera Action Cap to wishlist' }).click();
    await page.getByRole('button', { name: 'Add Film Reel Enamel Pin Set to wishlist' }).click();
    await page.getByRole('button', { name: 'Remove Film Reel Enamel Pin Set from wishlist' }).click();
    // Merged: the tee's add and two increases are one add of 3; the tote's add and removal cancel out; so do the
    // pin set's add and removal. What is left: the tee and the cap.
    await expect(page.getByTestId('pending-count')).toHaveText(' 2 changes waiting to sync');

    await page.reload();
    await expect(page.getByTestId('sync-status')).toContainText('Offline');
    await expect(page.getByTestId('pending-count')).toHaveText(' 2 changes waiting to sync');
    await expect(page.getByRole('link', { name: 'Cart, 3 items' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Remove Lights Camera Action Cap from wishlist' })).toBeVisible();

    await context.setOffline(false);
    await expect(page.getByTestId('sync-status')).toBeHidden();
    const cart = await apiAs<{
      data: { product: { name: string }; variant: { label: string } | null; quantity: number }[];
    }>(page.request, shopper.token, 'GET', '/getCartItems');
    expect(cart.data.map((line) => [line.product.name, line.variant?.label, line.quantity])).toEqual([
      ['Clapperboard Classic Tee', 'M', 3],
    ]);
    const wishlist = await apiAs<{ data: { product: { name: string } }[] }>(
      page.request,
      shopper.token,
      'GET',
      '/getWishlistItems',
    );
    expect(wishlist.data.map((item) => item.product.name)).toEqual(['Lights Camera Action Cap']);
    await expect(page.getByRole('link', { name: 'Cart, 3 items' })).toBeVisible();
  });

  test('a replay that meets a 500 retries and succeeds, and one cut off half-way is not doubled', async ({ page }) => {
    const shopper = await registerShopper(page.request);
    await signIn(page, shopper);
    let calls = 0;
    await page.route('**/api/user/v1/addToCart', async (route) => {
      calls += 1;
      if (calls === 1) return route.fulfill({ status: 500, json: { message: 'Internal Server Error' } });
      if (calls === 2) {
        // The server applies the change, but the answer never reaches the app.
        await route.fetch();
        return route.abort('connectionreset');
      }
      return route.continue();
    });
    await page.goto('/shop/4');
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(page.getByTestId('pending-count')).toBeVisible();
    await expect(page.getByTestId('sync-status')).toBeHidden({ timeout: 15_000 });
    expect(calls).toBe(3);
    const cart = await apiAs<{ data: { quantity: number }[] }>(page.request, shopper.token, 'GET', '/getCartItems');
    expect(cart.data.map((line) => line.quantity)).toEqual([1]);
  });

  test('an edit the server refuses for good (sold out meanwhile) is dropped, with a notice that says why', async ({
    page,
    context,
  }) => {
    const shopper = await registerShopper(page.request);
    const rival = await registerShopper(page.request);
    // The last one in stock; no other test uses it.
    const cushion = await productId(page, 'Director’s Cut Cushion Cover');
    await signIn(page, shopper);
    await openProductSignedIn(page, cushion);
    await expect(page.getByText('Only 1 left')).toBeVisible();
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(page.getByTestId('pending-count')).toHaveText(' 1 change waiting to sync');

    // Meanwhile another shopper buys the last one.
    await apiAs(page.request, rival.token, 'POST', '/addToCart', { product_id: cushion, quantity: 1 });
    const order = await page.request.post(`${USER_API}/completeOrder`, {
      headers: { authorization: `Bearer ${rival.token}` },
      data: {
        address: {
          name: 'Rival Buyer',
          phone: '9820012345',
          line1: '12, Film City Road',
          line2: '',
          city: 'Mumbai',
          state: 'Maharashtra',
          pincode: '400065',
        },
        payment_method: 'cod',
      },
    });
    expect(order.status()).toBe(201);

    await context.setOffline(false);
    const notice = page.getByRole('alert').filter({ hasText: 'Director’s Cut Cushion Cover could not be saved' });
    await expect(notice).toContainText('out of stock');
    // The refused edit is gone from the device, and the server's cart never had it.
    await expect(page.getByTestId('pending-count')).toBeHidden();
    await page.reload();
    await expect(page.getByTestId('pending-count')).toBeHidden();
    const cart = await apiAs<{ data: unknown[] }>(page.request, shopper.token, 'GET', '/getCartItems');
    expect(cart.data).toEqual([]);
  });

  test('two tabs open when the network returns: one of them replays, and each queued edit is sent once', async ({
    page,
    context,
  }) => {
    const shopper = await registerShopper(page.request);
    await signIn(page, shopper);
    const other = await context.newPage();
    await signIn(other, shopper);
    await openProductSignedIn(page, 5);
    await openProductSignedIn(other, 4);
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await other.getByRole('button', { name: 'Add to cart' }).click();
    // One outbox on the device: both tabs count both edits.
    for (const tab of [page, other]) {
      await expect(tab.getByTestId('pending-count')).toHaveText(' 2 changes waiting to sync');
    }

    const sent: string[] = [];
    context.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/addToCart')) sent.push(request.postData() ?? '');
    });
    await context.setOffline(false);
    for (const tab of [page, other]) await expect(tab.getByTestId('sync-status')).toBeHidden();
    // Had both tabs replayed, each edit would have gone twice (the second answered from its Idempotency-Key).
    expect(sent).toHaveLength(2);
    const cart = await apiAs<{ data: { product_id: number; quantity: number }[] }>(
      page.request,
      shopper.token,
      'GET',
      '/getCartItems',
    );
    expect(cart.data.map((line) => [line.product_id, line.quantity]).sort()).toEqual([
      [4, 1],
      [5, 1],
    ]);
  });

  test('a replay that meets a 401 keeps the edit until the user logs in again', async ({ page }) => {
    const shopper = await registerShopper(page.request);
    await signIn(page, shopper);
    await page.goto('/shop/4');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.route(
      '**/api/user/v1/addToCart',
      (route) => route.fulfill({ status: 401, json: { message: 'Please log in' } }),
      {
        times: 1,
      },
    );
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(page.getByText('Session ended')).toBeVisible();
    const cartBefore = await apiAs<{ data: unknown[] }>(page.request, shopper.token, 'GET', '/getCartItems');
    expect(cartBefore.data).toEqual([]);

    await page.goto('/login');
    await page.getByLabel('Email').fill(shopper.email);
    await page.getByRole('textbox', { name: 'Password' }).fill(shopper.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect
      .poll(
        async () =>
          (await apiAs<{ data: { quantity: number }[] }>(page.request, shopper.token, 'GET', '/getCartItems')).data
            .length,
      )
      .toBe(1);
  });
});

test.describe('install', () => {
  test('an install button appears where the browser offers installing, and asks the browser', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('main h2').first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Install the app' })).toHaveCount(0);
    // Chromium fires beforeinstallprompt only after its own engagement checks; the same event is sent here.
    await page.evaluate(() => {
      const offer = new Event('beforeinstallprompt', { cancelable: true }) as Event & Record<string, unknown>;
      offer.prompt = async () => {
        (window as unknown as { prompted: boolean }).prompted = true;
      };
      offer.userChoice = Promise.resolve({ outcome: 'accepted' });
      window.dispatchEvent(offer);
    });
    await page.getByRole('button', { name: 'Install the app' }).click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { prompted?: boolean }).prompted)).toBe(true);
    await expect(page.getByRole('button', { name: 'Install the app' })).toHaveCount(0);
  });
});

test.describe('install, offered early', () => {
  test('an offer the browser makes before the app has started still shows the button', async ({ page }) => {
    // Fired as the document finishes parsing: the entry has run, the app (which waits for the first paint) has not.
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        const offer = new Event('beforeinstallprompt', { cancelable: true }) as Event & Record<string, unknown>;
        offer.prompt = async () => {
          (window as unknown as { prompted: boolean }).prompted = true;
        };
        offer.userChoice = Promise.resolve({ outcome: 'dismissed' });
        (window as unknown as { offeredBeforeStart: boolean }).offeredBeforeStart =
          !document.documentElement.hasAttribute('data-app-ready');
        window.dispatchEvent(offer);
      });
    });
    await page.goto('/');
    expect(await page.evaluate(() => (window as unknown as { offeredBeforeStart?: boolean }).offeredBeforeStart)).toBe(
      true,
    );
    await page.getByRole('button', { name: 'Install the app' }).click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { prompted?: boolean }).prompted)).toBe(true);
  });
});

test.describe('updates', () => {
  // A server of its own on a copy of the build, whose worker the test then replaces: the build the other tests use is
  // never touched, even by a run that is killed half-way.
  let dist: string;
  let server: ServerProcess;

  test.beforeAll(async () => {
    dist = await fs.mkdtemp(path.join(os.tmpdir(), 'cineverse-dist-'));
    await fs.cp(path.resolve('dist'), dist, { recursive: true });
    server = await startServerProcess({ DIST_DIR: dist, SKIP_BUILD: '1' });
  });
  test.afterAll(async () => {
    await server?.stop();
    await fs.rm(dist, { recursive: true, force: true });
  });

  test('a new version of the service worker waiting shows the update prompt, again after Later, and Reload moves to it, deleting the old caches', async ({
    page,
  }) => {
    await page.goto(`${server.url}/`);
    await waitForServiceWorker(page);
    await expect(page.getByRole('alertdialog', { name: 'Update available' })).toHaveCount(0);
    // Caches an older version left behind: the new version's worker deletes them when it takes over.
    await page.evaluate(async () => {
      await (await caches.open('cineverse-images-v0')).put('/old-poster.png', new Response('old'));
      await (await caches.open('cineverse-api-v0')).put('/old-answer.json', new Response('{}'));
    });

    // The next release: the same worker with different bytes.
    const worker = path.join(dist, 'sw.js');
    const current = await fs.readFile(worker, 'utf8');
    await fs.rm(`${worker}.br`, { force: true });
    await fs.rm(`${worker}.gz`, { force: true });
    await fs.writeFile(worker, `${current}\n// next release ${Date.now()}\n`);
    await page.evaluate(async () => {
      await (await navigator.serviceWorker.getRegistration())?.update();
    });
    const prompt = page.getByRole('alertdialog', { name: 'Update available' });
    await expect(prompt).toBeVisible();
    await expect(prompt).toContainText('A new version of the app is ready.');
    // Nothing reloads by itself: the new worker waits (it has not taken the page over) until the user chooses.
    const waiting = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting?.state);
    expect(waiting).toBe('installed');
    await expect(prompt).toBeVisible();
    // Later: the new version keeps waiting, and the next visit offers it again.
    await prompt.getByRole('button', { name: 'Later' }).click();
    await expect(prompt).toHaveCount(0);
    await page.reload();
    await expect(prompt).toBeVisible();
    const reloaded = page.waitForEvent('load');
    await prompt.getByRole('button', { name: 'Reload' }).click();
    await reloaded;
    await expect(page.locator('main h2').first()).toBeVisible();
    await expect(page.getByRole('alertdialog', { name: 'Update available' })).toHaveCount(0);
    const kept = await page.evaluate(() => caches.keys());
    expect(kept).not.toContain('cineverse-images-v0');
    expect(kept).not.toContain('cineverse-api-v0');
    // The new version's precache and its image cache stay.
    expect(kept.some((name) => name.startsWith('workbox-precache'))).toBe(true);
  });
});

test.describe('contact offline', () => {
  test('a message written offline is kept on the device and sent once when the network returns', async ({
    page,
    context,
  }) => {
    await page.goto('/contact');
    await waitForServiceWorker(page);
    await context.setOffline(true);
    await page.reload();
    await page.getByLabel('Your Name').fill('Neha Joshi');
    await page.getByLabel('Email Address').fill('neha.joshi@example.in');
    await page.getByLabel('Your Message').fill('Written on a train with no signal.');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Your message is saved on this device' })).toBeVisible();
    await expect(page.getByTestId('pending-count')).toHaveText(' 1 change waiting to sync');
    await page.reload();
    await expect(page.getByTestId('pending-count')).toHaveText(' 1 change waiting to sync');

    const sends: number[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('/api/v1/contact')) sends.push(response.status());
    });
    await context.setOffline(false);
    await expect(page.getByTestId('sync-status')).toBeHidden();
    expect(sends).toEqual([201]);
  });

  test('offline, checkout says at once that ordering needs the network and that the cart is kept', async ({
    page,
    context,
  }) => {
    const shopper = await registerShopper(page.request);
    await signIn(page, shopper);
    const products = await page.request.get('/backend/api/getProduct?search=Film Strip Bookmark Pack');
    const bookmarks = ((await products.json()) as { data: { id: number }[] }).data[0]?.id;
    await apiAs(page.request, shopper.token, 'POST', '/addToCart', { product_id: bookmarks, quantity: 1 });
    await page.goto('/cart');
    await waitForServiceWorker(page);
    await expect(page.getByTestId('cart-total')).toHaveText('₹298');
    await context.setOffline(true);
    await page.getByRole('link', { name: 'Proceed to checkout' }).click();
    await expect(page.getByText(/Placing an order needs the network; your cart is kept/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Place order' })).toBeDisabled();
    await expect(page.getByLabel('Loading checkout')).toHaveCount(0);
    await context.setOffline(false);
    await expect(page.getByRole('button', { name: 'Place order' })).toBeEnabled();
  });
});

test.describe('offline reading', () => {
  test('a product and the store list seen online stay readable through failed refreshes and reloads', async ({
    page,
  }) => {
    // The page's clock is moved on below, so that what was seen becomes old enough to be refreshed.
    await page.clock.install();
    await page.goto('/shop');
    await waitForServiceWorker(page);
    await expect(page.locator('main article').first()).toBeVisible();
    await waitForPersistedCache(page, catalogKeys.list({}));
    await page.goto('/shop/2');
    await expect(page.getByRole('heading', { level: 1, name: 'Director’s Chair Hoodie' })).toBeVisible();
    await waitForPersistedCache(page, catalogKeys.product(2));

    // A network that takes requests and answers none (a train between stations): the browser still says online.
    const failures: string[] = [];
    page.on('requestfailed', (request) => failures.push(request.url()));
    await page.route('**/backend/api/**', (route) => route.abort('internetdisconnected'));
    for (let round = 0; round < 2; round += 1) {
      await page.clock.fastForward('05:00');
      const before = failures.length;
      await page.reload();
      // The refresh of the product and its retries all fail...
      await expect
        .poll(() => failures.slice(before).filter((url) => url.includes('/getProduct/2')).length)
        .toBeGreaterThanOrEqual(3);
      // ...and the product stays on screen.
      await expect(page.getByRole('heading', { level: 1, name: 'Director’s Chair Hoodie' })).toBeVisible();
      await expect(page.getByText(/was not opened on this device before/)).toHaveCount(0);
    }
    await page.goto('/shop');
    await expect(page.locator('main article').first()).toBeVisible();

    // A product never opened says so truthfully, with the way back to the store.
    await page.goto('/shop/20');
    await expect(page.getByText(/was not opened on this device before, so it is not saved here/)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to the store' })).toHaveAttribute('href', '/shop');
  });
});

test.describe('images offline', () => {
  test('an image the device has never seen shows the placeholder drawing offline, not a broken image', async ({
    page,
    context,
  }) => {
    await page.goto('/');
    await waitForServiceWorker(page);
    await context.setOffline(true);
    const drawn = await page.evaluate(
      (src) =>
        new Promise<{ width: number; height: number }>((resolve, reject) => {
          const image = new Image();
          image.onload = () => resolve({ width: image.naturalWidth, height: image.naturalHeight });
          image.onerror = () => reject(new Error('The image did not load'));
          image.src = src;
        }),
      `/backend/uploads/product/never-seen-${Date.now()}.jpg`,
    );
    // The placeholder is a 400 x 400 film-frame drawing.
    expect(drawn).toEqual({ width: 400, height: 400 });
  });
});
