import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShopper, USER_API, validAddress, type Shopper } from './shop-helpers.js';
import { createTestApp, type TestApp } from './test-app.js';

let testApp: TestApp;
let shopper: Shopper;

beforeAll(async () => {
  testApp = await createTestApp({ hsts: false, trustProxy: true });
  shopper = await createShopper(testApp.app);
});
afterAll(async () => {
  await testApp.close();
});

const TOO_BIG = '2147483648';

describe('ids beyond the database integer', () => {
  const calls: [string, string, object | undefined][] = [
    ['GET', `/backend/api/api/v1/getProduct/${TOO_BIG}`, undefined],
    ['PUT', `${USER_API}/cart/${TOO_BIG}`, { quantity: 1 }],
    ['DELETE', `${USER_API}/removeFromCart/${TOO_BIG}`, undefined],
    ['POST', `${USER_API}/cart/${TOO_BIG}/move-to-wishlist`, undefined],
    ['DELETE', `${USER_API}/removeFromWishlist/${TOO_BIG}`, undefined],
    ['POST', `${USER_API}/wishlist/${TOO_BIG}/move-to-cart`, undefined],
    ['PUT', `${USER_API}/addresses/${TOO_BIG}`, validAddress],
    ['DELETE', `${USER_API}/addresses/${TOO_BIG}`, undefined],
    ['GET', `${USER_API}/orders/${TOO_BIG}`, undefined],
    ['POST', `${USER_API}/orders/${TOO_BIG}/cancel`, undefined],
  ];
  it.each(calls)('%s %s answers 400 naming id', async (method, url, payload) => {
    const response = await testApp.app.inject({
      method: method as 'GET',
      url,
      headers: shopper.headers,
      ...(payload ? { payload } : {}),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'id must be at most 2147483647',
      field: 'id',
      code: 'too_large',
      params: { field: 'id', max: '2147483647' },
    });
  });

  it.each(['/addToCart', '/addToWishlist'])('POST %s answers 400 naming product_id', async (path) => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: `${USER_API}${path}`,
      headers: shopper.headers,
      payload: { product_id: Number(TOO_BIG), quantity: 1 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'product_id must be at most 2147483647',
      field: 'product_id',
      code: 'too_large',
      params: { field: 'product_id', max: '2147483647' },
    });
  });
});

describe('NUL characters', () => {
  it('are refused with 400 naming the field, in bodies, nested fields and queries', async () => {
    const contact = await testApp.app.inject({
      method: 'POST',
      url: '/backend/api/api/v1/contact',
      payload: { name: 'Asha\u0000', email: 'asha@example.in', message: 'Hello there, a message long enough.' },
    });
    expect(contact.statusCode).toBe(400);
    expect(contact.json()).toEqual({
      message: 'name must not contain a NUL character',
      field: 'name',
      code: 'nul_character',
      params: { field: 'name' },
    });
    const address = await testApp.app.inject({
      method: 'POST',
      url: `${USER_API}/addresses`,
      headers: shopper.headers,
      payload: { ...validAddress, line1: 'Flat 4\u0000' },
    });
    expect(address.json()).toEqual({
      message: 'line1 must not contain a NUL character',
      field: 'line1',
      code: 'nul_character',
      params: { field: 'line1' },
    });
    const search = await testApp.app.inject({ method: 'GET', url: '/backend/api/getProduct?search=tee%00' });
    expect(search.statusCode).toBe(400);
    expect(search.json().field).toBe('search');
    const directory = await testApp.app.inject({
      method: 'GET',
      url: '/backend/api/api/v1/categories/Artist/entries?city=Pune%00',
    });
    expect(directory.statusCode).toBe(400);
    expect(directory.json().field).toBe('city');
  });
});

describe('headers', () => {
  it('marks every signed-in answer no-store, errors included', async () => {
    const cart = await testApp.app.inject({ method: 'GET', url: `${USER_API}/getCartItems`, headers: shopper.headers });
    expect(cart.statusCode).toBe(200);
    expect(cart.headers['cache-control']).toBe('no-store');
    const missing = await testApp.app.inject({
      method: 'GET',
      url: `${USER_API}/orders/999999`,
      headers: shopper.headers,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['cache-control']).toBe('no-store');
    const signedOut = await testApp.app.inject({ method: 'GET', url: `${USER_API}/getCartItems` });
    expect(signedOut.headers['cache-control']).toBe('no-store');
  });

  it('answers 405 with Allow for a method a path does not take', async () => {
    const response = await testApp.app.inject({ method: 'DELETE', url: '/backend/api/getHomeData' });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe('GET, HEAD');
    expect(response.json().message).toBe('DELETE is not allowed here; use GET or HEAD');
    const put = await testApp.app.inject({ method: 'PUT', url: `${USER_API}/addToCart`, headers: shopper.headers });
    expect(put.statusCode).toBe(405);
    expect(put.headers.allow).toBe('POST');
    const unknown = await testApp.app.inject({ method: 'GET', url: '/backend/api/no-such-call' });
    expect(unknown.statusCode).toBe(404);
  });

  it('sends Permissions-Policy always, and Strict-Transport-Security only for HTTPS', async () => {
    const plain = await testApp.app.inject({ method: 'GET', url: '/backend/api/health' });
    expect(plain.headers['permissions-policy']).toContain('geolocation=()');
    // The camera and microphone for the site's own pages (the self-tape recorder), never for a frame in them.
    expect(plain.headers['permissions-policy']).toContain('camera=(self), microphone=(self)');
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const proxied = await testApp.app.inject({
      method: 'GET',
      url: '/backend/api/health',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(proxied.headers['strict-transport-security']).toBe('max-age=63072000; includeSubDomains');
    const always = await createTestApp({ seed: false, hsts: true });
    try {
      const response = await always.app.inject({ method: 'GET', url: '/backend/api/health' });
      expect(response.headers['strict-transport-security']).toBe('max-age=63072000; includeSubDomains');
    } finally {
      await always.close();
    }
  });
});
