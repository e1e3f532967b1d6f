import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from './chromium';
import { expect, test, useBareShell } from './fixtures';

const mainNav = (page: import('@playwright/test').Page) => page.getByRole('navigation', { name: 'Main' });

test.describe('start-up', () => {
  test('the home page asks for its styles and first banner before the code; the shell also for the home data', async ({
    request,
  }) => {
    const home = await (await request.get('/backend/api/getHomeData')).json();
    const expectBeforeCode = (html: string, tags: (string | RegExp)[]) => {
      const firstScript = html.indexOf('<script type="module"');
      expect(firstScript).toBeGreaterThan(-1);
      for (const tag of tags) {
        const at = typeof tag === 'string' ? html.indexOf(tag) : (tag.exec(html)?.index ?? -1);
        expect(at, String(tag)).toBeGreaterThan(-1);
        expect(at, String(tag)).toBeLessThan(firstScript);
      }
    };
    const appStyles = /<link rel="stylesheet"[^>]*href="\/assets\/start-[^"]+\.css"/;
    // The server-rendered home page: the app's and the home route's styles, the banner; its data is in the page.
    const page = await (await request.get('/')).text();
    expectBeforeCode(page, [
      appStyles,
      /<link rel="stylesheet"[^>]*href="\/assets\/routes-[^"]+\.css"/,
      `<link rel="preload" as="image" href="/backend/uploads/banner/${encodeURIComponent(home.bannerList[0].image)}"`,
    ]);
    expect(page).not.toContain('/backend/api/getHomeData');
    // The bare shell, which the service worker answers every page with: it asks for the data at once.
    const shell = await (await request.get('/index.html')).text();
    expectBeforeCode(shell, [appStyles, /<link rel="preload" href="\/backend\/api\/getHomeData" as="fetch"/]);
  });

  test('shows a spinner while the settings load, then the app', async ({ page }) => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await useBareShell(page);
    await page.route('**/backend/api/getHomeData', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/');
    await expect(page.getByRole('status', { name: 'Loading' })).toBeVisible();
    await expect(mainNav(page)).toHaveCount(0);
    release();
    await expect(page.getByRole('heading', { level: 1, name: 'CineVerse' })).toBeVisible();
    await expect(page.getByRole('status', { name: 'Loading' })).toHaveCount(0);
  });

  test('still renders the app when the settings fail, logging the failure', async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await useBareShell(page);
    await page.route('**/backend/api/getHomeData', (route) => route.abort('failed'));
    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1, name: 'About Us' })).toBeVisible();
    await expect(mainNav(page).getByRole('link', { name: 'Contact Us' })).toBeVisible();
    expect(errors.some((text) => text.startsWith('Failed to load site settings:'))).toBe(true);
  });

  test('takes the title, favicon and touch icon from the settings', async ({ page, request }) => {
    await page.goto('/');
    await expect(page).toHaveTitle('CineVerse');
    await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', '/backend/uploads/settings/favicon.png');
    await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute(
      'href',
      '/backend/uploads/settings/logo.png',
    );
    for (const icon of ['favicon.png', 'logo.png']) {
      const response = await request.get(`/backend/uploads/settings/${icon}`);
      expect(response.status()).toBe(200);
      expect(response.headers()['content-type']).toBe('image/png');
    }
  });
});

