import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, test } from './fixtures';
import { englishOnScreen, MemberContent, storedTexts } from './hindi-words-helpers';
import { startServerProcess, type ServerProcess } from './server-process';
import { E2E_SMS, startMsg91StandIn, codeOf, readSmsDir, type Msg91StandIn } from '../support/msg91-stand-in';
import { signInCodeTemplate } from '../../server/src/lib/sms/sign-in-code-sms';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, reducedMotion: 'reduce' });

/**
 * A newcomer on a cheap phone, in Hindi from the first page to the application sent: a server of their own on a copy
 * of the demo database, sending sign-in codes through the MSG91 stand-in, so that the demo calls are as seeded.
 */
test.describe('a newcomer in Hindi', () => {
  let sms: Msg91StandIn;
  let smsDir: string;
  let server: ServerProcess;
  let content: MemberContent;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    const template = process.env.E2E_DATA_TEMPLATE;
    if (!template) throw new Error('E2E_DATA_TEMPLATE is not set: run the tests through `npm run test:e2e`');
    content = new MemberContent(await storedTexts(template));
    smsDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cineverse-journey-sms-'));
    sms = await startMsg91StandIn({
      authKey: E2E_SMS.authKey,
      templates: { [E2E_SMS.templateId]: signInCodeTemplate('localhost') },
      dir: smsDir,
    });
    server = await startServerProcess({
      SKIP_BUILD: '1',
      SMS_BASE_URL: sms.url,
      SMS_AUTH_KEY: E2E_SMS.authKey,
      SMS_TEMPLATE_ID: E2E_SMS.templateId,
      SMS_SENDER_ID: E2E_SMS.senderId,
    });
  });
  test.afterAll(async () => {
    await server?.stop();
    await sms?.close();
    if (smsDir) await fs.rm(smsDir, { recursive: true, force: true });
  });

  /** What the newcomer typed: their own words, as members' content. */
  const name = 'सपना वर्मा';
  const headline = 'लखनऊ की रंगमंच अभिनेत्री, हिन्दी और उर्दू';

  /** The screen as it is now has no English word but members' own, and the step says so by name. */
  async function readsHindi(page: Page, step: string) {
    await page.waitForLoadState('networkidle');
    expect(await englishOnScreen(page, content.with(name, headline)), `English words at "${step}"`).toEqual([]);
    await page.screenshot({ path: test.info().outputPath(`${step}-360.png`), fullPage: true });
  }

  test('signs up with a mobile number, builds a profile, finds a call by a Devanagari search and applies', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const number = `6${String(Date.now()).slice(-9)}`;

    // Sign up with a phone number.
    await page.goto(`${server.url}/hi/register`);
    await expect(page.getByRole('heading', { level: 1, name: 'अपना खाता बनाइए' })).toBeVisible();
    await readsHindi(page, 'register');
    await page.getByRole('button', { name: 'मोबाइल नंबर से करें' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'मोबाइल नंबर से अपना खाता बनाएँ' })).toBeVisible();
    await page.getByRole('textbox', { name: 'नाम', exact: true }).fill(name);
    await page.getByRole('textbox', { name: 'मोबाइल नंबर' }).fill(number);
    await readsHindi(page, 'register-phone');
    await page.getByRole('button', { name: 'कोड भेजें' }).click();
    const code = page.getByRole('textbox', { name: '6 अंकों का कोड' });
    await expect(code).toBeVisible();
    await readsHindi(page, 'register-code');
    const received = async () => (await readSmsDir(smsDir)).filter((message) => message.to === `91${number}`);
    await expect.poll(async () => (await received()).length, { timeout: 10_000 }).toBeGreaterThan(0);
    await code.fill(codeOf((await received()).at(-1)!));
    await page.getByRole('button', { name: 'आगे बढ़ें' }).click();
    await expect(page).toHaveURL(/\/hi\/?$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
    await readsHindi(page, 'home-signed-in');

    // Build a profile.
    await page.goto(`${server.url}/hi/my-profile`);
    await expect(page.getByRole('heading', { level: 1, name: 'मेरी प्रोफ़ाइल' })).toBeVisible();
    await readsHindi(page, 'profile-editor-new');
    const form = page.getByRole('form', { name: 'आपकी प्रोफ़ाइल' });
    await form.getByRole('textbox', { name: 'आपका नाम' }).fill(name);
    await form.getByRole('textbox', { name: 'हैंडल' }).fill(`sapna-${number}`);
    await form.getByRole('textbox', { name: 'शहर' }).fill('लखनऊ');
    await form.getByRole('textbox', { name: 'परिचय की एक पंक्ति' }).fill(headline);
    await form.getByRole('checkbox', { name: 'अभिनेता/अभिनेत्री' }).check();
    await readsHindi(page, 'profile-editor-filled');
    await form.getByRole('button', { name: 'प्रोफ़ाइल बनाएँ' }).click();
    await expect(page.getByText('प्रोफ़ाइल सहेजी गई')).toBeVisible();
    await readsHindi(page, 'profile-saved');
    const photo = await sharp({ create: { width: 600, height: 800, channels: 3, background: '#aa6633' } })
      .jpeg()
      .toBuffer();
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'फ़ोटो अपलोड करें' }).click();
    await (await chooser).setFiles({ name: 'sapna.jpg', mimeType: 'image/jpeg', buffer: photo });
    await expect(page.getByRole('img', { name: 'फ़ोटो 1, मुख्य' })).toBeVisible();
    await readsHindi(page, 'profile-photo');

    // Find a call by its city typed in Devanagari: the call is written in Latin letters.
    await page.goto(`${server.url}/hi/auditions`);
    await expect(page.getByRole('heading', { level: 1, name: 'ऑडिशन' })).toBeVisible();
    await readsHindi(page, 'auditions');
    await page.getByRole('textbox', { name: 'शहर' }).fill('लखनऊ');
    await expect(page).toHaveURL(new RegExp(`city=${encodeURIComponent('लखनऊ')}`));
    const call = page.getByRole('link', { name: /Nawab Sahab/ }).first();
    await expect(call).toBeVisible();
    await expect(page.getByText('Chhota Jasoos')).toHaveCount(0);
    await readsHindi(page, 'auditions-found');

    // Open it and apply.
    await call.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Nawab Sahab' })).toBeVisible();
    await readsHindi(page, 'call');
    await page.getByRole('button', { name: 'Begum Zeenat के लिए आवेदन कीजिए' }).click();
    const apply = page.getByRole('form', { name: 'Begum Zeenat के लिए आवेदन कीजिए' });
    await expect(apply.getByRole('button', { name: 'आवेदन भेजिए' })).toBeVisible();
    await readsHindi(page, 'apply-form');
    await apply.getByRole('button', { name: 'आवेदन भेजिए' }).click();
    await expect(page.getByText('आवेदन भेज दिया गया')).toBeVisible();
    await readsHindi(page, 'applied');

    await page.goto(`${server.url}/hi/me/applications`);
    await expect(page.getByRole('main')).toContainText('Begum Zeenat');
    await readsHindi(page, 'my-applications');
  });
});
