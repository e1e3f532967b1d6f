import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { mailText } from '../support/smtp-sink';
import { apiAs, fillCheckoutAddress, productId, registerShopper, signIn, suiteInbox } from './shop-helpers';

/** Holds every cart write of the page until the returned function is called: a link too slow to deliver them. */
async function holdCartWrites(page: Page): Promise<() => void> {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const pattern = /\/api\/user\/v1\/(addToCart|cart\/\d+|removeFromCart\/\d+)$/;
  await page.route(pattern, async (route) => {
    await held;
    await route.continue();
  });
  // Released, the held writes go on and later ones pass straight through.
  return release;
}

test.describe('checkout', () => {
  test('a coupon on a cart edited several times on a slow link: the total at checkout is the total charged', async ({
    page,
  }) => {
    const shopper = await registerShopper(page.request);
    await signIn(page, shopper);
    const tote = await productId(page, 'Crew Call Sheet Tote');
    const bookmarks = await productId(page, 'Film Strip Bookmark Pack');
    await apiAs(page.request, shopper.token, 'POST', '/addToCart', { product_id: tote, quantity: 1 });
    await apiAs(page.request, shopper.token, 'POST', '/addToCart', { product_id: bookmarks, quantity: 1 });

    await page.goto('/cart?coupon=FIRSTTAKE');
    // ₹449 + ₹249 = ₹698, 10% off is ₹69.80: ₹628.20, paid as ₹628.
    await expect(page.getByText('FIRSTTAKE applied: you save ₹69.80')).toBeVisible();
    await expect(page.getByText('Round off')).toBeVisible();
    await expect(page.getByTestId('cart-total')).toHaveText('₹628');

    const release = await holdCartWrites(page);
    const bookmarkLine = page.getByRole('listitem').filter({ hasText: 'Film Strip Bookmark Pack' });
    await bookmarkLine.getByRole('button', { name: 'Increase quantity' }).click();
    await expect(page.getByText('Subtotal (3 items)')).toBeVisible();
    // The server has not got the edit: no discount is shown from the old cart.
    await expect(page.getByTestId('cart-total')).toHaveText('Recomputing…');
    await bookmarkLine.getByRole('button', { name: 'Increase quantity' }).click();
    await page
      .getByRole('listitem')
      .filter({ hasText: 'Crew Call Sheet Tote' })
      .getByRole('button', { name: 'Remove' })
      .click();
    await expect(page.getByText('Subtotal (3 items)')).toBeVisible();
    await expect(page.getByTestId('cart-total')).toHaveText('Recomputing…');
    release();

    // ₹747 with 10% off (₹74.70) is ₹672.30: ₹672 in cash.
    await expect(page.getByText('FIRSTTAKE applied: you save ₹74.70')).toBeVisible();
    await expect(page.getByTestId('cart-total')).toHaveText('₹672');
    await page.getByRole('link', { name: 'Proceed to checkout' }).click();
    await expect(page).toHaveURL(/\/checkout\?coupon=FIRSTTAKE/);
    await expect(page.getByTestId('cart-total')).toHaveText('₹672');
    await expect(page.getByRole('list', { name: 'Items in this order' })).toContainText('Film Strip Bookmark Pack × 3');
    await fillCheckoutAddress(page);
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(page.getByText('Thank you! Your order is placed.')).toBeVisible();
    await expect(page.getByText('Pay ₹672 in cash on delivery')).toBeVisible();
    await expect(page.getByTestId('order-total')).toHaveText('₹672');
    const orderId = Number(/\/orders\/(\d+)/.exec(page.url())?.[1]);
    const order = await apiAs<{ data: { total: number; discount: number; coupon_code: string } }>(
      page.request,
      shopper.token,
      'GET',
      `/orders/${orderId}`,
    );
    expect(order.data).toMatchObject({ total: 67_200, discount: 7_470, coupon_code: 'FIRSTTAKE' });
  });

  test('checkout says when an order placed now is expected, the order page says it again, and says when it is late', async ({
    page,
  }) => {
    const shopper = await registerShopper(page.request);
    await signIn(page, shopper);
    const bookmarks = await productId(page, 'Film Strip Bookmark Pack');
    await apiAs(page.request, shopper.token, 'POST', '/addToCart', { product_id: bookmarks, quantity: 1 });
    // Christmas Day, a Friday, in India: the shop dispatches from Mon 28 to Wed 30 December, and couriers do not
    // deliver on Sundays.
    await page.clock.setFixedTime(new Date('2026-12-25T06:00:00Z'));
    await page.goto('/checkout');
    await expect(page.getByTestId('delivery-estimate')).toHaveText(
      'Expected delivery: between Sat, 2 Jan and Mon, 11 Jan',
    );
    // Back to today, when the order is really placed.
    await page.clock.setFixedTime(new Date());
    await fillCheckoutAddress(page);
    await page.getByLabel('Full name').fill('Asha Rao');
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(page.getByText('Thank you! Your order is placed.')).toBeVisible();
    // The order's own estimate is the server's, from the day it was really placed.
    await expect(page.getByTestId('delivery-estimate')).toHaveText(
      /^Expected delivery: between (Mon|Tue|Wed|Thu|Fri|Sat), \d{1,2} [A-Z][a-z]{2,3} and (Mon|Tue|Wed|Thu|Fri|Sat), \d{1,2} [A-Z][a-z]{2,3}$/,
    );
    const orderPage = page.url();
    // Two months on, still not shipped: the page says it is late and offers to ask the team about this order.
    await page.clock.setFixedTime(new Date(Date.now() + 60 * 86_400_000));
    await page.goto(orderPage);
    const late = page.getByTestId('delivery-estimate');
    await expect(late).toHaveText(
      /^It was expected by (Mon|Tue|Wed|Thu|Fri|Sat), \d{1,2} [A-Z][a-z]{2,3}: we are sorry it is late\. Ask us about it$/,
    );
    await late.getByRole('link', { name: 'Ask us about it' }).click();
    await expect(page.getByLabel('Your Message')).toHaveValue(/^About order #\d+: $/);
  });

  test('on a phone: typing before the profile arrives is kept, errors get focus, the summary comes before ordering, the address is kept', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    const shopper = await registerShopper(page.request);
    await signIn(page, shopper);
    const bookmarks = await productId(page, 'Film Strip Bookmark Pack');
    await apiAs(page.request, shopper.token, 'POST', '/addToCart', { product_id: bookmarks, quantity: 2 });

    let releaseProfile: () => void = () => {};
    const held = new Promise<void>((resolve) => (releaseProfile = resolve));
    await page.route('**/api/user/v1/profile', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/checkout');
    // The form does not wait for the profile.
    const name = page.getByLabel('Full name');
    await name.fill('Asha Rao');
    releaseProfile();
    await expect(page.getByRole('checkbox', { name: 'Save this address to my profile' })).toBeChecked();
    await expect(name).toHaveValue('Asha Rao');

    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(page.getByLabel('Mobile number')).toBeFocused();

    const summary = await page.getByRole('region', { name: 'Order summary' }).boundingBox();
    const placeOrder = await page.getByRole('button', { name: 'Place order' }).boundingBox();
    expect(summary && placeOrder && summary.y + summary.height <= placeOrder.y).toBe(true);

    await fillCheckoutAddress(page);
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(page.getByText('Thank you! Your order is placed.')).toBeVisible();
    const profile = await apiAs<{ data: { addresses: { name: string; pincode: string }[] } }>(
      page.request,
      shopper.token,
      'GET',
      '/profile',
    );
    expect(profile.data.addresses).toMatchObject([{ name: 'Asha Rao', pincode: '411001' }]);
  });

  test('on a phone: a placed order is told at once by mail and in the notification centre, with no promise of an SMS', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    const shopper = await registerShopper(page.request);
    await signIn(page, shopper);
    const bookmarks = await productId(page, 'Film Strip Bookmark Pack');
    await apiAs(page.request, shopper.token, 'POST', '/addToCart', { product_id: bookmarks, quantity: 2 });
    await page.goto('/checkout');
    await page.getByLabel('Full name').fill('Asha Rao');
    await fillCheckoutAddress(page);
    await page.getByRole('button', { name: 'Place order' }).click();
    const confirmation = page.getByRole('status').filter({ hasText: 'Thank you! Your order is placed.' });
    await expect(confirmation).toContainText('We have emailed you the order details');
    await expect(confirmation).not.toContainText('SMS');
    const orderId = /\/orders\/(\d+)/.exec(page.url())?.[1];
    expect(orderId).toBeDefined();

    // The bell has it at once, without waiting for its next look or for staff to confirm.
    await page.getByRole('button', { name: /^Notifications, 1 unread$/ }).click();
    const centre = page.getByRole('dialog', { name: 'Notifications' });
    await expect(centre.getByRole('button', { name: new RegExp(`Order #${orderId} placed`) })).toBeVisible();

    // The mail lists what was ordered, where it goes, the total and when it should come.
    const subject = `Subject: Order #${orderId} placed`;
    const placedMail = async () =>
      (await suiteInbox()).find((mail) => mail.to.includes(shopper.email) && mail.raw.includes(subject));
    await expect.poll(placedMail, { timeout: 20_000, message: 'the Order placed mail' }).toBeDefined();
    const text = Buffer.from(mailText((await placedMail())!), 'latin1').toString('utf8');
    expect(text).toContain('2 × Film Strip Bookmark Pack');
    expect(text).toContain('12, Koregaon Park');
    expect(text).toContain('Pune, Maharashtra 411001');
    expect(text).toMatch(/Order total: ₹[\d,]+ \(cash on delivery\)/);
    expect(text).toMatch(/Expected delivery: between \d{1,2} [A-Z][a-z]{2} \d{4} and \d{1,2} [A-Z][a-z]{2} \d{4}/);
    expect(text).not.toContain('SMS');
  });
});
