import { expect, test } from './fixtures';
import { textCutOnScreen } from './layout-helpers';
import { apiAs, productId, registerShopper, signIn } from './shop-helpers';

test.use({ viewport: { width: 360, height: 740 } });

test('on a phone: buy a size M tee with UPI on the gateway’s page, close the tab before coming back, and find the order paid', async ({
  page,
  context,
}) => {
  const shopper = await registerShopper(page.request);
  await signIn(page, shopper);
  const tee = await productId(page, 'Clapperboard Classic Tee');
  await page.goto(`/shop/${tee}`);
  await page.getByRole('radiogroup', { name: 'Size' }).locator('label', { hasText: /^M$/ }).click();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByText('Clapperboard Classic Tee (M) is in your cart')).toBeVisible();
  await page.goto('/checkout');
  await expect(page.getByRole('list', { name: 'Items in this order' })).toContainText(
    'Clapperboard Classic Tee (M) × 1',
  );
  await page.getByLabel('Full name').fill('Asha Rao');
  await page.getByLabel('Mobile number').fill('9820012345');
  await page.getByLabel('Address line 1').fill('12, Film City Road');
  await page.getByLabel('City').fill('Mumbai');
  await page.getByLabel('PIN code').fill('400065');
  // The PIN fills the state.
  await expect(page.getByRole('combobox', { name: 'State' })).toHaveValue('Maharashtra');
  await page.getByRole('radio', { name: 'UPI, card or net banking' }).check();
  await page.getByRole('button', { name: 'Place order' }).click();

  // The gateway's own page, on its own address.
  await expect(page.getByRole('heading', { name: /^Pay ₹599\.00$/ })).toBeVisible();
  await page.getByRole('radio', { name: 'UPI' }).check();
  await page.getByRole('button', { name: /^Pay ₹/ }).click();
  await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
  const callback = await page.locator('form').getAttribute('action');
  const orderId = Number(new URL(callback!).searchParams.get('order'));
  expect(orderId).toBeGreaterThan(0);
  // The tab is closed before the browser posts the callback back to the shop.
  await page.close();

  const later = await context.newPage();
  await later.goto(`/orders/${orderId}`);
  await expect(later.getByTestId('order-status')).toHaveText('Placed');
  const payment = later.getByTestId('order-payment');
  await expect(payment.getByTestId('payment-status')).toHaveText('Paid');
  await expect(payment).toContainText('UPI');
  await expect(payment).toContainText(/pay_[A-Za-z0-9]{14}/);
  await expect(later.getByText('Size M', { exact: true })).toBeVisible();
  expect(await textCutOnScreen(later)).toEqual([]);
  await later.screenshot({ path: test.info().outputPath('order-paid-360.png'), fullPage: true });
});

test('on a phone, in Hindi and dark: checkout offers UPI, card or net banking, and an order waiting for its payment says until when', async ({
  page,
}) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  const shopper = await registerShopper(page.request);
  await signIn(page, shopper);
  const poster = await productId(page, 'Golden Era Bollywood Poster Set');
  await apiAs(page.request, shopper.token, 'POST', '/addToCart', { product_id: poster, quantity: 1 });
  await page.goto('/hi/checkout');
  const online = page.getByRole('radio', { name: 'UPI, कार्ड या नेट बैंकिंग' });
  await expect(online).toBeVisible();
  expect(await textCutOnScreen(page)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('checkout-hi-dark-360.png'), fullPage: true });
  // An order left waiting (the shopper came back from the gateway's page without paying).
  const placed = await apiAs<{ data: { id: number } }>(page.request, shopper.token, 'POST', '/completeOrder', {
    address: {
      name: 'Asha Rao',
      phone: '9820012345',
      line1: '12, Film City Road',
      line2: '',
      city: 'Mumbai',
      state: 'Maharashtra',
      pincode: '400065',
    },
    payment_method: 'online',
  });
  await page.goto(`/hi/orders/${placed.data.id}`);
  const payment = page.getByTestId('order-payment');
  await expect(payment.getByTestId('payment-status')).toHaveText('भुगतान का इंतज़ार');
  await expect(payment.getByRole('button', { name: 'अभी ₹1,299 चुकाएँ' })).toBeVisible();
  expect(await textCutOnScreen(page)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('order-waiting-hi-dark-360.png'), fullPage: true });
});
