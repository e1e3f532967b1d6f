import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { expect, test } from './fixtures';
import { textCutOnScreen } from './layout-helpers';
import { startServerProcess, type ServerProcess } from './server-process';
import { signInAt, USER_API } from './shop-helpers';

/**
 * A server of its own whose mail server refuses one address until it is fixed, and gives a mail one try (MAIL_TRIES)
 * so that it is given up on at once: an admin finds it in the back office and sends it again.
 */
test.describe('mail not delivered', () => {
  let server: ServerProcess;
  let refusing = true;
  const delivered: string[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (refusing && address.address.startsWith('bounce-')) {
        callback(Object.assign(new Error('550 No such mailbox here'), { responseCode: 550 }));
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      stream.on('data', () => {});
      stream.on('end', () => {
        delivered.push(...session.envelope.rcptTo.map((rcpt) => rcpt.address));
        callback();
      });
    },
  });

  test.beforeAll(async () => {
    // A new embedded database is created and seeded first.
    test.setTimeout(180_000);
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as AddressInfo;
    server = await startServerProcess({ SKIP_BUILD: '1', SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_TRIES: '1' });
  });
  test.afterAll(async () => {
    await server?.stop();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  test('an admin sees a mail the mail server refused, on a phone in both schemes, and retries it once it is fixed', async ({
    page,
  }, info) => {
    test.setTimeout(90_000);
    const email = `bounce-${Date.now()}@example.in`;
    const registered = await page.request.post(`${server.url}${USER_API}/register`, {
      data: { name: 'Ishaan Verma', email, password: 'Matinee-Show-42' },
    });
    expect(registered.status()).toBe(201);
    await page.setViewportSize({ width: 360, height: 740 });
    await signInAt(page, server.url, { email: 'admin@cineverse.in', password: 'Backstage@2026' });
    await page.goto(`${server.url}/admin`);
    await page
      .getByRole('navigation', { name: 'Back office' })
      .getByRole('link', { name: 'Mail not delivered' })
      .click();
    await expect(page.getByRole('heading', { name: 'Mail not delivered' })).toBeVisible();
    const list = page.getByRole('list', { name: 'Mail not delivered' });
    // The mail is given up on within seconds of its one try: the page shows it once it is (a reload each look).
    await expect(async () => {
      await page.reload();
      await expect(list.getByText(`To ${email}`)).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 30_000 });
    const letter = list.getByRole('listitem').filter({ hasText: email });
    await expect(letter).toContainText('email-confirmation');
    await expect(letter).toContainText('1 try, the last on');
    await expect(letter).toContainText('Last error:');
    await expect(letter).toContainText('No such mailbox here');

    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.screenshot({ path: info.outputPath(`mail-not-delivered-360-${scheme}.png`), fullPage: true });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      expect(await textCutOnScreen(page)).toEqual([]);
    }

    // The same letter on the Hindi address: the words in Hindi, the address and the error as they are.
    await page.goto(`${server.url}/hi/admin/mail`);
    await expect(page.getByRole('heading', { level: 1, name: 'जो मेल नहीं पहुँचे' })).toBeVisible();
    const hindiLetter = page
      .getByRole('list', { name: 'जो मेल नहीं पहुँचे' })
      .getByRole('listitem')
      .filter({ hasText: email });
    await expect(hindiLetter).toContainText(`पाने वाले: ${email}`);
    await expect(hindiLetter).toContainText('1 बार कोशिश, आख़िरी');
    await expect(hindiLetter).toContainText('आख़िरी गड़बड़ी: ');
    await expect(hindiLetter.getByRole('button', { name: `वाला मेल ${email} को फिर भेजें` })).toHaveText('फिर भेजें');
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.screenshot({ path: info.outputPath(`mail-not-delivered-hi-360-${scheme}.png`), fullPage: true });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      expect(await textCutOnScreen(page)).toEqual([]);
    }
    await page.goto(`${server.url}/admin/mail`);

    refusing = false;
    await letter.getByRole('button', { name: `Retry the mail` }).click();
    await expect(list.getByText(`To ${email}`)).toHaveCount(0);
    await expect.poll(() => delivered.filter((to) => to === email)).toHaveLength(1);
    // The retry is in the audit log.
    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Audit log' }).click();
    await expect(page.getByText(/^retry mail \d+$/).first()).toBeVisible();
  });
});
