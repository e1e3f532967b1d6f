import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
// web-push is CommonJS: Node gives its functions on the default export only (its types declare none).
// eslint-disable-next-line import-x/default -- see above
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PushMessage } from '../../src/contract/push.js';
import {
  castingApplications,
  castingCalls,
  profiles,
  pushSubscriptions,
  users,
  vapidKeys,
} from '../../server/src/db/schema.js';
import { startPushService, type PushService, type TestSubscription } from '../support/push-service.js';
import { createShopper, createStaff, productNamed, type Shopper, USER_API, validAddress } from './shop-helpers.js';
import { createTestApp, type TestApp } from './test-app.js';

const ADMIN_API = '/backend/api/api/admin/v1';
const PROFILES = '/backend/api/api/v1/profiles';

let pushService: PushService;
let testApp: TestApp;
let app: FastifyInstance;
let manager: Shopper;

beforeAll(async () => {
  pushService = await startPushService();
  testApp = await createTestApp({ push: { services: [pushService.url] } });
  app = testApp.app;
  manager = await createStaff(app, 'shop_manager');
});
afterAll(async () => {
  await testApp?.close();
  await pushService?.close();
});

function send(method: 'GET' | 'POST' | 'PUT', url: string, who: Shopper, body?: unknown) {
  return app.inject({ method, url, headers: who.headers, ...(body === undefined ? {} : { payload: body as object }) });
}

/** A browser of `who` subscribed at the push service with the server's key, and told to the server. */
async function subscribedBrowser(who: Shopper): Promise<TestSubscription> {
  const key = await send('GET', `${USER_API}/me/push/key`, who);
  expect(key.statusCode).toBe(200);
  const browser = await pushService.subscribe(key.json().public_key);
  const { clientHash: _name, ...subscription } = browser;
  const saved = await send('POST', `${USER_API}/me/push/subscriptions`, who, subscription);
  expect(saved.statusCode, saved.body).toBe(200);
  return browser;
}

const received = async (browser: TestSubscription) =>
  (await pushService.messages(browser.clientHash)).map((text) => JSON.parse(text) as PushMessage);

async function placeOrder(who: Shopper) {
  const product = await productNamed(app, 'Film Strip Bookmark Pack');
  expect((await send('POST', `${USER_API}/addToCart`, who, { product_id: product.id, quantity: 1 })).statusCode).toBe(
    200,
  );
  const placed = await send('POST', `${USER_API}/completeOrder`, who, { address: validAddress, payment_method: 'cod' });
  expect(placed.statusCode, placed.body).toBe(201);
  return placed.json().data as { id: number };
}

const move = (orderId: number, body: Record<string, unknown>) =>
  send('POST', `${ADMIN_API}/orders/${orderId}/transition`, manager, body);

