import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/src/app.js';
import { readConfig } from '../../server/src/config.js';
import { cartItems, idempotencyKeys } from '../../server/src/db/schema.js';
import { createShopper, productNamed, setStock, USER_API, type Shopper } from './shop-helpers.js';
import { createTestApp, type TestApp } from './test-app.js';

const FLOOR = '/backend/api/bench/write-floor';

let testApp: TestApp;
let shopper: Shopper;

beforeAll(async () => {
  testApp = await createTestApp();
  shopper = await createShopper(testApp.app, 'Floor');
});
afterAll(async () => {
  await testApp.close();
});

describe('the bench’s write floor', () => {
  it('does not exist unless BENCH_WRITE_FLOOR=1', async () => {
    expect(readConfig({}).benchWriteFloor).toBe(false);
    expect(readConfig({ BENCH_WRITE_FLOOR: 'true' }).benchWriteFloor).toBe(false);
    expect(readConfig({ BENCH_WRITE_FLOOR: '1' }).benchWriteFloor).toBe(true);
    const diary = await productNamed(testApp.app, 'Casting Call Diary 2027');
    const answer = await testApp.app.inject({
      method: 'POST',
      url: FLOOR,
      headers: { 'idempotency-key': 'floor-absent' },
      payload: { user_id: shopper.id, product_id: diary.id, quantity: 1 },
    });
    expect(answer.statusCode).toBe(404);
    expect(await testApp.app.db.select().from(cartItems).where(eq(cartItems.userId, shopper.id))).toEqual([]);
  });

  it('with BENCH_WRITE_FLOOR=1, writes what a keyed add to the cart writes, in one transaction', async () => {
    const floorApp = await buildApp({
      database: testApp.database,
      dataDir: testApp.dataDir,
      distDir: testApp.dataDir,
      logLevel: 'silent',
      readCache: false,
      benchWriteFloor: true,
    });
    try {
      const diary = await productNamed(testApp.app, 'Casting Call Diary 2027');
      await setStock(testApp.app, diary.id, 40);
      const floor = (key: string, quantity: number, lineId?: number) =>
        floorApp.inject({
          method: 'POST',
          url: FLOOR,
          headers: { 'idempotency-key': key },
          payload: { user_id: shopper.id, quantity, ...(lineId ? { line_id: lineId } : { product_id: diary.id }) },
        });

      const first = await floor('floor-1', 2);
      expect(first.statusCode).toBe(200);
      expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
      // The cart as addToCart answers it, and its answer stored under the key.
      const cart = await testApp.app.inject({
        method: 'GET',
        url: `${USER_API}/getCartItems`,
        headers: shopper.headers,
      });
      expect(first.json()).toEqual(cart.json());
      expect(first.json().data).toMatchObject([{ product_id: diary.id, quantity: 2 }]);
      const stored = await testApp.app.db
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.userId, shopper.id), eq(idempotencyKeys.key, 'floor-1')));
      expect(stored).toHaveLength(1);

      // A bench sets the line back down with the same statement as a quantity change.
      const down = await floor('floor-2', 1, first.json().data[0].id);
      expect(down.json(), down.body).toMatchObject({ data: [{ quantity: 1 }] });
      // A key used already is refused, and its add rolled back with it.
      expect((await floor('floor-1', 2)).statusCode).toBe(422);
      const [line] = await testApp.app.db.select().from(cartItems).where(eq(cartItems.userId, shopper.id));
      expect(line!.quantity).toBe(1);
    } finally {
      await floorApp.close();
    }
  });
});
