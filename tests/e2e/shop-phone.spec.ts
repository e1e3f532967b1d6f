import { expect, test } from './fixtures';
import { textCutOnScreen } from './layout-helpers';
import { productId } from './shop-helpers';

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
