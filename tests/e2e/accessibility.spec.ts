import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { apiAs, signIn } from './shop-helpers';

const publicPages = [
  '/',
  '/about',
  '/contact',
  '/privacy-policy',
  '/terms-and-conditions',
  '/refund-cancellation',
  '/shipping-policy',
  '/category/Artist',
  '/category/Stuntmen',
  '/auditions',
  '/auditions/1',
  '/no-such-page',
  '/shop',
  '/shop/1',
  '/login',
  '/register',
  '/hi/',
  '/hi/auditions',
];

/** Pages of a signed-in shopper, checked as the demo shopper. */
const accountPages = [
  '/cart',
  '/checkout',
  '/wishlist',
  '/orders',
  '/orders/1',
  '/coupons',
  '/profile',
  '/me/applications',
  '/me/casting-calls',
];

/** The back office's screens, checked as the demo admin, who may open them all. */
const backOfficePages = [
  '/admin',
  '/admin/orders',
  '/admin/orders/1',
  '/admin/products',
  '/admin/products/1',
  '/admin/coupons',
  '/admin/messages',
  '/admin/content/banners',
  '/admin/settings',
  '/admin/users',
  '/admin/audit',
];

// Reduced motion shows every section at full opacity, as axe must see it; the layout is otherwise the same.
test.use({ reducedMotion: 'reduce' });

