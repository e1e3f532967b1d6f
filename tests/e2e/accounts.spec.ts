import { expect, test } from './fixtures';
import { textCutOnScreen } from './layout-helpers';
import { registerShopper, signIn } from './shop-helpers';

test.describe('accounts', () => {
  test('a forgotten password: the link from the login page, the same answer for any email', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByLabel('Email')).toHaveAccessibleDescription(/Email is required/);
    await page.getByLabel('Email').fill(`nobody-${Date.now()}@example.in`);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('status')).toHaveText(
      'If an account uses this email, a link to choose a new password is on its way. It works once, within 30 minutes.',
    );
  });

  test('a forgotten password on a phone in Hindi: the page, its button and its answer read Hindi', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/hi/login');
    await page.getByRole('link', { name: 'पासवर्ड भूल गए?' }).click();
    await expect(page).toHaveURL(/\/hi\/forgot-password$/);
    await expect(page.getByRole('heading', { level: 1, name: 'पासवर्ड भूल गए?' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'लॉग इन पर लौटें' })).toBeVisible();
    expect(await textCutOnScreen(page)).toEqual([]);
    await page.getByLabel('ईमेल').fill(`nobody-${Date.now()}@example.in`);
    await page.getByRole('button', { name: 'लिंक भेजें' }).click();
    await expect(page.getByRole('status')).toHaveText(
      'अगर इस ईमेल से कोई खाता है, तो नया पासवर्ड चुनने का लिंक उस पर भेजा जा रहा है। यह एक ही बार, 30 मिनट के भीतर काम करेगा।',
    );
  });

  test('a used or made-up reset link says so next to a way to ask for a new one', async ({ page }) => {
    await page.goto('/reset-password?token=not-a-real-token');
    await page.getByLabel('New password').fill('Brand-New-Password-1');
    await page.getByRole('button', { name: 'Save new password' }).click();
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('This reset link has expired or was already used; ask for a new one');
    await alert.getByRole('link', { name: 'Ask for a new link' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
  });

  test('the profile page on a phone in Hindi reads Hindi, its buttons whole', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    const shopper = await registerShopper(page.request);
    await signIn(page, shopper);
    await page.goto('/hi/profile');
    await expect(page.getByRole('heading', { level: 1, name: 'आपकी प्रोफ़ाइल' })).toBeVisible();
    await expect(page).toHaveTitle(/आपकी प्रोफ़ाइल/);
    await expect(page.getByRole('button', { name: 'जानकारी सहेजें' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'मेरा खाता मिटाएँ' })).toBeVisible();
    await expect(page.getByRole('form', { name: 'पासवर्ड बदलें' })).toBeVisible();
    expect(await textCutOnScreen(page)).toEqual([]);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(360);
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', colorScheme);
      await page.screenshot({ path: test.info().outputPath(`profile-hi-${colorScheme}-360.png`), fullPage: true });
    }
  });

  test('a signed-in shopper changes their password: a wrong current one is refused next to it; other devices are logged out', async ({
    page,
    browser,
    baseURL,
  }) => {
    const shopper = await registerShopper(page.request);
    await signIn(page, shopper);
    const other = await browser.newContext({ baseURL });
    try {
      const phone = await other.newPage();
      await signIn(phone, shopper);
      await phone.goto('/orders');
      await expect(phone.getByRole('heading', { level: 1, name: 'Your orders' })).toBeVisible();

      await page.goto('/profile');
      const form = page.getByRole('form', { name: 'Change password' });
      await form.getByLabel('Current password').fill('Not-My-Password-1');
      await form.getByLabel('New password').fill('Dolly-Shot-2027');
      await form.getByRole('button', { name: 'Change password' }).click();
      await expect(form.getByLabel('Current password')).toHaveAccessibleDescription(
        /This is not your current password/,
      );

      await form.getByLabel('Current password').fill(shopper.password);
      await form.getByRole('button', { name: 'Change password' }).click();
      await expect(
        page.getByText('Your password has been changed. Your other devices have been logged out.'),
      ).toBeVisible();
      await expect(form.getByLabel('Current password')).toHaveValue('');
      // This device stays signed in; the other one is asked to log in again at its next request.
      await page.goto('/orders');
      await expect(page.getByRole('heading', { level: 1, name: 'Your orders' })).toBeVisible();
      await phone.goto('/orders');
      await expect(phone.getByText('Session ended')).toBeVisible();
      await expect(phone).toHaveURL(/\/$/);
      const login = await page.request.post('/backend/api/api/user/v1/login', {
        data: { email: shopper.email, password: 'Dolly-Shot-2027' },
      });
      expect(login.status()).toBe(200);
    } finally {
      await other.close();
    }
  });

  test('logging out from the account menu says so, neutrally', async ({ page }) => {
    const shopper = await registerShopper(page.request);
    await signIn(page, shopper);
    await page.goto('/cart');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(page.getByText('You are logged out')).toBeVisible();
    await expect(page.getByText('Session ended')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  });

  test('on a phone the wishlist count goes with the wishlist, into the account menu', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    const shopper = await registerShopper(page.request);
    const products = await page.request.get('/backend/api/getProduct');
    const ids = ((await products.json()) as { data: { id: number }[] }).data.map((product) => product.id);
    for (const id of ids.slice(0, 2)) {
      await page.request.post('/backend/api/api/user/v1/addToWishlist', {
        headers: { authorization: `Bearer ${shopper.token}` },
        data: { product_id: id },
      });
    }
    await signIn(page, shopper);
    await page.goto('/shop');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Cart, 0 items' })).toBeVisible();
    // No badge stands in the bar without its heart.
    await expect(header.getByText('2', { exact: true })).toBeHidden();
    await header.getByRole('button', { name: 'Account menu' }).click();
    await expect(page.getByRole('menuitem', { name: 'Wishlist (2)' })).toBeVisible();
  });
});
