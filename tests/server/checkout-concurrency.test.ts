import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderItems, products } from '../../server/src/db/schema.js';
import { createShopper, stockOf, USER_API, validAddress } from './shop-helpers.js';
import { createTestApp, type TestApp } from './test-app.js';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp.close();
});

// The embedded database runs one transaction at a time, so no two checkouts ever race there: this runs where they
// do, on PostgreSQL (CI runs the server tests on both).
describe.runIf(process.env.DATABASE_URL)('checkout under concurrency, on PostgreSQL', () => {
  it('sells exactly 5 of a product with stock 5 to 20 shoppers checking out at once', async () => {
    const [product] = await testApp.app.db
      .insert(products)
      .values({
        name: 'Limited Edition Signed Script',
        slug: 'limited-signed-script',
        mrp: 99_900,
        price: 79_900,
        stock: 5,
        category: 'Collectibles',
      })
      .returning();
    if (!product) throw new Error('The product was not created');
    const shoppers = await Promise.all(Array.from({ length: 20 }, () => createShopper(testApp.app)));
    for (const shopper of shoppers) {
      const added = await testApp.app.inject({
        method: 'POST',
        url: `${USER_API}/addToCart`,
        headers: shopper.headers,
        payload: { product_id: product.id, quantity: 1 },
      });
      expect(added.statusCode).toBe(200);
    }

    // Watch the stock while the orders race: it must never be read below zero.
    const seen: number[] = [];
    let racing = true;
    const watcher = (async () => {
      while (racing) {
        seen.push(await stockOf(testApp.app, product.id));
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    const responses = await Promise.all(
      shoppers.map((shopper) =>
        testApp.app.inject({
          method: 'POST',
          url: `${USER_API}/completeOrder`,
          headers: shopper.headers,
          payload: { address: validAddress, payment_method: 'cod' },
        }),
      ),
    );
    racing = false;
    await watcher;

    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(5);
    expect(statuses.filter((status) => status === 409)).toHaveLength(15);
    for (const refused of responses.filter((response) => response.statusCode === 409)) {
      expect(refused.json().message).toBe('Limited Edition Signed Script is out of stock; remove it from your cart');
    }
    expect(await stockOf(testApp.app, product.id)).toBe(0);
    expect(Math.min(...seen)).toBeGreaterThanOrEqual(0);
    const sold = await testApp.app.db.select().from(orderItems).where(eq(orderItems.productId, product.id));
    expect(sold.reduce((sum, item) => sum + item.quantity, 0)).toBe(5);
  });
});
