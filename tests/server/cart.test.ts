import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartItems, idempotencyKeys, wishlistItems } from '../../server/src/db/schema.js';
import { createShopper, productNamed, setStock, USER_API, type Shopper } from './shop-helpers.js';
import { createTestApp, type TestApp } from './test-app.js';

let testApp: TestApp;
let shopper: Shopper;
let other: Shopper;

beforeAll(async () => {
  testApp = await createTestApp();
  shopper = await createShopper(testApp.app);
  other = await createShopper(testApp.app, 'Other Shopper');
});
afterAll(async () => {
  await testApp.close();
});

async function call(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  who: Shopper | null,
  body?: unknown,
  extraHeaders: Record<string, string> = {},
) {
  return testApp.app.inject({
    method,
    url: `${USER_API}${path}`,
    headers: { ...(who?.headers ?? {}), ...extraHeaders },
    ...(body === undefined ? {} : { payload: body as object }),
  });
}

async function emptyCartAndWishlist(who: Shopper) {
  await testApp.app.db.delete(cartItems).where(eq(cartItems.userId, who.id));
  await testApp.app.db.delete(wishlistItems).where(eq(wishlistItems.userId, who.id));
}

describe('cart', () => {
  it('adds a product, sums a second add, and totals lines from the server price', async () => {
    await emptyCartAndWishlist(shopper);
    const diary = await productNamed(testApp.app, 'Casting Call Diary 2027');
    const first = await call('POST', '/addToCart', shopper, { product_id: diary.id, quantity: 2 });
    expect(first.statusCode).toBe(200);
    const second = await call('POST', '/addToCart', shopper, { product_id: diary.id, quantity: 1, price: 1, total: 1 });
    expect(second.statusCode).toBe(200);
    const cart = second.json();
    expect(cart.data).toHaveLength(1);
    expect(cart.data[0]).toMatchObject({ product_id: diary.id, quantity: 3, line_total: diary.price * 3 });
    expect(cart.data[0].product).toMatchObject({ id: diary.id, name: diary.name, price: diary.price, mrp: diary.mrp });
    expect(cart.subtotal).toBe(diary.price * 3);
    expect(cart.item_count).toBe(3);

    const listed = await call('GET', '/getCartItems', shopper);
    expect(listed.json()).toEqual(cart);
  });

  it('refuses a quantity above stock with 409 and keeps the line as it was', async () => {
    await emptyCartAndWishlist(shopper);
    const cap = await productNamed(testApp.app, 'Lights Camera Action Cap');
    await setStock(testApp.app, cap.id, 3);
    expect((await call('POST', '/addToCart', shopper, { product_id: cap.id, quantity: 2 })).statusCode).toBe(200);
    const over = await call('POST', '/addToCart', shopper, { product_id: cap.id, quantity: 2 });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toEqual({
      message: `Only 3 of ${cap.name} left in stock`,
      field: 'quantity',
      code: 'stock_left',
      params: { count: '3', product: cap.name },
    });
    const cart = (await call('GET', '/getCartItems', shopper)).json();
    expect(cart.data[0].quantity).toBe(2);

    const soldOut = await productNamed(testApp.app, 'Vintage Movie Ticket Wall Art');
    const none = await call('POST', '/addToCart', shopper, { product_id: soldOut.id, quantity: 1 });
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe(`${soldOut.name} is out of stock`);
  });

  it('refuses an add that takes a line past 10, even when adds arrive at once, and keeps what fitted', async () => {
    await emptyCartAndWishlist(shopper);
    const diary = await productNamed(testApp.app, 'Casting Call Diary 2027');
    await setStock(testApp.app, diary.id, 100);
    expect((await call('POST', '/addToCart', shopper, { product_id: diary.id, quantity: 6 })).statusCode).toBe(200);
    const over = await call('POST', '/addToCart', shopper, { product_id: diary.id, quantity: 6 });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toEqual({
      message: `You can have at most 10 of ${diary.name} in your cart`,
      field: 'quantity',
      code: 'cart_line_limit',
      params: { max: '10', product: diary.name },
    });
    expect((await call('GET', '/getCartItems', shopper)).json().data[0].quantity).toBe(6);

    await emptyCartAndWishlist(shopper);
    const adds = await Promise.all(
      [1, 2, 3, 4, 5].map(() => call('POST', '/addToCart', shopper, { product_id: diary.id, quantity: 3 })),
    );
    expect(adds.map((response) => response.statusCode).sort()).toEqual([200, 200, 200, 409, 409]);
    expect((await call('GET', '/getCartItems', shopper)).json().data[0].quantity).toBe(9);
  });

  it('answers each invalid add with 400 naming the field, and an unknown product with 404', async () => {
    const cases: [unknown, string][] = [
      [{ quantity: 1 }, 'product_id'],
      [{ product_id: 'seven', quantity: 1 }, 'product_id'],
      [{ product_id: 1, quantity: 0 }, 'quantity'],
      [{ product_id: 1, quantity: 1.5 }, 'quantity'],
      [{ product_id: 1, quantity: 11 }, 'quantity'],
    ];
    for (const [body, field] of cases) {
      const response = await call('POST', '/addToCart', shopper, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().field).toBe(field);
    }
    const unknown = await call('POST', '/addToCart', shopper, { product_id: 999_999, quantity: 1 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({
      message: 'This product is no longer available',
      field: 'product_id',
      code: 'product_gone',
    });
  });

  it('sets a line quantity within stock and removes a line', async () => {
    await emptyCartAndWishlist(shopper);
    const tote = await productNamed(testApp.app, 'Crew Call Sheet Tote');
    const added = (await call('POST', '/addToCart', shopper, { product_id: tote.id, quantity: 1 })).json();
    const lineId = added.data[0].id;
    const set = await call('PUT', `/cart/${lineId}`, shopper, { quantity: 4 });
    expect(set.statusCode).toBe(200);
    expect(set.json().data[0]).toMatchObject({ quantity: 4, line_total: tote.price * 4 });
    expect((await call('PUT', `/cart/${lineId}`, shopper, { quantity: 0 })).statusCode).toBe(400);
    await setStock(testApp.app, tote.id, 2);
    const over = await call('PUT', `/cart/${lineId}`, shopper, { quantity: 3 });
    expect(over.statusCode).toBe(409);
    await setStock(testApp.app, tote.id, 55);

    const removed = await call('DELETE', `/removeFromCart/${lineId}`, shopper);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ data: [], subtotal: 0, item_count: 0 });
    expect((await call('DELETE', `/removeFromCart/${lineId}`, shopper)).statusCode).toBe(404);
  });

  it("answers 404 for another user's cart line and leaves it alone", async () => {
    await emptyCartAndWishlist(other);
    const mug = await productNamed(testApp.app, 'Popcorn Bucket Mug');
    const theirs = (await call('POST', '/addToCart', other, { product_id: mug.id, quantity: 1 })).json();
    const lineId = theirs.data[0].id;
    expect((await call('DELETE', `/removeFromCart/${lineId}`, shopper)).statusCode).toBe(404);
    expect((await call('PUT', `/cart/${lineId}`, shopper, { quantity: 5 })).statusCode).toBe(404);
    expect((await call('POST', `/cart/${lineId}/move-to-wishlist`, shopper)).statusCode).toBe(404);
    const still = (await call('GET', '/getCartItems', other)).json();
    expect(still.data).toEqual([expect.objectContaining({ id: lineId, quantity: 1 })]);
  });

  it('needs a valid bearer token for every cart and wishlist call', async () => {
    const calls: ['GET' | 'POST' | 'PUT' | 'DELETE', string][] = [
      ['GET', '/getCartItems'],
      ['POST', '/addToCart'],
      ['PUT', '/cart/1'],
      ['DELETE', '/removeFromCart/1'],
      ['GET', '/getWishlistItems'],
      ['POST', '/addToWishlist'],
      ['DELETE', '/removeFromWishlist/1'],
      ['POST', '/wishlist/1/move-to-cart'],
      ['POST', '/cart/1/move-to-wishlist'],
    ];
    for (const [method, path] of calls) {
      const missing = await call(method, path, null, method === 'GET' || method === 'DELETE' ? undefined : {});
      expect(missing.statusCode, `${method} ${path}`).toBe(401);
      const bad = await testApp.app.inject({
        method,
        url: `${USER_API}${path}`,
        headers: { authorization: 'Bearer nope' },
      });
      expect(bad.statusCode, `${method} ${path}`).toBe(401);
    }
  });
});

