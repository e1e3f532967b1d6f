import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { textOverlapping } from './layout-helpers';
import { apiAs, registerMember, registerShopper, signIn, USER_API } from './shop-helpers';

const staffPassword = 'Backstage@2026';

test.use({ viewport: { width: 360, height: 740 } });

/** Opens `path` and waits until its list (or its empty state) has arrived and the page has settled. */
async function openSettled(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.locator('main h1').first(), path).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('main').getByRole('progressbar')).toHaveCount(0);
}

test.describe('text never prints over text on a phone', () => {
  test('the notification bell with many notices scrolls its list, each notice readable, in light and dark', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    // A director with a profile answers a member seven times: seven notices in the member's centre.
    const director = await registerMember(page.request);
    const handle = `bell-${Date.now().toString(36)}`;
    const created = await page.request.put(`${USER_API}/me/profile`, {
      headers: { authorization: `Bearer ${director.token}` },
      data: {
        kind: 'person',
        handle,
        display_name: 'Kabir Sethi',
        category: 'Artist',
        crafts: ['director'],
        city: 'Pune',
      },
    });
    expect(created.ok()).toBe(true);
    const member = await registerMember(page.request);
    const written = await page.request.post(`/backend/api/api/v1/profiles/${handle}/contact`, {
      headers: { authorization: `Bearer ${member.token}` },
      data: { message: 'Would you read my Marathi feature script?' },
    });
    expect(written.status()).toBe(201);
    const [conversation] = (
      await apiAs<{ data: { id: number }[] }>(page.request, director.token, 'GET', '/me/conversations')
    ).data;
    for (let answer = 1; answer <= 7; answer += 1) {
      const answered = await page.request.post(`${USER_API}/me/conversations/${conversation!.id}/messages`, {
        headers: { authorization: `Bearer ${director.token}` },
        data: { message: `Answer ${answer}: the scene is at Dadar station, come by the western line.` },
      });
      expect(answered.status()).toBe(201);
    }

    await signIn(page, member);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto('/auditions');
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
      await page.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click();
      const centre = page.getByRole('dialog', { name: 'Notifications' });
      const notices = centre.getByRole('button', { name: /Kabir Sethi answered/ });
      await expect(notices).toHaveCount(7);
      await expect(notices.first()).toBeVisible();
      // Opened, not half-way through its fade-in.
      await expect(centre).toHaveCSS('opacity', '1');
      await page.screenshot({ path: test.info().outputPath(`bell-360-${scheme}.png`) });
      expect(await textOverlapping(page)).toEqual([]);
      // The list scrolls to its last notice, which reads in full.
      const last = notices.last();
      await last.scrollIntoViewIfNeeded();
      await expect(last).toBeInViewport({ ratio: 1 });
      await expect(last.getByText('Answer 1: the scene is at Dadar station')).toBeVisible();
      expect(await textOverlapping(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await expect(centre).toBeHidden();
    }
  });

  test('the public lists: directory, casting calls, the shop, a category and search results', async ({ page }) => {
    const found: Record<string, string[]> = {};
    for (const path of [
      '/category/Artist',
      '/category/Studio',
      '/auditions',
      '/shop',
      '/shop?category=Posters%20%26%20Art',
      '/shop?search=shirt',
    ]) {
      await openSettled(page, path);
      found[path] = await textOverlapping(page);
    }
    expect(found).toEqual(Object.fromEntries(Object.keys(found).map((path) => [path, []])));
  });

  test('a member’s lists: cart, wishlist, orders, messages, applications and casting calls', async ({ page }) => {
    const shopper = await registerShopper(page.request);
    for (const product_id of [1, 2, 3]) {
      await apiAs(page.request, shopper.token, 'POST', '/addToCart', { product_id, quantity: 1 });
      await apiAs(page.request, shopper.token, 'POST', '/addToWishlist', { product_id: product_id + 3 });
    }
    await signIn(page, shopper);
    const found: Record<string, string[]> = {};
    for (const path of ['/cart', '/wishlist']) {
      await openSettled(page, path);
      await expect(page.locator('main li, main article').first()).toBeVisible();
      found[path] = await textOverlapping(page);
    }
    await page.context().clearCookies();
    await page.evaluate(() => {
      localStorage.clear();
      sessionStorage.clear();
    });
    await signIn(page);
    for (const path of ['/orders', '/messages', '/me/applications', '/me/casting-calls', '/coupons']) {
      await openSettled(page, path);
      found[path] = await textOverlapping(page);
    }
    expect(found).toEqual(Object.fromEntries(Object.keys(found).map((path) => [path, []])));
  });

  test('the back office’s lists: orders, products, coupons, moderation, users, messages and the audit log', async ({
    page,
  }) => {
    await signIn(page, { email: 'admin@cineverse.in', password: staffPassword });
    const found: Record<string, string[]> = {};
    for (const path of [
      '/admin/orders',
      '/admin/products',
      '/admin/coupons',
      '/admin/moderation',
      '/admin/moderation?type=calls',
      '/admin/users',
      '/admin/messages',
      '/admin/audit',
    ]) {
      await openSettled(page, path);
      found[path] = await textOverlapping(page);
    }
    expect(found).toEqual(Object.fromEntries(Object.keys(found).map((path) => [path, []])));
  });
});
