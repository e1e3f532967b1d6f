import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { textCutOnScreen } from './layout-helpers';
import { apiAs, productId, registerShopper, signIn } from './shop-helpers';

test.use({ viewport: { width: 360, height: 740 } });

const POSTERS_AND_ART = [
  'Golden Era Bollywood Poster Set',
  'Single Screen Theatre Print',
  'Storyboard Sketch Frame',
  'Vintage Movie Ticket Wall Art',
];

test.describe('the store on a phone', () => {
  test('a search for "poster" or "posters" finds the whole Posters & Art category; "tshirt" finds the tee', async ({
    page,
  }) => {
    await page.goto('/shop');
    const search = page.getByLabel('Search products');
    for (const typed of ['poster', 'posters']) {
      await search.fill(typed);
      await expect(page).toHaveURL(new RegExp(`[?&]search=${typed}(&|$)`));
      for (const name of POSTERS_AND_ART) {
        await expect(page.getByRole('heading', { level: 2, name }), `${typed}: ${name}`).toBeVisible();
      }
    }
    await search.fill('tshirt');
    await expect(page.getByRole('heading', { level: 2, name: 'Clapperboard Classic Tee' })).toBeVisible();
    await expect(page.getByText('1 product matches your search')).toBeVisible();
  });

  test('a product page carries its card and structured data, and Share copies its link', async ({
    page,
    context,
    baseURL,
  }) => {
    const id = await productId(page, 'Golden Era Bollywood Poster Set');
    const html = await (await page.request.get(`/shop/${id}`)).text();
    expect(html).toContain('<meta property="og:title" content="Golden Era Bollywood Poster Set"/>');
    expect(html).toContain('<meta property="og:type" content="product"/>');
    expect(html).toMatch(/<meta property="og:image" content="https?:\/\/[^"]+\/backend\/uploads\/product\/[^"]+"\/>/);
    expect(html).toMatch(new RegExp(`<meta property="og:url" content="https?://[^"]+/shop/${id}"/>`));
    expect(html).toContain('<meta property="product:price:currency" content="INR"/>');
    const structured = /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(structured ?? '{}')).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Golden Era Bollywood Poster Set',
      image: expect.stringMatching(/^https?:\/\/[^/]+\/backend\/uploads\/product\//),
      offers: { '@type': 'Offer', price: '1299.00', priceCurrency: 'INR', availability: 'https://schema.org/InStock' },
    });
    const soldOut = await productId(page, 'Vintage Movie Ticket Wall Art');
    const soldOutHtml = await (await page.request.get(`/shop/${soldOut}`)).text();
    expect(soldOutHtml).toContain('"availability":"https://schema.org/OutOfStock"');

    // Without a share sheet (a desktop browser), Share copies the link.
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto(`/shop/${id}`);
    await page.getByRole('button', { name: 'Share' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Link copied' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/shop/${id}`);
    expect(await textCutOnScreen(page)).toEqual([]);
  });

  test('on a phone with a share sheet, Share opens it with the product and its link', async ({ page, baseURL }) => {
    await page.addInitScript(() => {
      const shared: ShareData[] = [];
      (window as unknown as { shared: ShareData[] }).shared = shared;
      Object.defineProperty(navigator, 'share', {
        value: (data: ShareData) => {
          shared.push(data);
          return Promise.resolve();
        },
      });
    });
    const id = await productId(page, 'Popcorn Bucket Mug');
    await page.goto(`/shop/${id}`);
    await page.getByRole('button', { name: 'Share' }).click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { shared: ShareData[] }).shared))
      .toEqual([
        { title: 'Popcorn Bucket Mug', text: 'Popcorn Bucket Mug on CineVerse', url: `${baseURL}/shop/${id}` },
      ]);
    await expect(page.getByText('Link copied')).toBeHidden();
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    test(`the product page at 360 px in the ${colorScheme} scheme`, async ({ page }) => {
      await page.emulateMedia({ colorScheme });
      const id = await productId(page, 'Golden Era Bollywood Poster Set');
      await page.goto(`/shop/${id}`);
      await expect(page.getByRole('button', { name: 'Share' })).toBeVisible();
      await page.getByRole('button', { name: 'Share' }).scrollIntoViewIfNeeded();
      expect(await textCutOnScreen(page)).toEqual([]);
      await page.screenshot({ path: test.info().outputPath(`product-360-${colorScheme}.png`), fullPage: true });
    });
  }
});

