import { expect, test } from './fixtures';
import { waitForServiceWorker } from './offline-helpers';

test.use({ viewport: { width: 360, height: 740 } });

test.describe('offline, a page never seen', () => {
  test('a product and lists never opened say at once that they are not saved here, asking the network once', async ({
    page,
    context,
  }) => {
    await page.goto('/');
    await waitForServiceWorker(page);
    // The app's requests to the API: each one the device tried, offline, and that failed at once.
    const asked: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/backend/api/')) asked.push(url.pathname + url.search);
    });
    await context.setOffline(true);

    await page.goto('/shop/20');
    await expect(
      page.getByText(
        'You are offline, and this product was not opened on this device before, so it is not saved here.',
      ),
    ).toBeVisible();
    // Said after the first try, not after retries that could only fail the same way.
    expect(asked.filter((path) => path.endsWith('/getProduct/20'))).toHaveLength(1);
    await expect(page.getByRole('link', { name: 'Back to the store' })).toBeVisible();

    for (const [path, request] of [
      ['/category/Studio', '/api/v1/profiles?'],
      ['/shop?search=mug', '/getProduct?'],
    ] as const) {
      const before = asked.length;
      await page.goto(path);
      await expect(
        page.getByText('You are offline, and this list was not opened on this device before, so it is not saved here.'),
        path,
      ).toBeVisible();
      expect(
        asked.slice(before).filter((asked) => asked.includes(request)),
        path,
      ).toHaveLength(1);
    }

    // Back online, Try again brings the list.
    await context.setOffline(false);
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByText(/was not opened on this device before/)).toHaveCount(0);
    await expect(page.locator('main article').first()).toBeVisible();
  });
});
