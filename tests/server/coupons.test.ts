import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cartItems, coupons } from '../../server/src/db/schema.js';
import { createShopper, productNamed, USER_API, validAddress, type Shopper } from './shop-helpers.js';
import { refusal } from './refusal.js';
import { createTestApp, type TestApp } from './test-app.js';

let testApp: TestApp;
let shopper: Shopper;
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp.close();
});
beforeEach(async () => {
  shopper = await createShopper(testApp.app);
});

async function insertCoupon(overrides: Partial<typeof coupons.$inferInsert>) {
  const code = `T${randomUUID().slice(0, 8).toUpperCase()}`;
  await testApp.app.db
    .insert(coupons)
    .values({ code, description: 'Test coupon', kind: 'flat', value: 10_000, ...overrides });
  return code;
}

/** Fills the cart with `quantity` of a product, for a known subtotal. */
async function fillCart(who: Shopper, productName: string, quantity: number) {
  await testApp.app.db.delete(cartItems).where(eq(cartItems.userId, who.id));
  const product = await productNamed(testApp.app, productName);
  const response = await testApp.app.inject({
    method: 'POST',
    url: `${USER_API}/addToCart`,
    headers: who.headers,
    payload: { product_id: product.id, quantity },
  });
  expect(response.statusCode).toBe(200);
  return response.json().subtotal as number;
}

function apply(who: Shopper, code: string) {
  return testApp.app.inject({
    method: 'POST',
    url: `${USER_API}/applyCoupon`,
    headers: who.headers,
    payload: { code },
  });
}

async function placeOrder(who: Shopper, couponCode: string) {
  return testApp.app.inject({
    method: 'POST',
    url: `${USER_API}/completeOrder`,
    headers: who.headers,
    payload: { address: validAddress, payment_method: 'cod', coupon_code: couponCode },
  });
}

