import type { APIRequestContext, Page } from '@playwright/test';
import sharp from 'sharp';
import { FREE_SHIPPING_FROM, SHIPPING_FEE } from '../../src/contract/orders';
import { formatInr } from '../../src/lib/money';
import { expect, test } from './fixtures';
import { textCutOnScreen } from './layout-helpers';
import { signIn, signInAt, USER_API } from './shop-helpers';

const manager = { email: 'shop@cineverse.in', password: 'Backstage@2026' };

test.use({ viewport: { width: 360, height: 740 } });

/** A 10-digit mobile number no other test uses: 9 and nine random digits. */
function newPhone(): string {
  return `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
}

/** A new shopper with `phone` places a cash-on-delivery order of one poster; its number. */
async function placeOrder(request: APIRequestContext, phone: string): Promise<number> {
  return (await placeOrderAs(request, phone)).id;
}

/** As placeOrder, with the shopper's sign-in too. */
async function placeOrderAs(
  request: APIRequestContext,
  phone: string,
): Promise<{ id: number; shopper: { email: string; password: string } }> {
  const email = `staff-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.in`;
  const password = 'Matinee-Show-42';
  const registered = await request.post(`${USER_API}/register`, {
    data: { name: 'Kavya Shopper', email, password, phone },
  });
  expect(registered.status()).toBe(201);
  const headers = { authorization: `Bearer ${((await registered.json()) as { token: string }).token}` };
  const products = (await (
    await request.get(`/backend/api/getProduct?search=${encodeURIComponent('Golden Era')}`)
  ).json()) as {
    data: { id: number }[];
  };
  expect(
    (
      await request.post(`${USER_API}/addToCart`, { headers, data: { product_id: products.data[0]!.id, quantity: 1 } })
    ).ok(),
  ).toBe(true);
  const placed = await request.post(`${USER_API}/completeOrder`, {
    headers,
    data: {
      address: {
        name: 'Kavya Shopper',
        phone,
        line1: '7 Carter Road',
        city: 'Mumbai',
        state: 'Maharashtra',
        pincode: '400050',
      },
      payment_method: 'cod',
    },
  });
  expect(placed.status()).toBe(201);
  return { id: ((await placed.json()) as { data: { id: number } }).data.id, shopper: { email, password } };
}

test.describe('the back office on a phone', () => {
  test('a product’s category is picked from the list; a new one is added on purpose and only once, whatever its case', async ({
    page,
  }) => {
    await signIn(page, manager);
    await page.goto('/admin/products/new');
    const name = `Clapper Keyring ${Date.now()}`;
    await page.getByLabel('Name').fill(name);
    await page.getByLabel('Category').selectOption('Collectibles');
    // A category that is there already, typed again in other letters, is refused next to the field.
    await page.getByRole('button', { name: 'New category' }).click();
    const fresh = page.getByLabel('New category name');
    await fresh.fill('collectibles');
    await page.getByLabel('MRP (₹)').fill('199');
    await page.getByLabel('Price (₹)').fill('149');
    await page.getByLabel('Stock').fill('5');
    const photo = await sharp({ create: { width: 600, height: 600, channels: 3, background: '#333333' } })
      .png()
      .toBuffer();
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'keyring.png', mimeType: 'image/png', buffer: photo });
    await expect(page.getByRole('img', { name: 'Image 1 (cover)' })).toBeVisible();
    await page.getByRole('button', { name: 'Add product' }).click();
    await expect(fresh).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('There is already a category “Collectibles”: pick it from the list')).toBeVisible();
    await expect(fresh).toBeFocused();
    expect(await textCutOnScreen(page)).toEqual([]);

    // Back to the list: the existing category is saved as it is spelt.
    await page.getByRole('button', { name: 'Pick from the list' }).click();
    await page.getByLabel('Category').selectOption('Collectibles');
    await page.getByRole('button', { name: 'Add product' }).click();
    await expect(page).toHaveURL(/\/admin\/products\/\d+$/);
    await expect(page.getByLabel('Category')).toHaveValue('Collectibles');

    // Never ordered, so it goes: the other tests see the shop as seeded.
    await page.getByRole('button', { name: 'Delete product' }).click();
    await page
      .getByRole('dialog', { name: `Delete ${name}?` })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(page).toHaveURL(/\/admin\/products$/);
  });

  test('a coupon whose window has ended shows Expired, and one that would already have ended is refused', async ({
    page,
  }) => {
    await signIn(page, manager);
    await page.goto('/admin/coupons');
    const premiere = page.getByRole('row').filter({ hasText: 'PREMIERE2025' });
    await expect(premiere.getByText('Expired', { exact: true })).toBeInViewport();
    expect(await textCutOnScreen(page)).toEqual([]);

    await page.getByRole('button', { name: 'New coupon' }).click();
    const dialog = page.getByRole('dialog', { name: 'New coupon' });
    await dialog.getByLabel('Code').fill(`GONE${Date.now()}`);
    await dialog.getByRole('textbox', { name: 'Percent off' }).fill('10');
    await dialog.getByLabel('Ends (optional)').fill('2020-01-01T10:00');
    await dialog.getByRole('button', { name: 'Add coupon' }).click();
    const ends = dialog.getByLabel('Ends (optional)');
    await expect(ends).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByText('This end has passed: a coupon must end in the future')).toBeVisible();
    await expect(dialog).toBeVisible();
  });

  test('order search finds a phone however it is written, and an order number first', async ({ page }) => {
    const phone = newPhone();
    const wanted = await placeOrder(page.request, phone);
    // A newer order whose shopper's phone holds the number: the order itself still comes first.
    await placeOrder(page.request, `9${String(wanted).padStart(9, '7')}`);

    await signIn(page, manager);
    await page.goto('/admin/orders');
    const search = page.getByLabel('Find an order');
    const first = page.getByRole('list', { name: 'Orders' }).getByRole('listitem').first();
    for (const written of [
      `+91 ${phone.slice(0, 5)} ${phone.slice(5)}`,
      `0${phone.slice(0, 5)} ${phone.slice(5)}`,
      phone,
      `#${wanted}`,
      String(wanted),
    ]) {
      await search.fill(written);
      await search.press('Enter');
      await expect(first.getByRole('link', { name: `Order #${wanted}`, exact: true }), written).toBeVisible();
    }
  });

  test('a shopper’s phone on their order is a call and a WhatsApp link', async ({ page }) => {
    const phone = newPhone();
    const orderId = await placeOrder(page.request, phone);
    await signIn(page, manager);
    await page.goto(`/admin/orders/${orderId}`);
    await expect(page.getByRole('link', { name: `Call ${phone}` }).first()).toHaveAttribute('href', `tel:+91${phone}`);
    await expect(page.getByRole('link', { name: `WhatsApp ${phone}` }).first()).toHaveAttribute(
      'href',
      `https://wa.me/91${phone}`,
    );
    expect(await textCutOnScreen(page)).toEqual([]);
  });

  test('shipping names every missing detail at once, writes the courier’s tracking link and puts https:// before a bare one', async ({
    page,
  }) => {
    const orderId = await placeOrder(page.request, newPhone());
    await signIn(page, manager);
    await page.goto(`/admin/orders/${orderId}`);
    await page.getByRole('button', { name: 'Confirm order' }).click();
    await expect(page.getByTestId('order-status')).toHaveText('Confirmed');

    const courier = page.getByRole('combobox', { name: 'Courier' });
    await page.getByRole('button', { name: 'Mark as shipped' }).click();
    await expect(page.getByText('Choose or enter the courier')).toBeVisible();
    await expect(page.getByText('Enter the tracking ID')).toBeVisible();
    await expect(courier).toBeFocused();

    // The courier's whole name typed: its tracking link is written as when it is picked from the list. (Deep in a
    // full run the list stayed open but was not drawn, whatever was tapped; the cause is not found yet.)
    await courier.fill('Delhivery');
    await page.getByLabel('Tracking ID').fill('DLV4455667788');
    const link = page.getByLabel('Tracking link');
    await expect(link).toHaveValue('https://www.delhivery.com/track/package/DLV4455667788');
    // A bare address gets https:// in front.
    await link.fill('www.delhivery.com/track/package/DLV4455667788');
    await link.blur();
    await expect(link).toHaveValue('https://www.delhivery.com/track/package/DLV4455667788');
    expect(await textCutOnScreen(page)).toEqual([]);
    await page.getByRole('button', { name: 'Mark as shipped' }).click();
    await expect(page.getByTestId('order-status')).toHaveText('Shipped');
  });

  test('Mark as delivered asks first, and Not yet leaves the order shipped', async ({ page }) => {
    const orderId = await placeOrder(page.request, newPhone());
    const token = await signIn(page, manager);
    for (const move of [{ to: 'confirmed' }, { to: 'shipped', courier: 'Blue Dart', tracking_id: 'BD123456789IN' }]) {
      const moved = await page.request.post(`/backend/api/api/admin/v1/orders/${orderId}/transition`, {
        headers: { authorization: `Bearer ${token}` },
        data: move,
      });
      expect(moved.status()).toBe(200);
    }
    await page.goto(`/admin/orders/${orderId}`);
    await expect(page.getByTestId('order-status')).toHaveText('Shipped');
    await page.getByRole('button', { name: 'Mark as delivered' }).click();
    const ask = page.getByRole('dialog', { name: `Mark order #${orderId} as delivered?` });
    await ask.getByRole('button', { name: 'Not yet' }).click();
    await expect(ask).toHaveCount(0);
    await expect(page.getByTestId('order-status')).toHaveText('Shipped');
    await page.getByRole('button', { name: 'Mark as delivered' }).click();
    await ask.getByRole('button', { name: 'Yes, it was delivered' }).click();
    await expect(page.getByTestId('order-status')).toHaveText('Delivered');
  });
});

