import type { Locator } from '@playwright/test';
import { expect, test } from './fixtures';
import { registerShopper } from './shop-helpers';

test.use({ viewport: { width: 360, height: 740 } });

/** The element in error has focus and is on the screen. */
async function expectFocusedOnScreen(field: Locator) {
  await expect(field).toBeFocused();
  await expect(field).toBeInViewport();
}

test.describe('form errors in the page’s language', () => {
  test('registering on a Hindi page: the form’s own check and the server’s refusal read Hindi, next to their fields', async ({
    page,
  }) => {
    const taken = await registerShopper(page.request);
    await page.goto('/hi/register');
    const signUp = page.getByRole('form', { name: 'खाता बनाएँ' });
    await signUp.getByRole('textbox', { name: 'नाम', exact: true }).fill('इरा सेन');
    await signUp.getByRole('textbox', { name: 'ईमेल' }).fill(taken.email);
    const password = signUp.getByRole('textbox', { name: 'पासवर्ड', exact: true });
    await password.fill('short');
    // Leaving the field checks it (the message shows under it); then the button, below, is pressed.
    await password.blur();
    await signUp.getByRole('button', { name: 'खाता बनाएँ' }).click();
    // Checked in the browser against the contract's schema: the schema's English, in Hindi.
    await expect(signUp.getByText('पासवर्ड कम से कम 8 अक्षरों का होना चाहिए')).toBeVisible();
    await expect(signUp.getByText('Password must be at least 8 characters')).toHaveCount(0);
    await expectFocusedOnScreen(password);
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await page.screenshot({ path: test.info().outputPath(`register-hi-${colorScheme}-360.png`), fullPage: true });
    }

    // Refused by the server (the email has an account): its code's words, next to the email.
    await password.fill('Matinee-Show-42');
    await signUp.getByRole('button', { name: 'खाता बनाएँ' }).click();
    await expect(signUp.getByText('इस ईमेल से पहले से एक खाता है; लॉग इन करें')).toBeVisible();
    await expect(signUp.getByText('An account with this email already exists')).toHaveCount(0);
    await expectFocusedOnScreen(signUp.getByRole('textbox', { name: 'ईमेल' }));
  });

  test('the same form in English shows the spec’s English texts', async ({ page }) => {
    const taken = await registerShopper(page.request);
    await page.goto('/register');
    const signUp = page.getByRole('form', { name: 'Create account' });
    await signUp.getByRole('textbox', { name: 'Name', exact: true }).fill('Ira Sen');
    await signUp.getByRole('textbox', { name: 'Email' }).fill(taken.email);
    const password = signUp.getByRole('textbox', { name: 'Password', exact: true });
    await password.fill('short');
    await password.blur();
    await signUp.getByRole('button', { name: 'Create account' }).click();
    await expect(signUp.getByText('Password must be at least 8 characters')).toBeVisible();
    await expectFocusedOnScreen(password);

    await password.fill('Matinee-Show-42');
    await signUp.getByRole('button', { name: 'Create account' }).click();
    await expect(signUp.getByText('An account with this email already exists; log in instead')).toBeVisible();
    await expectFocusedOnScreen(signUp.getByRole('textbox', { name: 'Email' }));
  });
});
