import type { Page, Route } from '@playwright/test';
import { expect, test } from './fixtures';

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
    await page.evaluate(() => {
      const shifts: number[] = [];
      (window as unknown as { cvShifts: number[] }).cvShifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) {
          if (!entry.hadRecentInput) shifts.push(entry.value);
        }
      }).observe({ type: 'layout-shift' });
    });

    parts.release();
    await expect(page.locator('[data-deferred-part]:not([data-hydrated])')).toHaveCount(0);
    // A frame later, for a shift the last hydration would cause to be reported.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(await page.evaluate(() => (window as unknown as { cvShifts: number[] }).cvShifts)).toEqual([]);
    const after = await partsNow(page);
    expect(after.every((part) => part.kept)).toBe(true);
    const question = page.getByRole('button', { name: 'किसी कोर्स में दाख़िला कैसे लूँ?' });
    await question.click();
    await expect(question).toHaveAttribute('aria-expanded', 'true');
  });
});
