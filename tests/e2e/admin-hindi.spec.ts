import { expect, test } from './fixtures';
import { textCutOnScreen } from './layout-helpers';
import { registerShopper, signIn } from './shop-helpers';

const admin = { email: 'admin@cineverse.in', password: 'Backstage@2026' };

test.describe('the back office in Hindi', () => {
  for (const colorScheme of ['light', 'dark'] as const) {
    test(`an admin reads the dashboard, disables an account, and reads moderation and the audit log in Hindi at 360 px (${colorScheme})`, async ({
      page,
    }, info) => {
      await page.setViewportSize({ width: 360, height: 740 });
      await page.emulateMedia({ colorScheme });
      await signIn(page, admin);

      // The dashboard: its heading, the areas' names and the figures.
      await page.goto('/hi/admin');
      await expect(page.getByRole('heading', { level: 1, name: 'डैशबोर्ड' })).toBeVisible();
      await expect(page).toHaveTitle(/^डैशबोर्ड · बैक ऑफ़िस \| /);
      const nav = page.getByRole('navigation', { name: 'बैक ऑफ़िस' });
      await expect(nav.getByRole('link', { name: 'मॉडरेशन' })).toBeVisible();
      await expect(page.getByText('पक्का करने हैं')).toBeVisible();
      await expect(page.getByRole('heading', { name: 'कम स्टॉक' })).toBeVisible();
      expect(await textCutOnScreen(page)).toEqual([]);
      await page.screenshot({ path: info.outputPath(`dashboard-hi-${colorScheme}.png`), fullPage: true });

      // Users: the search, the role names, and the question before an account is disabled.
      const shopper = await registerShopper(page.request);
      await nav.getByRole('link', { name: 'यूज़र' }).click();
      await expect(page).toHaveURL(/\/hi\/admin\/users/);
      await expect(page.getByRole('heading', { level: 1, name: 'यूज़र' })).toBeVisible();
      await page.getByRole('searchbox', { name: 'खाता खोजें' }).fill(shopper.email);
      await page.getByRole('searchbox', { name: 'खाता खोजें' }).press('Enter');
      const row = page.getByRole('row').filter({ hasText: shopper.email });
      await expect(row.getByLabel('Test Viewer की भूमिका')).toHaveValue('ग्राहक');
      await row.getByRole('button', { name: 'Test Viewer का खाता बंद करें' }).click();
      const dialog = page.getByRole('dialog', { name: 'Test Viewer का खाता बंद करें?' });
      await expect(dialog).toContainText('हर जगह से लॉग आउट');
      await expect(dialog.getByRole('button', { name: 'रहने दें' })).toBeVisible();
      await page.screenshot({ path: info.outputPath(`users-hi-${colorScheme}.png`), fullPage: true });
      await dialog.getByRole('button', { name: 'खाता बंद करें' }).click();
      await expect(dialog).toHaveCount(0);
      await expect(row.getByRole('button', { name: 'Test Viewer का खाता चालू करें' })).toHaveText('चालू करें');

      // Moderation: the tabs, each named in Hindi, within the phone's width.
      await page.goto('/hi/admin/moderation');
      await expect(page.getByRole('heading', { level: 1, name: 'मॉडरेशन' })).toBeVisible();
      await expect(page.getByRole('tab', { name: /^सभी/ })).toHaveAttribute('aria-selected', 'true');
      for (const tab of await page.getByRole('tab').all()) {
        const box = (await tab.boundingBox())!;
        expect(box.x + box.width, await tab.innerText()).toBeLessThanOrEqual(360);
      }
      await expect(page.getByRole('heading', { name: 'प्रकाशन के लिए कॉल' })).toBeVisible();
      expect(await textCutOnScreen(page)).toEqual([]);
      await page.screenshot({ path: info.outputPath(`moderation-hi-${colorScheme}.png`), fullPage: true });

      // The audit log names what was done to what in Hindi, and keeps the codes one searches by.
      await page.goto('/hi/admin/audit');
      await expect(page.getByRole('heading', { level: 1, name: 'ऑडिट लॉग' })).toBeVisible();
      await expect(page.getByRole('searchbox', { name: 'क्या बदला' })).toBeVisible();
      const change = page.getByRole('list', { name: 'बदलाव' }).getByRole('listitem').first();
      await expect(change).toContainText(/^यूज़र \d+: बदला गया/);
      await expect(change).toContainText('बाद में');
      // A kind is searched by its Hindi name, as the hint under the field lists them.
      await expect(page.getByText('इनमें से एक लिखें: बैनर')).toBeVisible();
      await page.getByRole('searchbox', { name: 'क्या बदला' }).fill('यूज़र');
      await page.getByRole('searchbox', { name: 'क्या बदला' }).press('Enter');
      await expect(page).toHaveURL(/entity=user/);
      await expect(change).toContainText(/^यूज़र \d+: बदला गया/);
      await page.screenshot({ path: info.outputPath(`audit-hi-${colorScheme}.png`), fullPage: true });

      // The contact messages and the mail not delivered.
      await page.goto('/hi/admin/messages');
      await expect(page.getByRole('heading', { level: 1, name: 'संदेश' })).toBeVisible();
      await expect(page.getByRole('radio', { name: 'जवाब दिया' })).toBeAttached();
      expect(await textCutOnScreen(page)).toEqual([]);
      await page.screenshot({ path: info.outputPath(`messages-hi-${colorScheme}.png`), fullPage: true });
      await page.goto('/hi/admin/mail');
      await expect(page.getByRole('heading', { level: 1, name: 'जो मेल नहीं पहुँचे' })).toBeVisible();
      await page.screenshot({ path: info.outputPath(`mail-hi-${colorScheme}.png`), fullPage: true });
    });
  }
});
