import { expect, test } from './fixtures';
import { siteKeys } from '../../src/lib/site-query-keys';
import { waitForPersistedCache, waitForServiceWorker } from './offline-helpers';
import { registerShopper, signIn, USER_API } from './shop-helpers';

// A phone, as most members read it.
test.use({ viewport: { width: 360, height: 800 } });

const devanagariFont = /\/assets\/noto-sans-devanagari-[\w-]+\.woff2$/;

test.describe('the product in Hindi', () => {
  for (const [path, heading] of [
    ['/hi/', null],
    ['/hi/auditions', 'ऑडिशन'],
  ] as const) {
    test(`the server renders ${path} in Hindi with its language, alternates and canonical address`, async ({
      request,
    }) => {
      const html = await (await request.get(path)).text();
      expect(html).toContain('<html lang="hi"');
      expect(html).toMatch(new RegExp(`<link rel="canonical" href="https?://[^"]+${path}">`));
      expect(html).toMatch(/<link rel="alternate" hreflang="en" href="https?:\/\/[^"]+\/(auditions)?">/);
      expect(html).toMatch(new RegExp(`<link rel="alternate" hreflang="hi" href="https?://[^"]+${path}">`));
      expect(html).toMatch(/<link rel="alternate" hreflang="x-default" href="https?:\/\/[^"]+\/(auditions)?">/);
      // Rendered by the server: the header's links and the page's words are in the HTML, in Hindi.
      const root = html.slice(html.indexOf('<div id="root">'));
      expect(root).toContain('>ऑडिशन</a>');
      expect(root).toContain('href="/hi/shop"');
      expect(root).toContain('>English</a>');
      if (heading) expect(root).toMatch(new RegExp(`<h1[^>]*>${heading}</h1>`));
      expect(root).not.toContain('>Auditions</a>');
    });
  }

  test('pages rendered at once are each rendered in the language of their own address', async ({ request }) => {
    // Query strings of their own: every request is a render, not a copy the server kept.
    const paths = Array.from({ length: 8 }, (_, index) => `${index % 2 ? '/hi' : ''}/auditions?page=${index + 1}`);
    const pages = await Promise.all(
      paths.map(async (path) => ({ path, html: await (await request.get(path)).text() })),
    );
    for (const { path, html } of pages) {
      const hindi = path.startsWith('/hi/');
      expect(html, path).toContain(hindi ? '<html lang="hi"' : '<html lang="en-IN"');
      expect(html, path).toMatch(hindi ? /<h1[^>]*>ऑडिशन<\/h1>/ : /<h1[^>]*>Auditions<\/h1>/);
    }
  });

  test('the switch in the header and the footer opens the same page in the other language, remembered', async ({
    page,
  }) => {
    await page.goto('/auditions');
    await page.locator('header').getByRole('link', { name: 'हिन्दी' }).click();
    await expect(page).toHaveURL(/\/hi\/auditions$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('ऑडिशन');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('ऑडिशन');
    // Links inside a Hindi page stay in Hindi.
    await page.locator('footer').getByRole('link', { name: 'हमारे बारे में' }).click();
    await expect(page).toHaveURL(/\/hi\/about$/);
    // The home page's plain address opens in the language this device chose.
    await page.goto('/');
    await expect(page).toHaveURL(/\/hi\/$/);

    await page.goto('/hi/auditions');
    await page.locator('footer').getByRole('link', { name: 'English' }).click();
    await expect(page).toHaveURL(/\/auditions$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-IN');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Auditions');
    await page.goto('/');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-IN');
  });

  test("a member's choice is saved on the account and followed on another device", async ({ page, browser }) => {
    const member = await registerShopper(page.request);
    await signIn(page, member);
    await page.goto('/auditions');
    await page.locator('header').getByRole('link', { name: 'हिन्दी' }).click();
    await expect(page).toHaveURL(/\/hi\/auditions$/);
    const language = async () =>
      (
        (await (
          await page.request.get(`${USER_API}/profile`, { headers: { authorization: `Bearer ${member.token}` } })
        ).json()) as { data: { language: string } }
      ).data.language;
    await expect.poll(language).toBe('hi');

    const other = await browser.newContext({ baseURL: page.url(), viewport: { width: 360, height: 800 } });
    try {
      const phone = await other.newPage();
      await signIn(phone, member);
      await phone.goto(new URL('/auditions', page.url()).href);
      await expect(phone).toHaveURL(/\/hi\/auditions$/);
      await expect(phone.getByRole('heading', { level: 1 })).toHaveText('ऑडिशन');
    } finally {
      await other.close();
    }
  });

  test('a Hindi browser on a first visit to the home page is taken to the Hindi one', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ locale: 'hi-IN', viewport: { width: 360, height: 800 } });
    try {
      const page = await context.newPage();
      await page.goto(`${baseURL}/`);
      await expect(page).toHaveURL(/\/hi\/$/);
      await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
      await expect(page.locator('header').getByRole('link', { name: 'English' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'आपके सवाल' })).toBeVisible();
      // An address that names its language opens in it.
      await page.goto(`${baseURL}/auditions`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Auditions');
    } finally {
      await context.close();
    }
  });

  test('the Devanagari font is fetched on a Hindi page and not on an English one', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ serviceWorkers: 'block' });
    try {
      const english = await context.newPage();
      const englishFonts: string[] = [];
      english.on('request', (request) => {
        if (devanagariFont.test(new URL(request.url()).pathname)) englishFonts.push(request.url());
      });
      await english.goto(`${baseURL}/`);
      await english.locator('html[data-app-ready]').waitFor({ state: 'attached' });
      await english.waitForLoadState('networkidle');
      await expect(english.locator('footer')).toBeVisible();
      expect(englishFonts).toEqual([]);

      const hindi = await context.newPage();
      const fontRequest = hindi.waitForRequest((request) => devanagariFont.test(new URL(request.url()).pathname));
      await hindi.goto(`${baseURL}/hi/`);
      await fontRequest;
    } finally {
      await context.close();
    }
  });

  test('a Hindi page seen once opens offline, in Hindi and in the Devanagari font the worker kept', async ({
    page,
    context,
  }) => {
    await page.goto('/hi/');
    await waitForServiceWorker(page);
    await expect(page.getByRole('heading', { name: 'आपके सवाल' })).toBeVisible();
    await waitForPersistedCache(page, siteKeys.homeData());
    await expect
      .poll(() => page.evaluate(async () => (await (await caches.open('cineverse-fonts')).keys()).length))
      .toBeGreaterThan(0);

    await context.setOffline(true);
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
    // The worker answers with the English shell; the page links the Hindi app all the same.
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest-hi.webmanifest');
    await expect(page.getByRole('heading', { name: 'आपके सवाल' })).toBeVisible();
    await expect(page.locator('footer').getByRole('link', { name: 'हमारे बारे में' })).toBeVisible();
    await expect
      .poll(() =>
        page.evaluate(() =>
          [...document.fonts].some((font) => font.family.includes('Noto Sans Devanagari') && font.status === 'loaded'),
        ),
      )
      .toBe(true);
  });
});
