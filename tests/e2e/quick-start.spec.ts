import type { Page, Route } from '@playwright/test';
import { expect, test } from './fixtures';
import { signIn } from './shop-helpers';

/**
 * The parts below the fold (the home page's sections and FAQ, the footer) are hydrated when they are needed or the
 * phone is idle, not with the page's start (src/lib/deferred-part.tsx). Until then their server HTML stays in place,
 * and a tap on them is kept and made once they are hydrated.
 */

/**
 * Holds every script whose code holds `text` until `release` is called; tells when one was asked for. The FAQ's and
 * the footer's words are in their own modules: a first load that carried them would hold the app's start here.
 */
async function holdScriptsWith(page: Page, texts: string[]) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let asked = false;
  await page.route(
    (url) => url.pathname.endsWith('.js'),
    async (route: Route) => {
      const response = await route.fetch().catch(() => null);
      const body = await response?.text().catch(() => null);
      if (!response || body == null) return route.abort().catch(() => {});
      if (texts.some((text) => body.includes(text))) {
        asked = true;
        await released;
      }
      await route.fulfill({ response, body }).catch(() => {});
    },
  );
  return { release, asked: () => asked };
}

/** Fails every script whose code holds `text`, as a weak network or a chunk gone after a deploy would. */
async function failScriptsWith(page: Page, text: string) {
  await page.route(
    (url) => url.pathname.endsWith('.js'),
    async (route: Route) => {
      const response = await route.fetch().catch(() => null);
      const body = await response?.text().catch(() => null);
      if (!response || body == null || body.includes(text)) return route.abort().catch(() => {});
      await route.fulfill({ response, body }).catch(() => {});
    },
  );
}

/** Counts, from now on, every shift of the layout not caused by input. */
const countShifts = (page: Page) =>
  page.evaluate(() => {
    const shifts: number[] = [];
    (window as unknown as { cvShifts: number[] }).cvShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) {
        if (!entry.hadRecentInput) shifts.push(entry.value);
      }
    }).observe({ type: 'layout-shift' });
  });

/** The shifts counted since `countShifts`, a frame later (a shift is reported after the frame that made it). */
const shiftsSoFar = async (page: Page) => {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  return page.evaluate(() => (window as unknown as { cvShifts: number[] }).cvShifts);
};

/** Marks the current elements of the parts below the fold, to find out later whether React kept them. */
const markServerNodes = (page: Page) =>
  page.evaluate(() => {
    for (const node of document.querySelectorAll('[data-deferred-part] > *')) {
      (node as unknown as { cvServerNode: boolean }).cvServerNode = true;
    }
  });

/** Where each part below the fold is, and whether it is the element the server sent. */
const partsNow = (page: Page) =>
  page.locator('[data-deferred-part] > *').evaluateAll((nodes) =>
    nodes.map((node) => {
      const box = node.getBoundingClientRect();
      return {
        kept: (node as unknown as { cvServerNode?: boolean }).cvServerNode === true,
        top: box.top + window.scrollY,
        height: box.height,
      };
    }),
  );

