import type { Page } from '@playwright/test';
import { startPushService, type PushService, type TestSubscription } from '../support/push-service';
import { expect, test } from './fixtures';
import { waitForServiceWorker } from './offline-helpers';
import { startServerProcess, type ServerProcess } from './server-process';
import { demoShopper, signInAt, USER_API } from './shop-helpers';

const ADMIN_API = '/backend/api/api/admin/v1';
const shopManager = { email: 'shop@cineverse.in', password: 'Backstage@2026' };
const address = {
  name: 'Meera Nair',
  phone: '9820012345',
  line1: '12, Film City Road',
  line2: 'Goregaon East',
  city: 'Mumbai',
  state: 'Maharashtra',
  pincode: '400065',
};

test.use({ viewport: { width: 360, height: 740 } });

/**
 * Chromium subscribes a page through Google's push service, which this machine cannot reach: the page's
 * `pushManager.subscribe` asks the local push service instead (web-push-testing, through the test), and
 * `getSubscription` returns what it gave. Everything else is real: the server encrypts and signs each notice to that
 * subscription, the push service checks the signature and decrypts it, and the test hands what it received to the
 * production build's service worker as Chromium's push service would (docs/decisions/2026-11-28-push-delivery.md).
 */
async function useLocalPushService(page: Page, pushService: PushService): Promise<TestSubscription[]> {
  const subscriptions: TestSubscription[] = [];
  await page.exposeBinding('subscribeAtPushService', async (_source, key: string) => {
    const subscription = await pushService.subscribe(key);
    subscriptions.push(subscription);
    const { clientHash: _name, ...json } = subscription;
    return json;
  });
  await page.addInitScript(() => {
    type Json = { endpoint: string; keys: { p256dh: string; auth: string } };
    const subscribe = (window as unknown as { subscribeAtPushService: (key: string) => Promise<Json> })
      .subscribeAtPushService;
    // Kept in the tab's session storage, as the browser keeps a subscription across the app's pages.
    const KEPT = 'e2e-push-subscription';
    const subscriptionOf = (json: Json) =>
      ({
        endpoint: json.endpoint,
        expirationTime: null,
        toJSON: () => json,
        unsubscribe: async () => {
          sessionStorage.removeItem(KEPT);
          return true;
        },
      }) as unknown as PushSubscription;
    const base64url = (bytes: Uint8Array) =>
      btoa(String.fromCharCode(...bytes))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '');
    PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
      const key = options?.applicationServerKey;
      if (!key || typeof key === 'string') throw new Error('The app subscribes with its key as bytes');
      const json = await subscribe(base64url(new Uint8Array(key instanceof ArrayBuffer ? key : key.buffer)));
      sessionStorage.setItem(KEPT, JSON.stringify(json));
      return subscriptionOf(json);
    };
    PushManager.prototype.getSubscription = async () => {
      const kept = sessionStorage.getItem(KEPT);
      return kept ? subscriptionOf(JSON.parse(kept) as Json) : null;
    };
  });
  return subscriptions;
}

/** The notifications the page's service worker shows. */
function shownNotifications(page: Page) {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return (await registration.getNotifications()).map((notification) => ({
      title: notification.title,
      body: notification.body,
      link: (notification.data as { link?: string } | null)?.link,
    }));
  });
}

/** The published calls of the demo content, by id. */
async function callIds(page: Page, server: ServerProcess): Promise<number[]> {
  const answer = await page.request.get(`${server.url}/backend/api/api/v1/casting-calls`);
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { data: { id: number }[] }).data.map((call) => call.id);
}

