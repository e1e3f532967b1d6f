import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShopper, createStaff, productNamed, USER_API, validAddress, type Shopper } from './shop-helpers.js';
import { refusal } from './refusal.js';
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

  it('refuses a coupon whose window has already ended, added or moved there, but lets an expired one be switched off', async () => {
    const past = new Date(Date.now() - 60_000).toISOString();
    const refused = await call('POST', '/coupons', { ...monsoon, code: 'BYGONE', ends_at: past });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual(
      refusal({
        field: 'ends_at',
        message: 'This end has passed: a coupon must end in the future',
      }),
    );
    expect((await call('GET', '/coupons')).json().data.map((row: { code: string }) => row.code)).not.toContain(
      'BYGONE',
    );

    const soon = (
      await call('POST', '/coupons', {
        ...monsoon,
        code: 'SOON',
        ends_at: new Date(Date.now() + 3_600_000).toISOString(),
      })
    ).json().data;
    const moved = await call('PUT', `/coupons/${soon.id}`, { ...monsoon, code: 'SOON', ends_at: past });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().field).toBe('ends_at');

    // One that ended by itself keeps its end when it is switched off or its text changes.
    const [expired] = (await call('GET', '/coupons'))
      .json()
      .data.filter((row: { code: string }) => row.code === 'PREMIERE2025');
    expect(Date.parse(expired.ends_at)).toBeLessThan(Date.now());
    const off = await call('PUT', `/coupons/${expired.id}`, {
      code: expired.code,
      description: 'Last year’s offer, over',
      kind: expired.kind,
      value: expired.value,
      min_order: expired.min_order,
      max_discount: expired.max_discount,
      starts_at: expired.starts_at,
      // As the form sends it: to the minute, the seconds of the stored end dropped.
      ends_at: `${String(expired.ends_at).slice(0, 16)}:00.000Z`,
      usage_limit: expired.usage_limit,
      per_user_limit: expired.per_user_limit,
      active: false,
    });
    expect(off.statusCode, off.body).toBe(200);
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
