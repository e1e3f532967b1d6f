import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { englishOnScreen, MemberContent, storedTexts } from './hindi-words-helpers';
import { startServerProcess, type ServerProcess } from './server-process';
import { confirmEmail, signInAt, USER_API } from './shop-helpers';
import { mailRounds, type SmtpSink, startSmtpSink } from '../support/smtp-sink';

/** Pages anyone may open. */
const publicPages = [
  '/hi/',
  '/hi/shop',
  '/hi/shop/1',
  '/hi/auditions',
  '/hi/auditions/1',
  '/hi/category/Artist',
  '/hi/category/Studio',
  '/hi/profiles/arjun-mehta',
  '/hi/login',
  '/hi/register',
  '/hi/forgot-password',
  '/hi/no-such-page',
];

/** The about, contact and policy pages: their words are being moved into Hindi apart from the shared pieces. */
const pagesBeingTranslated = [
  '/hi/about',
  '/hi/contact',
  '/hi/privacy-policy',
  '/hi/terms-and-conditions',
  '/hi/refund-cancellation',
  '/hi/shipping-policy',
];

const shopper = { email: 'meera@cineverse.in', password: 'Showreel@2026' };
const actor = { email: 'actor@cineverse.in', password: 'Audition@2026' };
const director = { email: 'neha@cineverse.in', password: 'Audition@2026' };
const admin = { email: 'admin@cineverse.in', password: 'Backstage@2026' };

/** Signed-in pages, each as the demo member whose page it is. */
const memberPages: [string, { email: string; password: string }][] = [
  ['/hi/profile', actor],
  ['/hi/my-profile', actor],
  ['/hi/messages', actor],
  ['/hi/me/applications', actor],
  ['/hi/me/casting-calls', director],
  ['/hi/me/casting-calls/1', director],
  ['/hi/me/casting-calls/new', director],
  ['/hi/cart', shopper],
  ['/hi/checkout', shopper],
  ['/hi/wishlist', shopper],
  ['/hi/coupons', shopper],
];

/**
 * The shopper's orders: the order status names are moved into Hindi with the back office's shop, and an order's
 * page shows the server's own reasons (why it can no longer be cancelled), moved with the server's words.
 */
const orderPages = ['/hi/orders', '/hi/orders/1'];

/** The back office, as the demo admin: its words are being moved into Hindi apart from the shared pieces. */
const backOfficePages = [
  '/hi/admin',
  '/hi/admin/orders',
  '/hi/admin/orders/1',
  '/hi/admin/products',
  '/hi/admin/products/1',
  '/hi/admin/coupons',
  '/hi/admin/messages',
  '/hi/admin/moderation',
  '/hi/admin/mail',
  '/hi/admin/content/banners',
  '/hi/admin/settings',
  '/hi/admin/users',
  '/hi/admin/audit',
];