describe('wishlist', () => {
  it('keeps one item when a product is added twice, and removes it', async () => {
    await emptyCartAndWishlist(shopper);
    const pins = await productNamed(testApp.app, 'Film Reel Enamel Pin Set');
    await call('POST', '/addToWishlist', shopper, { product_id: pins.id });
    const twice = await call('POST', '/addToWishlist', shopper, { product_id: pins.id });
    expect(twice.statusCode).toBe(200);
    expect(twice.json().data).toEqual([
      expect.objectContaining({ product_id: pins.id, product: expect.objectContaining({ name: pins.name }) }),
    ]);
    const itemId = twice.json().data[0].id;
    expect((await call('GET', '/getWishlistItems', shopper)).json()).toEqual(twice.json());
    expect((await call('DELETE', `/removeFromWishlist/${itemId}`, other)).statusCode).toBe(404);
    const removed = await call('DELETE', `/removeFromWishlist/${itemId}`, shopper);
    expect(removed.json()).toEqual({ data: [] });
    expect((await call('POST', '/addToWishlist', shopper, { product_id: 999_999 })).statusCode).toBe(404);
    expect((await call('POST', '/addToWishlist', shopper, {})).json().field).toBe('product_id');
  });

  it('moves an item to the cart and a cart line to the wishlist', async () => {
    await emptyCartAndWishlist(shopper);
    const clock = await productNamed(testApp.app, 'Film Reel Wall Clock');
    const item = (await call('POST', '/addToWishlist', shopper, { product_id: clock.id })).json().data[0];
    const moved = await call('POST', `/wishlist/${item.id}/move-to-cart`, shopper);
    expect(moved.statusCode).toBe(200);
    expect(moved.json().wishlist.data).toEqual([]);
    expect(moved.json().cart.data).toEqual([expect.objectContaining({ product_id: clock.id, quantity: 1 })]);

    const lineId = moved.json().cart.data[0].id;
    const back = await call('POST', `/cart/${lineId}/move-to-wishlist`, shopper);
    expect(back.json().cart.data).toEqual([]);
    expect(back.json().wishlist.data).toEqual([expect.objectContaining({ product_id: clock.id })]);

    const soldOut = await productNamed(testApp.app, 'Vintage Movie Ticket Wall Art');
    const soldOutItem = (await call('POST', '/addToWishlist', shopper, { product_id: soldOut.id })).json().data;
    const entry = soldOutItem.find((row: { product_id: number }) => row.product_id === soldOut.id);
    const refused = await call('POST', `/wishlist/${entry.id}/move-to-cart`, shopper);
    expect(refused.statusCode).toBe(409);
    const after = (await call('GET', '/getWishlistItems', shopper)).json().data;
    expect(after.map((row: { product_id: number }) => row.product_id)).toContain(soldOut.id);
  });
});

