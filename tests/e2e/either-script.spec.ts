import { expect, test } from './fixtures';
import { registerShopper, USER_API } from './shop-helpers';

test.describe('names and cities typed in Hindi', () => {
  for (const colorScheme of ['light', 'dark'] as const) {
    test(`find members and calls written in English on a 360 px phone (${colorScheme})`, async ({ page }, info) => {
      await page.setViewportSize({ width: 360, height: 740 });
      await page.emulateMedia({ colorScheme });
      // A member who wrote their name in Latin letters.
      const member = await registerShopper(page.request);
      const handle = `priya-sharma-${colorScheme}-${Date.now().toString(36)}`;
      const created = await page.request.put(`${USER_API}/me/profile`, {
        headers: { authorization: `Bearer ${member.token}` },
        data: {
          kind: 'person',
          handle,
          display_name: 'Priya Sharma',
          category: 'Artist',
          crafts: ['actor'],
          city: 'Pune',
        },
      });
      expect(created.ok()).toBe(true);

      await page.goto('/category/Artist');
      await page.getByLabel('Search name, skill or headline').fill('प्रिया');
      await expect(page).toHaveURL(new RegExp(`search=${encodeURIComponent('प्रिया')}`));
      const card = page.locator(`main a[href="/profiles/${handle}"]`);
      await expect(card).toContainText('Priya Sharma');
      await expect(page.getByLabel('Search name, skill or headline')).toHaveValue('प्रिया');
      await page.screenshot({ path: info.outputPath(`directory-${colorScheme}.png`), fullPage: true });

      // The demo calls in Mumbai, by the city's Hindi name; the one in Chennai is not among them.
      await page.goto('/auditions');
      await page.getByLabel('City').fill('मुंबई');
      await expect(page).toHaveURL(new RegExp(`city=${encodeURIComponent('मुंबई')}`));
      await expect(page.getByText('Chhota Jasoos')).toBeVisible();
      await expect(page.getByText('Tara & the Tigers')).toBeVisible();
      await expect(page.getByText('Kadal Kaatru')).toHaveCount(0);
      await expect(page.getByLabel('City')).toHaveValue('मुंबई');
      await page.screenshot({ path: info.outputPath(`auditions-${colorScheme}.png`), fullPage: true });
    });
  }
});
