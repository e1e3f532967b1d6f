import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { textCutOnScreen } from './layout-helpers';

const PUBLIC_API = '/backend/api/api/v1';

test.use({ viewport: { width: 360, height: 740 } });

/** A published demo call: its id and title. */
async function demoCall(request: APIRequestContext) {
  const answer = await request.get(`${PUBLIC_API}/casting-calls?per_page=1`);
  const [call] = ((await answer.json()) as { data: { id: number; title: string }[] }).data;
  if (!call) throw new Error('The demo content has no published call');
  return call;
}

/** A public demo profile: its handle and name. */
async function demoProfile(request: APIRequestContext) {
  const answer = await request.get(`${PUBLIC_API}/profiles?per_page=1`);
  const [profile] = ((await answer.json()) as { data: { handle: string; display_name: string }[] }).data;
  if (!profile) throw new Error('The demo content has no public profile');
  return profile;
}

test.describe('calls and profiles travel as cards', () => {
  test('a call’s page carries its large card and a description naming the roles, pay and deadline', async ({
    page,
  }) => {
    const call = await demoCall(page.request);
    // The demo calls were posted by the seed, which queues no jobs: the server's workers draw their cards at start.
    let html = '';
    await expect
      .poll(
        async () => {
          html = await (await page.request.get(`/auditions/${call.id}`)).text();
          return /<meta property="og:image" content="[^"]+\/backend\/cards\/call-\d+-en-[0-9a-f]+\.jpg">/.test(html);
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    expect(html).toContain('<meta property="og:image:width" content="1200">');
    expect(html).toContain('<meta property="og:image:height" content="630">');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(html).toMatch(
      /<meta property="og:description" content="Roles: [^"]+\. Pay: [^"]+\. Apply by [^"]+India time/,
    );
    const image = /<meta property="og:image" content="[^"]*(\/backend\/cards\/[^"]+)">/.exec(html)![1]!;
    const card = await page.request.get(image);
    expect(card.status()).toBe(200);
    expect(card.headers()['content-type']).toBe('image/jpeg');
  });

  test('on a phone without a share sheet, Share copies a call’s link and offers it on WhatsApp', async ({
    page,
    context,
    baseURL,
  }) => {
    const call = await demoCall(page.request);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto(`/auditions/${call.id}`);
    // Chromium on a desktop has no share sheet (navigator.share): the fallback is what this phone gets.
    expect(await page.evaluate(() => typeof navigator.share)).toBe('undefined');
    await page.getByRole('button', { name: 'Share' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Link copied' })).toBeVisible();
    const address = `${baseURL}/auditions/${call.id}`;
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);
    const whatsApp = page.getByRole('link', { name: 'Send on WhatsApp' });
    await expect(whatsApp).toBeVisible();
    await expect(whatsApp).toHaveAttribute(
      'href',
      `https://wa.me/?text=${encodeURIComponent(`${call.title}: a casting call on CineVerse\n${address}`)}`,
    );
    await expect(whatsApp).toHaveAttribute('target', '_blank');
    expect(await textCutOnScreen(page)).toEqual([]);
    await page.screenshot({ path: test.info().outputPath('call-share-360.png') });
  });

  test('a phone with a share sheet shares the call with its words and link', async ({ page, baseURL }) => {
    await page.addInitScript(() => {
      const shared: ShareData[] = [];
      (window as unknown as { shared: ShareData[] }).shared = shared;
      Object.defineProperty(navigator, 'share', {
        value: (data: ShareData) => {
          shared.push(data);
          return Promise.resolve();
        },
      });
    });
    const call = await demoCall(page.request);
    await page.goto(`/auditions/${call.id}`);
    await page.getByRole('button', { name: 'Share' }).click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { shared: ShareData[] }).shared))
      .toEqual([
        {
          title: `Casting call: ${call.title}`,
          text: `${call.title}: a casting call on CineVerse`,
          url: `${baseURL}/auditions/${call.id}`,
        },
      ]);
    await expect(page.getByRole('link', { name: 'Send on WhatsApp' })).toBeHidden();
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    test(`a profile’s Share at 360 px in English and Hindi, ${colorScheme}`, async ({ page, context, baseURL }) => {
      await page.emulateMedia({ colorScheme });
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      const profile = await demoProfile(page.request);
      await page.goto(`/profiles/${profile.handle}`);
      await page.getByRole('button', { name: 'Share' }).click();
      await expect(page.getByRole('link', { name: 'Send on WhatsApp' })).toHaveAttribute(
        'href',
        `https://wa.me/?text=${encodeURIComponent(`${profile.display_name} on CineVerse\n${baseURL}/profiles/${profile.handle}`)}`,
      );
      expect(await textCutOnScreen(page)).toEqual([]);
      await page.screenshot({ path: test.info().outputPath(`profile-share-360-${colorScheme}.png`) });

      // Shared from the Hindi page, the link opens in Hindi.
      await page.goto(`/hi/profiles/${profile.handle}`);
      await page.getByRole('button', { name: 'शेयर करें' }).click();
      await expect(page.getByRole('link', { name: 'WhatsApp पर भेजें' })).toHaveAttribute(
        'href',
        `https://wa.me/?text=${encodeURIComponent(`CineVerse पर ${profile.display_name}\n${baseURL}/hi/profiles/${profile.handle}`)}`,
      );
      expect(await textCutOnScreen(page)).toEqual([]);
      await page.screenshot({ path: test.info().outputPath(`profile-share-360-hi-${colorScheme}.png`) });
    });
  }
});
