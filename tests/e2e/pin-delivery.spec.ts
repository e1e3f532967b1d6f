import type { Page } from '@playwright/test';
import { estimateForTransit } from '../../src/contract/delivery';
import { DEFAULT_DELIVERY_SETTINGS } from '../../src/contract/pins';
import { OFFLINE_PINS } from '../../src/lib/delivery/offline-pins.gen';
import { expect, test } from './fixtures';
import { waitForServiceWorker } from './offline-helpers';
import { apiAs, productId, registerShopper, signIn } from './shop-helpers';

test.use({ viewport: { width: 360, height: 740 } });

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "Delivery by 4 Dec 2026" for an order placed now to a zone of the demo's transit days. */
function deliveryBy(zone: keyof typeof DEFAULT_DELIVERY_SETTINGS.transit): string {
  const [year, month, day] = estimateForTransit(new Date(), DEFAULT_DELIVERY_SETTINGS.transit[zone])
    .latest.split('-')
    .map(Number) as [number, number, number];
  return `Delivery by ${day} ${MONTHS[month - 1]} ${year}`;
}

async function checkPin(page: Page, pincode: string) {
  const box = page.getByTestId('pin-check');
  await box.getByRole('textbox', { name: 'PIN code' }).fill(pincode);
  await box.getByRole('button', { name: 'Check' }).click();
  return box.getByTestId('pin-answer');
}

test.describe('delivery to a PIN on a phone', () => {
  test('a product page answers a PIN\u2019s state, delivery date and cash on delivery', async ({ page }) => {
    const id = await productId(page, 'Golden Era Bollywood Poster Set');
    await page.goto(`/shop/${id}`);
    await expect(page.getByRole('heading', { name: 'Check delivery to your PIN' })).toBeVisible();

    const bengaluru = await checkPin(page, '560001');
    await expect(bengaluru).toContainText('Bengaluru, Karnataka · Metro to metro');
    await expect(bengaluru).toContainText(deliveryBy('metro'));
    await expect(bengaluru).toContainText('Cash on delivery available');

    const leh = await checkPin(page, '194101');
    await expect(leh).toContainText('Leh, Ladakh · Special region');
    await expect(leh).toContainText('Cash on delivery is not offered to this PIN code');

    await checkPin(page, '999999');
    await expect(page.getByText("This PIN code is not in India Post's directory")).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('pin-check-360.png'), fullPage: true });
  });

  test('offline, the service worker\u2019s copy of the PIN list answers', async ({ page, context }) => {
    const id = await productId(page, 'Golden Era Bollywood Poster Set');
    await page.goto(`/shop/${id}`);
    await waitForServiceWorker(page);
    // The compact copy is in the worker's precache of this build.
    const precached = await page.evaluate(
      async (start) => {
        const found: string[] = [];
        for (const name of await caches.keys()) {
          const cache = await caches.open(name);
          for (const request of await cache.keys()) {
            if (!request.url.endsWith('.js')) continue;
            const body = await (await cache.match(request))?.text();
            if (body?.includes(start)) found.push(request.url);
          }
        }
        return found;
      },
      OFFLINE_PINS.slice(0, 60),
    );
    expect(precached).toHaveLength(1);

    // Online once: the device keeps the PIN and the shop's transit days.
    await expect(await checkPin(page, '400001')).toContainText('Mumbai, Maharashtra · Within the city');
    await context.setOffline(true);
    const offline = await checkPin(page, '560001');
    await expect(offline).toContainText('Karnataka · Metro to metro');
    await expect(offline).toContainText(deliveryBy('metro'));
    await expect(offline).toContainText('You are offline');
    await context.setOffline(false);
  });

  test('typing a PIN at checkout fills the city and the state', async ({ page }) => {
    const shopper = await registerShopper(page.request);
    const poster = await productId(page, 'Golden Era Bollywood Poster Set');
    await apiAs(page.request, shopper.token, 'POST', '/addToCart', { product_id: poster, quantity: 1 });
    await signIn(page, shopper);
    await page.goto('/checkout');
    await page.getByRole('textbox', { name: 'PIN code' }).fill('560001');
    await expect(page.getByRole('combobox', { name: 'State' })).toHaveValue('Karnataka');
    await expect(page.getByLabel('City')).toHaveValue('Bengaluru');
    await page.screenshot({ path: test.info().outputPath('checkout-pin-360.png'), fullPage: true });
  });
});