async function seriousViolations(page: Page): Promise<string[]> {
  // Sections off screen skip rendering (content-visibility: auto), and Chromium may then answer styles computed
  // before the page's stylesheets and colour scheme applied (black, unstyled headings in dark mode, now and then):
  // axe audits every section as it is once rendered.
  await page.addStyleTag({ content: '* { content-visibility: visible !important; }' });
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    // The map and video frames are other sites' documents (stubbed here), not ours to audit.
    .exclude('iframe')
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

test.describe('accessibility', () => {
  // A manager on a phone in daylight, an editor at a desk in dark mode.
  for (const [scheme, width] of [
    ['light', 360],
    ['dark', 1280],
  ] as const) {
    for (const path of backOfficePages) {
      test(`axe finds no serious or critical violation on ${path} at ${width} px in ${scheme} mode, as staff`, async ({
        page,
      }) => {
        await page.emulateMedia({ colorScheme: scheme });
        await signIn(page, { email: 'admin@cineverse.in', password: 'Backstage@2026' });
        await page.setViewportSize({ width, height: 900 });
        await page.goto(path);
        await expect(page.locator('h1')).toBeVisible();
        await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
        await page.waitForLoadState('networkidle');
        expect(await seriousViolations(page)).toEqual([]);
      });
    }
  }
  // Each page at both widths, in the light scheme and then, on the same page, in the dark one.
  for (const width of [1280, 360]) {
    for (const path of accountPages) {
      test(`axe finds no serious or critical violation on ${path} at ${width} px, light and dark, signed in`, async ({
        page,
      }) => {
        await page.emulateMedia({ colorScheme: 'light' });
        const token = await signIn(page);
        if (path === '/checkout') {
          // Checkout needs something in the cart to show its form (adding from the product page is shop.spec.ts's).
          await apiAs(page.request, token, 'POST', '/addToCart', { product_id: 4, quantity: 1 });
          const cart = await apiAs<{ data: unknown[] }>(page.request, token, 'GET', '/getCartItems');
          expect(cart.data.length).toBeGreaterThan(0);
        }
        await page.setViewportSize({ width, height: 900 });
        await page.goto(path);
        await expect(page.locator('h1')).toBeVisible();
        await page.waitForLoadState('networkidle');
        for (const scheme of ['light', 'dark'] as const) {
          await page.emulateMedia({ colorScheme: scheme });
          // The scheme axe checks is the one the app painted.
          await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
          expect(await seriousViolations(page), scheme).toEqual([]);
        }
      });
    }
  }

  // The public pages once per colour scheme, each at one width: a visitor's phone in daylight, a desk in dark mode
  // (the signed-in pages above are checked at both widths in both schemes).
  for (const [scheme, width] of [
    ['light', 360],
    ['dark', 1280],
  ] as const) {
    const named = scheme === 'light' ? `${width} px` : `${width} px in dark mode`;
    for (const path of publicPages) {
      test(`axe finds no serious or critical violation on ${path} at ${named}`, async ({ page }) => {
        await page.emulateMedia({ colorScheme: scheme });
        await page.setViewportSize({ width, height: 900 });
        await page.goto(path);
        await expect(page.locator('h1')).toBeVisible();
        // The scheme axe checks is the one the app painted.
        await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
        await page.waitForLoadState('networkidle');
        // Carousels as people use them: scrolled to, moving, with their buttons and dots.
        // (Scrolled from the page in one step: a still carousel may be replaced by the moving one at any moment.)
        // Sections off screen are laid out at an estimated height until first shown, so the first scroll can land
        // short of the carousel once those above it take their real height: scrolled to again until it moves.
        const carousels = await page.locator('[data-carousel]').count();
        for (let index = 0; index < carousels; index += 1) {
          await expect(async () => {
            await page.evaluate(
              (nth) => document.querySelectorAll('[data-carousel]')[nth]?.scrollIntoView({ block: 'center' }),
              index,
            );
            await expect(page.locator('[data-carousel]').nth(index)).toHaveAttribute('data-carousel', 'moving', {
              timeout: 1_000,
            });
          }).toPass();
        }
        expect(await seriousViolations(page)).toEqual([]);
      });
    }
  }

  test('every image on the public pages has a meaningful alt text', async ({ page }) => {
    for (const path of ['/', '/about', '/category/Studio', '/shop', '/shop/2']) {
      await page.goto(path);
      await expect(page.locator('h1')).toBeAttached();
      await page.waitForLoadState('networkidle');
      const images = await page.locator('img').evaluateAll((nodes) =>
        nodes.map((node) => ({
          src: node.getAttribute('src'),
          alt: node.getAttribute('alt'),
          // An image inside a link or button that carries its own name (the logo, a thumbnail) is decorative: alt="" is right.
          namedByLink: node.closest('a[aria-label], button[aria-label]') !== null,
        })),
      );
      expect(images.length).toBeGreaterThan(0);
      for (const image of images) {
        expect(image.alt, `${path}: ${image.src}`).not.toBeNull();
        if (image.namedByLink) continue;
        expect(image.alt?.trim(), `${path}: ${image.src}`).toBeTruthy();
        expect(image.alt, `${path}: ${image.src}`).not.toMatch(/\.(svg|png|jpe?g|webp)$/i);
      }
    }
  });

  test('the first Tab stop is a Skip to content link, which takes the keyboard past the header to the page', async ({
    page,
  }) => {
    await page.goto('/shop');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.locator('main')).toBeFocused();
    // The next Tab stop is in the page, not back in the header.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.querySelector('main')?.contains(document.activeElement))).toBe(true);
  });

  test('the phone menu opens and closes by keyboard', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/');
    const menuButton = page.getByRole('button', { name: /^(Open|Close) menu$/ });
    await menuButton.focus();
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog');
    await expect(drawer.getByRole('link', { name: 'About Us' })).toBeVisible();
    await expect(drawer.getByRole('button', { name: 'Close menu' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await menuButton.focus();
    await page.keyboard.press('Enter');
    await drawer.getByRole('link', { name: 'Contact Us' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/contact$/);
  });

  test('the account menu opens by keyboard on its first press, closes on Escape and gives focus back', async ({
    page,
  }) => {
    await page.goto('/');
    const accountButton = page.getByRole('button', { name: 'Account menu' });
    await accountButton.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem', { name: 'Log in' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(accountButton).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(menu).toBeVisible();
    // Mantine moves focus into the menu a moment after it shows; the arrows work from there.
    await expect(page.locator('[role="menu"]:focus, [role="menu"] :focus')).toHaveCount(1);
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem', { name: 'Log in' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem', { name: 'Create account' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/register/);
  });

  test('an Escape pressed before the open account menu has taken focus closes it too', async ({ page }) => {
    await page.goto('/');
    const accountButton = page.getByRole('button', { name: 'Account menu' });
    await accountButton.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await expect(page.locator('[role="menu"]:focus, [role="menu"] :focus')).toHaveCount(1);
    // The moment between the menu showing and Mantine moving focus into it: focus is still on the button.
    await accountButton.focus();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(accountButton).toBeFocused();
  });

  test('the banner dots and card carousel buttons work by keyboard and only visible slides take focus', async ({
    page,
  }) => {
    await page.goto('/');
    const banners = page.getByRole('region', { name: 'Featured', exact: true });
    await expect(banners).toHaveAttribute('data-carousel', 'moving');
    await banners.getByRole('tab', { name: 'Slide 1 of 3' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(banners.getByRole('tab', { name: 'Slide 2 of 3' })).toHaveAttribute('aria-selected', 'true');
    await expect(banners.getByRole('tab', { name: 'Slide 2 of 3' })).toBeFocused();
    const focusableLinks = await banners
      .locator('a')
      .evaluateAll((links) => links.filter((link) => !link.closest('[inert]')).length);
    expect(focusableLinks).toBe(1);

    const magazine = page.getByRole('region', { name: 'Magazine issues', exact: true });
    await page.evaluate(() =>
      document.querySelector('[data-carousel][aria-label="Magazine issues"]')?.scrollIntoView({ block: 'center' }),
    );
    await expect(magazine).toHaveAttribute('data-carousel', 'moving');
    await magazine.getByRole('button', { name: 'Next: Magazine issues' }).focus();
    await page.keyboard.press('Space');
    await expect(magazine.locator('[aria-roledescription="slide"][aria-hidden="false"]').first()).toHaveAttribute(
      'aria-label',
      '2 of 6',
    );
  });
});
