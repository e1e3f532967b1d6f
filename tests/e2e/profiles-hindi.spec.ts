import { expect, test } from './fixtures';
import { registerShopper, signIn, USER_API } from './shop-helpers';

test.describe('the directory and the profile editor in Hindi', () => {
  for (const colorScheme of ['light', 'dark'] as const) {
    test(`read in Hindi on a 360 px phone (${colorScheme})`, async ({ page }, info) => {
      await page.setViewportSize({ width: 360, height: 740 });
      await page.emulateMedia({ colorScheme });
      const member = await registerShopper(page.request);
      const handle = `priya-hindi-${colorScheme}-${Date.now().toString(36)}`;
      const created = await page.request.put(`${USER_API}/me/profile`, {
        headers: { authorization: `Bearer ${member.token}` },
        data: {
          kind: 'person',
          handle,
          display_name: 'Priya Sharma',
          category: 'Artist',
          crafts: ['actor'],
          city: 'Pune',
          languages: [{ language: 'Hindi', level: 'native' }],
        },
      });
      expect(created.ok()).toBe(true);
      await signIn(page, member);

      // The directory: its heading, filters and count in Hindi, a name typed in Devanagari found in Latin letters.
      await page.goto('/hi/category/Artist');
      await expect(page.getByRole('heading', { level: 1, name: 'कलाकार' })).toBeVisible();
      await expect(page).toHaveTitle(/^कलाकार \| /);
      await expect(page.getByRole('combobox', { name: 'काम (क्राफ़्ट)' })).toBeVisible();
      await expect(page.getByRole('checkbox', { name: 'सिर्फ़ सत्यापित' })).toBeVisible();
      await page.getByLabel('नाम, हुनर या परिचय से खोजें').fill('प्रिया');
      await expect(page).toHaveURL(new RegExp(`search=${encodeURIComponent('प्रिया')}`));
      const card = page.locator(`main a[href="/hi/profiles/${handle}"]`);
      await expect(card).toContainText('Priya Sharma');
      await expect(card).toContainText('अभिनेता/अभिनेत्री');
      await expect(page.getByRole('status').filter({ hasText: 'प्रोफ़ाइल' })).toContainText(
        /\d+ प्रोफ़ाइल आपकी खोज से मेल खाती/,
      );
      await page.screenshot({ path: info.outputPath(`directory-hi-${colorScheme}.png`), fullPage: true });

      // The member's public page.
      await card.click();
      await expect(page.getByRole('heading', { level: 1, name: 'Priya Sharma' })).toBeVisible();
      await expect(page.getByText('Hindi (मातृभाषा)')).toBeVisible();
      await expect(page.getByRole('button', { name: 'संपर्क करें' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'प्रोफ़ाइल की शिकायत करें' })).toBeVisible();
      await page.screenshot({ path: info.outputPath(`profile-hi-${colorScheme}.png`), fullPage: true });

      // The editor where the member builds their profile.
      await page.goto('/hi/my-profile');
      await expect(page.getByRole('heading', { level: 1, name: 'मेरी प्रोफ़ाइल' })).toBeVisible();
      await expect(page).toHaveTitle(/^मेरी प्रोफ़ाइल \| /);
      await expect(page.getByLabel('आपका नाम')).toHaveValue('Priya Sharma');
      await expect(page.getByLabel('हैंडल')).toHaveValue(handle);
      await expect(page.getByRole('group', { name: 'संपर्क जानकारी और निजता' })).toBeVisible();
      await expect(page.getByRole('switch', { name: 'मेरा फ़ोन दिखाएँ' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'रील जोड़ें' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'हेडशॉट' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'प्रोफ़ाइल सहेजें' })).toBeVisible();
      await page.getByLabel('परिचय की एक पंक्ति').fill('थिएटर अभिनेत्री, हिन्दी और मराठी');
      await page.getByRole('button', { name: 'प्रोफ़ाइल सहेजें' }).click();
      await expect(page.getByText('प्रोफ़ाइल सहेजी गई')).toBeVisible();
      await page.screenshot({ path: info.outputPath(`my-profile-hi-${colorScheme}.png`), fullPage: true });
    });
  }
});
