import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { textCutOnScreen } from './layout-helpers';
import { codeOf, readSmsDir, type ReceivedSms } from '../support/msg91-stand-in';

const smsDir = process.env.SMS_DIR;
if (!smsDir) throw new Error('SMS_DIR is not set: run the tests through `npm run test:e2e`');

/** A mobile number no earlier run used: 9 and nine digits of the clock. */
const phone = `9${String(Date.now()).slice(-9)}`;

/** The newest SMS to `number` after the first `after` of them, as the phone receives it. */
async function nextSms(number: string, after: number): Promise<ReceivedSms> {
  const to = async () => (await readSmsDir(smsDir!)).filter((sms) => sms.to === `91${number}`);
  await expect.poll(async () => (await to()).length, { timeout: 10_000 }).toBeGreaterThan(after);
  return (await to()).at(-1)!;
}
const smsCount = async (number: string) => (await readSmsDir(smsDir!)).filter((sms) => sms.to === `91${number}`).length;

/** Screenshots of the screen at 360 px in both schemes, each checked by axe (no serious or critical violation). */
async function shoot(page: Page, name: string) {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', colorScheme);
    await page.screenshot({ path: test.info().outputPath(`${name}-${colorScheme}-360.png`), fullPage: true });
    const results = await new AxeBuilder({ page })
      .include('main')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
      .analyze();
    const serious = results.violations.filter(({ impact }) => impact === 'serious' || impact === 'critical');
    expect(serious.map(({ id, nodes }) => `${id}: ${nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual(
      [],
    );
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

test('a member registers with a mobile number and its code, logs out, and logs in again by phone', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/register?redirect=/orders');
  await page.getByRole('button', { name: 'Use a mobile number instead' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Create your account with a mobile number' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Pooja Yadav');
  // Typed as people type it: +91, spaces and a dash.
  await page.getByRole('textbox', { name: 'Mobile number' }).fill(`+91 ${phone.slice(0, 5)}-${phone.slice(5)}`);
  expect(await textCutOnScreen(page)).toEqual([]);
  await shoot(page, 'phone-register');
  await page.getByRole('button', { name: 'Send code' }).click();

  const sms = await nextSms(phone, 0);
  expect(sms.text.split('\n').at(-1)).toBe(`@localhost #${codeOf(sms)}`);
  const code = page.getByRole('textbox', { name: '6-digit code' });
  await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(code).toHaveAttribute('inputmode', 'numeric');
  await expect(
    page.getByText(`We have sent a 6-digit code to +91 ${phone.slice(0, 5)} ${phone.slice(5)}`),
  ).toBeVisible();
  const resend = page.getByRole('button', { name: /Send a new code in \d+ s/ });
  await expect(resend).toBeDisabled();

  // A wrong code is said next to the input, which takes focus.
  const wrong = codeOf(sms) === '000000' ? '111111' : '000000';
  await code.fill(wrong);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('That code is not right. 2 tries left.')).toBeVisible();
  await expect(code).toBeFocused();
  await expect(code).toHaveAttribute('aria-invalid', 'true');
  expect(await textCutOnScreen(page)).toEqual([]);
  await shoot(page, 'phone-code-wrong');

  await code.fill(codeOf(sms));
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your orders' })).toBeVisible();
  // A confirmed phone is a confirmed account: no "confirm your email" notice.
  await expect(page.getByTestId('confirm-email-notice')).toHaveCount(0);

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page.getByText('You are logged out')).toBeVisible();

  // Chrome on Android reads the SMS for the page (WebOTP): here the browser's answer is the SMS the stand-in got.
  const sent = await smsCount(phone);
  await page.exposeFunction('nextSmsCode', async () => codeOf(await nextSms(phone, sent)));
  await page.addInitScript(() => {
    const win = window as unknown as { OTPCredential: unknown; nextSmsCode: () => Promise<string>; otpAsked?: object };
    win.OTPCredential = function OTPCredential() {};
    navigator.credentials.get = async (options?: CredentialRequestOptions) => {
      win.otpAsked = {
        transport: (options as { otp?: { transport?: string[] } }).otp?.transport,
        signal: !!options?.signal,
      };
      return { id: '', type: 'otp', code: await win.nextSmsCode() } as unknown as Credential;
    };
  });
  await page.goto('/login?redirect=/orders');
  await page.getByRole('button', { name: 'Use a mobile number instead' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Log in with your mobile number' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Mobile number' }).fill(phone);
  await shoot(page, 'phone-login');
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your orders' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { otpAsked?: object }).otpAsked)).toEqual({
    transport: ['sms'],
    signal: true,
  });
});

