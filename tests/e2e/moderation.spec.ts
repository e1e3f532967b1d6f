import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { textCutOnScreen } from './layout-helpers';
import { type SmtpSink, startSmtpSink } from '../support/smtp-sink';
import { startServerProcess, type ServerProcess } from './server-process';
import { confirmEmail, signInAt, USER_API } from './shop-helpers';

const moderator = { email: 'moderator@cineverse.in', password: 'Backstage@2026' };
const actor = { email: 'actor@cineverse.in', password: 'Audition@2026' };
const ADMIN_API = '/backend/api/api/admin/v1';
const PUBLIC_API = '/backend/api/api/v1';

/** A server of its own: the queue's counts are this file's alone, and its mail comes to this test process. */
test.describe('the moderation queue and trust on a phone', () => {
  let smtp: SmtpSink;
  let server: ServerProcess;
  let members = 0;

  test.beforeAll(async () => {
    // A fresh database with the demo content takes longer than a test on a busy machine.
    test.setTimeout(120_000);
    smtp = await startSmtpSink();
    server = await startServerProcess({ SKIP_BUILD: '1', SMTP_URL: smtp.url });
  });
  test.afterAll(async () => {
    await server?.stop();
    await smtp?.close();
  });

  async function phone(
    browser: Browser,
    who: { email: string; password: string },
    colorScheme: 'light' | 'dark' = 'light',
  ) {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 }, colorScheme });
    const page = await context.newPage();
    const token = await signInAt(page, server.url, who);
    return { page, token, close: () => context.close() };
  }

  async function api<T>(request: APIRequestContext, token: string, method: string, path: string, body?: unknown) {
    const response = await request.fetch(`${server.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}` },
      ...(body === undefined ? {} : { data: body }),
    });
    expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
    return (await response.json()) as T;
  }

  /** A new member with a confirmed email and an organisation profile named `name`; its handle and token. */
  async function organisation(request: APIRequestContext, name: string, bio = '') {
    members += 1;
    const email = `org-${Date.now()}-${members}@example.in`;
    const password = 'Matinee-Show-42';
    const registered = await request.post(`${server.url}${USER_API}/register`, {
      data: { name: `${name} desk`, email, password },
    });
    expect(registered.ok()).toBe(true);
    const { token } = (await registered.json()) as { token: string };
    await confirmEmail(request, email, { origin: server.url, inbox: async () => smtp.received });
    const handle = `org-${Date.now()}-${members}`;
    await api(request, token, 'PUT', `${USER_API}/me/profile`, {
      handle,
      kind: 'organisation',
      category: 'Production House',
      display_name: name,
      city: 'Mumbai',
      bio,
    });
    return { handle, token, email, password };
  }

  /** Every tab of the queue lies whole within the phone's width. */
  async function tabsOnScreen(page: Page) {
    const tabs = page.getByRole('tab');
    await expect(tabs).toHaveCount(7);
    for (const tab of await tabs.all()) {
      const box = (await tab.boundingBox())!;
      expect(box.x, await tab.innerText()).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, await tab.innerText()).toBeLessThanOrEqual(360);
    }
  }

  test('on a phone every tab shows its count, and All holds the call waiting to be published', async ({ browser }) => {
    const staff = await phone(browser, moderator);
    const { page } = staff;
    await page.goto(`${server.url}/admin/moderation`);
    await tabsOnScreen(page);
    await expect(page.getByRole('tab', { name: 'Calls to publish 1' })).toBeVisible();
    await expect(page.getByRole('tab', { name: /^All \d+$/ })).toHaveAttribute('aria-selected', 'true');
    const waiting = page
      .getByRole('list', { name: 'Casting calls' })
      .getByRole('listitem')
      .filter({ hasText: 'Runway Dreams' });
    await expect(waiting).toContainText('Blue Lotus Entertainment');
    expect(await textCutOnScreen(page)).toEqual([]);
    await staff.close();
  });

  test('a moderator is told of a new report, dismisses it with a reason, and the history shows why', async ({
    browser,
    request,
  }) => {
    const member = await phone(browser, actor);
    await api(request, member.token, 'POST', `${PUBLIC_API}/profiles/aarav-sharma-1/report`, {
      reason: 'impersonation',
      details: 'I think this is a fan page',
    });
    await member.close();

    const staff = await phone(browser, moderator);
    const { page } = staff;
    await page.goto(`${server.url}/admin/moderation`);
    await page.getByRole('button', { name: /^Notifications, [1-9]\d* unread$/ }).click();
    const notice = page.getByRole('dialog', { name: 'Notifications' }).getByText('A profile was reported');
    await expect(notice).toBeVisible();
    await notice.click();
    await expect(page).toHaveURL(/\/admin\/moderation\?.*type=report/);

    const report = page.getByRole('list', { name: 'Queue' }).getByRole('listitem').filter({ hasText: 'Aarav Sharma' });
    await report.getByRole('button', { name: 'Dismiss report' }).click();
    await expect(report.getByText('Give the reason')).toBeVisible();
    await report.getByLabel(/^Reason/).fill('The profile is the actor’s own');
    await report.getByRole('button', { name: 'Dismiss report' }).click();
    await expect(report).toHaveCount(0);
    await expect(page.getByRole('tab', { name: 'Reports 0' })).toBeVisible();

    await page.getByRole('tab', { name: 'History' }).click();
    const decision = page.getByRole('list', { name: 'Decisions' }).getByRole('listitem').first();
    await expect(decision).toContainText('Report dismissed: @aarav-sharma-1');
    await expect(decision).toContainText('Reason: The profile is the actor’s own');
    await staff.close();
  });

  test('a hidden poster’s call back in the queue is marked, and cannot be published', async ({ browser, request }) => {
    const house = await organisation(request, 'Silver Screen Works');
    const call = await api<{ data: { id: number } }>(request, house.token, 'POST', `${USER_API}/casting-calls`, {
      title: 'Behind The Curtain',
      project_type: 'feature',
      description: 'A Hindi feature about a theatre troupe in Lucknow.',
      city: 'Lucknow',
      deadline: new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10),
      roles: [{ name: 'Lead', genders: [], age_min: 20, age_max: 40, languages: ['Hindi'], paid: true, pay_inr: 5000 }],
    });
    const staff = await phone(browser, moderator);
    await api(request, staff.token, 'POST', `${ADMIN_API}/moderation/profiles/${house.handle}/hide`, {
      reason: 'Fake production house',
    });
    // Its poster edits it, and it waits again.
    await api(request, house.token, 'PUT', `${USER_API}/casting-calls/${call.data.id}`, {
      title: 'Behind The Curtain',
      project_type: 'feature',
      description: 'A Hindi feature about a theatre troupe in Lucknow, edited.',
      city: 'Lucknow',
      deadline: new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10),
      roles: [{ name: 'Lead', genders: [], age_min: 20, age_max: 40, languages: ['Hindi'], paid: true, pay_inr: 5000 }],
    });

    const { page } = staff;
    await page.goto(`${server.url}/admin/moderation?type=calls`);
    const item = page
      .getByRole('list', { name: 'Casting calls' })
      .getByRole('listitem')
      .filter({ hasText: 'Behind The Curtain' });
    await expect(item.getByText('Poster hidden by a moderator')).toBeVisible();
    await expect(item.getByRole('button', { name: 'Publish', exact: true })).toHaveCount(0);
    await staff.close();
  });

  test('a new organisation that asks for a registration fee is not listed until a moderator approves it', async ({
    browser,
    request,
  }) => {
    const house = await organisation(request, 'Official Star Casting Agency', 'Registration fee ₹999 to audition');
    const guest = await browser.newContext({ viewport: { width: 360, height: 740 } });
    const visitor = await guest.newPage();
    await visitor.goto(`${server.url}/category/Production%20House?search=${encodeURIComponent('Star Casting')}`);
    await expect(visitor.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(visitor.locator(`main a[href="/profiles/${house.handle}"]`)).toHaveCount(0);
    await visitor.goto(`${server.url}/profiles/${house.handle}`);
    await expect(visitor.getByRole('heading', { level: 1, name: 'Profile not found' })).toBeVisible();

    // Its owner sees why, and its page.
    const owner = await phone(browser, house);
    await owner.page.goto(`${server.url}/my-profile`);
    await expect(owner.page.getByText('Your profile is not listed yet')).toBeVisible();
    for (const colorScheme of ['light', 'dark'] as const) {
      await owner.page.emulateMedia({ colorScheme });
      await owner.page
        .getByRole('alert')
        .filter({ hasText: 'Your profile is not listed yet' })
        .screenshot({
          path: `test-results/held-profile-${colorScheme}.png`,
        });
    }
    await owner.page.goto(`${server.url}/profiles/${house.handle}`);
    await expect(owner.page.getByRole('heading', { level: 1, name: 'Official Star Casting Agency' })).toBeVisible();
    await owner.close();

    const staff = await phone(browser, moderator);
    const { page } = staff;
    await page.goto(`${server.url}/admin/moderation?type=held`);
    const held = page
      .getByRole('list', { name: 'Queue' })
      .getByRole('listitem')
      .filter({ hasText: 'Official Star Casting Agency' });
    await expect(held).toContainText('Held: Its name or description says “official”, “registration”, “fee”');
    await held.getByLabel(/^Reason/).fill('A registered casting agency; the fee line is removed');
    await held.getByRole('button', { name: 'Approve and list' }).click();
    await expect(held).toHaveCount(0);
    await staff.close();

    await visitor.goto(`${server.url}/profiles/${house.handle}`);
    await expect(visitor.getByRole('heading', { level: 1, name: 'Official Star Casting Agency' })).toBeVisible();
    await guest.close();
  });

  test('a message from an organisation shows it, its badge and its page, with the safety reminder', async ({
    browser,
    request,
  }) => {
    const house = await organisation(request, 'Lantern Light Pictures');
    const staff = await phone(browser, moderator);
    await api(request, house.token, 'POST', `${USER_API}/me/verification-request`, { note: 'GST 27AAACL1234F1Z5' });
    await api(request, staff.token, 'POST', `${ADMIN_API}/moderation/profiles/${house.handle}/verify`, {
      reason: 'GST registration checked',
    });
    await staff.close();
    await api(request, house.token, 'POST', `${PUBLIC_API}/profiles/arjun-mehta/contact`, {
      message: 'We would like you to read for the lead in our next feature.',
    });

    const member = await phone(browser, actor);
    const { page } = member;
    await page.goto(`${server.url}/messages`);
    const conversation = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { level: 2 }) })
      .filter({ hasText: 'We would like you to read for the lead' });
    await expect(conversation.getByRole('link', { name: 'Lantern Light Pictures' })).toHaveAttribute(
      'href',
      `/profiles/${house.handle}`,
    );
    await expect(conversation.getByText('Verified', { exact: true })).toBeVisible();
    await expect(conversation.getByText('CineVerse never asks you to pay to audition.')).toBeVisible();
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await conversation.screenshot({ path: `test-results/messages-organisation-${colorScheme}.png` });
    }
    await member.close();
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    test(`the queue at 360 px in the ${colorScheme} scheme`, async ({ browser }) => {
      const staff = await phone(browser, moderator, colorScheme);
      await staff.page.goto(`${server.url}/admin/moderation`);
      await expect(staff.page.getByRole('tab', { name: /^All/ })).toBeVisible();
      await expect(staff.page.getByText('Runway Dreams').first()).toBeVisible();
      await staff.page.screenshot({ path: `test-results/moderation-queue-${colorScheme}.png`, fullPage: true });
      await staff.close();
    });
  }

  for (const colorScheme of ['light', 'dark'] as const) {
    test(`a moderator approves a new organisation and reads why in the history, in Hindi at 360 px (${colorScheme})`, async ({
      browser,
      request,
    }) => {
      const name = `Naya Savera Films ${colorScheme}`;
      await organisation(request, name, 'Registration fee ₹499 for every audition');
      const staff = await phone(browser, moderator, colorScheme);
      const { page } = staff;
      await page.goto(`${server.url}/hi/admin/moderation?type=held`);
      await expect(page.getByRole('heading', { level: 1, name: 'मॉडरेशन' })).toBeVisible();
      await expect(page.getByRole('tab', { name: /^नई संस्थाएँ [1-9]/ })).toHaveAttribute('aria-selected', 'true');
      await tabsOnScreen(page);
      const held = page.getByRole('list', { name: 'कतार' }).getByRole('listitem').filter({ hasText: name });
      await expect(held).toContainText('नई संस्था, अभी सूची में नहीं');
      await expect(held).toContainText('प्रोडक्शन हाउस');
      await held.getByLabel('कारण (सदस्य को दिखेगा)').fill('रजिस्टर्ड संस्था है; फ़ीस वाली पंक्ति हटा दी गई');
      expect(await textCutOnScreen(page)).toEqual([]);
      await page.screenshot({ path: `test-results/moderation-held-hi-${colorScheme}.png`, fullPage: true });
      await held.getByRole('button', { name: 'मंज़ूर करें और सूची में जोड़ें' }).click();
      await expect(held).toHaveCount(0);

      await page.getByRole('tab', { name: 'इतिहास' }).click();
      const decision = page.getByRole('list', { name: 'फ़ैसले' }).getByRole('listitem').first();
      await expect(decision).toContainText('संस्था मंज़ूर करके सूची में जोड़ी:');
      await expect(decision).toContainText('कारण: रजिस्टर्ड संस्था है; फ़ीस वाली पंक्ति हटा दी गई');
      await page.screenshot({ path: `test-results/moderation-history-hi-${colorScheme}.png`, fullPage: true });
      await staff.close();
    });
  }
});
