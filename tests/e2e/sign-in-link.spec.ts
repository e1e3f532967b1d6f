import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { textCutOnScreen } from './layout-helpers';
import { mailRounds, type SmtpSink, startSmtpSink } from '../support/smtp-sink';
import { startServerProcess, type ServerProcess } from './server-process';
import { USER_API } from './shop-helpers';

/**
 * A server of its own, behind a trusted proxy so that the attacker's requests can come from many addresses, which
 * mails through SMTP to this test process.
 */
test.describe('an account being guessed at', () => {
  let smtp: SmtpSink;
  let server: ServerProcess;

  test.beforeAll(async () => {
    smtp = await startSmtpSink();
    server = await startServerProcess({ SKIP_BUILD: '1', SMTP_URL: smtp.url, TRUST_PROXY: '1' });
  });
  test.afterAll(async () => {
    await server?.stop();
    await smtp?.close();
  });

  const login = (request: APIRequestContext, data: object, address: string) =>
    request.post(`${server.url}${USER_API}/login`, { data, headers: { 'x-forwarded-for': address } });

  /** The sign-in link's token from the newest mail to `email` (its text may be quoted-printable). */
  async function mailedLinkToken(email: string): Promise<string> {
    await expect.poll(() => smtp.received.some((mail) => mail.to.includes(email)), mailRounds).toBe(true);
    const mail = smtp.received.findLast((received) => received.to.includes(email))!;
    const text = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    expect(text).toContain('Subject: Your CineVerse sign-in link');
    const token = /\/login\?link=([\w-]+)/.exec(text)?.[1];
    expect(token).toBeTruthy();
    return token!;
  }

  test('on a new phone the right password mails a sign-in link, which signs in once', async ({ browser, request }) => {
    const owner = { name: 'Anjali Menon', email: `guessed-${Date.now()}@example.in`, password: 'Long-Take-1959' };
    expect(
      (
        await request.post(`${server.url}${USER_API}/register`, {
          data: owner,
          headers: { 'x-forwarded-for': '10.70.0.1' },
        })
      ).status(),
    ).toBe(201);
    // Someone guesses at the account from eleven addresses.
    for (let guess = 0; guess < 11; guess += 1) {
      const answer = await login(request, { email: owner.email, password: `guess-${guess}` }, `10.71.${guess}.1`);
      expect(answer.status()).toBe(401);
    }

    const phone = await browser.newContext({ viewport: { width: 360, height: 740 } });
    try {
      const page = await phone.newPage();
      await page.goto(`${server.url}/login?redirect=/orders`);
      await page.getByLabel('Email').fill(owner.email);
      await page.getByRole('textbox', { name: 'Password' }).fill(owner.password);
      await page.getByRole('button', { name: 'Log in' }).click();
      const mailed = page.getByRole('status').filter({ hasText: 'Check your email' });
      await expect(mailed).toContainText(
        'Many wrong passwords have been tried for this account, so we have mailed you a link to finish signing in on this device. It works once, within 15 minutes.',
      );
      await expect(page.getByRole('textbox', { name: 'Password' })).toHaveValue('');
      expect(await textCutOnScreen(page)).toEqual([]);
      await page.screenshot({ path: test.info().outputPath('login-link-mailed-360.png'), fullPage: true });

      const token = await mailedLinkToken(owner.email);
      await page.goto(`${server.url}/login?link=${token}&redirect=/orders`);
      await expect(page.getByRole('heading', { level: 1, name: 'Your orders' })).toBeVisible();
      // The used link is not left in the history or the address bar.
      expect(page.url()).not.toContain(token);
      // The phone is now the owner's: its next login goes straight in, though the account is still guessed at.
      const deviceToken = await page.evaluate(
        (email) => (JSON.parse(localStorage.getItem('cv-device-tokens') ?? '{}') as Record<string, string>)[email],
        owner.email,
      );
      expect(deviceToken).toBeTruthy();
      const again = await login(page.request, { ...owner, device_token: deviceToken }, '10.72.0.1');
      expect(again.status()).toBe(200);

      // A second use of the link says it is spent, next to a way back to the login.
      const other = await browser.newContext({ viewport: { width: 360, height: 740 } });
      try {
        const late = await other.newPage();
        await late.goto(`${server.url}/login?link=${token}`);
        await expect(late.getByRole('heading', { level: 1, name: 'Sign-in link' })).toBeVisible();
        const alert = late.getByRole('alert');
        await expect(alert).toHaveText(
          'This sign-in link has expired or was already used; log in again to get a new one',
        );
        await late.screenshot({ path: test.info().outputPath('sign-in-link-used-360.png'), fullPage: true });
        await late.getByRole('link', { name: 'Log in' }).click();
        await expect(late.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
      } finally {
        await other.close();
      }
    } finally {
      await phone.close();
    }
  });
});