describe('idempotency keys', () => {
  it('replays the first answer for the same key and body without adding twice', async () => {
    await emptyCartAndWishlist(shopper);
    const book = await productNamed(testApp.app, 'Screenplay Writing Workbook');
    const key = { 'idempotency-key': 'add-workbook-1' };
    const first = await call('POST', '/addToCart', shopper, { product_id: book.id, quantity: 2 }, key);
    const again = await call('POST', '/addToCart', shopper, { quantity: 2, product_id: book.id }, key);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    const cart = (await call('GET', '/getCartItems', shopper)).json();
    expect(cart.data[0].quantity).toBe(2);

    const different = await call('POST', '/addToCart', shopper, { product_id: book.id, quantity: 3 }, key);
    expect(different.statusCode).toBe(422);
    expect(different.json().field).toBe('Idempotency-Key');

    // Keys belong to their user: another shopper's same key is a new request.
    const theirs = await call('POST', '/addToCart', other, { product_id: book.id, quantity: 1 }, key);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
  });

  it('treats a key older than 24 hours as new: the request runs again, even with another body', async () => {
    await emptyCartAndWishlist(shopper);
    const book = await productNamed(testApp.app, 'Screenplay Writing Workbook');
    const key = { 'idempotency-key': 'add-workbook-old' };
    expect((await call('POST', '/addToCart', shopper, { product_id: book.id, quantity: 1 }, key)).statusCode).toBe(200);
    const age = async (hours: number) =>
      testApp.app.db
        .update(idempotencyKeys)
        .set({ createdAt: sql`now() - make_interval(hours => ${hours})` })
        .where(and(eq(idempotencyKeys.userId, shopper.id), eq(idempotencyKeys.key, key['idempotency-key'])));
    await age(23);
    const replayed = await call('POST', '/addToCart', shopper, { product_id: book.id, quantity: 1 }, key);
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect(replayed.json().data[0].quantity).toBe(1);

    await age(25);
    const again = await call('POST', '/addToCart', shopper, { product_id: book.id, quantity: 2 }, key);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect(again.json().data[0].quantity).toBe(3);
    // From now on the key answers with this request's result.
    const replay = await call('POST', '/addToCart', shopper, { product_id: book.id, quantity: 2 }, key);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(again.json());
  });

  it('does not repeat a removal replayed after later changes', async () => {
    await emptyCartAndWishlist(shopper);
    const mug = await productNamed(testApp.app, 'Popcorn Bucket Mug');
    const line = (await call('POST', '/addToCart', shopper, { product_id: mug.id, quantity: 1 })).json().data[0];
    const key = { 'idempotency-key': `remove-${line.id}` };
    expect((await call('DELETE', `/removeFromCart/${line.id}`, shopper, undefined, key)).statusCode).toBe(200);
    const replay = await call('DELETE', `/removeFromCart/${line.id}`, shopper, undefined, key);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ data: [], subtotal: 0, item_count: 0 });
  });

  it('lets a refused request be retried with its key, and refuses a malformed key', async () => {
    await emptyCartAndWishlist(shopper);
    const camera = await productNamed(testApp.app, 'Die-cast Vintage Film Camera');
    await setStock(testApp.app, camera.id, 0);
    const key = { 'idempotency-key': 'camera-when-back' };
    expect((await call('POST', '/addToCart', shopper, { product_id: camera.id, quantity: 1 }, key)).statusCode).toBe(
      409,
    );
    await setStock(testApp.app, camera.id, 4);
    const retried = await call('POST', '/addToCart', shopper, { product_id: camera.id, quantity: 1 }, key);
    expect(retried.statusCode).toBe(200);
    expect(retried.json().data[0].quantity).toBe(1);

    const bad = await call(
      'POST',
      '/addToCart',
      shopper,
      { product_id: camera.id, quantity: 1 },
      { 'idempotency-key': 'has space' },
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('Idempotency-Key');
  });
});
