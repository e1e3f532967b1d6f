import type { Page } from '@playwright/test';
import { editHomeData, expect, test } from './fixtures';

const breadcrumb = (page: Page) => page.getByRole('navigation', { name: 'Breadcrumb' });

test.describe('contact page', () => {
  test('shows every validation message under its field on submit and once a field is left', async ({ page }) => {
    await page.goto('/contact');
    await expect(page.getByRole('heading', { level: 1, name: 'Get in Touch' })).toBeVisible();
    const name = page.getByLabel('Your Name');
    const email = page.getByLabel('Email Address');
    const message = page.getByLabel('Your Message');

    await name.fill('Ra');
    await expect(page.getByText('Name must be at least 3 characters')).toHaveCount(0);
    await name.blur();
    await expect(name).toHaveAccessibleDescription('Name must be at least 3 characters');
    await name.fill('Ravi');
    await expect(name).not.toHaveAccessibleDescription(/./);
    await name.fill('');
    await expect(name).toHaveAccessibleDescription('Name is required');

    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(email).toHaveAccessibleDescription('Email is required');
    await expect(message).toHaveAccessibleDescription('Message is required');
    await expect(name).toBeFocused();

    await email.fill('ravi@');
    await expect(email).toHaveAccessibleDescription('Invalid email address');
    await message.fill('Hello');
    await expect(message).toHaveAccessibleDescription('Message must be at least 10 characters');
  });

  test('sends the message: Sending... while it goes, then the banner for 5 s and an empty form', async ({ page }) => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const bodies: unknown[] = [];
    await page.route('**/backend/api/api/v1/contact', async (route) => {
      bodies.push(route.request().postDataJSON());
      await held;
      await route.continue();
    });
    await page.goto('/contact');
    await page.getByLabel('Your Name').fill('Ravi Kumar');
    await page.getByLabel('Email Address').fill('ravi.kumar@example.in');
    await page.getByLabel('Your Message').fill('I would like to list my dubbing studio in Andheri.');
    await page.getByRole('button', { name: 'Send Message' }).click();
    const sending = page.getByRole('button', { name: 'Sending...' });
    await expect(sending).toBeDisabled();
    release();
    const banner = page.getByRole('status').filter({ hasText: 'Message sent successfully!' });
    await expect(banner).toHaveText(/Message sent successfully! We'll get back to you within 24 hours/);
    await expect(page.getByLabel('Your Name')).toHaveValue('');
    await expect(page.getByLabel('Email Address')).toHaveValue('');
    await expect(page.getByLabel('Your Message')).toHaveValue('');
    await expect(page.getByRole('button', { name: 'Send Message' })).toBeEnabled();
    await expect(banner).toBeHidden({ timeout: 8000 });
    expect(bodies).toEqual([
      {
        name: 'Ravi Kumar',
        email: 'ravi.kumar@example.in',
        message: 'I would like to list my dubbing studio in Andheri.',
      },
    ]);
  });

  test('keeps what was typed and says why when the server refuses or the network is down', async ({ page }) => {
    await page.goto('/contact');
    await page.getByLabel('Your Name').fill('Ravi Kumar');
    await page.getByLabel('Email Address').fill('ravi.kumar@example.in');
    await page.getByLabel('Your Message').fill('Please call me about a location.');
    await page.route('**/backend/api/api/v1/contact', (route) =>
      route.fulfill({
        status: 429,
        json: { message: 'Too many messages from this address. Please try again in 15 minutes.' },
      }),
    );
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Too many messages' })).toBeVisible();
    await expect(page.getByLabel('Your Message')).toHaveValue('Please call me about a location.');

    // Unreachable: the message is kept on the device and sent by itself once the server answers again.
    await page.unroute('**/backend/api/api/v1/contact');
    await page.route('**/backend/api/api/v1/contact', (route) => route.abort('internetdisconnected'), { times: 2 });
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Your message is saved on this device' })).toBeVisible();
    await expect(page.getByTestId('pending-count')).toHaveText(' 1 change waiting to sync');
    const delivered = page.waitForResponse(
      (response) => response.url().endsWith('/api/v1/contact') && response.status() === 201,
    );
    await delivered;
    await expect(page.getByTestId('pending-count')).toBeHidden();
  });

  test('shows the site phone, WhatsApp, address, hours and the Andheri West map', async ({ page }) => {
    await page.goto('/contact');
    const details = page.getByRole('region', { name: 'Contact details' });
    await expect(details.getByRole('link', { name: '+91 98201 45678' })).toHaveAttribute('href', 'tel:+919820145678');
    await expect(details.getByRole('link', { name: '+91 98201 45679' })).toHaveAttribute(
      'href',
      'https://wa.me/919820145679',
    );
    await expect(details).toContainText('Andheri West, Mumbai 400053');
    await expect(details).toContainText('Mon–Fri9:00 AM–6:00 PM');
    await expect(details).toContainText('Sat–SunClosed');
    const map = page.getByTitle('Map of Andheri West, Mumbai');
    await expect(map).toHaveAttribute('src', /^https:\/\/maps\.google\.com\/maps\?q=Andheri%20West/);
  });

  test('falls back to Not available and Address not specified when the settings are empty', async ({ page }) => {
    await editHomeData(page, (data) => {
      data.site_settings.site_phone = '';
      data.site_settings.site_whatsapp = '';
      data.site_settings.site_address = '';
    });
    await page.goto('/contact');
    const details = page.getByRole('region', { name: 'Contact details' });
    await expect(details.getByText('Not available')).toHaveCount(2);
    await expect(details.getByText('Address not specified')).toBeVisible();
  });

  test('replaces the map with a placeholder when offline', async ({ page, context }) => {
    await page.goto('/contact');
    await expect(page.getByTitle('Map of Andheri West, Mumbai')).toBeAttached();
    await context.setOffline(true);
    await expect(page.getByTestId('map-placeholder')).toContainText('Map unavailable offline');
    await expect(page.getByTitle('Map of Andheri West, Mumbai')).toHaveCount(0);
    await context.setOffline(false);
    await expect(page.getByTitle('Map of Andheri West, Mumbai')).toBeAttached();
  });
});