test.describe('shared layout', () => {
  test('highlights the active nav link', async ({ page }) => {
    await page.goto('/about');
    const nav = mainNav(page);
    await expect(nav.getByRole('link', { name: 'About Us' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current', 'page');
    await nav.getByRole('link', { name: 'Contact Us' }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(nav.getByRole('link', { name: 'Contact Us' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'About Us' })).not.toHaveAttribute('aria-current', 'page');
  });

  test('rotates seven taglines', async ({ page }) => {
    await page.goto('/');
    const strip = page.getByLabel('Taglines');
    await expect(strip.locator('li')).toHaveCount(7);
    await expect(strip.locator('li[aria-hidden="false"]')).toHaveText('Where India’s storytellers meet');
    await expect(strip.locator('li[aria-hidden="false"]')).toHaveText('Auditions, crews and studios in one place', {
      timeout: 5000,
    });
  });

  test('every footer link leads to its page', async ({ page }) => {
    await page.goto('/');
    const footer = page.locator('footer');
    const important = [
      ['About Us', '/about', 'About Us'],
      ['Contact Us', '/contact', 'Get in Touch'],
      ['Privacy Policy', '/privacy-policy', 'Privacy Policy'],
      ['Terms & Conditions', '/terms-and-conditions', 'Terms & Conditions'],
      ['Return Policy', '/refund-cancellation', 'Return Policy'],
      ['Shipping Policy', '/shipping-policy', 'Shipping Policy'],
    ] as const;
    for (const [label, path, heading] of important) {
      // Followed by keyboard: the page above may still grow while it renders, moving the footer under a pointer.
      await footer.getByRole('link', { name: label, exact: true }).focus();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    }
    const categories = [
      'Artist',
      'Union',
      'Vendor',
      'Production House',
      'Studio',
      'Shooting Location',
      'Course',
      'Theatre',
    ];
    for (const name of categories) {
      await expect(footer.getByRole('link', { name, exact: true })).toHaveAttribute(
        'href',
        `/category/${encodeURIComponent(name)}`,
      );
    }
    await footer.getByRole('link', { name: 'Production House', exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Production House' })).toBeVisible();
    await expect(footer.getByRole('link', { name: /^Phone: \+91 98201 45678$/ })).toHaveAttribute(
      'href',
      'tel:+919820145678',
    );
    await expect(footer.getByRole('link', { name: /^WhatsApp:/ })).toHaveAttribute(
      'href',
      'https://wa.me/919820145679',
    );
  });

  test('shows a social link only when its URL is set', async ({ page }) => {
    await page.goto('/');
    const socials = page.getByRole('list', { name: 'Social links' });
    await expect(socials.getByRole('link', { name: 'Facebook' })).toHaveAttribute(
      'href',
      'https://www.facebook.com/cineverse.india',
    );
    await expect(socials.getByRole('link', { name: 'Instagram' })).toBeVisible();
    await expect(socials.getByRole('link', { name: 'YouTube' })).toBeVisible();
    // The seeded settings leave LinkedIn empty.
    await expect(socials.getByRole('link', { name: 'LinkedIn' })).toHaveCount(0);

    await useBareShell(page);
    await page.route('**/backend/api/getHomeData', async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      Object.assign(body.site_settings, { facebook: '', instagram: '', youtube: 'javascript:alert(1)', linkedin: '' });
      await route.fulfill({ response, json: body });
    });
    // The settings seen a moment ago are saved on the device; start from an empty device to fetch the edited ones.
    // The database is deleted from a same-origin page without the app, which could otherwise save it again.
    await page.goto('/robots.txt');
    await page.evaluate(
      () =>
        new Promise((resolve) => {
          const request = indexedDB.deleteDatabase('cineverse');
          request.onsuccess = request.onerror = resolve;
        }),
    );
    await page.goto('/');
    await expect(page.locator('footer').getByRole('link', { name: 'Privacy Policy' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Social links' })).toHaveCount(0);
  });

  test('the phone menu opens, navigates and closes on a 360 px screen without sideways scrolling', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/');
    await expect(mainNav(page).getByRole('link', { name: 'About Us' })).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu.getByRole('link', { name: 'About Us' }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(menu).toBeHidden();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

test.describe('404', () => {
  test('an unknown path gets status 404 and the Scene Not Found page', async ({ page }) => {
    await page.goto('/about');
    const response = await page.goto('/this/reel/is/lost');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Scene Not Found' })).toBeVisible();
    await expect(
      page.getByText(
        "Oops! The reel you're looking for has gone missing. It might have been archived or never made it to production.",
      ),
    ).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Search for a movie' })).toBeVisible();
    await page.getByRole('button', { name: 'Previous Scene' }).click();
    await expect(page).toHaveURL(/\/about$/);
    await page.goto('/another/missing/scene');
    await page.getByRole('link', { name: 'Back to Homepage' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'CineVerse' })).toBeVisible();
  });
});

test.describe('session', () => {
  test('a 401 sends the user to / , clears the stale token and asks to log in again', async ({ page }) => {
    await page.goto('/');
    await page.evaluate(() => {
      localStorage.setItem('useAccessToken', 'stale-token');
      localStorage.setItem('role', 'customer');
    });
    await page.goto('/about');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText('Please log in again.')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('useAccessToken'))).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('role'))).toBeNull();
  });
});

test.describe('installable', () => {
  test('serves a complete manifest and registers the service worker', async ({ page, request }) => {
    const manifest = await (await request.get('/manifest.webmanifest')).json();
    expect(manifest).toMatchObject({ short_name: 'CineVerse', display: 'standalone', start_url: '/' });
    expect(manifest.icons.map((icon: { sizes: string }) => icon.sizes)).toEqual(
      expect.arrayContaining(['192x192', '512x512']),
    );
    expect(manifest.icons.some((icon: { purpose?: string }) => icon.purpose === 'maskable')).toBe(true);
    for (const icon of manifest.icons as { src: string }[]) {
      expect((await request.get(icon.src)).status(), icon.src).toBe(200);
    }
    await page.goto('/');
    const scriptUrl = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return registration.active?.scriptURL ?? null;
    });
    expect(scriptUrl).toMatch(/\/sw\.js$/);
  });

  test('Chromium reports no installability errors', async ({ baseURL }, testInfo) => {
    // Incognito contexts are never installable, so this check runs in a real profile.
    const context = await chromium.launchPersistentContext(testInfo.outputPath('profile'), chromiumLaunchOptions);
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto(`${baseURL}/`);
      await page.evaluate(() => navigator.serviceWorker.ready);
      const client = await context.newCDPSession(page);
      const { installabilityErrors } = await client.send('Page.getInstallabilityErrors');
      expect(installabilityErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