test('asking for a new code too soon, and a code after the wait, are said on the code screen', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const number = `8${String(Date.now()).slice(-9)}`;
  await page.goto('/register');
  await page.getByRole('button', { name: 'Use a mobile number instead' }).click();
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Ravi Kumar');
  await page.getByRole('textbox', { name: 'Mobile number' }).fill(number);
  await page.getByRole('button', { name: 'Send code' }).click();
  await nextSms(number, 0);
  await expect(page.getByRole('button', { name: /Send a new code in \d+ s/ })).toBeDisabled();
  await shoot(page, 'phone-code');
  // "Change number" goes back with the number kept.
  await page.getByRole('button', { name: 'Change number' }).click();
  await expect(page.getByRole('textbox', { name: 'Mobile number' })).toHaveValue(number);
  // Asking again at once: the wait is said next to the number.
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText(/Wait \d+ seconds before asking for a new code/)).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Mobile number' })).toBeFocused();
});

/**
 * Words in Latin letters a reader of the page meets in its main region: its text, its labels and placeholders, and
 * the document's title. CineVerse is the product's name in every language.
 */
function latinWords(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const main = document.querySelector('main');
    const attributes = ['aria-label', 'placeholder', 'title'];
    const texts = [
      document.title,
      main?.innerText ?? '',
      ...[...(main?.querySelectorAll('[aria-label], [placeholder], [title]') ?? [])].flatMap((element) =>
        attributes.map((name) => element.getAttribute(name) ?? ''),
      ),
    ];
    return texts.flatMap((text) => text.match(/[A-Za-z]{2,}/g) ?? []).filter((word) => word !== 'CineVerse');
  });
}

test('a new member registers by phone on the Hindi page and reads Hindi on every step', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const number = `7${String(Date.now()).slice(-9)}`;
  await page.goto('/hi/register');
  await expect(page.getByRole('heading', { level: 1, name: 'अपना खाता बनाइए' })).toBeVisible();
  await page.getByRole('button', { name: 'मोबाइल नंबर से करें' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'मोबाइल नंबर से अपना खाता बनाएँ' })).toBeVisible();
  await expect(page).toHaveTitle(/खाता बनाएँ/);
  await expect(page.getByText('ईमेल या पासवर्ड की ज़रूरत नहीं', { exact: false })).toBeVisible();
  await expect(page.getByText('10 अंक, +91 के साथ या उसके बिना')).toBeVisible();
  expect(await latinWords(page)).toEqual([]);
  await page.getByRole('textbox', { name: 'नाम', exact: true }).fill('पूजा यादव');
  await page.getByRole('textbox', { name: 'मोबाइल नंबर' }).fill(number);
  expect(await textCutOnScreen(page)).toEqual([]);
  await shoot(page, 'phone-register-hi');
  await page.getByRole('button', { name: 'कोड भेजें' }).click();

  const sms = await nextSms(number, 0);
  const code = page.getByRole('textbox', { name: '6 अंकों का कोड' });
  await expect(code).toBeVisible();
  await expect(
    page.getByText(`हमने +91 ${number.slice(0, 5)} ${number.slice(5)} पर 6 अंकों का कोड भेजा है। यह 5 मिनट तक काम करेगा।`),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: /^\d+ सेकंड बाद नया कोड मँगाएँ$/ })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'नंबर बदलें' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'ईमेल से करें' })).toBeVisible();
  expect(await latinWords(page)).toEqual([]);
  expect(await textCutOnScreen(page)).toEqual([]);
  await shoot(page, 'phone-code-hi');

  await code.fill(codeOf(sms));
  await page.getByRole('button', { name: 'आगे बढ़ें' }).click();
  await expect(page).toHaveURL(/\/hi\/?$/);
  // An account made on a Hindi page reads Hindi: its mail, notices and other devices follow.
  const token = await page.evaluate(() => localStorage.getItem('useAccessToken'));
  expect(token).toBeTruthy();
  const language = async () =>
    (
      (await (
        await page.request.get('/backend/api/api/user/v1/profile', { headers: { authorization: `Bearer ${token}` } })
      ).json()) as { data: { language: string } }
    ).data.language;
  await expect.poll(language).toBe('hi');
});

