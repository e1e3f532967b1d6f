import { expect, test } from './fixtures';
import { textCutOnScreen } from './layout-helpers';
import { fillCheckoutAddress, productId, registerShopper, signIn } from './shop-helpers';

test.use({ viewport: { width: 360, height: 740 } });

const HOODIE = 'Director’s Chair Hoodie';

test.describe('sizes on a phone', () => {
  test('a shopper picks size M, orders it cash on delivery, and the order says "Size M"; XL is sold out', async ({
    page,
  }) => {
    const shopper = await registerShopper(page.request);
    await signIn(page, shopper);
    const id = await productId(page, HOODIE);
    await page.goto(`/shop/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: HOODIE })).toBeVisible();
    const sizes = page.getByRole('radiogroup', { name: 'Size' });
    await expect(sizes.getByRole('radio')).toHaveCount(5);
    // Sold out: shown, and cannot be picked.
    const xl = sizes.getByRole('radio', { name: /^XL\b.*sold out$/ });
    await expect(xl).toHaveCount(1);
    await expect(xl).toBeDisabled();
    await sizes.locator('label', { hasText: /^XL/ }).click({ force: true });
    await expect(xl).not.toBeChecked();

    // Adding before a size is picked asks for one, next to the sizes, with the focus on them.
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(page.getByText('Choose a size', { exact: true })).toBeVisible();
    await expect(sizes.getByRole('radio', { name: 'S', exact: true })).toBeFocused();

    // The size chart shows the measures of its sizes.
    await page.getByRole('button', { name: 'Size chart' }).click();
    await expect(page.getByRole('row', { name: /^M 101 \(40\) 71 \(28\)$/ })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('product-sizes-360.png'), fullPage: true });
    expect(await textCutOnScreen(page)).toEqual([]);

    await sizes.locator('label', { hasText: /^M$/ }).click();
    await expect(sizes.getByRole('radio', { name: 'M', exact: true })).toBeChecked();
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(page.getByText(`${HOODIE} (M) is in your cart`)).toBeVisible();

    await page.goto('/cart');
    await expect(page.getByText('Size M', { exact: true })).toBeVisible();
    await page.getByRole('link', { name: 'Proceed to checkout' }).click();
    await expect(page.getByRole('list', { name: 'Items in this order' })).toContainText(`${HOODIE} (M) × 1`);
    await fillCheckoutAddress(page, 'Asha Rao');
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(page.getByText('Thank you! Your order is placed.')).toBeVisible();
    await expect(page.getByText('Size M', { exact: true })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('order-size-360.png'), fullPage: true });

    // The order page, opened again, still says which size.
    await page.reload();
    await expect(page.getByRole('link', { name: HOODIE })).toBeVisible();
    await expect(page.getByText('Size M', { exact: true })).toBeVisible();

    // In Hindi, in the dark: the sizes and the order's line in the page's words.
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto(`/hi${new URL(page.url()).pathname}`);
    await expect(page.getByText('साइज़ M', { exact: true })).toBeVisible();
    await page.goto(`/hi/shop/${id}`);
    await expect(page.getByRole('radiogroup', { name: 'साइज़' }).getByRole('radio')).toHaveCount(5);
    await page.screenshot({ path: test.info().outputPath('product-sizes-hi-dark-360.png'), fullPage: true });
    expect(await textCutOnScreen(page)).toEqual([]);
  });
});