/** Axe on the page as it is (no serious or critical violation), the frames of other sites aside. */
async function seriousViolations(page: Page): Promise<string[]> {
  // Sections off screen skip rendering (content-visibility: auto): axe audits each as it is once rendered.
  await page.addStyleTag({ content: '* { content-visibility: visible !important; }' });
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .exclude('iframe')
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.nodes.map((node) => `${node.target.join(' ')} (${node.any[0]?.message ?? ''})`).join(', ')}`,
    );
}

test.use({ viewport: { width: 360, height: 800 }, reducedMotion: 'reduce' });

/**
 * A server of its own on a copy of the demo database, so that what the pages show is the demo's content (read from
 * that database as members' words) and what these tests add, whatever other tests did to the suite's server.
 */
test.describe('every Hindi page reads in Hindi at 360 px', () => {
  let smtp: SmtpSink;
  let server: ServerProcess;
  let content: MemberContent;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    const template = process.env.E2E_DATA_TEMPLATE;
    if (!template) throw new Error('E2E_DATA_TEMPLATE is not set: run the tests through `npm run test:e2e`');
    content = new MemberContent(await storedTexts(template));
    smtp = await startSmtpSink();
    server = await startServerProcess({ SKIP_BUILD: '1', SMTP_URL: smtp.url });
  });
  test.afterAll(async () => {
    await server?.stop();
    await smtp?.close();
  });

  /** Opens `path` as it settles: its heading shown, its data loaded. */
  async function open(page: Page, path: string) {
    await page.goto(`${server.url}${path}`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
    await expect(page.locator('h1').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
  }

  /** No English word and no serious axe violation on the page as it is now, each listed by the page's name. */
  async function checkHindi(page: Page, name: string, known = content) {
    expect.soft(await englishOnScreen(page, known), `English words on ${name}`).toEqual([]);
    expect.soft(await seriousViolations(page), `axe on ${name}`).toEqual([]);
  }

  for (const path of publicPages) {
    test(`${path} has no English word and no serious axe violation`, async ({ page }) => {
      await open(page, path);
      await checkHindi(page, path);
    });
  }

  for (const [path, who] of memberPages) {
    test(`${path} has no English word and no serious axe violation, signed in as ${who.email}`, async ({ page }) => {
      const token = await signInAt(page, server.url, who);
      if (path === '/hi/checkout') {
        const added = await page.request.post(`${server.url}${USER_API}/addToCart`, {
          headers: { authorization: `Bearer ${token}` },
          data: { product_id: 4, quantity: 1 },
        });
        expect(added.ok()).toBe(true);
      }
      await open(page, path);
      await checkHindi(page, path);
      if (path === '/hi/profile') {
        // The notification centre, opened from the header's bell.
        await page
          .locator('header')
          .getByRole('button', { name: /^सूचनाएँ/ })
          .click();
        await expect(page.getByRole('dialog', { name: 'सूचनाएँ' })).toBeVisible();
        await page.waitForLoadState('networkidle');
        await checkHindi(page, 'the notification centre');
      }
    });
  }

  test('the confirm-email notice and a call page as an unconfirmed member read in Hindi, light and dark', async ({
    page,
  }) => {
    const email = `unconfirmed-${Date.now()}@example.in`;
    const registered = await page.request.post(`${server.url}${USER_API}/register`, {
      data: { name: 'Naya Sadasya', email, password: 'Matinee-Show-42' },
    });
    expect(registered.ok()).toBe(true);
    await signInAt(page, server.url, { email, password: 'Matinee-Show-42' });
    await open(page, '/hi/auditions/1');
    await page
      .getByRole('button', { name: /के लिए आवेदन कीजिए$/ })
      .first()
      .click();
    const notices = page.getByTestId('confirm-email-notice');
    await expect(notices.first()).toContainText('अपने ईमेल की पुष्टि कीजिए');
    await expect(notices.filter({ hasText: 'आवेदन करने के लिए पहले अपने ईमेल की पुष्टि कीजिए।' }).first()).toBeVisible();
    await expect(notices.first().getByRole('button', { name: 'लिंक फिर से भेजें' })).toBeVisible();
    await checkHindi(page, 'a call page, unconfirmed', content.with('Naya Sadasya'));
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', colorScheme);
      await page.screenshot({ path: test.info().outputPath(`confirm-notice-${colorScheme}-360.png`) });
      expect.soft(await seriousViolations(page), `axe in the ${colorScheme} scheme`).toEqual([]);
    }
  });

  test("a guardian's page, opened from the mailed link, has no English word and no serious axe violation", async ({
    browser,
  }) => {
    const guardianEmail = `guardian-${Date.now()}@example.in`;
    const { page, close } = await phone(browser);
    try {
      await minorWithGuardian(page, guardianEmail);
      await open(page, `/hi${await mailedLink(guardianEmail)}`);
      await checkHindi(page, 'the guardian’s page', content.with(...minorTexts));
    } finally {
      await close();
    }
  });

  test.describe('the about, contact and policy pages, orders, and the back office', () => {
    for (const path of pagesBeingTranslated) {
      test(`${path} has no English word and no serious axe violation`, async ({ page }) => {
        await open(page, path);
        await checkHindi(page, path);
      });
    }
    for (const path of orderPages) {
      test(`${path} has no English word and no serious axe violation, signed in as ${shopper.email}`, async ({
        page,
      }) => {
        await signInAt(page, server.url, shopper);
        await open(page, path);
        await checkHindi(page, path);
      });
    }
    for (const path of backOfficePages) {
      test(`${path} has no English word and no serious axe violation, as staff`, async ({ page }) => {
        await signInAt(page, server.url, admin);
        await open(page, path);
        // Staff's lists show the members this file's earlier tests made: their names are theirs.
        await checkHindi(page, path, content.with('Naya Sadasya', ...minorTexts));
      });
    }
  });

  const minorTexts = ['Aarav Menon', 'Latha Menon', 'School theatre, Malayalam and English', 'Young Member'];

  async function phone(browser: Browser): Promise<{ page: Page; close: () => Promise<void> }> {
    const context = await browser.newContext({
      viewport: { width: 360, height: 800 },
      isMobile: true,
      hasTouch: true,
      reducedMotion: 'reduce',
    });
    return { page: await context.newPage(), close: () => context.close() };
  }

  /** A new account holding a 14-year-old actor's profile, its guardian at `guardianEmail` (mailed a link). */
  async function minorWithGuardian(page: Page, guardianEmail: string) {
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
    const saved = await page.request.put(`${server.url}${USER_API}/me/profile`, {
      headers: { authorization: `Bearer ${token}` },
      data: {
        kind: 'person',
        handle: `young-${suffix}`,
        display_name: 'Aarav Menon',
        category: 'Artist',
        crafts: ['actor'],
        city: 'Kochi',
        headline: 'School theatre, Malayalam and English',
        date_of_birth: birth.toISOString().slice(0, 10),
        guardian: { name: 'Latha Menon', contact: guardianEmail },
      },
    });
    expect(saved.status(), await saved.text()).toBe(200);
  }

  /** The path and fragment of the guardian's link mailed to `email` (the mail's quoted-printable lines joined). */
  async function mailedLink(email: string): Promise<string> {
    let link = '';
    await expect
      .poll(() => {
        const mails = smtp.received.filter((mail) => mail.to.includes(email));
        link =
          mails
            .map((mail) => /\/guardian#[A-Za-z0-9_-]+/.exec(mail.raw.replace(/=\r?\n/g, ''))?.[0] ?? '')
            .find(Boolean) ?? '';
        return link;
      }, mailRounds)
      .not.toBe('');
    return link;
  }
});
