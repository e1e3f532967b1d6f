import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { apiAs, registerShopper, signIn } from './shop-helpers';

test.use({ viewport: { width: 360, height: 740 } });

/**
 * Makes the browser's offer to install the app, as Chromium does only after its own engagement checks; the page
 * records in `window.prompted` that the app asked the browser to show its install dialog.
 */
function offerInstall(page: Page): Promise<void> {
  return page.evaluate(() => {
    const offer = new Event('beforeinstallprompt', { cancelable: true }) as Event & Record<string, unknown>;
    offer.prompt = async () => {
      (window as unknown as { prompted: boolean }).prompted = true;
    };
    offer.userChoice = Promise.resolve({ outcome: 'accepted' });
    window.dispatchEvent(offer);
  });
}

const prompted = (page: Page) => page.evaluate(() => (window as unknown as { prompted?: boolean }).prompted ?? false);

test.describe('install, where people look', () => {
  test('the phone’s header menu offers installing where the browser does, and asks the browser', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('main h2').first()).toBeVisible();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(menu.getByRole('link', { name: 'Shop' })).toBeVisible();
    await expect(menu.getByRole('button', { name: 'Install the app' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();

    await offerInstall(page);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(menu.getByRole('button', { name: 'Install the app' })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('menu-install-360.png') });
    await menu.getByRole('button', { name: 'Install the app' }).click();
    await expect.poll(() => prompted(page)).toBe(true);
    await expect(menu).toBeHidden();
    // An offer is used once: neither the menu nor the footer offers it again.
    await expect(page.getByRole('contentinfo').getByRole('button', { name: 'Install the app' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(menu.getByRole('link', { name: 'Shop' })).toBeVisible();
    await expect(menu.getByRole('button', { name: 'Install the app' })).toHaveCount(0);
  });

  test('the confirmation of a first order offers installing, and asks the browser', async ({ page }) => {
    const shopper = await registerShopper(page.request);
    await signIn(page, shopper);
    await apiAs(page.request, shopper.token, 'POST', '/addToCart', { product_id: 4, quantity: 1 });
    await page.goto('/checkout');
    await page.getByLabel('Mobile number').fill('98201 23456');
    await page.getByLabel('Address line 1').fill('12, Koregaon Park');
    await page.getByLabel('City').fill('Pune');
    await page.getByLabel('PIN code').fill('411 001');
    // The PIN fills the state.
    await expect(page.getByRole('combobox', { name: 'State' })).toHaveValue('Maharashtra');
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(page.getByText('Thank you! Your order is placed.')).toBeVisible();
    const offer = page.getByRole('region', { name: 'Install the app' });
    await expect(offer).toHaveCount(0);

    await offerInstall(page);
    await expect(offer).toBeVisible();
    await expect(offer).toBeInViewport();
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
      await page.screenshot({ path: test.info().outputPath(`order-install-360-${scheme}.png`) });
    }
    await offer.getByRole('button', { name: 'Install the app' }).click();
    await expect.poll(() => prompted(page)).toBe(true);
    await expect(offer).toHaveCount(0);
  });
});
