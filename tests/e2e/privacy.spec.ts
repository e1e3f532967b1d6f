import { expect, test } from './fixtures';
import { textCutOnScreen } from './layout-helpers';
import { mailRounds, type SmtpSink, startSmtpSink } from '../support/smtp-sink';
import { startServerProcess, type ServerProcess } from './server-process';
import { confirmEmail, signInAt, USER_API } from './shop-helpers';

/** A mail's text as written: quoted-printable soft breaks and escapes undone. */
const decoded = (raw: string) =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** A server of its own, which mails through SMTP to this test process: the claim link comes by mail. */
test.describe('contact messages sent signed out', () => {
  let smtp: SmtpSink;
  let server: ServerProcess;

  test.beforeAll(async () => {
    smtp = await startSmtpSink();
    server = await startServerProcess({ SKIP_BUILD: '1', SMTP_URL: smtp.url });
  });
  test.afterAll(async () => {
    await server?.stop();
    await smtp?.close();
  });

  test('join the account by a link mailed to its address, on a 360 px phone', async ({ browser }, testInfo) => {
    const email = `farah-${Date.now()}@example.in`;
    const password = 'Matinee-Show-42';
    const context = await browser.newContext({ viewport: { width: 360, height: 800 } });
    const page = await context.newPage();
    const sent = await page.request.post(`${server.url}/backend/api/api/v1/contact`, {
      data: { name: 'Farah Siddiqui', email, message: 'Is the Kathak workshop open to beginners?' },
    });
    expect(sent.status()).toBe(201);
    const registered = await page.request.post(`${server.url}${USER_API}/register`, {
      data: { name: 'Farah Siddiqui', email, password },
    });
    expect(registered.ok()).toBe(true);
    const exported = async () => {
      const answer = await page.request.get(`${server.url}${USER_API}/me/export`, {
        headers: {
          authorization: `Bearer ${((await registered.json()) as { token: string }).token}`,
          'x-password': password,
        },
      });
      return ((await answer.json()) as { contact_messages: { message: string }[] }).contact_messages;
    };
    // Registering the address is not enough to read what was sent from it, nor is confirming it.
    expect(await exported()).toEqual([]);
    await confirmEmail(page.request, email, { origin: server.url, inbox: async () => smtp.received });
    expect(await exported()).toEqual([]);

    await signInAt(page, server.url, { email, password });
    await page.goto(`${server.url}/profile`);
    await page.getByRole('button', { name: 'Mail me the link' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'A link is on its way' })).toContainText(email);
    await page.screenshot({ path: testInfo.outputPath('my-data-360.png') });
    expect(await textCutOnScreen(page)).toEqual([]);

    const claimMails = () =>
      smtp.received.filter(
        (mail) =>
          mail.to.includes(email) && mail.raw.includes('Subject: Attach your messages to your CineVerse account'),
      );
    await expect.poll(() => claimMails().length, mailRounds).toBe(1);
    const mail = decoded(claimMails()[0]!.raw);
    const token = /\/contact-claim\?token=([\w%-]+)/.exec(mail)?.[1];
    expect(token).toBeTruthy();

    await page.goto(`${server.url}/contact-claim?token=${token}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Your messages to us' })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('claim-360.png') });
    expect(await textCutOnScreen(page)).toEqual([]);
    await page.getByRole('button', { name: 'Attach my messages' }).click();
    const done = page.getByRole('status').filter({ hasText: 'now belongs to your account' });
    await expect(done).toHaveText('1 message you sent us now belongs to your account.');
    await expect(done).toBeFocused();
    await page.screenshot({ path: testInfo.outputPath('claimed-360.png') });
    expect((await exported()).map((row) => row.message)).toEqual(['Is the Kathak workshop open to beginners?']);

    // The link works once.
    await page.reload();
    await page.getByRole('button', { name: 'Attach my messages' }).click();
    const refused = page.getByRole('alert').filter({ hasText: 'expired or was already used' });
    await expect(refused).toBeVisible();
    await expect(refused).toBeFocused();
    await expect(page.getByRole('button', { name: 'Attach my messages' })).toHaveCount(0);
    await page.screenshot({ path: testInfo.outputPath('used-360.png') });
    await context.close();
  });
});
