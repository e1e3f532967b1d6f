import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartItems, couponRedemptions, orders } from '../../server/src/db/schema.js';
import {
  createShopper,
  productNamed,
  setStock,
  stockOf,
  USER_API,
  validAddress,
  type Shopper,
} from './shop-helpers.js';
import { refusal } from './refusal.js';
import { createTestApp, type TestApp } from './test-app.js';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp.close();
});

function call(
  method: 'GET' | 'POST',
  path: string,
  who: Shopper | null,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  return testApp.app.inject({
    method,
    url: `${USER_API}${path}`,
    headers: { ...(who?.headers ?? {}), ...headers },
    ...(body === undefined ? {} : { payload: body as object }),
  });
}

async function addToCart(who: Shopper, name: string, quantity: number) {
  const product = await productNamed(testApp.app, name);
  const response = await call('POST', '/addToCart', who, { product_id: product.id, quantity });
  expect(response.statusCode).toBe(200);
  return product;
}

const checkout = { address: validAddress, payment_method: 'cod' };

describe('completeOrder', () => {
  it('prices the order from the database, takes the stock, records the coupon and empties the cart', async () => {
    const shopper = await createShopper(testApp.app);
    const poster = await addToCart(shopper, 'Golden Era Bollywood Poster Set', 2); // 2 x ₹1,299
    const stockBefore = await stockOf(testApp.app, poster.id);
    const response = await call('POST', '/completeOrder', shopper, {
      ...checkout,
      coupon_code: 'flat150',
      // A dishonest client's numbers are ignored.
      subtotal: 1,
      total: 1,
      discount: 999_999,
      user_id: 1,
      items: [{ product_id: poster.id, price: 1 }],
    });
    expect(response.statusCode).toBe(201);
    const order = response.json().data;
    expect(order).toMatchObject({
      status: 'placed',
      payment_method: 'cod',
      subtotal: 259_800,
      discount: 15_000,
      shipping: 0,
      total: 244_800,
      coupon_code: 'FLAT150',
      address: validAddress,
      can_cancel: true,
      cancel_blocked_reason: null,
    });
    expect(order.items).toEqual([
      {
        product_id: poster.id,
        name: poster.name,
        image: poster.images[0],
        price: 129_900,
        mrp: 179_900,
        quantity: 2,
        line_total: 259_800,
        perishable: false,
      },
    ]);
    expect(await stockOf(testApp.app, poster.id)).toBe(stockBefore - 2);
    expect((await call('GET', '/getCartItems', shopper)).json().data).toEqual([]);
    const redemptions = await testApp.app.db
      .select()
      .from(couponRedemptions)
      .where(eq(couponRedemptions.orderId, order.id));
    expect(redemptions).toHaveLength(1);
    const [stored] = await testApp.app.db.select().from(orders).where(eq(orders.id, order.id));
    expect(stored?.userId).toBe(shopper.id);
  });

  it('charges ₹49 shipping below ₹499 after discount and none from ₹499', async () => {
    const shopper = await createShopper(testApp.app);
    await addToCart(shopper, 'Film Strip Bookmark Pack', 1); // ₹249
    const small = (await call('POST', '/completeOrder', shopper, checkout)).json().data;
    expect(small).toMatchObject({ subtotal: 24_900, shipping: 4_900, total: 29_800 });
    await addToCart(shopper, 'Film Strip Bookmark Pack', 2); // ₹498
    expect((await call('POST', '/completeOrder', shopper, checkout)).json().data.shipping).toBe(4_900);
    await addToCart(shopper, 'Crew Call Sheet Tote', 1);
    await addToCart(shopper, 'Film Strip Bookmark Pack', 1); // ₹449 + ₹249
    expect((await call('POST', '/completeOrder', shopper, checkout)).json().data).toMatchObject({
      subtotal: 69_800,
      shipping: 0,
    });
  });

  it('rounds a cash-on-delivery total down to whole rupees, as the coupon check showed it', async () => {
    const shopper = await createShopper(testApp.app);
    await addToCart(shopper, 'Crew Call Sheet Tote', 1);
    await addToCart(shopper, 'Film Strip Bookmark Pack', 1); // ₹449 + ₹249 = ₹698; 10% off is ₹69.80
    const checked = await call('POST', '/applyCoupon', shopper, { code: 'FIRSTTAKE' });
    expect(checked.json().data).toEqual({
      code: 'FIRSTTAKE',
      description: expect.any(String),
      subtotal: 69_800,
      discount: 6_980,
      shipping: 0,
      round_off: -20,
      total: 62_800,
      saving: 6_980,
    });
    const placed = await call('POST', '/completeOrder', shopper, {
      ...checkout,
      coupon_code: 'FIRSTTAKE',
      expected_total: 62_800,
    });
    expect(placed.statusCode).toBe(201);
    expect(placed.json().data).toMatchObject({
      subtotal: 69_800,
      discount: 6_980,
      shipping: 0,
      round_off: -20,
      total: 62_800,
    });
  });

  it('refuses an order whose total is not the one the shopper saw, changing nothing', async () => {
    const shopper = await createShopper(testApp.app);
    await addToCart(shopper, 'Film Strip Bookmark Pack', 3); // ₹747
    const refused = await call('POST', '/completeOrder', shopper, { ...checkout, expected_total: 49_800 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message: 'The total is now ₹747, not the ₹498 you saw: check the order summary and place the order again',
      field: 'expected_total',
      code: 'total_changed',
      params: { total: '₹747', expected: '₹498' },
    });
    expect((await call('GET', '/getCartItems', shopper)).json().data).toHaveLength(1);
    const placed = await call('POST', '/completeOrder', shopper, { ...checkout, expected_total: 74_700 });
    expect(placed.statusCode).toBe(201);
  });

  it('keeps the delivery address in the profile when asked, once, and takes a PIN code typed with a space', async () => {
    const shopper = await createShopper(testApp.app);
    const address = { ...validAddress, pincode: '411 005' };
    await addToCart(shopper, 'Film Strip Bookmark Pack', 1);
    const first = await call('POST', '/completeOrder', shopper, { ...checkout, address, save_address: true });
    expect(first.statusCode).toBe(201);
    expect(first.json().data.address.pincode).toBe('411005');
    await addToCart(shopper, 'Film Strip Bookmark Pack', 1);
    expect(
      (await call('POST', '/completeOrder', shopper, { ...checkout, address, save_address: true })).statusCode,
    ).toBe(201);
    await addToCart(shopper, 'Film Strip Bookmark Pack', 1);
    const other = { ...validAddress, line1: 'Another house' };
    expect((await call('POST', '/completeOrder', shopper, { ...checkout, address: other })).statusCode).toBe(201);
    const profile = (await call('GET', '/profile', shopper)).json().data;
    expect(profile.addresses).toEqual([{ id: expect.any(Number), ...validAddress, pincode: '411005' }]);
  });

  it('refuses each invalid address field and a payment method other than cod with 400', async () => {
    const shopper = await createShopper(testApp.app);
    await addToCart(shopper, 'Popcorn Bucket Mug', 1);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...checkout, address: { ...validAddress, name: '' } }, 'address.name', 'Name is required'],
      [
        { ...checkout, address: { ...validAddress, phone: '12345' } },
        'address.phone',
        'Phone must be a 10-digit mobile number',
      ],
      [{ ...checkout, address: { ...validAddress, line1: '' } }, 'address.line1', 'Address line 1 is required'],
      [{ ...checkout, address: { ...validAddress, city: ' ' } }, 'address.city', 'City is required'],
      [{ ...checkout, address: { ...validAddress, state: '' } }, 'address.state', 'State is required'],
      [
        { ...checkout, address: { ...validAddress, pincode: '40006' } },
        'address.pincode',
        'PIN code must be 6 digits and cannot start with 0',
      ],
      [
        { ...checkout, payment_method: 'card' },
        'payment_method',
        'payment_method must be cod (cash on delivery) or online',
      ],
      [{ payment_method: 'cod' }, 'address', 'address: Invalid input: expected object, received undefined'],
    ];
    for (const [body, field, message] of cases) {
      const response = await call('POST', '/completeOrder', shopper, body);
      expect(response.statusCode, field).toBe(400);
      expect(response.json()).toEqual(refusal({ field, message }));
    }
    expect((await call('GET', '/getCartItems', shopper)).json().data).toHaveLength(1);
  });

  it('refuses an empty cart, too little stock and a bad coupon, changing nothing', async () => {
    const shopper = await createShopper(testApp.app);
    const empty = await call('POST', '/completeOrder', shopper, checkout);
    expect(empty.statusCode).toBe(409);
    expect(empty.json().message).toBe('Your cart is empty');

    const clock = await addToCart(shopper, 'Film Reel Wall Clock', 1);
    const notebook = await addToCart(shopper, 'Screenwriter’s Leather Notebook', 2);
    await setStock(testApp.app, notebook.id, 1);
    const clockStock = await stockOf(testApp.app, clock.id);
    const short = await call('POST', '/completeOrder', shopper, checkout);
    expect(short.statusCode).toBe(409);
    expect(short.json().message).toBe(`Only 1 of ${notebook.name} left in stock; lower the quantity in your cart`);
    expect(await stockOf(testApp.app, clock.id)).toBe(clockStock);
    expect(await stockOf(testApp.app, notebook.id)).toBe(1);
    expect((await call('GET', '/getCartItems', shopper)).json().data).toHaveLength(2);
    await setStock(testApp.app, notebook.id, 2);

    const badCoupon = await call('POST', '/completeOrder', shopper, { ...checkout, coupon_code: 'PREMIERE2025' });
    expect(badCoupon.statusCode).toBe(422);
    expect(badCoupon.json().field).toBe('coupon_code');
    expect(await stockOf(testApp.app, clock.id)).toBe(clockStock);
    const count = await testApp.app.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(orders)
      .where(eq(orders.userId, shopper.id));
    expect(count[0]?.n).toBe(0);
  });

  it('places one order for a replayed Idempotency-Key', async () => {
    const shopper = await createShopper(testApp.app);
    const tote = await addToCart(shopper, 'Crew Call Sheet Tote', 1);
    const stockBefore = await stockOf(testApp.app, tote.id);
    const key = { 'idempotency-key': 'checkout-7f3a' };
    const first = await call('POST', '/completeOrder', shopper, checkout, key);
    const replay = await call('POST', '/completeOrder', shopper, checkout, key);
    expect(first.statusCode).toBe(201);
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    expect(await stockOf(testApp.app, tote.id)).toBe(stockBefore - 1);
    const list = (await call('POST', '/getOrders', shopper, {})).json();
    expect(list.meta.total).toBe(1);
  });
});