test.describe('quick start on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('a FAQ question tapped before the FAQ is hydrated opens once it is, and nothing moves', async ({ page }) => {
    const faq = await holdScriptsWith(page, ['How do I enrol in a course?']);
    await page.goto('/');
    await markServerNodes(page);
    const before = await partsNow(page);
    expect(before.length).toBeGreaterThan(2);
    const question = page.getByRole('button', { name: 'How do I enrol in a course?' });
    await question.scrollIntoViewIfNeeded();
    await question.click();
    // The FAQ's code is still on its way: the server's HTML is still there, the question not yet open.
    await expect.poll(faq.asked).toBe(true);
    await expect(page.locator('[data-deferred-part="faq"]')).not.toHaveAttribute('data-hydrated');
    await expect(question).toHaveAttribute('aria-expanded', 'false');

    faq.release();
    await expect(question).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByText(/^Open the course from the Courses section/)).toBeVisible();
    await expect(page.locator('[data-deferred-part="faq"]')).toHaveAttribute('data-hydrated', '');
    // Every part was hydrated in place: the elements the server sent, none rendered anew.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect(page.locator('[data-deferred-part]:not([data-hydrated])')).toHaveCount(0);
    const after = await partsNow(page);
    expect(after).toHaveLength(before.length);
    expect(after.every((part) => part.kept)).toBe(true);
  });

  test('a footer link tapped before the footer is hydrated opens its page in the app', async ({ page }) => {
    const footer = await holdScriptsWith(page, ['All rights reserved.']);
    await page.goto('/');
    await page.evaluate(() => ((window as unknown as { cvSameDocument: boolean }).cvSameDocument = true));
    const about = page.getByRole('contentinfo').getByRole('link', { name: 'About Us' });
    await about.scrollIntoViewIfNeeded();
    await about.click();
    await expect.poll(footer.asked).toBe(true);
    await expect(page).toHaveURL(/\/$/);

    footer.release();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.locator('main h1')).toBeVisible();
    // The app's own navigation, not a new page load.
    expect(await page.evaluate(() => (window as unknown as { cvSameDocument?: boolean }).cvSameDocument)).toBe(true);
  });

  test('on the Hindi home page the FAQ and the footer on screen are hydrated without moving anything', async ({
    page,
  }) => {
    const parts = await holdScriptsWith(page, ['How do I enrol in a course?', 'All rights reserved.']);
    await page.goto('/hi/');
    await markServerNodes(page);
    // The FAQ and the footer on screen, still the server's HTML.
    await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    await expect.poll(parts.asked).toBe(true);
    await expect(page.locator('[data-deferred-part="footer"]')).not.toHaveAttribute('data-hydrated');
    // From here on, every shift of the layout not caused by input is counted (nothing is tapped until the end).
    await countShifts(page);

    parts.release();
    await expect(page.locator('[data-deferred-part]:not([data-hydrated])')).toHaveCount(0);
    expect(await shiftsSoFar(page)).toEqual([]);
    const after = await partsNow(page);
    expect(after.every((part) => part.kept)).toBe(true);
    const question = page.getByRole('button', { name: 'किसी कोर्स में दाख़िला कैसे लूँ?' });
    await question.click();
    await expect(question).toHaveAttribute('aria-expanded', 'true');
  });

  test('a footer link to another site or a phone number works before the footer is hydrated', async ({
    page,
    baseURL,
  }) => {
    // The other sites are not reachable from the test machine: an empty page stands in for them.
    const ours = new URL(baseURL ?? '').host;
    await page.context().route(
      (url) => url.host !== ours,
      (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>out</title>' }),
    );
    await holdScriptsWith(page, ['All rights reserved.']);
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    const whatsapp = footer.locator('a[target="_blank"][href^="https://wa.me/"]');
    await whatsapp.scrollIntoViewIfNeeded();
    const popup = page.waitForEvent('popup');
    await whatsapp.click();
    // Opened while the footer's code is still held: the tap's own moment, which a popup blocker lets through.
    expect((await popup).url()).toBe(await whatsapp.getAttribute('href'));
    await expect(page.locator('[data-deferred-part="footer"]')).not.toHaveAttribute('data-hydrated');

    // The phone number's link is left to the browser: its click not stopped by the page (seen by a listener the
    // test adds after the page's own, on the document; it then stops the call the phone would make).
    const phone = footer.locator('a[href^="tel:"]');
    await page.evaluate(() =>
      document.addEventListener(
        'click',
        (event) => {
          if (!(event.target as Element).closest('a[href^="tel:"]')) return;
          (window as unknown as { cvTelLeftAlone: boolean }).cvTelLeftAlone = !event.defaultPrevented;
          event.preventDefault();
        },
        true,
      ),
    );
    await phone.click();
    expect(await page.evaluate(() => (window as unknown as { cvTelLeftAlone?: boolean }).cvTelLeftAlone)).toBe(true);
  });

  test('a footer link tapped, then a header link, leaves the reader where the header took them', async ({ page }) => {
    const footer = await holdScriptsWith(page, ['All rights reserved.']);
    await page.goto('/contact');
    const about = page.getByRole('contentinfo').getByRole('link', { name: 'About Us' });
    await about.scrollIntoViewIfNeeded();
    await about.click();
    await expect.poll(footer.asked).toBe(true);
    await page.getByRole('link', { name: 'CineVerse home' }).click();
    await expect(page).toHaveURL(/\/$/);
    // Every click made by the page itself from now on (a kept tap is made again as one).
    await page.evaluate(() => {
      const replayed: string[] = [];
      (window as unknown as { cvReplayed: string[] }).cvReplayed = replayed;
      document.addEventListener('click', (event) => !event.isTrusted && replayed.push(String(event.target)), true);
    });

    footer.release();
    // The footer makes a kept tap as it is hydrated: by then it has made it, or dropped it.
    await expect(page.locator('[data-deferred-part="footer"]')).toHaveAttribute('data-hydrated', '');
    expect(await page.evaluate(() => (window as unknown as { cvReplayed: string[] }).cvReplayed)).toEqual([]);
    await expect(page).toHaveURL(/\/$/);
  });

  test("a footer link tapped when the footer's code cannot load still opens its page", async ({ page }) => {
    await failScriptsWith(page, 'All rights reserved.');
    await page.goto('/');
    const about = page.getByRole('contentinfo').getByRole('link', { name: 'About Us' });
    await about.scrollIntoViewIfNeeded();
    await about.click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.locator('main h1')).toBeVisible();
  });

  test("a signed-in member's footer is hydrated in place, nothing moving", async ({ page }) => {
    await signIn(page);
    const footer = await holdScriptsWith(page, ['All rights reserved.']);
    await page.goto('/');
    await markServerNodes(page);
    await countShifts(page);
    // The layout renders again with the member's session (and profile) while the footer is still the server's HTML.
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await expect(page.locator('[data-deferred-part="footer"]')).not.toHaveAttribute('data-hydrated');

    footer.release();
    await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
    await expect(page.locator('[data-deferred-part]:not([data-hydrated])')).toHaveCount(0);
    const after = await partsNow(page);
    expect(after.every((part) => part.kept)).toBe(true);
    expect(await shiftsSoFar(page)).toEqual([]);
  });
});
