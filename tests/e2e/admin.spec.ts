import fs from 'node:fs/promises';
import type { APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import { expect, test } from './fixtures';
import { textCutOnScreen } from './layout-helpers';
import { type SmtpSink, startSmtpSink } from '../support/smtp-sink';
import { startServerProcess, type ServerProcess } from './server-process';
import { demoShopper, signIn, signInAt, USER_API } from './shop-helpers';

const staffPassword = 'Backstage@2026';

test.describe('the back office', () => {
  test('a customer who opens /admin is refused, and a guest is asked to log in; search engines are told to keep out', async ({
    page,
  }) => {
    const answer = await page.request.get('/admin');
    expect(answer.headers()['x-robots-tag']).toBe('noindex, nofollow');

    await page.goto('/admin/orders');
    await expect(page).toHaveURL(/\/login\?redirect=/);

    await signIn(page, demoShopper);
    await page.goto('/admin');
    await expect(page.getByText('This page is for CineVerse staff')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Back office' })).toHaveCount(0);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
    // Even past the screens, the API refuses the customer.
    const token = await page.evaluate(() => window.localStorage.getItem('useAccessToken'));
    const call = await page.request.get('/backend/api/api/admin/v1/orders', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(call.status()).toBe(403);
  });

  test('an editor uploads a new first banner and a visitor’s home page shows it', async ({ page, browser }) => {
    await signIn(page, { email: 'editor@cineverse.in', password: staffPassword });
    await page.goto('/admin');
    const nav = page.getByRole('navigation', { name: 'Back office' });
    await expect(nav.getByRole('link', { name: 'Banners' })).toBeVisible();
    // An editor is not shown the shop's screens.
    await expect(nav.getByRole('link', { name: 'Orders' })).toHaveCount(0);
    await nav.getByRole('link', { name: 'Banners' }).click();

    const first = page.getByRole('listitem', { name: 'Banner 1' });
    await first.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change the banner' });
    const artwork = await sharp({ create: { width: 2000, height: 750, channels: 3, background: '#b3261e' } })
      .jpeg()
      .toBuffer();
    await dialog.locator('input[type="file"]').setInputFiles({
      name: 'monsoon-premiere.jpg',
      mimeType: 'image/jpeg',
      buffer: artwork,
    });
    const preview = dialog.getByRole('img', { name: 'Image: preview' });
    await expect(preview).toHaveAttribute('src', /\/backend\/uploads\/banner\/[0-9a-f]{32}\.webp$/);
    const uploaded = (await preview.getAttribute('src'))!.split('/').pop()!;
    await dialog.getByLabel('Description for people who cannot see it').fill('Monsoon premiere week at CineVerse');
    await dialog.getByRole('button', { name: 'Save banner' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(first).toContainText('Monsoon premiere week at CineVerse');

    // A visitor on another device: the server's rendered home page already has it, in three widths.
    const visitor = await browser.newContext();
    try {
      const home = await visitor.newPage();
      await home.goto(`${process.env.BASE_URL}/`);
      const banner = home.getByRole('img', { name: 'Monsoon premiere week at CineVerse' }).first();
      await expect(banner).toBeVisible();
      await expect(banner).toHaveAttribute('src', new RegExp(`/backend/uploads/banner/${uploaded}$`));
      await expect(banner).toHaveAttribute('srcset', /-400w\.webp 400w, .*-800w\.webp 800w, .*\.webp 1600w$/);
    } finally {
      await visitor.close();
    }
  });
});

test.describe('the shop and the directory from the back office', () => {
  test('on a phone, the products, coupons and orders lists show every status in full', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await signIn(page, { email: 'shop@cineverse.in', password: staffPassword });
    for (const [path, status] of [
      ['/admin/products', 'Visible'],
      ['/admin/coupons', 'Active'],
      ['/admin/orders', 'Delivered'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('main').getByText(status, { exact: true }).first()).toBeVisible();
      expect(await textCutOnScreen(page), path).toEqual([]);
    }
  });

  test('a shop manager adds a product: a price above the MRP is refused next to its field, then it is on sale', async ({
    page,
  }) => {
    await signIn(page, { email: 'shop@cineverse.in', password: staffPassword });
    await page.goto('/admin/products');
    await page.getByRole('link', { name: 'New product' }).click();
    const name = `Clapperboard Fridge Magnet ${Date.now()}`;
    await page.getByLabel('Name').fill(name);
    await page.getByLabel('Category').selectOption('Collectibles');
    await page.getByLabel('MRP (₹)').fill('299');
    await page.getByLabel('Price (₹)').fill('349');
    await page.getByLabel('Stock').fill('25');
    const photo = await sharp({ create: { width: 900, height: 900, channels: 3, background: '#222222' } })
      .png()
      .toBuffer();
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'magnet.png', mimeType: 'image/png', buffer: photo });
    await expect(page.getByRole('img', { name: 'Image 1 (cover)' })).toBeVisible();
    await page.getByRole('button', { name: 'Add product' }).click();
    const price = page.getByLabel('Price (₹)');
    await expect(price).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText(/price/i).filter({ hasText: /MRP/ }).first()).toBeVisible();

    await price.fill('249');
    await page.getByRole('button', { name: 'Add product' }).click();
    await expect(page).toHaveURL(/\/admin\/products\/\d+$/);
    await expect(page.getByRole('heading', { name })).toBeVisible();

    const editPage = page.url();
    await page.goto(`/shop?search=${encodeURIComponent(name)}`);
    await expect(page.getByRole('link', { name }).first()).toBeVisible();

    // Deleted after a confirmation (it was never ordered, so it goes): the shop no longer lists it.
    await page.goto(editPage);
    await page.getByRole('button', { name: 'Delete product' }).click();
    await page
      .getByRole('dialog', { name: `Delete ${name}?` })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(page).toHaveURL(/\/admin\/products$/);
    // The store no longer lists it. (Asked of the server: this browser's own copy of the list it saw a moment ago
    // may show it for up to a minute, as any list seen stays readable.)
    const listed = await page.request.get(`/backend/api/getProduct?search=${encodeURIComponent(name)}`);
    expect(((await listed.json()) as { data: { name: string }[] }).data).toEqual([]);
  });

  test('a shop manager exports the delivered orders as CSV, and narrows the list to the days chosen', async ({
    page,
  }) => {
    await signIn(page, { email: 'shop@cineverse.in', password: staffPassword });
    await page.goto('/admin/orders');
    await page.getByLabel('Status').getByText('Delivered', { exact: true }).click();
    await expect(page).toHaveURL(/status=delivered/);
    const orders = page.getByRole('list', { name: 'Orders' }).getByRole('listitem');
    await expect(orders.first()).toContainText('Delivered');
    await expect(orders.filter({ hasNotText: 'Delivered' })).toHaveCount(0);
    const shown = await orders.count();

    const saving = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const download = await saving;
    expect(download.suggestedFilename()).toBe('cineverse-orders.csv');
    const lines = (await fs.readFile(await download.path(), 'utf8')).trim().split('\r\n');
    expect(lines[0]).toMatch(/^"Order","Placed \(India\)","Status","Shopper","Email",/);
    expect(lines).toHaveLength(shown + 1);
    expect(lines.slice(1).every((line) => line.split(',')[2] === '"delivered"')).toBe(true);
    expect(lines.join('\n')).toContain('"meera@cineverse.in"');

    // Days with no orders: the list says so, and the address keeps the choice.
    await page.getByLabel('Placed from').fill('2099-01-01');
    await expect(page).toHaveURL(/from=2099-01-01/);
    await expect(page.getByText('No orders match.')).toBeVisible();
  });

  test('an editor adds a CineNews item and moves it to the top; the home data lists it first', async ({ page }) => {
    const token = await signIn(page, { email: 'editor@cineverse.in', password: staffPassword });
    await page.goto('/admin/content/sections?type=Cine%20News');
    await page.getByRole('button', { name: 'Add item' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add item' });
    const name = `Premiere night in Pune ${Date.now()}`;
    await dialog.getByLabel('Title').fill(name);
    await dialog.getByRole('button', { name: 'Add item' }).click();
    await expect(dialog).toHaveCount(0);

    const entries = page.getByRole('list', { name: 'In order' }).getByRole('listitem');
    const added = page.getByRole('listitem', { name });
    await expect(added).toBeVisible();
    const indexOfAdded = () =>
      entries.evaluateAll(
        (items, wanted) => items.findIndex((item) => item.getAttribute('aria-label') === wanted),
        name,
      );
    // A new item goes last; the editor moves it up to the top, one place at a time.
    for (let index = await indexOfAdded(); index > 0; index -= 1) {
      await added.getByRole('button', { name: 'Move up' }).click();
      await expect.poll(indexOfAdded).toBe(index - 1);
    }

    const home = (await (await page.request.get('/backend/api/getHomeData')).json()) as {
      sectionList: { type: string; data: { title: string }[] }[];
    };
    expect(home.sectionList.find((section) => section.type === 'Cine News')?.data[0]?.title).toBe(name);

    // The home page's other tests expect the seeded items: the editor deletes the one added.
    const admin = '/backend/api/api/admin/v1/sections/cine-news/items';
    const headers = { authorization: `Bearer ${token}` };
    const items = (await (await page.request.get(admin, { headers })).json()) as {
      data: { id: number; title: string }[];
    };
    const added_ = items.data.find((item) => item.title === name);
    expect(added_).toBeDefined();
    expect((await page.request.delete(`${admin}/${added_!.id}`, { headers })).status()).toBe(200);
  });
});

/** A server of its own, which sends its mail through SMTP to a server in this test process. */
test.describe('shipping from a phone', () => {
  let smtp: SmtpSink;
  let server: ServerProcess;

  test.beforeAll(async () => {
    smtp = await startSmtpSink();
    server = await startServerProcess({ SKIP_BUILD: '1', SMTP_URL: smtp.url });
  });
  test.afterAll(async () => {
    await server?.stop();
    await smtp?.close();
  });

  async function placeOrder(request: APIRequestContext) {
    const email = `phone-${Date.now()}@example.in`;
    const password = 'Matinee-Show-42';
    const registered = await request.post(`${server.url}${USER_API}/register`, {
      data: { name: 'Kavya Shopper', email, password },
    });
    const { token } = (await registered.json()) as { token: string };
    const headers = { authorization: `Bearer ${token}` };
    const products = (await (
      await request.get(`${server.url}/backend/api/getProduct?search=${encodeURIComponent('Golden Era')}`)
    ).json()) as { data: { id: number }[] };
    await request.post(`${server.url}${USER_API}/addToCart`, {
      headers,
      data: { product_id: products.data[0]!.id, quantity: 1 },
    });
    const placed = await request.post(`${server.url}${USER_API}/completeOrder`, {
      headers,
      data: {
        address: {
          name: 'Kavya Shopper',
          phone: '9876501234',
          line1: '7 Carter Road',
          city: 'Mumbai',
          state: 'Maharashtra',
          pincode: '400050',
        },
        payment_method: 'cod',
      },
    });
    expect(placed.status()).toBe(201);
    return { email, password, orderId: ((await placed.json()) as { data: { id: number } }).data.id };
  }

  test('a manager finds an order and ships it with a tracking ID on a 360 px phone; the shopper sees it and the mail arrives', async ({
    page,
    browser,
  }) => {
    const shopper = await placeOrder(page.request);
    await page.setViewportSize({ width: 360, height: 740 });
    await signInAt(page, server.url, { email: 'shop@cineverse.in', password: staffPassword });
    await page.goto(`${server.url}/admin`);
    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Orders' }).click();
    await page.getByLabel('Find an order').fill(String(shopper.orderId));
    await page.getByLabel('Find an order').press('Enter');
    await page
      .getByRole('list', { name: 'Orders' })
      .getByRole('link', { name: `Order #${shopper.orderId}` })
      .click();
    await expect(page.getByRole('heading', { name: `Order #${shopper.orderId}` })).toBeVisible();

    await page.getByRole('button', { name: 'Confirm order' }).click();
    await expect(page.getByTestId('order-status')).toHaveText('Confirmed');
    // Shipping needs the courier's tracking ID: refused without it, with the reason next to the field.
    await page.getByRole('combobox', { name: 'Courier' }).fill('Delhivery');
    await page.getByRole('button', { name: 'Mark as shipped' }).click();
    await expect(page.getByText('Enter the tracking ID')).toBeVisible();
    await page.getByLabel('Tracking ID').fill('DLV9988776655');
    await page.getByLabel('Tracking link').fill('https://www.delhivery.com/track/package/DLV9988776655');
    await page.getByRole('button', { name: 'Mark as shipped' }).click();
    await expect(page.getByTestId('order-status')).toHaveText('Shipped');
    await expect(page.getByRole('button', { name: 'Mark as delivered' })).toBeVisible();
    // Nothing wider than the phone's screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    const shopperContext = await browser.newContext();
    try {
      const shopperPage = await shopperContext.newPage();
      await signInAt(shopperPage, server.url, shopper);
      await shopperPage.goto(`${server.url}/orders/${shopper.orderId}`);
      const tracking = shopperPage.getByTestId('order-tracking');
      await expect(tracking).toContainText('Courier: Delhivery');
      await expect(tracking).toContainText('Tracking ID: DLV9988776655');
    } finally {
      await shopperContext.close();
    }

    await expect
      .poll(() => smtp.received.find((mail) => mail.to.includes(shopper.email) && mail.raw.includes('DLV9988776655')), {
        timeout: 20_000,
      })
      .toBeTruthy();
  });
});