describe('orders', () => {
  it('lists orders newest first with pages and a status filter, and shows one order', async () => {
    const shopper = await createShopper(testApp.app);
    const placed: number[] = [];
    for (let index = 0; index < 3; index += 1) {
      await addToCart(shopper, 'Casting Call Diary 2027', 1);
      placed.push((await call('POST', '/completeOrder', shopper, checkout)).json().data.id);
    }
    await call('POST', `/orders/${placed[0]}/cancel`, shopper);
    const page1 = (await call('POST', '/getOrders', shopper, { page: 1, per_page: 2 })).json();
    expect(page1.meta).toEqual({ page: 1, per_page: 2, total: 3 });
    expect(page1.data.map((order: { id: number }) => order.id)).toEqual([placed[2], placed[1]]);
    expect(page1.data[0]).toMatchObject({ status: 'placed', item_count: 1, cover_name: 'Casting Call Diary 2027' });
    const page2 = (await call('POST', '/getOrders', shopper, { page: 2, per_page: 2 })).json();
    expect(page2.data.map((order: { id: number }) => order.id)).toEqual([placed[0]]);
    const cancelled = (await call('POST', '/getOrders', shopper, { status: 'cancelled' })).json();
    expect(cancelled.data.map((order: { id: number }) => order.id)).toEqual([placed[0]]);
    const badStatus = await call('POST', '/getOrders', shopper, { status: 'lost' });
    expect(badStatus.statusCode).toBe(400);
    expect(badStatus.json().field).toBe('status');
    expect((await call('POST', '/getOrders', shopper, { per_page: 51 })).json().field).toBe('per_page');

    const detail = await call('GET', `/orders/${placed[1]}`, shopper);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().data).toMatchObject({ id: placed[1], status: 'placed', can_cancel: true });
  });

  it("answers 404 for another user's order, to read or to cancel", async () => {
    const owner = await createShopper(testApp.app);
    const stranger = await createShopper(testApp.app);
    await addToCart(owner, 'Popcorn Bucket Mug', 1);
    const orderId = (await call('POST', '/completeOrder', owner, checkout)).json().data.id;
    expect((await call('GET', `/orders/${orderId}`, stranger)).statusCode).toBe(404);
    expect((await call('POST', `/orders/${orderId}/cancel`, stranger)).statusCode).toBe(404);
    expect((await call('POST', '/getOrders', stranger, {})).json().data).toEqual([]);
    expect((await call('GET', `/orders/${orderId}`, owner)).json().data.status).toBe('placed');
    expect((await call('POST', '/getOrders', null, {})).statusCode).toBe(401);
  });

  it('cancels within 30 days and puts the stock back', async () => {
    const shopper = await createShopper(testApp.app);
    const hoodie = await addToCart(shopper, 'Crew Call Sheet Tote', 2);
    const before = await stockOf(testApp.app, hoodie.id);
    const orderId = (await call('POST', '/completeOrder', shopper, checkout)).json().data.id;
    expect(await stockOf(testApp.app, hoodie.id)).toBe(before - 2);
    const cancelled = await call('POST', `/orders/${orderId}/cancel`, shopper);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().data).toMatchObject({
      status: 'cancelled',
      can_cancel: false,
      cancel_blocked_reason: 'This order is already cancelled',
    });
    expect(cancelled.json().data.cancelled_at).toEqual(expect.any(String));
    expect(await stockOf(testApp.app, hoodie.id)).toBe(before);
    const again = await call('POST', `/orders/${orderId}/cancel`, shopper);
    expect(again.statusCode).toBe(409);
    expect(await stockOf(testApp.app, hoodie.id)).toBe(before);
  });

  it('refuses to cancel shipped orders, perishable items and orders older than 30 days', async () => {
    const shopper = await createShopper(testApp.app);
    const place = async (name: string) => {
      await addToCart(shopper, name, 1);
      return (await call('POST', '/completeOrder', shopper, checkout)).json().data.id as number;
    };
    const shipped = await place('Film Strip Bookmark Pack');
    await testApp.app.db.update(orders).set({ status: 'shipped' }).where(eq(orders.id, shipped));
    const perishable = await place('Mumbai Chai Masala Tin');
    const old = await place('Popcorn Bucket Mug');
    await testApp.app.db
      .update(orders)
      .set({ createdAt: sql`now() - interval '31 days'` })
      .where(eq(orders.id, old));
    const justInTime = await place('Popcorn Bucket Mug');
    await testApp.app.db
      .update(orders)
      .set({ createdAt: sql`now() - interval '29 days 23 hours'` })
      .where(eq(orders.id, justInTime));

    const expectations: [number, string][] = [
      [shipped, 'This order has shipped and can no longer be cancelled'],
      [perishable, 'Orders with perishable items cannot be cancelled'],
      [old, 'Orders can be cancelled only within 30 days of being placed'],
    ];
    for (const [orderId, message] of expectations) {
      const detail = (await call('GET', `/orders/${orderId}`, shopper)).json().data;
      expect(detail).toMatchObject({ can_cancel: false, cancel_blocked_reason: message });
      const response = await call('POST', `/orders/${orderId}/cancel`, shopper);
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(message);
    }
    expect((await call('POST', `/orders/${justInTime}/cancel`, shopper)).statusCode).toBe(200);
  });
});

