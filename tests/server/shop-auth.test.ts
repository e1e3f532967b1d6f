import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShopper, productNamed, USER_API, validAddress, type Shopper } from './shop-helpers.js';
import { createTestApp, type TestApp } from './test-app.js';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Every call of a signed-in user, with a body it would accept. */
const userCalls: [Method, string, unknown?][] = [
  ['GET', '/profile'],
  ['PUT', '/profile', { name: 'Someone', phone: '' }],
  ['POST', '/addresses', validAddress],
  ['PUT', '/addresses/1', validAddress],
  ['DELETE', '/addresses/1'],
  ['POST', '/logout', {}],
  ['GET', '/getCartItems'],
  ['POST', '/addToCart', { product_id: 1, quantity: 1 }],
  ['PUT', '/cart/1', { quantity: 1 }],
  ['DELETE', '/removeFromCart/1'],
  ['POST', '/cart/1/move-to-wishlist'],
  ['GET', '/getWishlistItems'],
  ['POST', '/addToWishlist', { product_id: 1 }],
  ['DELETE', '/removeFromWishlist/1'],
  ['POST', '/wishlist/1/move-to-cart'],
  ['GET', '/coupons'],
  ['POST', '/applyCoupon', { code: 'FLAT150' }],
  ['POST', '/completeOrder', { address: validAddress, payment_method: 'cod' }],
  ['POST', '/getOrders', {}],
  ['GET', '/orders/1'],
  ['POST', '/orders/1/cancel'],
];

function call(method: Method, path: string, headers: Record<string, string>, body?: unknown) {
  return testApp.app.inject({
    method,
    url: `${USER_API}${path}`,
    headers,
    ...(body === undefined ? {} : { payload: body as object }),
  });
}

describe('signed-in calls', () => {
  it('answer 401 with a JSON message without a token, with a bad one and with a revoked one', async () => {
    const revoked = await createShopper(testApp.app);
    expect((await call('POST', '/logout', revoked.headers, {})).statusCode).toBe(200);
    const cases: [string, Record<string, string>][] = [
      ['no token', {}],
      ['not a bearer token', { authorization: 'Basic dXNlcjpwYXNz' }],
      ['unknown token', { authorization: 'Bearer aW52ZW50ZWQtdG9rZW4' }],
      ['revoked token', revoked.headers],
    ];
    for (const [method, path, body] of userCalls) {
      for (const [name, headers] of cases) {
        const response = await call(method, path, headers, body);
        expect(response.statusCode, `${method} ${path} with ${name}`).toBe(401);
        expect(response.json().message, `${method} ${path} with ${name}`).toEqual(expect.any(String));
      }
    }
  });
});

describe('another user’s ids', () => {
  it('are not found, for every call that takes an id', async () => {
    const owner = await createShopper(testApp.app);
    const stranger: Shopper = await createShopper(testApp.app);
    const mug = await productNamed(testApp.app, 'Popcorn Bucket Mug');
    const line = (await call('POST', '/addToCart', owner.headers, { product_id: mug.id, quantity: 1 })).json().data[0];
    const item = (await call('POST', '/addToWishlist', owner.headers, { product_id: mug.id })).json().data[0];
    const address = (await call('POST', '/addresses', owner.headers, validAddress)).json().data;
    const order = (
      await call('POST', '/completeOrder', owner.headers, { address: validAddress, payment_method: 'cod' })
    ).json().data;
    // The order emptied the cart: put a line back to aim at.
    const line2 = (await call('POST', '/addToCart', owner.headers, { product_id: mug.id, quantity: 1 })).json().data[0];
    expect(line.id).toBeGreaterThan(0);

    const attempts: [Method, string, unknown?][] = [
      ['PUT', `/cart/${line2.id}`, { quantity: 2 }],
      ['DELETE', `/removeFromCart/${line2.id}`],
      ['POST', `/cart/${line2.id}/move-to-wishlist`],
      ['DELETE', `/removeFromWishlist/${item.id}`],
      ['POST', `/wishlist/${item.id}/move-to-cart`],
      ['PUT', `/addresses/${address.id}`, validAddress],
      ['DELETE', `/addresses/${address.id}`],
      ['GET', `/orders/${order.id}`],
      ['POST', `/orders/${order.id}/cancel`],
    ];
    for (const [method, path, body] of attempts) {
      const response = await call(method, path, stranger.headers, body);
      expect(response.statusCode, `${method} ${path}`).toBe(404);
    }
    // Nothing of the owner's changed.
    expect((await call('GET', '/getCartItems', owner.headers)).json().data).toEqual([
      expect.objectContaining({ id: line2.id, quantity: 1 }),
    ]);
    expect((await call('GET', '/getWishlistItems', owner.headers)).json().data).toHaveLength(1);
    expect((await call('GET', `/orders/${order.id}`, owner.headers)).json().data.status).toBe('placed');
    expect((await call('GET', '/profile', owner.headers)).json().data.addresses).toHaveLength(1);
  });
});

describe('idempotent replays', () => {
  it('cancel once, save one address and add one wishlist item for a repeated key', async () => {
    const shopper = await createShopper(testApp.app);
    const tote = await productNamed(testApp.app, 'Crew Call Sheet Tote');
    await call('POST', '/addToCart', shopper.headers, { product_id: tote.id, quantity: 1 });
    const order = (
      await call('POST', '/completeOrder', shopper.headers, { address: validAddress, payment_method: 'cod' })
    ).json().data;
    const cancelKey = { ...shopper.headers, 'idempotency-key': `cancel-${order.id}` };
    const first = await call('POST', `/orders/${order.id}/cancel`, cancelKey);
    const again = await call('POST', `/orders/${order.id}/cancel`, cancelKey);
    expect(first.statusCode).toBe(200);
    // Without the key the second cancel would be refused as "already cancelled"; with it, the first answer returns.
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());

    const addressKey = { ...shopper.headers, 'idempotency-key': 'home-address' };
    const saved = await call('POST', '/addresses', addressKey, validAddress);
    const savedAgain = await call('POST', '/addresses', addressKey, validAddress);
    expect(saved.statusCode).toBe(201);
    expect(savedAgain.statusCode).toBe(201);
    expect(savedAgain.json()).toEqual(saved.json());
    expect((await call('GET', '/profile', shopper.headers)).json().data.addresses).toHaveLength(1);

    const wishKey = { ...shopper.headers, 'idempotency-key': 'wish-1' };
    await call('POST', '/addToWishlist', wishKey, { product_id: tote.id });
    const wishAgain = await call('POST', '/addToWishlist', wishKey, { product_id: tote.id });
    expect(wishAgain.headers['idempotent-replayed']).toBe('true');
    const otherBody = await call('POST', '/addToWishlist', wishKey, { product_id: tote.id + 1 });
    expect(otherBody.statusCode).toBe(422);
  });
});