/** Each screen opens at its Hindi address with its Hindi heading and button, nothing cut, in both schemes. */
async function readsInHindi(
  page: Page,
  screens: { path: string; heading: string; button?: string; link?: string }[],
): Promise<void> {
  for (const screen of screens) {
    await page.goto(screen.path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(screen.heading);
    if (screen.button) await expect(page.getByRole('button', { name: screen.button })).toBeVisible();
    if (screen.link) await expect(page.getByRole('link', { name: screen.link })).toBeVisible();
    expect(await textCutOnScreen(page), screen.path).toEqual([]);
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      const name = screen.path.slice(4).replaceAll('/', '-');
      await page.screenshot({ path: test.info().outputPath(`${name}-hi-360-${colorScheme}.png`), fullPage: true });
    }
  }
}

test.describe('the back office in Hindi on a phone', () => {
  test('a manager reads the orders and an order in Hindi, and the shopper reads the order’s status in Hindi', async ({
    page,
    browser,
    baseURL,
  }) => {
    const origin = baseURL!;
    const { id: orderId, shopper } = await placeOrderAs(page.request, newPhone());

    // The shopper's own order page names the status in the page's language.
    const phone = await browser.newContext({ viewport: { width: 360, height: 740 } });
    try {
      const mine = await phone.newPage();
      await signInAt(mine, origin, shopper);
      await mine.goto(`${origin}/hi/orders/${orderId}`);
      await expect(mine.getByRole('heading', { level: 1 })).toHaveText(`ऑर्डर #${orderId}`);
      await expect(mine.getByTestId('order-status')).toHaveText('ऑर्डर हुआ');
      await mine.goto(`${origin}/orders/${orderId}`);
      await expect(mine.getByTestId('order-status')).toHaveText('Placed');
    } finally {
      await phone.close();
    }

    await signIn(page, manager);
    await readsInHindi(page, [
      { path: '/hi/admin/orders', heading: 'ऑर्डर', button: 'CSV डाउनलोड करें' },
      { path: `/hi/admin/orders/${orderId}`, heading: `ऑर्डर #${orderId}`, button: 'ऑर्डर कन्फ़र्म करें' },
    ]);
  });

  test('a manager moves an order on from its Hindi page, and shipping names its missing details in Hindi', async ({
    page,
  }) => {
    const orderId = await placeOrder(page.request, newPhone());
    await signIn(page, manager);
    await page.goto(`/hi/admin/orders/${orderId}`);
    await page.getByRole('button', { name: 'ऑर्डर कन्फ़र्म करें' }).click();
    await expect(page.getByTestId('order-status')).toHaveText('कन्फ़र्म हुआ');
    await page.getByRole('button', { name: 'भेजा गया दर्ज करें' }).click();
    await expect(page.getByText('कूरियर चुनें या उसका नाम लिखें')).toBeVisible();
    await expect(page.getByText('ट्रैकिंग आईडी लिखें')).toBeVisible();
    expect(await textCutOnScreen(page)).toEqual([]);
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await page.screenshot({ path: test.info().outputPath(`admin-order-shipping-hi-360-${colorScheme}.png`) });
    }
  });

  test('a manager reads the products, a new product’s form and the coupons in Hindi', async ({ page }) => {
    await signIn(page, manager);
    await readsInHindi(page, [
      { path: '/hi/admin/products', heading: 'सामान', link: 'नया सामान' },
      { path: '/hi/admin/products/new', heading: 'नया सामान', button: 'सामान जोड़ें' },
      { path: '/hi/admin/coupons', heading: 'कूपन', button: 'नया कूपन' },
    ]);
  });

  test('an editor reads the banners, the home sections and the site settings in Hindi', async ({ page }) => {
    await signIn(page, { email: 'editor@cineverse.in', password: manager.password });
    await readsInHindi(page, [
      { path: '/hi/admin/content/banners', heading: 'बैनर', button: 'बैनर जोड़ें' },
      { path: '/hi/admin/content/sections', heading: 'होम पेज के सेक्शन', button: 'आइटम जोड़ें' },
      { path: '/hi/admin/settings', heading: 'साइट की सेटिंग', button: 'सेटिंग सहेजें' },
    ]);
  });
});

test.describe('the shop’s policies on a phone', () => {
  test('the shipping and return policies say what the shop does today', async ({ page }) => {
    await page.goto('/shipping-policy');
    const main = page.getByRole('main');
    await expect(main).toContainText(`Orders of ${formatInr(FREE_SHIPPING_FROM)} or more ship free`);
    await expect(main).toContainText(`${formatInr(SHIPPING_FEE)}`);
    await expect(main).toContainText('You can pay by UPI, card or net banking or cash on delivery.');
    await expect(main).toContainText('by email');
    await expect(main).not.toContainText('SMS');
    expect(await textCutOnScreen(page)).toEqual([]);

    await page.goto('/refund-cancellation');
    await expect(main).toContainText('You can pay by UPI, card or net banking or cash on delivery.');
    await expect(main).toContainText('UPI or bank transfer');
    await expect(main).not.toContainText(/card, net banking|wallet/);
  });
});
