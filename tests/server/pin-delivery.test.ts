import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, orders } from '../../server/src/db/schema.js';
import { DEFAULT_DELIVERY_SETTINGS } from '../../src/contract/pins.js';
import { createShopper, createStaff, productNamed, USER_API, validAddress, type Shopper } from './shop-helpers.js';
import { createTestApp, type TestApp } from './test-app.js';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp.close();
});

const PUBLIC_API = '/backend/api/api/v1';
const ADMIN_API = '/backend/api/api/admin/v1';

function call(method: 'GET' | 'POST' | 'PUT', url: string, who: Shopper | null, body?: unknown) {
  return testApp.app.inject({
    method,
    url,
    headers: who?.headers ?? {},
    ...(body === undefined ? {} : { payload: body as object }),
  });
}

async function shopperWithCart(quantity = 1) {
  const shopper = await createShopper(testApp.app);
  const product = await productNamed(testApp.app, 'Golden Era Bollywood Poster Set');
  const added = await call('POST', `${USER_API}/addToCart`, shopper, { product_id: product.id, quantity });
  expect(added.statusCode).toBe(200);
  return shopper;
}

async function ordersOf(shopper: Shopper) {
  return testApp.app.db.select({ id: orders.id }).from(orders).where(eq(orders.userId, shopper.id));
}

describe('checkPincode', () => {
  it('answers a PIN\u2019s district, state, zone, delivery date and cash on delivery, signed in or not', async () => {
    const response = await call('GET', `${PUBLIC_API}/checkPincode?pincode=560001`, null);
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data).toMatchObject({
      pincode: '560001',
      district: 'Bengaluru',
      state: 'Karnataka',
      state_code: '29',
      zone: 'metro',
      cod: { available: true, reason: null },
    });
    expect(data.delivery.latest >= data.delivery.earliest).toBe(true);

    const ladakh = (await call('GET', `${PUBLIC_API}/checkPincode?pincode=194101`, null)).json().data;
    expect(ladakh).toMatchObject({ state: 'Ladakh', zone: 'special', cod: { available: false, reason: 'zone' } });
    const large = (await call('GET', `${PUBLIC_API}/checkPincode?pincode=400065&total=5000000`, null)).json().data;
    expect(large).toMatchObject({ zone: 'city', cod: { available: false, reason: 'total' } });
  });

  it('refuses an unknown PIN on the pincode field', async () => {
    const response = await call('GET', `${PUBLIC_API}/checkPincode?pincode=999999`, null);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ field: 'pincode', code: 'pin_unknown' });
  });
});

describe('addresses against the PIN directory', () => {
  it('refuses an order whose state is not the PIN\u2019s, naming the state field, and places nothing', async () => {
    const shopper = await shopperWithCart();
    const response = await call('POST', `${USER_API}/completeOrder`, shopper, {
      address: { ...validAddress, state: 'Tamil Nadu' },
      payment_method: 'cod',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      field: 'address.state',
      code: 'pin_state_mismatch',
      message: 'PIN code 400065 is in Maharashtra; check the state or the PIN code',
    });
    const unknown = await call('POST', `${USER_API}/completeOrder`, shopper, {
      address: { ...validAddress, pincode: '999999' },
      payment_method: 'cod',
    });
    expect(unknown.json()).toMatchObject({ field: 'address.pincode', code: 'pin_unknown' });
    expect(await ordersOf(shopper)).toEqual([]);
  });

  it('keeps the official name of a state written another way, and refuses a mismatch in the profile', async () => {
    const shopper = await shopperWithCart();
    const placed = await call('POST', `${USER_API}/completeOrder`, shopper, {
      address: { ...validAddress, state: 'maharashtra' },
      payment_method: 'cod',
    });
    expect(placed.statusCode).toBe(201);
    expect(placed.json().data.address.state).toBe('Maharashtra');

    const saved = await call('POST', `${USER_API}/addresses`, shopper, { ...validAddress, state: 'Karnataka' });
    expect(saved.statusCode).toBe(422);
    expect(saved.json()).toMatchObject({ field: 'state', code: 'pin_state_mismatch' });
  });
});

describe('cash on delivery rules', () => {
  it('are set by shop managers, audited, and refuse COD by zone and by order value at order time', async () => {
    const manager = await createStaff(testApp.app, 'shop_manager');
    const shopper = await createShopper(testApp.app);
    expect((await call('PUT', `${ADMIN_API}/deliverySettings`, shopper, DEFAULT_DELIVERY_SETTINGS)).statusCode).toBe(
      403,
    );

    const noCodInCity = {
      ...DEFAULT_DELIVERY_SETTINGS,
      cod_zones: { ...DEFAULT_DELIVERY_SETTINGS.cod_zones, city: false },
    };
    const saved = await call('PUT', `${ADMIN_API}/deliverySettings`, manager, noCodInCity);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({ dispatch_city: 'Mumbai', dispatch_state: 'Maharashtra' });
    const audited = await testApp.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'delivery_settings'), eq(auditLog.actorId, manager.id)));
    expect(audited).toHaveLength(1);

    try {
      const buyer = await shopperWithCart();
      const byZone = await call('POST', `${USER_API}/completeOrder`, buyer, {
        address: validAddress,
        payment_method: 'cod',
      });
      expect(byZone.statusCode).toBe(422);
      expect(byZone.json()).toMatchObject({ field: 'payment_method', code: 'pin_cod_zone' });
      expect(await ordersOf(buyer)).toEqual([]);
      // Elsewhere, in the rest of India, it is offered.
      const lucknow = await call('POST', `${USER_API}/completeOrder`, buyer, {
        address: { ...validAddress, city: 'Lucknow', state: 'Uttar Pradesh', pincode: '226001' },
        payment_method: 'cod',
      });
      expect(lucknow.statusCode).toBe(201);

      const limited = { ...DEFAULT_DELIVERY_SETTINGS, cod_max_total: 100_000 };
      expect((await call('PUT', `${ADMIN_API}/deliverySettings`, manager, limited)).statusCode).toBe(200);
      const big = await shopperWithCart(2); // 2 x ₹1,299
      const byValue = await call('POST', `${USER_API}/completeOrder`, big, {
        address: validAddress,
        payment_method: 'cod',
      });
      expect(byValue.statusCode).toBe(422);
      expect(byValue.json()).toMatchObject({
        field: 'payment_method',
        code: 'pin_cod_total',
        message: 'Cash on delivery is offered for orders up to ₹1,000',
      });
      expect(await ordersOf(big)).toEqual([]);
      const answer = (await call('GET', `${PUBLIC_API}/checkPincode?pincode=400065&total=259800`, null)).json();
      expect(answer.data.cod).toEqual({ available: false, reason: 'total', max_total: 100_000 });
    } finally {
      await call('PUT', `${ADMIN_API}/deliverySettings`, manager, DEFAULT_DELIVERY_SETTINGS);
    }
  });

  it('refuse a dispatch PIN India Post does not list', async () => {
    const manager = await createStaff(testApp.app, 'shop_manager');
    const response = await call('PUT', `${ADMIN_API}/deliverySettings`, manager, {
      ...DEFAULT_DELIVERY_SETTINGS,
      dispatch_pincode: '999999',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ field: 'dispatch_pincode' });
  });
});