test.describe('about page', () => {
  test('shows the mission, six features, the head office contacts, and Contact Our Team leads to /contact', async ({
    page,
  }) => {
    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1, name: 'About Us' })).toBeVisible();
    await expect(page.locator('figcaption')).toContainText('Mumbai');
    await expect(page.getByRole('heading', { name: 'Our mission' })).toBeVisible();
    for (const feature of [
      'Verified community',
      'Portfolio showcase',
      'Trusted environment',
      'Real-time opportunities',
      'Direct connections',
      'Career support',
    ]) {
      await expect(page.getByRole('heading', { level: 3, name: feature })).toBeVisible();
    }
    await expect(page.getByText('4th Floor, Laxmi Industrial Estate')).toBeVisible();
    await expect(page.locator('main a[href^="mailto:"]')).toHaveCount(2);
    await expect(page.locator('main a[href^="tel:"]')).toHaveCount(2);
    await page.getByRole('link', { name: 'Contact Our Team' }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Get in Touch' })).toBeVisible();
  });
});

test.describe('policy pages', () => {
  const pages = [
    ['/privacy-policy', 'Privacy Policy', 'Privacy Policy'],
    ['/terms-and-conditions', 'Terms & Conditions', 'Terms & Conditions'],
    ['/refund-cancellation', 'Return Policy', 'Return Policy'],
    ['/shipping-policy', 'Shipping Policy', 'Shipping Policy'],
  ] as const;

  for (const [path, title, crumb] of pages) {
    test(`${path} shows a banner with breadcrumbs built from the path`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      const crumbs = breadcrumb(page);
      await expect(crumbs.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
      await expect(crumbs.locator('[aria-current="page"]')).toHaveText(crumb);
      await crumbs.getByRole('link', { name: 'Home' }).click();
      await expect(page).toHaveURL(/\/$/);
    });
  }

  test('the privacy policy has every section and the grievance officer with the site phone and hours', async ({
    page,
  }) => {
    await page.goto('/privacy-policy');
    const headings = page.locator('article h2');
    await expect(headings).toHaveText([
      'Information we collect',
      'How we use your information',
      'Sharing your information',
      'Security',
      'Retention and deletion',
      'Your rights',
      'Consent',
      'Changes to this policy',
      'Grievance officer',
    ]);
    const officer = page.locator('article section').last();
    await expect(officer.getByRole('link', { name: '+91 98201 45678' })).toHaveAttribute('href', 'tel:+919820145678');
    await expect(officer).toContainText('Hours: Mon–Fri 9:00–18:00');
  });

  test('the terms hold terms, privacy and refund sections under Indian law and Mumbai courts', async ({ page }) => {
    await page.goto('/terms-and-conditions');
    await expect(page.locator('article h2')).toHaveText(['Terms of use', 'Privacy', 'Refunds', 'Governing law']);
    await expect(page.locator('article')).toContainText('governed by the laws of India');
    await expect(page.locator('article')).toContainText('courts in Mumbai');
  });

  test('the refund and shipping policies state every constant of the spec', async ({ page }) => {
    await page.goto('/refund-cancellation');
    const refund = page.locator('article');
    for (const text of [
      'until it is shipped, within 30 days of placing it',
      'Orders with perishable items cannot be cancelled',
      'defective or damaged, is not the item you ordered, or is not as shown',
      'within 30 days of delivery',
      'it is paid within 30 days',
      // Each way of paying has its way back.
      'An order paid online is refunded the way it was paid',
      'An order paid in cash on delivery is refunded by UPI or bank transfer',
      'Mon–Fri 9 AM–6 PM',
    ]) {
      await expect(refund).toContainText(text);
    }
    await page.goto('/shipping-policy');
    const shipping = page.locator('article');
    for (const text of [
      'We deliver across India',
      'processed in 1–3 business days',
      '5–10 working days after dispatch',
      'show the charge before you place the order',
      'Orders of ₹499 or more ship free',
      'the tracking ID and, where the courier has one, a tracking link by email',
      'the product is returned to us. Re-shipping it may cost extra',
    ]) {
      await expect(shipping).toContainText(text);
    }
  });
});