describe('web push', () => {
  it('pushes a shipped order to the shopper’s browser, signed and encrypted; its earlier steps stay in the centre', async () => {
    const shopper = await createShopper(app, 'Meera Push');
    const browser = await subscribedBrowser(shopper);
    const order = await placeOrder(shopper);
    expect((await move(order.id, { to: 'confirmed' })).statusCode).toBe(200);
    expect(
      (
        await move(order.id, {
          to: 'shipped',
          courier: 'Delhivery',
          tracking_id: 'DL7845120963',
          tracking_url: 'https://www.delhivery.com/track/package/DL7845120963',
        })
      ).statusCode,
    ).toBe(200);

    await expect.poll(() => received(browser), { timeout: 15_000 }).toHaveLength(1);
    expect(await received(browser)).toEqual([
      { title: `Order #${order.id} shipped`, body: expect.any(String), link: `/orders/${order.id}`, kind: 'order' },
    ]);
  });

  it('pushes a message to the member written to, in their language', async () => {
    const actor = await createShopper(app, 'Ananya Push');
    const profile = await send('PUT', `${USER_API}/me/profile`, actor, {
      kind: 'person',
      handle: 'ananya-push',
      display_name: 'Ananya Kulkarni',
      category: 'Artist',
      crafts: ['actor'],
      city: 'Pune',
      languages: [{ language: 'Marathi', level: 'native' }],
      playing_age_min: 24,
      playing_age_max: 32,
      gender: 'female',
      date_of_birth: '1997-03-14',
    });
    expect(profile.statusCode, profile.body).toBe(200);
    await app.db.update(users).set({ language: 'hi' }).where(eq(users.id, actor.id));
    const browser = await subscribedBrowser(actor);
    const producer = await createShopper(app, 'Vikram Rao');
    const written = await send('POST', `${PROFILES}/ananya-push/contact`, producer, {
      message: 'We are casting a Marathi feature in Pune; are you free in March?',
    });
    expect(written.statusCode, written.body).toBe(201);

    await expect.poll(() => received(browser), { timeout: 15_000 }).toHaveLength(1);
    const [message] = await received(browser);
    expect(message).toMatchObject({ kind: 'message', link: expect.stringMatching(/^\//) });
    expect(message!.title).toContain('Vikram Rao');
    expect(message!.title).toMatch(/[\u0900-\u097F]/);
  });

  it('pushes a shortlisting and a callback offered to the applicant, never a view of their application', async () => {
    // A demo application still waiting for its poster, and the members on both sides of it.
    const [waiting] = await app.db
      .select({
        id: castingApplications.id,
        profileId: castingApplications.profileId,
        callId: castingApplications.callId,
      })
      .from(castingApplications)
      .where(eq(castingApplications.status, 'submitted'))
      .limit(1);
    const userOf = async (profileId: number) =>
      (await app.db.select({ userId: profiles.userId }).from(profiles).where(eq(profiles.id, profileId)))[0]!.userId;
    const [call] = await app.db.select().from(castingCalls).where(eq(castingCalls.id, waiting!.callId));
    const signedIn = async (userId: number): Promise<Shopper> => {
      const token = await app.accountRepository.issueToken(userId);
      return { id: userId, token, headers: { authorization: `Bearer ${token}` } };
    };
    const actor = await signedIn(await userOf(waiting!.profileId));
    const poster = await signedIn(await userOf(call!.posterId!));
    const browser = await subscribedBrowser(actor);
    const move = (body: object) => send('POST', `${USER_API}/applications/${waiting!.id}/transition`, poster, body);

    expect((await move({ to: 'viewed' })).statusCode).toBe(200);
    expect((await move({ to: 'shortlisted' })).statusCode).toBe(200);
    const offered = await move({
      to: 'callback',
      callback_at: '2099-01-05T11:00',
      callback_place: 'Studio 3, Andheri',
    });
    expect(offered.statusCode, offered.body).toBe(200);

    await expect
      .poll(async () => (await received(browser)).map(({ kind, link }) => ({ kind, link })), { timeout: 15_000 })
      .toEqual([
        { kind: 'application', link: '/me/applications' },
        { kind: 'callback', link: '/me/applications' },
      ]);
  });

  it('forgets a browser whose push service answers 410', async () => {
    const shopper = await createShopper(app, 'Kiran Gone');
    const browser = await subscribedBrowser(shopper);
    const [row] = await app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, shopper.id));
    await pushService.expire(browser.clientHash);

    expect(await app.pushRepository.send({ subscriptionId: row!.id, userId: shopper.id, message: pushed })).toBe(
      'gone',
    );
    expect(await app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, shopper.id))).toEqual([]);
  });

  it('never pushes a member’s news to a browser another member signed in on since it was queued', async () => {
    const first = await createShopper(app, 'Asha First');
    const second = await createShopper(app, 'Ravi Second');
    const browser = await subscribedBrowser(first);
    const [row] = await app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, first.id));
    // The phone is passed on: the next member allows alerts on the same browser, which keeps its push address.
    await app.db.transaction((tx) =>
      app.pushRepository.subscribe(tx, second.id, {
        endpoint: row!.endpoint,
        keys: { p256dh: row!.p256dh, auth: row!.auth },
      }),
    );

    expect(await app.pushRepository.send({ subscriptionId: row!.id, userId: first.id, message: pushed })).toBe('gone');
    expect(await pushService.messages(browser.clientHash)).toEqual([]);
    expect(await app.pushRepository.send({ subscriptionId: row!.id, userId: second.id, message: pushed })).toBe('sent');
  });

  it('tries a failing push service again instead of forgetting the browser', async () => {
    const shopper = await createShopper(app, 'Kiran Later');
    await subscribedBrowser(shopper);
    const [row] = await app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, shopper.id));
    // A push service that has never heard of it answers 400: not a reason to forget the member's browser.
    await app.db
      .update(pushSubscriptions)
      .set({ endpoint: `${pushService.url}/notify/unknown` })
      .where(eq(pushSubscriptions.id, row!.id));

    await expect(
      app.pushRepository.send({ subscriptionId: row!.id, userId: shopper.id, message: pushed }),
    ).rejects.toThrow();
    expect(await app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, row!.id))).toHaveLength(1);
  });

  it('refuses an endpoint that is not a push service, naming the field', async () => {
    const shopper = await createShopper(app, 'Sneaky Endpoint');
    const browser = await pushService.subscribe(app.pushRepository.publicKey);
    for (const endpoint of ['http://169.254.169.254/latest/meta-data', 'https://example.com/notify/1', 'not a url']) {
      const refused = await send('POST', `${USER_API}/me/push/subscriptions`, shopper, {
        endpoint,
        keys: browser.keys,
      });
      expect(refused.statusCode, endpoint).toBe(400);
      expect(refused.json()).toMatchObject({ field: 'endpoint', message: 'endpoint must be a push service address' });
    }
    const badKeys = await send('POST', `${USER_API}/me/push/subscriptions`, shopper, {
      endpoint: browser.endpoint,
      keys: { p256dh: 'not base64!', auth: browser.keys.auth },
    });
    expect(badKeys.statusCode).toBe(400);
    expect(badKeys.json()).toMatchObject({ field: 'keys.p256dh' });
    expect((await app.inject({ method: 'GET', url: `${USER_API}/me/push/key` })).statusCode).toBe(401);
  });

  it('stops pushing to a browser its member unsubscribed; another member cannot unsubscribe it', async () => {
    const shopper = await createShopper(app, 'Farhan Off');
    const other = await createShopper(app, 'Someone Else');
    const browser = await subscribedBrowser(shopper);
    const notTheirs = await send('POST', `${USER_API}/me/push/subscriptions/delete`, other, {
      endpoint: browser.endpoint,
    });
    expect(notTheirs.statusCode).toBe(200);
    expect(await app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, shopper.id))).toHaveLength(
      1,
    );

    const off = await send('POST', `${USER_API}/me/push/subscriptions/delete`, shopper, { endpoint: browser.endpoint });
    expect(off.statusCode).toBe(200);
    expect(await app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, shopper.id))).toEqual([]);
  });

  it('makes its VAPID key pair once and keeps it in the database; a configured pair is used instead', async () => {
    const [kept] = await app.db.select().from(vapidKeys);
    expect(kept!.publicKey).toBe(app.pushRepository.publicKey);

    const configured = webpush.generateVAPIDKeys();
    const second = await createTestApp({ seed: false, push: { ...configured, services: [pushService.url] } });
    try {
      expect(second.app.pushRepository.publicKey).toBe(configured.publicKey);
      expect(await second.app.db.select().from(vapidKeys)).toEqual([]);
    } finally {
      await second.close();
    }
  });
});

const pushed: PushMessage = {
  title: 'Callback offered',
  body: 'Tomorrow, 11:00 India time',
  link: '/me/applications',
  kind: 'callback',
};