test.describe('coupons in the cart on a phone', () => {
  /** A new shopper signed in with one Golden Era Bollywood Poster Set (₹1,299) in the cart. */
  async function shopperWithPosterSet(page: Page) {
    const shopper = await registerShopper(page.request);
    const id = await productId(page, 'Golden Era Bollywood Poster Set');
    await apiAs(page.request, shopper.token, 'POST', '/addToCart', { product_id: id, quantity: 1 });
    await signIn(page, shopper);
    return shopper;
  }

  test('a second code shows both savings and keeps the better, unless the shopper chooses the other', async ({
    page,
  }) => {
    await shopperWithPosterSet(page);
    await page.goto('/cart?coupon=FIRSTTAKE');
    await expect(page.getByText('FIRSTTAKE applied: you save ₹129.90')).toBeVisible();

    // A better second code replaces the first, and says what each saves.
    const field = page.getByLabel('Coupon code');
    await field.fill('FLAT150');
    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    const both = page.getByRole('status', { name: 'Two coupons for this cart' });
    await expect(both).toContainText('FLAT150 saves more than FIRSTTAKE, so it replaces it.');
    await expect(both).toContainText('FLAT150saves ₹150Applied');
    await expect(both).toContainText('FIRSTTAKEsaves ₹129.90');
    await expect(page).toHaveURL(/[?&]coupon=FLAT150(&|$)/);
    await expect(page.getByTestId('cart-total')).toHaveText('₹1,149');

    // A worse one does not replace it.
    await field.fill('FIRSTTAKE');
    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    await expect(both).toContainText('FIRSTTAKE saves less than FLAT150, so FLAT150 stays applied.');
    await expect(page).toHaveURL(/[?&]coupon=FLAT150(&|$)/);
    await expect(field).toHaveValue('FLAT150');
    await expect(page.getByTestId('cart-total')).toHaveText('₹1,149');
    expect(await textCutOnScreen(page)).toEqual([]);
    await page
      .getByRole('region', { name: 'Order summary' })
      .screenshot({ path: test.info().outputPath('two-coupons-360.png') });

    // The shopper may still choose it.
    await both.getByRole('button', { name: 'Use FIRSTTAKE instead' }).click();
    await expect(page).toHaveURL(/[?&]coupon=FIRSTTAKE(&|$)/);
    await expect(both).toContainText('You chose FIRSTTAKE. FLAT150 would save ₹150.');
    await expect(page.getByText('FIRSTTAKE applied: you save ₹129.90')).toBeVisible();
    await expect(page.getByTestId('cart-total')).toHaveText('₹1,169');
    await expect(field).toHaveValue('FIRSTTAKE');

    // A code that does not apply leaves the applied one, with the reason next to the field.
    await field.fill('BLOCKBUSTER20');
    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    await expect(
      page.getByText('Coupon BLOCKBUSTER20 needs an order of at least ₹2,999; add ₹1,700 more'),
    ).toBeVisible();
    await expect(page).toHaveURL(/[?&]coupon=FIRSTTAKE(&|$)/);
    await expect(page.getByTestId('cart-total')).toHaveText('₹1,169');
  });

  test('a refused second code gives way to why the applied coupon stops applying once the cart shrinks', async ({
    page,
  }) => {
    const shopper = await registerShopper(page.request);
    // Products other tests leave in stock (the cushion cover's one is sold offline elsewhere).
    for (const name of ['Screenplay Writing Workbook', 'Film Reel Enamel Pin Set']) {
      const id = await productId(page, name);
      await apiAs(page.request, shopper.token, 'POST', '/addToCart', { product_id: id, quantity: 1 });
    }
    await signIn(page, shopper);
    // ₹599 + ₹699 = ₹1,298: FLAT150 (from ₹999) applies.
    await page.goto('/cart?coupon=FLAT150');
    await expect(page.getByText('FLAT150 applied: you save ₹150')).toBeVisible();
    const field = page.getByLabel('Coupon code');
    await field.fill('NOSUCH10');
    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    await expect(page.getByText('There is no coupon with the code NOSUCH10')).toBeVisible();

    await page
      .getByRole('list', { name: 'Items in your cart' })
      .getByRole('listitem')
      .filter({ hasText: 'Film Reel Enamel Pin Set' })
      .getByRole('button', { name: 'Remove' })
      .click();
    await expect(page.getByText('Coupon FLAT150 needs an order of at least ₹999; add ₹400 more')).toBeVisible();
    await expect(page.getByText('There is no coupon with the code NOSUCH10')).toHaveCount(0);
    expect(await textCutOnScreen(page)).toEqual([]);
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await page
        .getByRole('region', { name: 'Order summary' })
        .screenshot({ path: test.info().outputPath(`coupon-below-minimum-360-${colorScheme}.png`) });
    }
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    test(`the cart lists the coupons that apply to it with their savings (${colorScheme})`, async ({ page }) => {
      await page.emulateMedia({ colorScheme });
      await shopperWithPosterSet(page);
      await page.goto('/cart');
      const list = page.getByRole('list', { name: 'Coupons for this cart' });
      await expect(list.getByRole('listitem')).toHaveText(['FLAT150saves ₹150Use', 'FIRSTTAKEsaves ₹129.90Use']);
      await list.getByRole('button', { name: 'Use coupon FLAT150' }).click();
      await expect(page.getByText('FLAT150 applied: you save ₹150')).toBeVisible();
      await expect(list.getByRole('listitem').first()).toHaveText('FLAT150saves ₹150Applied');
      await expect(page.getByLabel('Coupon code')).toHaveValue('FLAT150');
      expect(await textCutOnScreen(page)).toEqual([]);
      await page.getByRole('region', { name: 'Coupons for this cart' }).scrollIntoViewIfNeeded();
      await page
        .getByRole('region', { name: 'Order summary' })
        .screenshot({ path: test.info().outputPath(`cart-coupons-360-${colorScheme}.png`) });

      await page.getByRole('link', { name: 'All your coupons' }).click();
      await expect(page).toHaveURL(/\/coupons$/);
      await expect(page.getByText('Saves ₹150 on your cart')).toBeVisible();
      await expect(page.getByText('Saves ₹129.90 on your cart')).toBeVisible();
    });
  }
});