describe('demo shopper', () => {
  it('has past orders in several states', async () => {
    const login = await testApp.app.inject({
      method: 'POST',
      url: `${USER_API}/login`,
      payload: { email: 'meera@cineverse.in', password: 'Showreel@2026' },
    });
    expect(login.statusCode).toBe(200);
    const headers = { authorization: `Bearer ${login.json().token}` };
    const list = await testApp.app.inject({ method: 'POST', url: `${USER_API}/getOrders`, headers, payload: {} });
    const statuses = new Set(list.json().data.map((order: { status: string }) => order.status));
    expect([...statuses].sort()).toEqual(['cancelled', 'confirmed', 'delivered', 'placed', 'shipped']);
    const cart = await testApp.app.db.select().from(cartItems).where(eq(cartItems.userId, login.json().user.id));
    expect(cart).toEqual([]);

    // Each shows the steps it went through, in order, and a shipped one its tracking.
    const delivered = list.json().data.find((order: { status: string }) => order.status === 'delivered');
    const order = (await testApp.app.inject({ url: `${USER_API}/orders/${delivered.id}`, headers })).json().data;
    expect(order.history.map((step: { status: string }) => step.status)).toEqual([
      'placed',
      'confirmed',
      'shipped',
      'delivered',
    ]);
    const times = order.history.map((step: { at: string }) => Date.parse(step.at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(order.tracking).toMatchObject({ courier: 'Blue Dart' });
  });
});