describe('applyCoupon', () => {
  it('gives a percent discount capped at its maximum, and a flat one', async () => {
    // Film Reel Enamel Pin Set costs ₹699: 3 make ₹2,097.
    const subtotal = await fillCart(shopper, 'Film Reel Enamel Pin Set', 3);
    expect(subtotal).toBe(209_700);
    const tenPercent = await insertCoupon({ kind: 'percent', value: 10, maxDiscount: null });
    expect((await apply(shopper, tenPercent.toLowerCase())).json().data).toEqual({
      code: tenPercent,
      description: 'Test coupon',
      subtotal: 209_700,
      discount: 20_970,
      shipping: 0,
      // ₹1,887.30 is paid as ₹1,887 in cash.
      round_off: -30,
      total: 188_700,
      saving: 20_970,
    });
    const capped = await insertCoupon({ kind: 'percent', value: 50, maxDiscount: 25_000 });
    expect((await apply(shopper, capped)).json().data.discount).toBe(25_000);
    const flat = await insertCoupon({ kind: 'flat', value: 15_000 });
    expect((await apply(shopper, flat)).json().data.discount).toBe(15_000);
    const biggerThanCart = await insertCoupon({ kind: 'flat', value: 500_000 });
    expect((await apply(shopper, biggerThanCart)).json().data.discount).toBe(209_700);
  });

  it('applies at exactly the minimum order and not one rupee below', async () => {
    const code = await insertCoupon({ minOrder: 139_800 });
    await fillCart(shopper, 'Film Reel Enamel Pin Set', 2); // ₹1,398
    expect((await apply(shopper, code)).statusCode).toBe(200);
    await fillCart(shopper, 'Film Reel Enamel Pin Set', 1); // ₹699
    const below = await apply(shopper, code);
    expect(below.statusCode).toBe(422);
    expect(below.json()).toEqual(
      refusal({
        field: 'code',
        message: `Coupon ${code} needs an order of at least ₹1,398; add ₹699 more`,
      }),
    );
  });

  it('honours the validity window at its edges and the active flag', async () => {
    await fillCart(shopper, 'Film Reel Enamel Pin Set', 1);
    const now = Date.now();
    const expired = await insertCoupon({ endsAt: new Date(now - 1000) });
    expect((await apply(shopper, expired)).json().message).toMatch(
      new RegExp(`^Coupon ${expired} expired on \\d{1,2} \\w{3} \\d{4}$`),
    );
    const notYet = await insertCoupon({ startsAt: new Date(now + DAY) });
    expect((await apply(shopper, notYet)).json().message).toMatch(new RegExp(`^Coupon ${notYet} can be used from `));
    const current = await insertCoupon({ startsAt: new Date(now - 1000), endsAt: new Date(now + 60_000) });
    expect((await apply(shopper, current)).statusCode).toBe(200);
    const inactive = await insertCoupon({ active: false });
    expect((await apply(shopper, inactive)).json()).toEqual(
      refusal({
        field: 'code',
        message: `Coupon ${inactive} is no longer active`,
      }),
    );
    expect((await apply(shopper, 'NOSUCHCODE')).json()).toEqual(
      refusal({
        field: 'code',
        message: 'There is no coupon with the code NOSUCHCODE',
      }),
    );
  });

  it('counts the total and per-user usage limits from placed orders, and a cancellation gives a use back', async () => {
    const perUser = await insertCoupon({ perUserLimit: 1, minOrder: 0 });
    await fillCart(shopper, 'Film Reel Enamel Pin Set', 1);
    const order = await placeOrder(shopper, perUser);
    expect(order.statusCode).toBe(201);
    await fillCart(shopper, 'Film Reel Enamel Pin Set', 1);
    expect((await apply(shopper, perUser)).json().message).toBe(`You have already used coupon ${perUser}`);
    const cancel = await testApp.app.inject({
      method: 'POST',
      url: `${USER_API}/orders/${order.json().data.id}/cancel`,
      headers: shopper.headers,
    });
    expect(cancel.statusCode).toBe(200);
    expect((await apply(shopper, perUser)).statusCode).toBe(200);

    const totalLimit = await insertCoupon({ usageLimit: 1 });
    const someoneElse = await createShopper(testApp.app);
    await fillCart(someoneElse, 'Film Reel Enamel Pin Set', 1);
    expect((await placeOrder(someoneElse, totalLimit)).statusCode).toBe(201);
    expect((await apply(shopper, totalLimit)).json().message).toBe(`Coupon ${totalLimit} has been fully redeemed`);
  });

  it('refuses a coupon on an empty cart and a missing code', async () => {
    const code = await insertCoupon({});
    expect((await apply(shopper, code)).json()).toEqual(
      refusal({
        field: 'code',
        message: 'Add something to your cart before applying a coupon',
      }),
    );
    const missing = await testApp.app.inject({
      method: 'POST',
      url: `${USER_API}/applyCoupon`,
      headers: shopper.headers,
      payload: {},
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual(refusal({ field: 'code', message: 'Coupon code is required' }));
  });
});

describe('coupon list', () => {
  it('lists only coupons the user can use today', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: `${USER_API}/coupons`, headers: shopper.headers });
    expect(response.statusCode).toBe(200);
    const codes = response.json().data.map((coupon: { code: string }) => coupon.code);
    expect(codes).toEqual(expect.arrayContaining(['FIRSTTAKE', 'FLAT150', 'BLOCKBUSTER20']));
    expect(codes).not.toContain('PREMIERE2025');
    expect(codes).not.toContain('CREWONLY');
    expect(response.json().data.find((coupon: { code: string }) => coupon.code === 'FIRSTTAKE')).toEqual({
      code: 'FIRSTTAKE',
      description: expect.any(String),
      kind: 'percent',
      value: 10,
      min_order: 49_900,
      max_discount: 20_000,
      ends_at: null,
      saving: null,
    });

    await fillCart(shopper, 'Golden Era Bollywood Poster Set', 1);
    expect((await placeOrder(shopper, 'FIRSTTAKE')).statusCode).toBe(201);
    const after = await testApp.app.inject({ method: 'GET', url: `${USER_API}/coupons`, headers: shopper.headers });
    expect(after.json().data.map((coupon: { code: string }) => coupon.code)).not.toContain('FIRSTTAKE');
    expect((await testApp.app.inject({ method: 'GET', url: `${USER_API}/coupons` })).statusCode).toBe(401);
  });
});