/** Registers a member by phone through the screens, on `page` (360 px), and lands on the account page. */
async function registerOnPhone(page: Page, number: string, name: string) {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/register?redirect=/profile');
  await page.getByRole('button', { name: 'Use a mobile number instead' }).click();
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await page.getByRole('textbox', { name: 'Mobile number' }).fill(number);
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByRole('textbox', { name: '6-digit code' }).fill(codeOf(await nextSms(number, 0)));
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('button', { name: 'Download my data' })).toBeVisible();
}

test('a member with no password downloads their data with a code sent to their phone', async ({ page }) => {
  const number = `8${String(Date.now()).slice(-9)}`;
  await registerOnPhone(page, number, 'Rekha Nair');
  await expect(page.getByRole('button', { name: 'Download my data' })).toBeVisible();
  // It has no password to change.
  await expect(page.getByText('Change password')).toHaveCount(0);
  await page.getByRole('button', { name: 'Download my data' }).click();
  const dialog = page.getByRole('dialog', { name: 'Download my data' });
  await expect(dialog.getByText(/We will send a 6-digit code to \+91/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Send code' }).click();
  const sms = await nextSms(number, 1);
  const code = dialog.getByRole('textbox', { name: '6-digit code' });
  await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  await code.fill(codeOf(sms) === '000000' ? '111111' : '000000');
  await dialog.getByRole('button', { name: 'Download', exact: true }).click();
  await expect(dialog.getByText('That code is not right. 2 tries left.')).toBeVisible();
  await shoot(page, 'phone-export-code');
  await code.fill(codeOf(sms));
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download', exact: true }).click();
  expect((await download).suggestedFilename()).toBe('cineverse-my-data.json');
  await expect(dialog).toBeHidden();
});

test('a member with no password deletes their account with a code, on the Hindi page of a 360 px phone', async ({
  page,
}) => {
  const number = `7${String(Date.now()).slice(-9)}`;
  await registerOnPhone(page, number, 'Rekha Nair');
  await page.goto('/hi/profile');
  await expect(page.getByRole('heading', { name: 'आपका डेटा' })).toBeVisible();
  await page.getByRole('button', { name: 'मेरा खाता मिटाएँ' }).click();
  const dialog = page.getByRole('dialog', { name: 'मेरा खाता मिटाएँ' });
  await expect(dialog.getByText(/पर 6 अंकों का कोड भेजेंगे।/)).toBeVisible();
  await shoot(page, 'phone-delete-hi');
  await dialog.getByRole('button', { name: 'कोड भेजें' }).click();
  const sms = await nextSms(number, 1);
  await expect(dialog.getByText(/पर कोड भेज दिया है। यह 5 मिनट तक काम करेगा।/)).toBeVisible();
  await dialog.getByRole('textbox', { name: '6 अंकों का कोड' }).fill(codeOf(sms));
  expect(await textCutOnScreen(page)).toEqual([]);
  await shoot(page, 'phone-delete-code-hi');
  await dialog.getByRole('button', { name: 'मेरा खाता मिटाएँ' }).click();
  await expect(page.getByText('आपका खाता मिटा दिया गया है')).toBeVisible();
});
