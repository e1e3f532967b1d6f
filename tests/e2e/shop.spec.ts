import type { Page } from '@playwright/test';
import { accountKeys } from '../../src/lib/shop-query-keys';
import { expect, test } from './fixtures';
import { textCutOnScreen } from './layout-helpers';
import { forgetSavedQueries } from './offline-helpers';
import { apiAs, orderMovedByTheShop, productId, registerShopper, signIn, USER_API } from './shop-helpers';

/** Holds the signed-in user's profile back until the returned function is called. */
async function holdProfile(page: Page): Promise<() => void> {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/user/v1/profile', async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/**
 * Removes the profile from the query cache saved on the device, keeping the cart and wishlist there: the next load
 * then has the lines at once and waits for the profile. (Whether the app had saved the profile before the last
 * navigation depends on its one-write-a-second throttle.)
 */
async function forgetProfileOnDevice(page: Page): Promise<void> {
  await page.goto('/robots.txt');
  await forgetSavedQueries(page, accountKeys.profile());
}

test.describe('storefront', () => {
  test('a new shopper registers, searches, adds to cart, applies a coupon, pays on delivery and cancels', async ({
    page,
  }) => {
    // A guest opening the cart is sent to log in and comes back afterwards.
    await page.goto('/cart');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fcart/);
    await page.getByRole('link', { name: 'Create an account' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();
    const email = `journey-${Date.now()}@example.in`;
    await page.getByLabel('Name').fill('Farhan Qureshi');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('textbox', { name: 'Password' }).fill('Jump-Cut-Rule-88');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByText('Your cart is empty.')).toBeVisible();
    const token = await page.evaluate(() => window.localStorage.getItem('useAccessToken'));
    expect(token).toBeTruthy();

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Shop' }).click();
    await page.getByLabel('Search products').fill('poster');
    await expect(page).toHaveURL(/search=poster/);
    const card = page.locator('main article').filter({ hasText: 'Golden Era Bollywood Poster Set' });
    // The whole Posters & Art category.
    await expect(page.locator('main article')).toHaveCount(4);
    await expect(page.getByText('4 products match your search')).toBeVisible();
    await card.getByRole('link').click();
    await expect(page.getByRole('heading', { level: 1, name: 'Golden Era Bollywood Poster Set' })).toBeVisible();
    await expect(page.getByText('₹1,299', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Increase quantity' }).click();
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(page.getByRole('link', { name: 'Cart, 2 items' })).toBeVisible();
    // The toast shows at the top right, under the header: the cart button stays free to press.
    const toast = page.getByRole('alert').filter({ hasText: 'Added to cart' });
    await expect(toast).toBeVisible();
    // (Measured against the buttons, not the whole header, which grows by the sync strip while the add is sent.)
    for (const button of [
      page.getByRole('link', { name: 'Cart, 2 items' }),
      page.getByRole('button', { name: 'Account menu' }),
    ]) {
      const box = await button.boundingBox();
      expect((await toast.boundingBox())?.y).toBeGreaterThanOrEqual((box?.y ?? 0) + (box?.height ?? 0));
    }

    await page.getByRole('link', { name: 'Cart, 2 items' }).click();
    await expect(page.getByText('Subtotal (2 items)')).toBeVisible();
    await expect(page.getByTestId('cart-total')).toHaveText('₹2,598');
    await page.getByRole('button', { name: 'Decrease quantity' }).click();
    await expect(page.getByTestId('cart-total')).toHaveText('₹1,299');
    await page.getByLabel('Coupon code').fill('NOPE');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByText('There is no coupon with the code NOPE')).toBeVisible();
    await page.getByLabel('Coupon code').fill('flat150');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByText('FLAT150 applied: you save ₹150')).toBeVisible();
    await expect(page.getByTestId('cart-total')).toHaveText('₹1,149');

    await page.getByRole('link', { name: 'Proceed to checkout' }).click();
    await expect(page).toHaveURL(/\/checkout\?coupon=FLAT150/);
    await expect(page.getByLabel('Full name')).toHaveValue('Farhan Qureshi');
    const phone = page.getByLabel('Mobile number');
    await phone.fill('12345');
    await phone.blur();
    await expect(page.getByText('Phone must be a 10-digit mobile number')).toBeVisible();
    await phone.fill('98201 23456');
    await page.getByLabel('Address line 1').fill('7, Pali Hill');
    await page.getByLabel('City').fill('Mumbai');
    const pin = page.getByLabel('PIN code');
    await pin.fill('040005');
    await pin.blur();
    await expect(page.getByText('PIN code must be 6 digits and cannot start with 0')).toBeVisible();
    await pin.fill('400050');
    // The PIN fills the state.
    await expect(page.getByRole('combobox', { name: 'State' })).toHaveValue('Maharashtra');
    await expect(page.getByRole('radio', { name: 'Cash on delivery' })).toBeChecked();
    await page.getByRole('button', { name: 'Place order' }).click();

    await expect(page.getByText('Thank you! Your order is placed.')).toBeVisible();
    await expect(page.getByText('Pay ₹1,149 in cash on delivery')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Cart, 0 items' })).toBeVisible();
    const orderId = Number(/\/orders\/(\d+)/.exec(page.url())?.[1]);

    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Orders' }).click();
    const row = page.getByRole('link', { name: new RegExp(`Order #${orderId}`) });
    await expect(row).toContainText('Placed');
    await expect(row).toContainText('₹1,149');
    await row.click();
    await page.getByRole('button', { name: 'Cancel order' }).click();
    await page.getByRole('button', { name: 'Yes, cancel it' }).click();
    await expect(page.getByTestId('order-status')).toHaveText('Cancelled');
    await expect(page.getByRole('list', { name: 'Order history' }).getByRole('listitem')).toHaveText([
      /^Placed/,
      /^Cancelled/,
    ]);
    await expect(page.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);

    // The server agrees: the order is cancelled and the coupon use given back.
    const order = await apiAs<{ data: { status: string; total: number; discount: number } }>(
      page.request,
      token ?? '',
      'GET',
      `/orders/${orderId}`,
    );
    expect(order.data).toMatchObject({ status: 'cancelled', total: 114_900, discount: 15_000 });
  });

  test('a search of figures reads as it is written in the address, by hand or by the app', async ({ page }) => {
    // "1960" is in the description of one product only.
    await page.goto('/shop?search=1960');
    await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
    await expect(page.getByText('1 product matches your search')).toBeVisible();
    await expect(page.getByLabel('Search products')).toHaveValue('1960');

    await page.getByLabel('Search products').fill('300');
    await expect(page).toHaveURL(/[?&]search=300(&|$)/);
    await expect(page.getByText('1 product matches your search')).toBeVisible();
  });

  test('a guest who taps Add to cart, then registers, finds the item added on coming back', async ({ page }) => {
    await page.goto('/shop?search=Bookmark');
    await page
      .locator('main article')
      .filter({ hasText: 'Film Strip Bookmark Pack' })
      .getByRole('link')
      .first()
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Film Strip Bookmark Pack' })).toBeVisible();
    await page.getByRole('button', { name: 'Increase quantity' }).click();
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(page).toHaveURL(/\/login\?redirect=/);
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.getByLabel('Name').fill('Guest Turned Shopper');
    await page.getByLabel('Email').fill(`guest-${Date.now()}@example.in`);
    await page.getByRole('textbox', { name: 'Password' }).fill('Jump-Cut-Rule-88');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Film Strip Bookmark Pack' })).toBeVisible();
    await expect(
      page.getByText('2 × Film Strip Bookmark Pack are in your cart, as you asked before logging in.'),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Cart, 2 items' })).toBeVisible();
    // Once: a reload does not add it again.
    await page.reload();
    await expect(page.getByRole('link', { name: 'Cart, 2 items' })).toBeVisible();
  });

  test('a guest on a protected page logs in and returns to it', async ({ page }) => {
    await page.goto('/orders?status=delivered');
    await expect(page).toHaveURL(/\/login\?redirect=/);
    await page.getByLabel('Email').fill('meera@cineverse.in');
    await page.getByRole('textbox', { name: 'Password' }).fill('wrong-password');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByText('Email or password is incorrect')).toBeVisible();
    await page.getByRole('textbox', { name: 'Password' }).fill('Showreel@2026');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/orders\?status=delivered$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Your orders' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Orders' }).getByRole('listitem')).toHaveCount(1);
    await expect(page.getByRole('list', { name: 'Orders' })).toContainText('Delivered');
    // On a phone every status is on screen: the seven choices wrap rather than scroll out of sight.
    await page.setViewportSize({ width: 360, height: 740 });
    const filter = page.getByLabel('Show orders by status');
    for (const status of ['All', 'Placed', 'Confirmed', 'Shipped', 'Delivered', 'Refunded', 'Cancelled'])
      await expect(filter.getByText(status, { exact: true })).toBeInViewport();
    await filter.getByText('Cancelled', { exact: true }).click();
    await expect(page).toHaveURL(/\/orders\?status=cancelled$/);
    // Each order says what it holds and its status in full ("Golden Era Bollywood Poster Set and 2 more").
    await filter.getByText('All', { exact: true }).click();
    await expect(page.getByRole('list', { name: 'Orders' })).toContainText('and 2 more');
    expect(await textCutOnScreen(page)).toEqual([]);
  });

  test('shows the server’s field errors next to the field when registering', async ({ page }) => {
    await page.goto('/register');
    await page.getByLabel('Name').fill('Meera Again');
    await page.getByLabel('Email').fill('meera@cineverse.in');
    await page.getByRole('textbox', { name: 'Password' }).fill('Another-Take-2026');
    await page.getByRole('button', { name: 'Create account' }).click();
    const emailField = page.getByLabel('Email');
    await expect(emailField).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('An account with this email already exists; log in instead')).toBeVisible();
    await emailField.fill('meera.again@example.in');
    await page.getByRole('textbox', { name: 'Password' }).fill('password123');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('This password is too common; choose one that is harder to guess')).toBeVisible();
  });

  test('filters by category, sorts by price and pages through the store', async ({ page }) => {
    await page.goto('/shop');
    await expect(page.getByRole('status').filter({ hasText: 'products' })).toHaveText('26 products');
    await expect(page.locator('main article')).toHaveCount(12);
    await page.getByRole('button', { name: 'Page 3' }).click();
    await expect(page.locator('main article')).toHaveCount(2);
    await page.getByRole('combobox', { name: 'Category' }).selectOption({ label: 'Snacks & Treats' });
    await expect(page).toHaveURL(/category=Snacks/);
    await expect(page.locator('main article')).toHaveCount(4);
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Price: low to high' });
    await expect(page.locator('main article h2')).toHaveText([
      'Mumbai Chai Masala Tin',
      'Masala Popcorn Premiere Pack',
      'Interval Chocolate Box',
      'Premiere Night Gift Hamper',
    ]);
    await page.goto('/shop/999999');
    await expect(page.getByRole('heading', { level: 1, name: 'Product not found' })).toBeVisible();
  });

  test('the product gallery plays its images, moves by arrow and thumbnail, and stays on the one picked', async ({
    page,
  }) => {
    await page.goto('/shop/1');
    const name = await page.getByRole('heading', { level: 1 }).textContent();
    const gallery = page.getByRole('region', { name: `Images of ${name}`, exact: true });
    await expect(gallery).toHaveAttribute('data-carousel', 'moving');
    const shown = gallery.locator('[aria-roledescription="slide"][aria-hidden="false"]');
    const thumbs = page.getByRole('button', { name: /^Show image \d$/ });
    await expect(shown).toHaveAttribute('aria-label', '1 of 2');
    await page.mouse.move(0, 0);
    await expect(gallery).toHaveAttribute('data-autoplay', 'playing');
    // Autoplay, then the arrows: the thumbnail of the image in view is marked.
    await expect(shown).toHaveAttribute('aria-label', '2 of 2', { timeout: 5000 });
    await expect(thumbs.nth(1)).toHaveAttribute('aria-current', 'true');
    await gallery.getByRole('button', { name: `Next: Images of ${name}` }).click();
    await expect(shown).toHaveAttribute('aria-label', '1 of 2');
    await expect(thumbs.nth(0)).toHaveAttribute('aria-current', 'true');

    await thumbs.nth(1).click();
    await expect(shown).toHaveAttribute('aria-label', '2 of 2');
    await expect(shown.getByRole('img')).toHaveAttribute('alt', `${name}, image 2 of 2`);
    await expect(gallery).toHaveAttribute('data-autoplay', 'off');
  });

  test('moves items between wishlist and cart, and removes them', async ({ page }) => {
    const shopper = await registerShopper(page.request);
    await signIn(page, shopper);
    await page.goto('/shop?search=clock');
    await page.getByRole('button', { name: 'Add Film Reel Wall Clock to wishlist' }).click();
    await expect(page.getByRole('button', { name: 'Remove Film Reel Wall Clock from wishlist' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Wishlist, 1 item' })).toBeVisible();

    await page.goto('/wishlist');
    await page.getByRole('button', { name: 'Move Film Reel Wall Clock to cart' }).click();
    await expect(page.getByText('Nothing saved yet.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();

    await page.goto('/cart');
    await page.getByRole('button', { name: 'Move to wishlist' }).click();
    await expect(page.getByText('Your cart is empty.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Wishlist, 1 item' })).toBeVisible();
    // The edits reach the server in the background: it ends up holding exactly what the page shows.
    await expect
      .poll(async () => {
        const server = await apiAs<{ data: { product: { name: string } }[] }>(
          page.request,
          shopper.token,
          'GET',
          '/getWishlistItems',
        );
        return server.data.map((item) => item.product.name);
      })
      .toEqual(['Film Reel Wall Clock']);
    await expect
      .poll(async () => (await apiAs<{ data: unknown[] }>(page.request, shopper.token, 'GET', '/getCartItems')).data)
      .toEqual([]);

    await page.goto('/wishlist');
    await page.getByRole('button', { name: 'Remove Film Reel Wall Clock from wishlist' }).click();
    await expect(page.getByText('Nothing saved yet.')).toBeVisible();
  });

  test('a sold-out product kept in the wishlist: the shopper is told when it is back and can order it', async ({
    page,
  }) => {
    const login = await page.request.post(`${USER_API}/login`, {
      data: { email: 'shop@cineverse.in', password: 'Backstage@2026' },
    });
    const staff = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
    const poster = await page.request.get(
      `/backend/api/api/v1/getProduct/${await productId(page, 'Golden Era Bollywood Poster Set')}`,
    );
    const name = `Clapperboard Enamel Pin ${Date.now()}`;
    const product = {
      name,
      description: 'A hard enamel pin.',
      category: 'Collectibles',
      images: ((await poster.json()) as { data: { images: string[] } }).data.images.slice(0, 1),
      mrp: 29_900,
      price: 24_900,
      stock: 0,
      perishable: false,
      visible: true,
    };
    const created = await page.request.post('/backend/api/api/admin/v1/products', { headers: staff, data: product });
    expect(created.status()).toBe(201);
    const id = ((await created.json()) as { data: { id: number } }).data.id;
    try {
      const shopper = await registerShopper(page.request);
      await signIn(page, shopper);
      await page.goto(`/shop/${id}`);
      await expect(page.getByRole('button', { name: 'Out of stock' })).toBeDisabled();
      await expect(
        page.getByText('Keep it in your wishlist and we will tell you when it is back in stock.'),
      ).toBeVisible();
      await page.getByRole('button', { name: `Add ${name} to wishlist` }).click();
      await expect(page.getByRole('button', { name: `Remove ${name} from wishlist` })).toBeVisible();
      await page.goto('/wishlist');
      await expect(page.getByText('Out of stock: we will tell you when it is back')).toBeVisible();
      await expect
        .poll(
          async () => (await apiAs<{ data: unknown[] }>(page.request, shopper.token, 'GET', '/getWishlistItems')).data,
        )
        .toHaveLength(1);

      const restocked = await page.request.put(`/backend/api/api/admin/v1/products/${id}`, {
        headers: staff,
        data: { ...product, stock: 3 },
      });
      expect(restocked.status()).toBe(200);

      // The bell asks again when the app comes back to the front, or within a minute; a new page asks at once.
      await page.reload();
      await page.getByRole('button', { name: 'Notifications, 1 unread' }).click();
      await page
        .getByRole('dialog', { name: 'Notifications' })
        .getByRole('button', { name: new RegExp(`^${name} is back in stock`) })
        .click();
      await expect(page).toHaveURL(new RegExp(`/shop/${id}$`));
      await page.getByRole('button', { name: 'Add to cart' }).click();
      await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
    } finally {
      await page.request.delete(`/backend/api/api/admin/v1/products/${id}`, { headers: staff });
    }
  });

  test('removing lines by keyboard keeps focus in the cart: on the next line, then on the heading', async ({
    page,
  }) => {
    const shopper = await registerShopper(page.request);
    await apiAs(page.request, shopper.token, 'POST', '/addToCart', { product_id: 5, quantity: 1 });
    await apiAs(page.request, shopper.token, 'POST', '/addToCart', { product_id: 4, quantity: 1 });
    await signIn(page, shopper);
    await page.goto('/cart');
    const lines = page.getByRole('list', { name: 'Items in your cart' }).getByRole('listitem');
    await expect(lines).toHaveCount(2);
    const second = lines.nth(1);
    const secondName = await second.getByRole('link').textContent();

    await lines.nth(0).getByRole('button', { name: 'Remove', exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect(lines).toHaveCount(1);
    // The Remove of the line that is left, so a second Enter takes it out too.
    await expect(lines.nth(0).getByRole('button', { name: 'Remove', exact: true })).toBeFocused();
    await expect(lines.nth(0).getByRole('link')).toHaveText(secondName!);
    await page.keyboard.press('Enter');
    await expect(page.getByText('Your cart is empty.')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Your cart' })).toBeFocused();
  });

  test('Add to cart tapped before the profile has loaded is done when it arrives; Wishlist waits for it', async ({
    page,
  }) => {
    const shopper = await registerShopper(page.request);
    await signIn(page, shopper);
    const release = await holdProfile(page);
    await page.goto('/shop/4');
    const add = page.getByRole('button', { name: 'Add to cart' });
    const wish = page.getByRole('button', { name: /to wishlist$/ });
    await expect(wish).toBeDisabled();
    // The profile's id keys the cart's outbox: the tap is kept, the button busy, until it arrives.
    await add.click();
    await expect(add).toHaveAttribute('data-loading', 'true');
    release();
    await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
    await expect(add).not.toHaveAttribute('data-loading');
    await wish.click();
    await expect(page.getByRole('link', { name: 'Wishlist, 1 item' })).toBeVisible();
    await expect
      .poll(async () => (await apiAs<{ data: unknown[] }>(page.request, shopper.token, 'GET', '/getCartItems')).data)
      .toHaveLength(1);
  });

  test('the cart and wishlist pages hold their buttons until the profile has loaded, then every press counts', async ({
    page,
  }) => {
    const shopper = await registerShopper(page.request);
    await signIn(page, shopper);
    await apiAs(page.request, shopper.token, 'POST', '/addToCart', { product_id: 5, quantity: 1 });
    await apiAs(page.request, shopper.token, 'POST', '/addToWishlist', { product_id: 4 });
    // The lines show from the device's copy of the cart at once; the profile that says whose edits they are is late.
    await page.goto('/cart');
    await expect(page.getByRole('button', { name: 'Move to wishlist' })).toBeVisible();
    await page.goto('/wishlist');
    await expect(page.getByRole('button', { name: /^Move .* to cart$/ })).toBeVisible();

    await forgetProfileOnDevice(page);
    const release = await holdProfile(page);
    await page.goto('/cart');
    const move = page.getByRole('button', { name: 'Move to wishlist' });
    await expect(move).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Remove', exact: true })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Increase quantity' })).toBeDisabled();
    release();
    await move.click();
    await expect(page.getByText('Your cart is empty.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Wishlist, 2 items' })).toBeVisible();
    await expect
      .poll(async () => (await apiAs<{ data: unknown[] }>(page.request, shopper.token, 'GET', '/getCartItems')).data)
      .toEqual([]);

    await page.unrouteAll();
    await forgetProfileOnDevice(page);
    const releaseAgain = await holdProfile(page);
    await page.goto('/wishlist');
    const toCart = page.getByRole('button', { name: /^Move .* to cart$/ }).first();
    await expect(toCart).toBeDisabled();
    await expect(page.getByRole('button', { name: /^Remove .* from wishlist$/ }).first()).toBeDisabled();
    releaseAgain();
    await toCart.click();
    await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Wishlist, 1 item' })).toBeVisible();
  });

  test('an order shipped by the shop shows its courier, tracking link and every step on the shopper’s order page', async ({
    page,
  }) => {
    const { shopper, placed } = await orderMovedByTheShop(page, [
      { to: 'confirmed' },
      {
        to: 'shipped',
        courier: 'Blue Dart',
        tracking_id: 'BD55501234IN',
        tracking_url: 'https://www.bluedart.com/track/BD55501234IN',
      },
    ]);

    await signIn(page, { email: shopper.email, password: shopper.password });
    await page.goto(`/orders/${placed.data.id}`);
    const tracking = page.getByTestId('order-tracking');
    await expect(tracking).toContainText('Courier: Blue Dart');
    await expect(tracking).toContainText('Tracking ID: BD55501234IN');
    await expect(tracking.getByRole('link', { name: 'Track your parcel' })).toHaveAttribute(
      'href',
      'https://www.bluedart.com/track/BD55501234IN',
    );
    await expect(page.getByRole('list', { name: 'Order history' }).getByRole('listitem')).toHaveText([
      /^Placed/,
      /^Confirmed/,
      /^Shipped/,
    ]);
    // Problems are reported once it is delivered.
    await expect(page.getByRole('region', { name: 'Return or report a problem' })).toHaveCount(0);
  });

  test('orders opened again show what the shop did meanwhile, not the copy the app already holds', async ({ page }) => {
    const { shopper, placed, token } = await orderMovedByTheShop(page, [{ to: 'confirmed' }]);
    await signIn(page, { email: shopper.email, password: shopper.password });
    await page.goto('/orders');
    const row = page
      .getByRole('list', { name: 'Orders' })
      .getByRole('listitem')
      .filter({ hasText: `Order #${placed.data.id}` });
    await expect(row).toContainText('Confirmed');
    await row.getByRole('link').click();
    const history = page.getByRole('list', { name: 'Order history' }).getByRole('listitem');
    await expect(history).toHaveText([/^Placed/, /^Confirmed/]);

    const moved = await page.request.post(`/backend/api/api/admin/v1/orders/${placed.data.id}/transition`, {
      headers: { authorization: `Bearer ${token}` },
      data: { to: 'shipped', courier: 'Blue Dart', tracking_id: 'BD55509876IN' },
    });
    expect(moved.status()).toBe(200);
    // Back to the list and into the order again, within seconds, as a shopper waiting for the parcel does.
    await page.goBack();
    await expect(row).toContainText('Shipped');
    await row.getByRole('link').click();
    await expect(history).toHaveText([/^Placed/, /^Confirmed/, /^Shipped/]);
    await expect(page.getByTestId('order-tracking')).toContainText('Tracking ID: BD55509876IN');
  });

  test('Buy again puts a delivered order’s items in the cart at today’s price, up to what the cart may still take', async ({
    page,
  }) => {
    const { shopper, placed } = await orderMovedByTheShop(page, [
      { to: 'confirmed' },
      { to: 'shipped', courier: 'Delhivery', tracking_id: 'DL77700123IN' },
      { to: 'delivered' },
    ]);
    // The cart holds nine already: the line may take one more (at most 10 a line).
    const item = await productId(page, 'Golden Era Bollywood Poster Set');
    await apiAs(page.request, shopper.token, 'POST', '/addToCart', { product_id: item, quantity: 9 });
    await signIn(page, { email: shopper.email, password: shopper.password });
    await page.goto(`/orders/${placed.data.id}`);
    await page.getByRole('button', { name: 'Buy again' }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(
      page.getByRole('group', { name: 'Quantity of Golden Era Bollywood Poster Set' }).locator('output'),
    ).toHaveText('10');
    await expect
      .poll(async () => {
        const cart = await apiAs<{ data: { quantity: number }[] }>(page.request, shopper.token, 'GET', '/getCartItems');
        return cart.data.map((line) => line.quantity);
      })
      .toEqual([10]);

    // Nothing more fits: the order page says so rather than adding nothing in silence.
    await page.goto(`/orders/${placed.data.id}`);
    await page.getByRole('button', { name: 'Buy again' }).click();
    await expect(page.getByRole('alert')).toHaveText('Your cart already holds as many of these as can be ordered.');
  });

  test('a delivered order offers Return or report a problem for 30 days, or a message to the shop; the shop opens the order from the message and records a refund, which the shopper sees', async ({
    page,
    browser,
    baseURL,
  }) => {
    const { shopper, placed, token } = await orderMovedByTheShop(page, [
      { to: 'confirmed' },
      { to: 'shipped', courier: 'Delhivery', tracking_id: 'DL7845120963' },
      { to: 'delivered' },
    ]);
    await signIn(page, { email: shopper.email, password: shopper.password });
    await page.goto(`/orders/${placed.data.id}`);
    const report = page.getByRole('region', { name: 'Return or report a problem' });
    await expect(report).toContainText('Something wrong with this order? Return items or report a problem by');
    await expect(report.getByRole('button', { name: 'Return or report a problem' })).toBeVisible();
    await report.getByRole('link', { name: 'Write to us about this order' }).click();
    await expect(page).toHaveURL(new RegExp(`/contact\\?order=${placed.data.id}$`));
    const message = page.getByLabel('Your Message');
    await expect(message).toHaveValue(`About order #${placed.data.id}: `);
    // Signed in, the shopper writes as themselves.
    await expect(page.getByLabel('Your Name')).toHaveValue('Test Viewer');
    await expect(page.getByLabel('Email Address')).toHaveValue(shopper.email);
    await message.press('End');
    await message.pressSequentially('the poster set arrived torn at one corner.');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Message sent successfully!' })).toBeVisible();
    // The form starts again as it opened, the shopper's name still in it.
    await expect(page.getByLabel('Your Name')).toHaveValue('Test Viewer');
    await expect(message).toHaveValue(`About order #${placed.data.id}: `);
    // The shop's team finds it among the messages, with the order's number.
    const inbox = await page.request.get('/backend/api/api/admin/v1/messages', {
      headers: { authorization: `Bearer ${token}` },
    });
    const messages = ((await inbox.json()) as { data: { email: string; message: string }[] }).data;
    expect(messages.filter((row) => row.email === shopper.email).map((row) => row.message)).toEqual([
      `About order #${placed.data.id}: the poster set arrived torn at one corner.`,
    ]);

    // The shop manager opens the order from the message, and records the refund once it is paid.
    const staffContext = await browser.newContext({ baseURL });
    try {
      const staff = await staffContext.newPage();
      await signIn(staff, { email: 'shop@cineverse.in', password: 'Backstage@2026' });
      await staff.goto('/admin/messages');
      await staff
        .getByRole('list', { name: 'Messages' })
        .getByRole('listitem')
        .filter({ hasText: shopper.email })
        .getByRole('link', { name: `Open order #${placed.data.id}` })
        .click();
      await expect(staff).toHaveURL(new RegExp(`/admin/orders/${placed.data.id}$`));
      await expect(staff.getByTestId('order-status')).toHaveText('Delivered');
      // More than the order's ₹1,299 is refused next to the field, and nothing changes.
      const amount = staff.getByLabel('Amount refunded (₹)');
      await amount.fill('1300');
      await staff.getByLabel('Payment reference').fill('UPI/433712345678');
      await staff.getByRole('button', { name: 'Record the refund' }).click();
      await expect(staff.getByText("Refund at most what remains of the order's total, ₹1,299")).toBeVisible();
      await expect(staff.getByTestId('order-status')).toHaveText('Delivered');
      await amount.fill('1299');
      await staff.getByLabel('Note to the shopper').fill('The set arrived torn: refunded in full by UPI.');
      await staff.getByRole('button', { name: 'Record the refund' }).click();
      await expect(staff.getByTestId('order-status')).toHaveText('Refunded');
      await expect(staff.getByText('Refunded ₹1,299 (reference UPI/433712345678)')).toBeVisible();
      // A refunded order has no next step.
      await expect(staff.getByRole('heading', { name: 'Next step' })).toHaveCount(0);
    } finally {
      await staffContext.close();
    }

    await page.goto(`/orders/${placed.data.id}`);
    await expect(page.getByTestId('order-status')).toHaveText('Refunded');
    const refund = page.getByTestId('order-refund');
    await expect(refund).toContainText('Refunded to you₹1,299');
    await expect(refund).toContainText('Payment reference UPI/433712345678');
    await expect(page.getByRole('list', { name: 'Order history' }).getByRole('listitem').last()).toContainText(
      'The set arrived torn: refunded in full by UPI.',
    );
    await expect(page.getByRole('region', { name: 'Return or report a problem' })).toHaveCount(0);
  });

  test('a perishable order shows why it cannot be cancelled, and logging out forgets the user', async ({ page }) => {
    await signIn(page);
    await page.goto('/orders?status=confirmed');
    await page.getByRole('list', { name: 'Orders' }).getByRole('link').first().click();
    await expect(page.getByText('Orders with perishable items cannot be cancelled.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);

    await page.goto('/profile');
    await expect(page.getByLabel('Name')).toHaveValue('Meera Iyer');
    await expect(page.getByText('Flat 402, Kalpataru Heights, Yari Road, Versova')).toBeVisible();
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/$/);
    // A logout the user asked for is said neutrally, never as an ended session.
    await expect(page.getByText('You are logged out')).toBeVisible();
    await expect(page.getByText('Session ended')).toHaveCount(0);
    expect(await page.evaluate(() => window.localStorage.getItem('useAccessToken'))).toBeNull();
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/login/);
  });
});

test.describe('refunds on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('a refund of part of a delivered order keeps it delivered with its refunds listed and open to another report; the refund of the rest makes it refunded', async ({
    page,
    browser,
    baseURL,
  }) => {
    const { shopper, placed } = await orderMovedByTheShop(page, [
      { to: 'confirmed' },
      { to: 'shipped', courier: 'Delhivery', tracking_id: 'DL7845120964' },
      { to: 'delivered' },
    ]);
    const staffContext = await browser.newContext({ baseURL, viewport: { width: 360, height: 740 } });
    try {
      const staff = await staffContext.newPage();
      await signIn(staff, { email: 'shop@cineverse.in', password: 'Backstage@2026' });
      await staff.goto(`/admin/orders/${placed.data.id}`);
      await expect(staff.getByTestId('order-status')).toHaveText('Delivered');
      // One corner of the set was torn: ₹500 of the ₹1,299 is paid back.
      await staff.getByLabel('Amount refunded (₹)').fill('500');
      await staff.getByLabel('Payment reference').fill('UPI/433712345678');
      await staff.getByLabel('Note to the shopper').fill('One poster was torn: ₹500 back by UPI.');
      await staff.getByRole('button', { name: 'Record the refund' }).click();
      await expect(staff.getByTestId('staff-order-refund')).toHaveText([
        /^Refunded ₹500 \(reference UPI\/433712345678\) on .+: One poster was torn: ₹500 back by UPI\.$/,
      ]);
      await expect(staff.getByTestId('order-status')).toHaveText('Delivered');
      // What remains is the most another refund may be.
      await expect(staff.getByText('At most what remains of the order’s total, ₹799')).toBeVisible();
      await staff.getByLabel('Amount refunded (₹)').fill('800');
      await staff.getByLabel('Payment reference').fill('UPI/433799999999');
      await staff.getByRole('button', { name: 'Record the refund' }).click();
      await expect(staff.getByText("Refund at most what remains of the order's total, ₹799")).toBeVisible();
      await expect(staff.getByTestId('staff-order-refund')).toHaveCount(1);

      // The shopper sees the order still delivered, the refund listed, and may report another problem.
      await signIn(page, { email: shopper.email, password: shopper.password });
      await page.goto(`/orders/${placed.data.id}`);
      await expect(page.getByTestId('order-status')).toHaveText('Delivered');
      await expect(page.getByTestId('order-refund')).toHaveCount(1);
      await expect(page.getByTestId('order-refund')).toContainText('Refunded to you₹500');
      await expect(page.getByTestId('order-refund')).toContainText('Payment reference UPI/433712345678');
      await expect(page.getByTestId('order-refund')).toContainText('One poster was torn: ₹500 back by UPI.');
      await expect(
        page
          .getByRole('region', { name: 'Return or report a problem' })
          .getByRole('button', { name: 'Return or report a problem' }),
      ).toBeVisible();
      expect(await textCutOnScreen(page)).toEqual([]);

      // The second poster is torn too: the rest, ₹799, is paid back and the order is refunded.
      await staff.getByLabel('Amount refunded (₹)').fill('799');
      await staff.getByRole('button', { name: 'Record the refund' }).click();
      await expect(staff.getByTestId('order-status')).toHaveText('Refunded');
      await expect(staff.getByTestId('staff-order-refund')).toHaveCount(2);
      await expect(staff.getByText('Refunded in all ₹1,299')).toBeVisible();
      await expect(staff.getByRole('heading', { name: 'Next step' })).toHaveCount(0);
    } finally {
      await staffContext.close();
    }
    await page.reload();
    await expect(page.getByTestId('order-status')).toHaveText('Refunded');
    await expect(page.getByTestId('order-refund')).toHaveCount(2);
    await expect(page.getByRole('region', { name: 'Return or report a problem' })).toHaveCount(0);
  });
});
