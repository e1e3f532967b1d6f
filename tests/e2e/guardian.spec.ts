import type { Browser, Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, test } from './fixtures';
import { mailRounds, type SmtpSink, startSmtpSink } from '../support/smtp-sink';
import { textCutOnScreen } from './layout-helpers';
import { startServerProcess, type ServerProcess } from './server-process';
import { confirmEmail, signInAt, USER_API } from './shop-helpers';

const director = { email: 'neha@cineverse.in', password: 'Audition@2026' };
const PUBLIC_API = '/backend/api/api/v1';

/** A server of its own, mailing through SMTP to this test process: the guardian's links arrive there. */
test.describe('a member under 18 and their guardian', () => {
  let smtp: SmtpSink;
  let server: ServerProcess;

  test.beforeAll(async () => {
    // A second server seeds a database of its own: on a shared machine that may take longer than one test.
    test.setTimeout(120_000);
    smtp = await startSmtpSink();
    server = await startServerProcess({ SKIP_BUILD: '1', SMTP_URL: smtp.url });
  });
  test.afterAll(async () => {
    await server?.stop();
    await smtp?.close();
  });

  /** The path and fragment of the latest `page` link mailed to `email` (the mail's quoted-printable lines joined). */
  async function mailedLink(email: string, page: '/guardian' | '/guardian/messages'): Promise<string> {
    const pattern = new RegExp(`${page.replace(/\//g, '\\/')}#[A-Za-z0-9_-]+`);
    let link = '';
    await expect
      .poll(() => {
        const mails = smtp.received.filter((mail) => mail.to.includes(email));
        const texts = mails.map((mail) => mail.raw.replace(/=\r?\n/g, ''));
        link =
          texts
            .reverse()
            .map((text) => pattern.exec(text)?.[0] ?? '')
            .find(Boolean) ?? '';
        return link;
      }, mailRounds)
      .not.toBe('');
    return link;
  }

  async function phone(browser: Browser): Promise<{ page: Page; close: () => Promise<void> }> {
    const context = await browser.newContext({ viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    return { page, close: () => context.close() };
  }

  /** A new account holding a 14-year-old actor's profile (with a main photo), its guardian at `guardianEmail`. */
  async function minorProfile(page: Page, name: string, guardianEmail: string) {
    const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
    const credentials = { email: `minor-${suffix}@example.in`, password: 'Matinee-Show-42' };
    const registered = await page.request.post(`${server.url}${USER_API}/register`, {
      data: { name: 'Young Member', ...credentials },
    });
    expect(registered.ok()).toBe(true);
    const { token } = (await registered.json()) as { token: string };
    await confirmEmail(page.request, credentials.email, { origin: server.url, inbox: async () => smtp.received });
    const birth = new Date();
    birth.setUTCFullYear(birth.getUTCFullYear() - 14);
    const handle = `young-${suffix}`;
    const headers = { authorization: `Bearer ${token}` };
    const saved = await page.request.put(`${server.url}${USER_API}/me/profile`, {
      headers,
      data: {
        kind: 'person',
        handle,
        display_name: name,
        category: 'Artist',
        crafts: ['actor'],
        city: 'Kochi',
        headline: 'School theatre, Malayalam and English',
        date_of_birth: birth.toISOString().slice(0, 10),
        guardian: { name: 'Latha Menon', contact: guardianEmail },
      },
    });
    expect(saved.status(), await saved.text()).toBe(200);
    const photo = await sharp({ create: { width: 600, height: 800, channels: 3, background: '#884422' } })
      .jpeg()
      .toBuffer();
    const uploaded = await page.request.post(`${server.url}${USER_API}/me/profile/photos`, {
      headers,
      multipart: { file: { name: 'me.jpg', mimeType: 'image/jpeg', buffer: photo } },
    });
    expect(uploaded.ok()).toBe(true);
    return { credentials, token, handle };
  }

  test('the guardian confirms on a phone by the mailed link; the child sees it; the public never sees the profile', async ({
    browser,
  }, testInfo) => {
    const guardianEmail = `latha-${Date.now()}@example.in`;
    const child = await phone(browser);
    const minor = await minorProfile(child.page, 'Aarav Menon', guardianEmail);

    // The child's own page says the guardian has not confirmed, and a second mail at once is refused.
    await signInAt(child.page, server.url, minor.credentials);
    await child.page.goto(`${server.url}/my-profile`);
    await expect(child.page.getByRole('heading', { name: 'Your guardian' })).toBeVisible();
    await expect(child.page.getByText('Waiting for your guardian')).toBeVisible();
    await child.page.getByRole('button', { name: 'Send the email again' }).click();
    await expect(child.page.getByRole('alert').filter({ hasText: 'less than 10 minutes ago' })).toBeVisible();
    await child.page
      .getByRole('heading', { name: 'Your guardian' })
      .screenshot({ path: testInfo.outputPath('child-waiting-360.png') });
    await child.page.screenshot({ path: testInfo.outputPath('child-my-profile-360.png'), fullPage: false });

    // The guardian opens the link on a phone, without an account.
    const link = await mailedLink(guardianEmail, '/guardian');
    const guardian = await phone(browser);
    await guardian.page.goto(`${server.url}${link}`);
    await expect(guardian.page.getByRole('heading', { level: 1, name: 'Guardian’s consent' })).toBeVisible();
    await expect(guardian.page.getByText('Not confirmed yet')).toBeVisible();
    await guardian.page.screenshot({ path: testInfo.outputPath('guardian-consent-360.png'), fullPage: true });
    // The same link at its Hindi address reads Hindi, the ward's name in the sentence where Hindi puts it.
    await guardian.page.goto(`${server.url}/hi${link}`);
    await expect(guardian.page.getByRole('heading', { level: 1, name: 'अभिभावक की सहमति' })).toBeVisible();
    await expect(guardian.page.getByText('अभी सहमति नहीं दी गई')).toBeVisible();
    await expect(
      guardian.page.getByRole('button', { name: 'Aarav Menon का अभिभावक होने के नाते मेरी सहमति है' }),
    ).toBeVisible();
    await guardian.page.screenshot({ path: testInfo.outputPath('guardian-consent-hi-360.png'), fullPage: true });
    expect(await textCutOnScreen(guardian.page)).toEqual([]);
    expect(await guardian.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await guardian.page.goto(`${server.url}${link}`);
    await expect(guardian.page.getByRole('heading', { level: 1, name: 'Guardian’s consent' })).toBeVisible();
    await guardian.page.getByRole('button', { name: 'I confirm, as Aarav Menon’s guardian' }).click();
    await expect(guardian.page.getByText(/^You confirmed on \d{1,2} \w{3,4} \d{4}/)).toBeVisible();
    await guardian.page.screenshot({ path: testInfo.outputPath('guardian-confirmed-360.png'), fullPage: true });
    const width = await guardian.page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(360);

    await child.page.reload();
    await expect(child.page.getByText(/Latha Menon \(.+\) confirmed on/)).toBeVisible();

    // The public: the API and the page answer as for a hidden profile, with no card and no structured data.
    const api = await child.page.request.get(`${server.url}${PUBLIC_API}/profiles/${minor.handle}`);
    expect(api.status()).toBe(404);
    const pageResponse = await guardian.page.request.get(`${server.url}/profiles/${minor.handle}`);
    expect(pageResponse.status()).toBe(404);
    const html = await pageResponse.text();
    expect(html).not.toContain('Aarav Menon');
    expect(html).not.toContain('og:title');
    expect(html).not.toContain('application/ld+json');
    await guardian.page.goto(`${server.url}/profiles/${minor.handle}`);
    await expect(guardian.page.getByText('There is no profile at this address')).toBeVisible();
    await expect(guardian.page.getByText('Aarav Menon')).toHaveCount(0);

    // The same link withdraws: the profile is hidden.
    await guardian.page.goto(`${server.url}${link}`);
    await guardian.page.getByRole('button', { name: 'Withdraw my consent' }).click();
    await expect(guardian.page.getByText('Consent withdrawn')).toBeVisible();
    await child.page.reload();
    await expect(child.page.getByText('Your guardian withdrew their consent')).toBeVisible();
    await child.close();
    await guardian.close();
  });

  test('a poster writes about a minor’s application; the guardian reads and answers on a phone; the child gets nothing', async ({
    browser,
  }, testInfo) => {
    const guardianEmail = `suresh-${Date.now()}@example.in`;
    const setup = await phone(browser);
    const minor = await minorProfile(setup.page, 'Diya Nair', guardianEmail);
    await setup.page.request.post(`${server.url}${PUBLIC_API}/guardian/consent/confirm`, {
      data: { token: (await mailedLink(guardianEmail, '/guardian')).split('#')[1] },
    });

    // The casting director posts a call; the minor applies to it.
    const poster = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const posterPage = await poster.newPage();
    const posterToken = await signInAt(posterPage, server.url, director);
    const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    const posted = await posterPage.request.post(`${server.url}${USER_API}/casting-calls`, {
      headers: { authorization: `Bearer ${posterToken}` },
      data: {
        title: `School Bus ${Date.now().toString(36)}`,
        project_type: 'ad',
        description: 'A school-bus safety film for Kerala schools.',
        city: 'Kochi',
        shoot_start: inDays(30),
        shoot_end: inDays(31),
        deadline: inDays(14),
        roles: [{ name: 'Student', genders: [], age_min: 10, age_max: 15, languages: [], paid: true, pay_inr: 8000 }],
      },
    });
    expect(posted.status(), await posted.text()).toBe(201);
    const call = ((await posted.json()) as { data: { id: number; status: string; roles: { id: number }[] } }).data;
    const applied = await setup.page.request.post(
      `${server.url}${USER_API}/casting-calls/${call.id}/roles/${call.roles[0]!.id}/applications`,
      { headers: { authorization: `Bearer ${minor.token}` }, data: { note: 'I act in school plays.' } },
    );
    expect(applied.status(), await applied.text()).toBe(201);

    // In the applicant manager: marked under 18, no profile link, and a message box to the guardian.
    await posterPage.goto(`${server.url}/me/casting-calls/${call.id}`);
    const card = posterPage.getByRole('article', { name: 'Diya Nair' });
    await expect(card.getByText('Under 18')).toBeVisible();
    await expect(card.getByRole('link', { name: 'Diya Nair' })).toHaveCount(0);
    await card.getByRole('button', { name: 'Open application' }).click();
    await card.getByLabel('Message to the guardian').fill('Can Diya come for a look test in Kochi on Saturday at 10?');
    await card.getByRole('button', { name: 'Send to the guardian' }).click();
    await expect(card.getByText('Can Diya come for a look test in Kochi on Saturday at 10?')).toBeVisible();

    // The guardian's mail links to a page where they read and answer, on a phone, without an account.
    const link = await mailedLink(guardianEmail, '/guardian/messages');
    const guardian = await phone(browser);
    await guardian.page.goto(`${server.url}${link}`);
    await expect(guardian.page.getByText('Can Diya come for a look test in Kochi on Saturday at 10?')).toBeVisible();
    await guardian.page.getByLabel(/Your answer to/).fill('Yes, I will bring her. Please share the address.');
    await guardian.page.screenshot({ path: testInfo.outputPath('guardian-messages-360.png'), fullPage: true });
    await guardian.page.getByRole('button', { name: 'Send answer' }).click();
    await expect(guardian.page.getByText('Sent:')).toBeVisible();
    await expect(guardian.page.getByText('Yes, I will bring her. Please share the address.')).toBeVisible();
    await guardian.page.screenshot({ path: testInfo.outputPath('guardian-answered-360.png'), fullPage: true });
    expect(await guardian.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // The poster sees the answer; the child's inbox holds nothing of it.
    await posterPage.reload();
    await posterPage
      .getByRole('article', { name: 'Diya Nair' })
      .getByRole('button', { name: 'Open application' })
      .click();
    await expect(posterPage.getByText('Yes, I will bring her. Please share the address.')).toBeVisible();
    const conversations = await setup.page.request.get(`${server.url}${USER_API}/me/conversations`, {
      headers: { authorization: `Bearer ${minor.token}` },
    });
    expect(((await conversations.json()) as { data: unknown[] }).data).toEqual([]);
    expect(
      smtp.received.filter(
        // The link that confirmed the account's own address is the only mail the child ever had.
        (mail) =>
          mail.to.includes(minor.credentials.email) && !mail.raw.includes('Subject: Confirm your email for CineVerse'),
      ),
    ).toEqual([]);
    await guardian.close();
    await setup.close();
    await poster.close();
  });
});