test.describe('alerts on the phone', () => {
  let pushService: PushService;
  let server: ServerProcess;

  test.beforeAll(async () => {
    // A new embedded database is copied, and the server started, for the push services it may send to.
    test.setTimeout(180_000);
    pushService = await startPushService();
    server = await startServerProcess({ SKIP_BUILD: '1', PUSH_SERVICES: pushService.url });
  });
  test.afterAll(async () => {
    await server?.stop();
    await pushService?.close();
  });

  test('offered once a call is saved, turned on, a shipped order reaches the service worker as a notification, and logging out ends it', async ({
    page,
    context,
  }, info) => {
    test.setTimeout(120_000);
    const subscriptions = await useLocalPushService(page, pushService);
    const token = await signInAt(page, server.url, demoShopper);
    const [callId] = await callIds(page, server);

    await page.goto(`${server.url}/auditions/${callId}`);
    await waitForServiceWorker(page);
    const offer = page.getByRole('dialog', { name: 'Alerts on this phone' });
    // Not on a page's load: only after something worth an alert.
    await expect(page.getByRole('button', { name: 'Save for later' })).toBeVisible();
    await expect(offer).toHaveCount(0);

    await page.getByRole('button', { name: 'Save for later' }).click();
    await expect(offer).toBeVisible();
    await expect(offer).toContainText('Get alerts on this phone?');
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.screenshot({ path: info.outputPath(`push-offer-360-${scheme}.png`) });
    }
    await page.emulateMedia({ colorScheme: 'light' });

    // The person says yes when the browser asks.
    await context.grantPermissions(['notifications'], { origin: server.url });
    await offer.getByRole('button', { name: 'Turn on alerts' }).click();
    await expect(page.getByText('Alerts are on for this phone.')).toBeVisible();
    await expect(offer).toHaveCount(0);
    expect(subscriptions).toHaveLength(1);

    // Meera orders; the shop ships it.
    const headers = { authorization: `Bearer ${token}` };
    expect(
      (
        await page.request.post(`${server.url}${USER_API}/addToCart`, { headers, data: { product_id: 4, quantity: 1 } })
      ).ok(),
    ).toBe(true);
    const placed = await page.request.post(`${server.url}${USER_API}/completeOrder`, {
      headers,
      data: { address, payment_method: 'cod' },
    });
    expect(placed.status()).toBe(201);
    const orderId = ((await placed.json()) as { data: { id: number } }).data.id;
    const staff = await page.request.post(`${server.url}${USER_API}/login`, { data: shopManager });
    const staffHeaders = { authorization: `Bearer ${((await staff.json()) as { token: string }).token}` };
    for (const step of [{ to: 'confirmed' }, { to: 'shipped', courier: 'Delhivery', tracking_id: 'DL7845120963' }]) {
      const moved = await page.request.post(`${server.url}${ADMIN_API}/orders/${orderId}/transition`, {
        headers: staffHeaders,
        data: step,
      });
      expect(moved.status(), await moved.text()).toBe(200);
    }

    // The push service received it, encrypted to this browser and signed with the server's key.
    const [subscription] = subscriptions;
    await expect.poll(() => pushService.messages(subscription!.clientHash), { timeout: 20_000 }).toHaveLength(1);
    const [received] = await pushService.messages(subscription!.clientHash);

    // Handed to the service worker as Chromium's push service hands it.
    const cdp = await context.newCDPSession(page);
    const registrations: { registrationId: string; scopeURL: string }[] = [];
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: updated }) => registrations.push(...updated));
    await cdp.send('ServiceWorker.enable');
    await expect.poll(() => registrations.find((item) => item.scopeURL === `${server.url}/`)).toBeDefined();
    const { registrationId } = registrations.find((item) => item.scopeURL === `${server.url}/`)!;
    await cdp.send('ServiceWorker.deliverPushMessage', { origin: server.url, registrationId, data: received! });

    await expect
      .poll(() => shownNotifications(page))
      .toEqual([{ title: `Order #${orderId} shipped`, body: expect.any(String), link: `/orders/${orderId}` }]);

    // Logging out ends Meera's alerts on this phone: the server forgets the browser, the browser its subscription.
    await page.goto(`${server.url}/profile`);
    const forgotten = page.waitForResponse((response) => response.url().endsWith('/me/push/subscriptions/delete'));
    await page.getByRole('button', { name: 'Log out' }).click();
    expect((await forgotten).status()).toBe(200);
    await expect
      .poll(() =>
        page.evaluate(async () => (await (await navigator.serviceWorker.ready).pushManager.getSubscription()) === null),
      )
      .toBe(true);
  });

  test('Not now is remembered on the device: a later save offers nothing', async ({ page }, info) => {
    test.setTimeout(90_000);
    await useLocalPushService(page, pushService);
    await signInAt(page, server.url, demoShopper);
    const [, first, second] = await callIds(page, server);

    // On a Hindi page the offer is in Hindi.
    await page.goto(`${server.url}/hi/auditions/${first}`);
    await waitForServiceWorker(page);
    await page.locator('button[aria-pressed="false"]').click();
    const hindiOffer = page.getByRole('dialog', { name: 'इस फ़ोन पर सूचनाएँ' });
    await expect(hindiOffer).toContainText('इस फ़ोन पर सूचनाएँ पाएँ?');
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.screenshot({ path: info.outputPath(`push-offer-hi-360-${scheme}.png`) });
    }
    await hindiOffer.getByRole('button', { name: 'अभी नहीं' }).click();
    await expect(hindiOffer).toHaveCount(0);

    await page.goto(`${server.url}/auditions/${second}`);
    await page.getByRole('button', { name: 'Save for later' }).click();
    await expect(page.getByRole('button', { name: 'Saved' })).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Alerts on this phone' })).toHaveCount(0);
  });
});
