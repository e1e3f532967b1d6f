import type { APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import { FREE_SHIPPING_FROM, SHIPPING_FEE } from '../../src/contract/orders';
import { formatInr } from '../../src/lib/money';
import { expect, test } from './fixtures';
import { textCutOnScreen } from './layout-helpers';
import { signIn, USER_API } from './shop-helpers';

const manager = { email: 'shop@cineverse.in', password: 'Backstage@2026' };

test.use({ viewport: { width: 360, height: 740 } });

/** A 10-digit mobile number no other test uses: 9 and nine random digits. */
function newPhone(): string {
  return `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
}

/** A new shopper with `phone` places a cash-on-delivery order of one poster; its number. */
async function placeOrder(request: APIRequestContext, phone: string): Promise<number> {
  const email = `staff-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.in`;
  const registered = await request.post(`${USER_API}/register`, {
    data: { name: 'Kavya Shopper', email, password: 'Matinee-Show-42', phone },
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
  return ((await placed.json()) as { data: { id: number } }).data.id;
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

test.describe('the shop’s policies on a phone', () => {
  test('the shipping and return policies say what the shop does today', async ({ page }) => {
    await page.goto('/shipping-policy');
    const main = page.getByRole('main');
    await expect(main).toContainText(`Orders of ${formatInr(FREE_SHIPPING_FROM)} or more ship free`);
    await expect(main).toContainText(`${formatInr(SHIPPING_FEE)}`);
    await expect(main).toContainText('Cash on delivery is the only way to pay today');
    await expect(main).toContainText('by email');
    await expect(main).not.toContainText('SMS');
    expect(await textCutOnScreen(page)).toEqual([]);

    await page.goto('/refund-cancellation');
    await expect(main).toContainText('Cash on delivery is the only way to pay today');
    await expect(main).toContainText('UPI or bank transfer');
    await expect(main).not.toContainText(/card, net banking|wallet/);
  });
});