test.describe('the store in Hindi on a phone', () => {
  for (const colorScheme of ['light', 'dark'] as const) {
    test(`a shopper finds a product, adds it and reads the cart and checkout in Hindi (${colorScheme})`, async ({
      page,
    }) => {
      await page.emulateMedia({ colorScheme });
      const shopper = await registerShopper(page.request);
      await signIn(page, shopper);

      await page.goto('/hi/shop');
      await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('CineVerse स्टोर');
      await expect(page.getByLabel('किस क्रम में')).toBeVisible();
      await page.getByLabel('सामान खोजें').fill('workbook');
      await expect(page.getByRole('status').filter({ hasText: 'आपकी खोज से 1 सामान मिला' })).toBeVisible();
      expect(await textCutOnScreen(page)).toEqual([]);
      await page.screenshot({ path: test.info().outputPath(`shop-hi-360-${colorScheme}.png`), fullPage: true });

      await page.getByRole('heading', { level: 2, name: 'Screenplay Writing Workbook' }).click();
      await expect(page).toHaveURL(/\/hi\/shop\/\d+$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Screenplay Writing Workbook');
      await expect(page.getByText('सभी टैक्स शामिल')).toBeVisible();
      await expect(page.getByRole('group', { name: 'Screenplay Writing Workbook की संख्या' })).toBeVisible();
      const add = page.getByRole('button', { name: 'कार्ट में डालें' });
      expect(await textCutOnScreen(page)).toEqual([]);
      await page.screenshot({ path: test.info().outputPath(`product-hi-360-${colorScheme}.png`), fullPage: true });
      await add.click();
      await expect(page.getByText('Screenplay Writing Workbook आपके कार्ट में है।')).toBeVisible();

      await page.goto('/hi/cart');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('आपका कार्ट');
      const lines = page.getByRole('list', { name: 'आपके कार्ट का सामान' });
      await expect(lines.getByRole('listitem')).toHaveCount(1);
      await expect(lines.getByRole('button', { name: 'विशलिस्ट में रखें' })).toBeVisible();
      const summary = page.getByRole('region', { name: 'ऑर्डर का सारांश' });
      await expect(summary.getByText('सबटोटल (1 सामान)')).toBeVisible();
      await expect(summary.getByText('क़ीमतों में GST शामिल है।', { exact: false })).toBeVisible();
      await expect(page.getByLabel('कूपन कोड')).toBeVisible();
      expect(await textCutOnScreen(page)).toEqual([]);
      await page.screenshot({ path: test.info().outputPath(`cart-hi-360-${colorScheme}.png`), fullPage: true });

      await page.getByRole('link', { name: 'चेकआउट पर चलें' }).click();
      await expect(page).toHaveURL(/\/hi\/checkout/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('चेकआउट');
      await expect(page.getByLabel('पूरा नाम')).toBeVisible();
      await expect(page.getByRole('button', { name: 'ऑर्डर दें' })).toBeVisible();
      expect(await textCutOnScreen(page)).toEqual([]);
      await page.screenshot({ path: test.info().outputPath(`checkout-hi-360-${colorScheme}.png`), fullPage: true });
    });
  }

  test('an order, the orders list, the wishlist and the coupons read in Hindi in both schemes', async ({ page }) => {
    const shopper = await registerShopper(page.request);
    const poster = await productId(page, 'Golden Era Bollywood Poster Set');
    const mug = await productId(page, 'Popcorn Bucket Mug');
    await apiAs(page.request, shopper.token, 'POST', '/addToWishlist', { product_id: mug });
    await apiAs(page.request, shopper.token, 'POST', '/addToCart', { product_id: poster, quantity: 1 });
    const placed = await apiAs<{ data: { id: number } }>(page.request, shopper.token, 'POST', '/completeOrder', {
      address: {
        name: 'Test Viewer',
        phone: '9876501234',
        line1: '12 Hazratganj',
        city: 'Lucknow',
        state: 'Uttar Pradesh',
        pincode: '226001',
      },
      payment_method: 'cod',
    });
    await signIn(page, shopper);

    const screens = [
      { path: `/hi/orders/${placed.data.id}`, heading: `ऑर्डर #${placed.data.id}`, button: 'ऑर्डर रद्द करें' },
      { path: '/hi/orders', heading: 'आपके ऑर्डर', button: null },
      { path: '/hi/wishlist', heading: 'आपकी विशलिस्ट', button: 'Popcorn Bucket Mug को कार्ट में रखें' },
      { path: '/hi/coupons', heading: 'कूपन', button: null },
    ];
    for (const screen of screens) {
      await page.goto(screen.path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(screen.heading);
      if (screen.button) await expect(page.getByRole('button', { name: screen.button })).toBeVisible();
      expect(await textCutOnScreen(page), screen.path).toEqual([]);
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme });
        const name = screen.path.slice(4).replaceAll('/', '-');
        await page.screenshot({ path: test.info().outputPath(`${name}-hi-360-${colorScheme}.png`), fullPage: true });
      }
    }
    await expect(page.getByRole('link', { name: 'कार्ट में लगाएँ' }).first()).toBeVisible();
  });
});
