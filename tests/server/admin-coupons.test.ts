import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShopper, createStaff, productNamed, USER_API, validAddress, type Shopper } from './shop-helpers.js';
import { createTestApp, type TestApp } from './test-app.js';

const ADMIN_API = '/backend/api/api/admin/v1';

const monsoon = {
  code: 'monsoon15',
  description: '15% off for the monsoon premiere week',
  kind: 'percent',
  value: 15,
  min_order: 50_000,
  max_discount: 30_000,
  usage_limit: 200,
  per_user_limit: 1,
  active: true,
};

describe('coupons in the back office', () => {
  let testApp: TestApp;
  let manager: Shopper;

  beforeAll(async () => {
    testApp = await createTestApp();
    manager = await createStaff(testApp.app, 'shop_manager', 'Farah Manager');
  });
  afterAll(() => testApp.close());

  const call = (method: 'GET' | 'POST' | 'PUT', path: string, body?: object, who = manager) =>
    testApp.app.inject({
      method,
      url: `${ADMIN_API}${path}`,
      headers: who.headers,
      ...(body === undefined ? {} : { payload: body }),
    });

  /** A new shopper with one poster set in the cart, above the coupons' minimum order. */
  async function shopperWithPoster(): Promise<Shopper> {
    const shopper = await createShopper(testApp.app);
    const poster = await productNamed(testApp.app, 'Golden Era Bollywood Poster Set');
    await testApp.app.inject({
      method: 'POST',
      url: `${USER_API}/addToCart`,
      headers: shopper.headers,
      payload: { product_id: poster.id, quantity: 1 },
    });
    return shopper;
  }

  it('adds a coupon that shoppers can apply at once, and switches it off', async () => {
    const created = await call('POST', '/coupons', monsoon);
    expect(created.statusCode).toBe(201);
    const coupon = created.json().data;
    expect(coupon).toMatchObject({ code: 'MONSOON15', uses: 0, ends_at: null });

    const shopper = await shopperWithPoster();
    const apply = () =>
      testApp.app.inject({
        method: 'POST',
        url: `${USER_API}/applyCoupon`,
        headers: shopper.headers,
        payload: { code: 'Monsoon15' },
      });
    expect((await apply()).statusCode).toBe(200);

    expect((await call('PUT', `/coupons/${coupon.id}`, { ...monsoon, active: false })).statusCode).toBe(200);
    expect((await apply()).statusCode).toBe(422);
  });

  it('keeps the code of a coupon that orders used, and says why', async () => {
    const coupon = (await call('POST', '/coupons', { ...monsoon, code: 'USEDONCE' })).json().data;
    const shopper = await shopperWithPoster();
    const order = await testApp.app.inject({
      method: 'POST',
      url: `${USER_API}/completeOrder`,
      headers: shopper.headers,
      payload: { address: validAddress, payment_method: 'cod', coupon_code: 'usedonce' },
    });
    expect(order.statusCode).toBe(201);
    const listed = (await call('GET', '/coupons')).json().data.find((row: { id: number }) => row.id === coupon.id);
    expect(listed.uses).toBe(1);

    const renamed = await call('PUT', `/coupons/${coupon.id}`, { ...monsoon, code: 'RENAMED' });
    expect(renamed.statusCode).toBe(409);
    expect(renamed.json()).toMatchObject({
      field: 'code',
      message: 'This coupon has been used: its code stays (switch it off instead)',
    });
    const off = await call('PUT', `/coupons/${coupon.id}`, { ...monsoon, code: 'USEDONCE', active: false });
    expect(off.json().data).toMatchObject({ active: false, uses: 1 });
  });

  it('refuses rules that cannot hold, naming the field', async () => {
    const cases: [object, number, string, string][] = [
      [{ ...monsoon, code: 'TOOMUCH', value: 120 }, 400, 'value', 'A percent coupon takes at most 100 (%)'],
      [
        { ...monsoon, code: 'BACKWARDS', starts_at: '2026-12-10T00:00:00Z', ends_at: '2026-12-01T00:00:00Z' },
        400,
        'ends_at',
        'The coupon must end after it starts',
      ],
      [
        { ...monsoon, code: 'LIMITS', usage_limit: 2, per_user_limit: 5 },
        400,
        'per_user_limit',
        'The per-shopper limit cannot be above the total limit',
      ],
      [{ ...monsoon, code: 'has space' }, 400, 'code', 'The code may hold only letters, digits, - and _'],
      [{ ...monsoon, code: 'FLAT150' }, 409, 'code', 'A coupon with this code exists already'],
    ];
    for (const [body, status, field, message] of cases) {
      const refused = await call('POST', '/coupons', body);
      expect(refused.statusCode, field).toBe(status);
      expect(refused.json(), field).toMatchObject({ field, message });
    }
  });
});