test.describe('about, contact and the policies in Hindi', () => {
  for (const colorScheme of ['light', 'dark'] as const) {
    test(`read in Hindi on a 360 px phone, and a message is sent in Hindi (${colorScheme})`, async ({ page }, info) => {
      await page.setViewportSize({ width: 360, height: 740 });
      await page.emulateMedia({ colorScheme });

      await page.goto('/hi/about');
      await expect(page.getByRole('heading', { level: 1, name: 'हमारे बारे में' })).toBeVisible();
      await expect(page).toHaveTitle(/^हमारे बारे में \| /);
      await expect(page.getByRole('heading', { level: 3, name: 'सत्यापित समुदाय' })).toBeVisible();
      // The footer's categories in the directory's words, their addresses the spec's names in the Hindi pages.
      await expect(page.locator('footer').getByRole('link', { name: 'कलाकार', exact: true })).toHaveAttribute(
        'href',
        '/hi/category/Artist',
      );
      await page.screenshot({ path: info.outputPath(`about-hi-${colorScheme}.png`), fullPage: true });
      await page.getByRole('link', { name: 'हमारी टीम से बात करें' }).click();

      await expect(page).toHaveURL(/\/hi\/contact$/);
      await expect(page.getByRole('heading', { level: 1, name: 'हमसे संपर्क करें' })).toBeVisible();
      await expect(page).toHaveTitle(/^संपर्क करें \| /);
      const details = page.getByRole('region', { name: 'संपर्क की जानकारी' });
      await expect(details).toContainText('सोम–शुक्रसुबह 9:00 से शाम 6:00 बजे तक');
      const name = page.getByLabel('आपका नाम');
      await page.getByRole('button', { name: 'संदेश भेजें' }).click();
      await expect(name).toHaveAccessibleDescription('नाम लिखना ज़रूरी है');
      await expect(page.getByLabel('ईमेल पता')).toHaveAccessibleDescription('ईमेल पता लिखना ज़रूरी है');
      await expect(name).toBeFocused();
      await name.fill('रवि कुमार');
      await page.getByLabel('ईमेल पता').fill('ravi.hindi@example.in');
      await page.getByLabel('आपका संदेश').fill('मैं अंधेरी में अपना डबिंग स्टूडियो जोड़ना चाहता हूँ।');
      await page.screenshot({ path: info.outputPath(`contact-hi-${colorScheme}.png`), fullPage: true });
      await page.getByRole('button', { name: 'संदेश भेजें' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'आपका संदेश भेज दिया गया!' })).toContainText(
        'हम 24 घंटे के भीतर आपसे संपर्क करेंगे',
      );
      await expect(name).toHaveValue('');

      await page.goto('/hi/privacy-policy');
      await expect(page.getByRole('heading', { level: 1, name: 'निजता नीति' })).toBeVisible();
      await expect(page).toHaveTitle(/^निजता नीति \| /);
      await expect(page.getByRole('navigation', { name: 'आप यहाँ हैं' })).toBeVisible();
      await expect(page.locator('article')).toContainText('अंतिम अपडेट: 1 नवंबर 2026');
      await expect(page.locator('article h2').last()).toHaveText('शिकायत अधिकारी');
      await expect(page.locator('article section').last()).toContainText('समय: सोमवार से शुक्रवार, 9:00–18:00');
      await expect(page.locator('article').getByRole('link', { name: 'support@cineverse.in' })).toBeVisible();
      await page.screenshot({ path: info.outputPath(`privacy-hi-${colorScheme}.png`), fullPage: true });
      await page.locator('footer').getByRole('link', { name: 'नियम और शर्तें' }).click();

      await expect(page.getByRole('heading', { level: 1, name: 'नियम और शर्तें' })).toBeVisible();
      await page.locator('article').getByRole('link', { name: 'वापसी नीति' }).click();
      await expect(page).toHaveURL(/\/hi\/refund-cancellation$/);
      await expect(page.locator('article')).toContainText(
        'आप UPI, कार्ड या नेट बैंकिंग या डिलीवरी पर नक़द भुगतान से भुगतान कर सकते हैं।',
      );
      await page.goto('/hi/shipping-policy');
      await expect(page.locator('article')).toContainText('₹499 या उससे ज़्यादा के ऑर्डर की डिलीवरी मुफ़्त है');
      await page.screenshot({ path: info.outputPath(`shipping-hi-${colorScheme}.png`), fullPage: true });

      // A mailed claim link's page, before the button is pressed.
      await page.goto('/hi/contact-claim?token=abc');
      await expect(page.getByRole('heading', { level: 1, name: 'हमें भेजे आपके संदेश' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'मेरे संदेश जोड़ें' })).toBeEnabled();
      await page.screenshot({ path: info.outputPath(`claim-hi-${colorScheme}.png`), fullPage: true });
    });
  }

  test('a shared Hindi page tells its language to link cards, and an English one its own', async ({ request }) => {
    const hindi = await (await request.get('/hi/privacy-policy')).text();
    expect(hindi).toContain('<meta property="og:locale" content="hi_IN">');
    expect(hindi).toContain('<meta property="og:locale:alternate" content="en_IN">');
    expect(hindi).toMatch(/<title>निजता नीति \| [^<]+<\/title>/);
    const english = await (await request.get('/privacy-policy')).text();
    expect(english).toContain('<meta property="og:locale" content="en_IN">');
    expect(english).toContain('<meta property="og:locale:alternate" content="hi_IN">');
  });

  test('a Hindi page links the Hindi app, named in Hindi and opening at /hi/; an English page the English app', async ({
    page,
    request,
  }) => {
    const manifestOf = async (path: string) => {
      const html = await (await request.get(path)).text();
      const href = /<link rel="manifest" href="([^"]+)"/.exec(html)?.[1];
      if (!href) throw new Error(`${path} links no manifest`);
      const response = await request.get(href);
      expect(response.headers()['cache-control']).toBe('no-store');
      return { href, manifest: (await response.json()) as Record<string, unknown> };
    };
    const english = await manifestOf('/about');
    expect(english.href).toBe('/manifest.webmanifest');
    expect(english.manifest).toMatchObject({
      id: '/',
      name: 'CineVerse: India’s film-industry network',
      short_name: 'CineVerse',
      lang: 'en-IN',
      start_url: '/',
    });
    const hindi = await manifestOf('/hi/about');
    expect(hindi.href).toBe('/manifest-hi.webmanifest');
    expect(hindi.manifest).toMatchObject({
      id: '/hi/',
      name: 'CineVerse: भारत के फ़िल्म जगत का नेटवर्क',
      lang: 'hi',
      start_url: '/hi/',
      scope: '/',
      display: 'standalone',
    });
    expect(hindi.manifest.description).toMatch(/[\u0900-\u097F]/);
    expect(hindi.manifest.icons).toEqual(english.manifest.icons);
    // The service worker keeps it for an app opened offline.
    expect(await (await request.get('/sw.js')).text()).toContain('manifest-hi.webmanifest');

    // A Hindi page the app renders in the browser (the bare shell) links the Hindi app too.
    await page.goto('/hi/cart');
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest-hi.webmanifest');
    await page.goto('/cart');
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  });
});
