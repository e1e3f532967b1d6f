import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, mailOutbox, notifications, products, users } from '../../server/src/db/schema.js';
import { BACK_IN_STOCK_QUIET_MS } from '../../server/src/lib/back-in-stock.js';
import {
  CONFIRMATION_SUBJECT,
  createShopper,
  createStaff,
  productNamed,
  USER_API,
  validAddress,
  type Shopper,
} from './shop-helpers.js';
import { refusal } from './refusal.js';
import { createTestApp, type TestApp } from './test-app.js';

const ADMIN_API = '/backend/api/api/admin/v1';

const tote = {
  name: 'Clapperboard Canvas Tote',
  description: 'Heavy cotton tote with a printed clapperboard.',
  category: 'Apparel',
  images: ['golden-era-bollywood-poster-set-1.svg'],
  mrp: 79_900,
  price: 59_900,
  stock: 25,
  perishable: false,
  visible: true,
};

describe('products in the back office', () => {
  let testApp: TestApp;
  let manager: Shopper;

  beforeAll(async () => {
    testApp = await createTestApp({ readCache: true });
    manager = await createStaff(testApp.app, 'shop_manager', 'Farah Manager');
  });
  afterAll(() => testApp.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: object) =>
    testApp.app.inject({
      method,
      url: `${ADMIN_API}${path}`,
      headers: manager.headers,
      ...(body === undefined ? {} : { payload: body }),
    });
  const storeProduct = (id: number) => testApp.app.inject({ url: `/backend/api/api/v1/getProduct/${id}` });

  it('adds a product the store sells at once, changes its price and stock, and hides it', async () => {
    const created = await call('POST', '/products', tote);
    expect(created.statusCode).toBe(201);
    const product = created.json().data;
    expect(product).toMatchObject({ slug: 'clapperboard-canvas-tote', price: 59_900, visible: true });
    expect((await storeProduct(product.id)).json().data).toMatchObject({ name: tote.name, price: 59_900 });

    // The public product is cached: the change shows at once all the same.
    const cheaper = await call('PUT', `/products/${product.id}`, { ...tote, price: 49_900, stock: 3 });
    expect(cheaper.statusCode).toBe(200);
    expect((await storeProduct(product.id)).json().data).toMatchObject({ price: 49_900, stock: 3 });

    expect((await call('PUT', `/products/${product.id}`, { ...tote, visible: false })).statusCode).toBe(200);
    expect((await storeProduct(product.id)).statusCode).toBe(404);
    const listed = (await call('GET', '/products?search=canvas%20tote')).json().data;
    expect(listed.map((row: { id: number; visible: boolean }) => [row.id, row.visible])).toEqual([[product.id, false]]);

    const twin = (await call('POST', '/products', tote)).json().data;
    expect(twin.slug).toBe('clapperboard-canvas-tote-2');

    const records = await testApp.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(product.id)));
    expect(records.map((record) => record.action)).toEqual(['create', 'update', 'update']);
    expect(records[1]).toMatchObject({ before: { price: 59_900 }, after: { price: 49_900 } });
  });

  it('refuses a price above the MRP, negative stock and an image never uploaded, naming the field', async () => {
    const cases: [object, string, string][] = [
      [{ ...tote, price: 89_900 }, 'price', 'The price cannot be above the MRP'],
      [{ ...tote, stock: -1 }, 'stock', 'Stock cannot be negative'],
      [{ ...tote, price: 10.5 }, 'price', 'price must be a whole number of paise'],
      [{ ...tote, name: ' ' }, 'name', 'Enter the name'],
      [{ ...tote, images: ['not-there.webp'] }, 'images', 'There is no uploaded image of that name: upload it first'],
      [{ ...tote, images: ['../../etc/passwd'] }, 'images.0', 'images.0: image must be the name of an uploaded file'],
    ];
    for (const [body, field, message] of cases) {
      const refused = await call('POST', '/products', body);
      expect(refused.statusCode, field).toBe(400);
      expect(refused.json(), field).toMatchObject({ field, message });
    }
  });

  it('takes a category from the list or a new one added on purpose, one name whatever its case', async () => {
    const before = (await call('GET', '/product-categories')).json().data as string[];
    expect(before).toEqual(expect.arrayContaining(['Apparel', 'Collectibles']));

    const cases: [object, number, string][] = [
      // A category nobody has, not asked for as new: a typo is not a new category.
      [{ ...tote, category: 'Apparell' }, 422, 'Pick a category from the list, or add it as a new category'],
      // The same name in other letters, picked or added: the one that exists is named.
      [{ ...tote, category: 'apparel' }, 409, 'There is already a category “Apparel”: pick it from the list'],
      [
        { ...tote, category: 'APPAREL', new_category: true },
        409,
        'There is already a category “Apparel”: pick it from the list',
      ],
      [
        { ...tote, category: 'Apparel', new_category: true },
        409,
        'There is already a category “Apparel”: pick it from the list',
      ],
    ];
    for (const [body, status, message] of cases) {
      const refused = await call('POST', '/products', body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(status);
      expect(refused.json()).toEqual(refusal({ field: 'category', message }));
    }

    const props = await call('POST', '/products', {
      ...tote,
      name: 'Prop Sword',
      category: 'Film Props',
      new_category: true,
    });
    expect(props.statusCode, props.body).toBe(201);
    expect((await call('GET', '/product-categories')).json().data).toContain('Film Props');
    // Once it exists it is picked like any other; its case again is refused.
    expect((await call('POST', '/products', { ...tote, name: 'Prop Shield', category: 'Film Props' })).statusCode).toBe(
      201,
    );
    expect((await call('POST', '/products', { ...tote, name: 'Prop Bow', category: 'film props' })).statusCode).toBe(
      409,
    );

    // A product keeps its own category when edited, even one no other product has; another's case is refused.
    const lone = (
      await call('POST', '/products', { ...tote, name: 'Lone Lamp', category: 'Lamps', new_category: true })
    ).json().data;
    expect(
      (await call('PUT', `/products/${lone.id}`, { ...tote, name: 'Lone Lamp', category: 'Lamps', stock: 2 }))
        .statusCode,
    ).toBe(200);
    expect(
      (await call('PUT', `/products/${lone.id}`, { ...tote, name: 'Lone Lamp', category: 'Lamps', new_category: true }))
        .statusCode,
    ).toBe(200);
    const moved = await call('PUT', `/products/${lone.id}`, { ...tote, name: 'Lone Lamp', category: 'film PROPS' });
    expect(moved.statusCode).toBe(409);
    expect(moved.json().field).toBe('category');

    // Data from before the list may hold two spellings of one category: each product still saves with its own.
    const twin = (await call('POST', '/products', { ...tote, name: 'Twin Lamp', category: 'Lamps' })).json().data;
    await testApp.app.db.update(products).set({ category: 'lamps' }).where(eq(products.id, twin.id));
    for (const [id, name, category] of [
      [lone.id, 'Lone Lamp', 'Lamps'],
      [twin.id, 'Twin Lamp', 'lamps'],
    ] as const) {
      const kept = await call('PUT', `/products/${id}`, { ...tote, name, category, stock: 3 });
      expect(kept.statusCode, kept.body).toBe(200);
    }
  });

  it('tells those who keep a product in their wishlist when it is back in stock, once a day at most, by restock or cancellation', async () => {
    const app = testApp.app;
    const user = (method: 'GET' | 'POST', path: string, who: Shopper, payload?: object) =>
      app.inject({ method, url: `${USER_API}${path}`, headers: who.headers, ...(payload ? { payload } : {}) });
    const backInStock = async (who: Shopper) =>
      (
        (await user('GET', '/notifications', who)).json().data as { title: string; body: string; link: string }[]
      ).filter((item) => item.title.endsWith('is back in stock'));
    const mailsTo = async (who: Shopper) => {
      const [account] = await app.db.select({ email: users.email }).from(users).where(eq(users.id, who.id));
      // Every mail but the link that confirmed the account.
      return (await app.db.select().from(mailOutbox).where(eq(mailOutbox.to, account!.email!)))
        .map((mail) => mail.subject)
        .filter((subject) => subject !== CONFIRMATION_SUBJECT);
    };
    const sold = (await call('POST', '/products', { ...tote, name: 'Slate Enamel Mug', stock: 0 })).json().data;
    const [keeper, other] = [await createShopper(app), await createShopper(app)];
    expect((await user('POST', '/addToWishlist', keeper, { product_id: sold.id })).statusCode).toBe(200);

    // Still none, or a price change: nobody is told.
    expect(
      (await call('PUT', `/products/${sold.id}`, { ...tote, name: 'Slate Enamel Mug', stock: 0 })).statusCode,
    ).toBe(200);
    expect(await backInStock(keeper)).toEqual([]);
    expect(
      (await call('PUT', `/products/${sold.id}`, { ...tote, name: 'Slate Enamel Mug', stock: 4 })).statusCode,
    ).toBe(200);
    expect(await backInStock(keeper)).toEqual([
      {
        title: 'Slate Enamel Mug is back in stock',
        body: 'It is in your wishlist: order it before it runs out again',
        link: `/shop/${sold.id}`,
        kind: 'wishlist',
        id: expect.any(Number),
        read: false,
        created_at: expect.any(String),
      },
    ]);
    expect(await mailsTo(keeper)).toEqual(['Slate Enamel Mug is back in stock']);
    expect(await backInStock(other)).toEqual([]);
    // More of what is in stock already is no news.
    await call('PUT', `/products/${sold.id}`, { ...tote, name: 'Slate Enamel Mug', stock: 9 });
    expect(await backInStock(keeper)).toHaveLength(1);

    // The last one is ordered, then the order is cancelled: its stock comes back, and so does the notice, once
    // a day at most. The same day, the keeper told this morning is not told again.
    const sellLastAndCancel = async () => {
      await call('PUT', `/products/${sold.id}`, { ...tote, name: 'Slate Enamel Mug', stock: 1 });
      await user('POST', '/addToCart', other, { product_id: sold.id, quantity: 1 });
      const order = await user('POST', '/completeOrder', other, { address: validAddress, payment_method: 'cod' });
      expect(order.statusCode, order.body).toBe(201);
      expect((await storeProduct(sold.id)).json().data.stock).toBe(0);
      expect((await user('POST', `/orders/${order.json().data.id}/cancel`, other)).statusCode).toBe(200);
    };
    await sellLastAndCancel();
    expect(await backInStock(keeper)).toHaveLength(1);
    const aDayAgo = async () =>
      app.db
        .update(notifications)
        .set({ createdAt: new Date(Date.now() - BACK_IN_STOCK_QUIET_MS - 60_000) })
        .where(eq(notifications.userId, keeper.id));
    await aDayAgo();
    await sellLastAndCancel();
    expect(await backInStock(keeper)).toHaveLength(2);
    expect(await mailsTo(keeper)).toHaveLength(2);
    expect(await backInStock(other)).toEqual([]);
    // Hidden from the store, then shown again (a day later): it can be ordered again.
    await aDayAgo();
    await call('PUT', `/products/${sold.id}`, { ...tote, name: 'Slate Enamel Mug', stock: 1, visible: false });
    expect(await backInStock(keeper)).toHaveLength(2);
    await call('PUT', `/products/${sold.id}`, { ...tote, name: 'Slate Enamel Mug', stock: 1, visible: true });
    expect(await backInStock(keeper)).toHaveLength(3);
  });

  it('restocks a product kept in more wishlists than one statement can carry, and tells every keeper', async () => {
    const app = testApp.app;
    const name = 'Clapper Lamp';
    const sold = (await call('POST', '/products', { ...tote, name, stock: 0 })).json().data;
    // 14,000 keepers: five values a notice, past the 65,535 one statement may send.
    const keepers = 14_000;
    await app.db.execute(sql`insert into users (name, email, password_hash)
      select 'Lamp fan ' || n, 'lamp-fan-' || n || '@example.in', 'not-a-hash' from generate_series(1, ${keepers}) n`);
    await app.db.execute(sql`insert into wishlist_items (user_id, product_id)
      select id, ${sold.id}::integer from users where email like 'lamp-fan-%@example.in'`);

    const restocked = await call('PUT', `/products/${sold.id}`, { ...tote, name, stock: 6 });
    expect(restocked.statusCode, restocked.body).toBe(200);
    // Written by a job of the queue, a chunk at a time, after the answer.
    const told = async () => {
      const [row] = await app.db
        .select({ count: count() })
        .from(notifications)
        .where(eq(notifications.title, `${name} is back in stock`));
      return row!.count;
    };
    await expect.poll(told, { timeout: 120_000 }).toBe(keepers);
    const [mailed] = await app.db
      .select({ count: count() })
      .from(mailOutbox)
      .where(eq(mailOutbox.subject, `${name} is back in stock`));
    expect(mailed!.count).toBe(keepers);
  }, 150_000);

  it('deletes a product no order names, and hides one that past orders keep', async () => {
    const unsold = (await call('POST', '/products', { ...tote, name: 'Director Chair Keyring' })).json().data;
    const gone = await call('DELETE', `/products/${unsold.id}`);
    expect(gone.json().message).toBe('The product has been deleted');
    expect((await call('GET', `/products/${unsold.id}`)).statusCode).toBe(404);

    const shopper = await createShopper(testApp.app);
    const sold = await productNamed(testApp.app, 'Golden Era Bollywood Poster Set');
    await testApp.app.inject({
      method: 'POST',
      url: `${USER_API}/addToCart`,
      headers: shopper.headers,
      payload: { product_id: sold.id, quantity: 1 },
    });
    const order = await testApp.app.inject({
      method: 'POST',
      url: `${USER_API}/completeOrder`,
      headers: shopper.headers,
      payload: { address: validAddress, payment_method: 'cod' },
    });
    expect(order.statusCode).toBe(201);
    const hidden = await call('DELETE', `/products/${sold.id}`);
    expect(hidden.json().message).toBe(
      'Past orders include this product, so it has been hidden from the store instead of deleted',
    );
    expect((await call('GET', `/products/${sold.id}`)).json().data.visible).toBe(false);
    const kept = await testApp.app.inject({
      url: `${USER_API}/orders/${order.json().data.id}`,
      headers: shopper.headers,
    });
    expect(kept.json().data.items[0]).toMatchObject({ name: 'Golden Era Bollywood Poster Set' });
  });
});