describe('a second coupon', () => {
  function applyOver(who: Shopper, code: string, current: string, extra: Record<string, unknown> = {}) {
    return testApp.app.inject({
      method: 'POST',
      url: `${USER_API}/applyCoupon`,
      headers: who.headers,
      payload: { code, current, ...extra },
    });
  }

  it('keeps the coupon that saves more, whichever was applied first, and names the other with its saving', async () => {
    // Golden Era Bollywood Poster Set costs ₹1,299: FIRSTTAKE (10%) saves ₹129.90, FLAT150 ₹150.
    expect(await fillCart(shopper, 'Golden Era Bollywood Poster Set', 1)).toBe(129_900);
    const better = await applyOver(shopper, 'flat150', 'FIRSTTAKE');
    expect(better.statusCode).toBe(200);
    expect(better.json().data).toMatchObject({
      code: 'FLAT150',
      discount: 15_000,
      total: 114_900,
      other: { code: 'FIRSTTAKE', description: expect.any(String), discount: 12_990 },
    });
    // A worse second code does not replace the better one; the client's own figures are not read.
    const worse = await applyOver(shopper, 'FIRSTTAKE', 'FLAT150', { discount: 99_999, total: 1 });
    expect(worse.json().data).toMatchObject({
      code: 'FLAT150',
      discount: 15_000,
      total: 114_900,
      other: { code: 'FIRSTTAKE', discount: 12_990 },
    });
    // Chosen on its own (the shopper picks it), the other applies as it is.
    const chosen = (await apply(shopper, 'FIRSTTAKE')).json().data;
    expect(chosen).toMatchObject({ code: 'FIRSTTAKE', discount: 12_990 });
    expect(chosen).not.toHaveProperty('other');
  });

  it('keeps the applied coupon on a tie, and the new one when the applied one no longer applies', async () => {
    await fillCart(shopper, 'Golden Era Bollywood Poster Set', 1);
    const same = await insertCoupon({ kind: 'flat', value: 15_000 });
    expect((await applyOver(shopper, same, 'FLAT150')).json().data).toMatchObject({
      code: 'FLAT150',
      other: { code: same, discount: 15_000 },
    });
    const expired = await insertCoupon({ endsAt: new Date(Date.now() - DAY) });
    const alone = (await applyOver(shopper, 'FIRSTTAKE', expired)).json().data;
    expect(alone).toMatchObject({ code: 'FIRSTTAKE', discount: 12_990 });
    expect(alone).not.toHaveProperty('other');
  });

  it('refuses a second code that does not apply, on `code`, whatever is applied', async () => {
    await fillCart(shopper, 'Golden Era Bollywood Poster Set', 1);
    const refused = await applyOver(shopper, 'BLOCKBUSTER20', 'FLAT150');
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual(
      refusal({
        field: 'code',
        message: 'Coupon BLOCKBUSTER20 needs an order of at least ₹2,999; add ₹1,700 more',
      }),
    );
    const malformed = await applyOver(shopper, 'FLAT150', 'x'.repeat(41));
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().field).toBe('current');
  });

  it('lists the usable coupons with what each saves on the cart the server has', async () => {
    const subtotal = await fillCart(shopper, 'Golden Era Bollywood Poster Set', 1);
    const response = await testApp.app.inject({ method: 'GET', url: `${USER_API}/coupons`, headers: shopper.headers });
    const body = response.json() as { data: { code: string; saving: number | null }[]; subtotal: number };
    expect(body.subtotal).toBe(subtotal);
    const saving = Object.fromEntries(body.data.map((coupon) => [coupon.code, coupon.saving]));
    expect(saving).toMatchObject({ FIRSTTAKE: 12_990, FLAT150: 15_000, BLOCKBUSTER20: null });
  });

  it('keeps the coupon the shopper pays less with, counting the free shipping a bigger discount loses', async () => {
    // Director’s Cut Cushion Cover costs ₹549, shipped free. FIRSTTAKE (10%) takes ₹54.90 off but brings it below
    // ₹499: ₹494.10 + ₹49 shipping = ₹543. ₹30 off keeps the shipping free: ₹519.
    expect(await fillCart(shopper, 'Director’s Cut Cushion Cover', 1)).toBe(54_900);
    const thirtyOff = await insertCoupon({ kind: 'flat', value: 3_000 });
    for (const [code, current] of [
      [thirtyOff, 'FIRSTTAKE'],
      ['FIRSTTAKE', thirtyOff],
    ] as const) {
      const answer = await applyOver(shopper, code, current);
      expect(answer.statusCode).toBe(200);
      expect(answer.json().data).toMatchObject({
        code: thirtyOff,
        discount: 3_000,
        shipping: 0,
        total: 51_900,
        saving: 3_000,
        other: { code: 'FIRSTTAKE', discount: 5_490, saving: 590 },
      });
    }
    const response = await testApp.app.inject({ method: 'GET', url: `${USER_API}/coupons`, headers: shopper.headers });
    const saving = Object.fromEntries(
      (response.json().data as { code: string; saving: number | null }[]).map((coupon) => [coupon.code, coupon.saving]),
    );
    expect(saving).toMatchObject({ FIRSTTAKE: 590, [thirtyOff]: 3_000, FLAT150: null });
  });
});
