import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderItems, productVariants } from '../../server/src/db/schema.js';
import {
  createShopper,
  createStaff,
  productNamed,
  stockOf,
  USER_API,
  validAddress,
  type Shopper,
} from './shop-helpers.js';
import { createTestApp, type TestApp } from './test-app.js';

const ADMIN_API = '/backend/api/api/admin/v1';

let testApp: TestApp;
let manager: Shopper;

beforeAll(async () => {
  testApp = await createTestApp({ readCache: true });
  manager = await createStaff(testApp.app, 'shop_manager', 'Farah Manager');
});
afterAll(async () => {
  await testApp.close();
});

function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, who: Shopper, body?: object) {
  return testApp.app.inject({
    method,
    url: path.startsWith('/backend') ? path : `${USER_API}${path}`,
    headers: who.headers,
    ...(body === undefined ? {} : { payload: body }),
  });
}

let productCount = 0;

/** A tee in sizes S, M and L made in the back office: M has `mStock`, and L its own price of ₹749. */
async function sizedTee(mStock: number) {
  productCount += 1;
  const created = await call('POST', `${ADMIN_API}/products`, manager, {
    name: `Crew Tee ${productCount}`,
    description: 'Combed cotton tee.',
    category: 'Apparel',
    images: [],
    mrp: 89_900,
    price: 59_900,
    stock: 99,
    variants: [
      { kind: 'size', label: 'S', sku: `CREW-${productCount}-S`, stock: 4 },
      { kind: 'size', label: 'M', sku: `CREW-${productCount}-M`, stock: mStock },
      { kind: 'size', label: 'L', sku: `CREW-${productCount}-L`, stock: 2, price: 74_900 },
    ],
  });
  expect(created.statusCode, created.body).toBe(201);
  const product = created.json().data as {
    id: number;
    stock: number;
    variants: { id: number; label: string; stock: number; price: number | null }[];
  };
  const size = (label: string) => product.variants.find((variant) => variant.label === label)!;
  return { product, name: `Crew Tee ${productCount}`, S: size('S'), M: size('M'), L: size('L') };
}

async function variantStock(id: number): Promise<number> {
  const [row] = await testApp.app.db
    .select({ stock: productVariants.stock })
    .from(productVariants)
    .where(eq(productVariants.id, id));
  return row!.stock;
}

describe('sizes and colours', () => {
  it('sells the demo’s tee and hoodie in sizes S to XXL, each with its own SKU, the stock of the sizes adding up', async () => {
    for (const name of ['Clapperboard Classic Tee', 'Director’s Chair Hoodie']) {
      const product = await productNamed(testApp.app, name);
      const page = (await testApp.app.inject({ url: `/backend/api/api/v1/getProduct/${product.id}` })).json().data as {
        stock: number;
        variants: { label: string; sku: string; stock: number }[];
      };
      expect(page.variants.map((variant) => variant.label)).toEqual(['S', 'M', 'L', 'XL', 'XXL']);
      expect(new Set(page.variants.map((variant) => variant.sku)).size).toBe(5);
      expect(page.variants.reduce((sum, variant) => sum + variant.stock, 0)).toBe(page.stock);
    }
  });

  it('asks a shopper whose cart holds a product from before it came in sizes to pick one, and takes no stock', async () => {
    const name = 'Plain Tee';
    const created = await call('POST', `${ADMIN_API}/products`, manager, {
      name,
      description: 'Combed cotton tee.',
      category: 'Apparel',
      images: [],
      mrp: 89_900,
      price: 59_900,
      stock: 10,
    });
    expect(created.statusCode, created.body).toBe(201);
    const product = created.json().data as { id: number };
    const shopper = await createShopper(testApp.app);
    expect((await call('POST', '/addToCart', shopper, { product_id: product.id, quantity: 1 })).statusCode).toBe(200);
    // Staff then sell it in sizes; the line in the cart names none.
    const sized = await call('PUT', `${ADMIN_API}/products/${product.id}`, manager, {
      name,
      description: 'Combed cotton tee.',
      category: 'Apparel',
      images: [],
      mrp: 89_900,
      price: 59_900,
      stock: 10,
      variants: [
        { kind: 'size', label: 'M', sku: 'PLAIN-M', stock: 3 },
        { kind: 'size', label: 'L', sku: 'PLAIN-L', stock: 3 },
      ],
    });
    expect(sized.statusCode, sized.body).toBe(200);
    const placed = await call('POST', '/completeOrder', shopper, { address: validAddress, payment_method: 'cod' });
    expect(placed.statusCode).toBe(409);
    expect(placed.json()).toMatchObject({
      code: 'variants_cart_unsized',
      message: `${name} now comes in sizes or colours: remove it from your cart and add the one you want`,
    });
    expect(await stockOf(testApp.app, product.id)).toBe(6);
  });

  it('sells the last of a size to one of two shoppers ordering it at once; the other gets a clear 409', async () => {
    const { product, name, M, S } = await sizedTee(1);
    // The product's stock is the sum of its sizes', whatever `stock` said.
    expect(product.stock).toBe(4 + 1 + 2);
    const [first, second] = [await createShopper(testApp.app), await createShopper(testApp.app)];
    for (const who of [first, second]) {
      const added = await call('POST', '/addToCart', who, { product_id: product.id, variant_id: M.id, quantity: 1 });
      expect(added.statusCode, added.body).toBe(200);
    }
    const responses = await Promise.all(
      [first, second].map((who) =>
        call('POST', '/completeOrder', who, { address: validAddress, payment_method: 'cod' }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([201, 409]);
    const refused = responses.find((response) => response.statusCode === 409)!;
    expect(refused.json().message).toBe(`${name} (M) is out of stock; remove it from your cart`);
    // Size M is gone, never below zero; the other sizes are untouched; the product lost exactly one.
    expect(await variantStock(M.id)).toBe(0);
    expect(await variantStock(S.id)).toBe(4);
    expect(await stockOf(testApp.app, product.id)).toBe(6);

    // The order's line names its size, copied; cancelling gives the size its one back.
    const placed = responses.find((response) => response.statusCode === 201)!.json().data;
    expect(placed.items).toMatchObject([
      { product_id: product.id, variant_id: M.id, variant_kind: 'size', variant_label: 'M', quantity: 1 },
    ]);
    const buyer = responses[0]!.statusCode === 201 ? first : second;
    const shown = await call('GET', `/orders/${placed.id}`, buyer);
    expect(shown.json().data.items[0]).toMatchObject({ variant_id: M.id, variant_label: 'M' });
    const staffView = await call('GET', `${ADMIN_API}/orders/${placed.id}`, manager);
    expect(staffView.json().data.items[0]).toMatchObject({
      variant_id: M.id,
      variant_kind: 'size',
      variant_label: 'M',
    });
    expect((await call('POST', `/orders/${placed.id}/cancel`, buyer)).statusCode).toBe(200);
    expect(await variantStock(M.id)).toBe(1);
    expect(await stockOf(testApp.app, product.id)).toBe(7);
  });

  it('keeps a line per size in the cart: the same size adds up, another size is another line', async () => {
    const { product, name, S, M } = await sizedTee(5);
    const shopper = await createShopper(testApp.app);
    await call('POST', '/addToCart', shopper, { product_id: product.id, variant_id: M.id, quantity: 1 });
    await call('POST', '/addToCart', shopper, { product_id: product.id, variant_id: S.id, quantity: 1 });
    const again = await call('POST', '/addToCart', shopper, { product_id: product.id, variant_id: M.id, quantity: 2 });
    expect(again.statusCode, again.body).toBe(200);
    const lines = (again.json().data as { variant_id: number; quantity: number; variant: { label: string } }[]).map(
      (line) => [line.variant.label, line.quantity],
    );
    expect(lines).toEqual([
      ['M', 3],
      ['S', 1],
    ]);
    expect(again.json().item_count).toBe(4);
    // Past the size's own stock (5 of M) is refused on the quantity, naming the size.
    const tooMany = await call('POST', '/addToCart', shopper, {
      product_id: product.id,
      variant_id: M.id,
      quantity: 3,
    });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json()).toMatchObject({ field: 'quantity', message: `Only 5 of ${name} (M) left in stock` });
  });

  it('prices a size from the server, its own price when it has one, whatever the request says', async () => {
    const { product, L, S } = await sizedTee(3);
    const shopper = await createShopper(testApp.app);
    const added = await call('POST', '/addToCart', shopper, {
      product_id: product.id,
      variant_id: L.id,
      quantity: 2,
      price: 100,
      line_total: 200,
    });
    expect(added.statusCode).toBe(200);
    await call('POST', '/addToCart', shopper, { product_id: product.id, variant_id: S.id, quantity: 1, price: 100 });
    const cart = (await call('GET', '/getCartItems', shopper)).json();
    expect(cart.data.map((line: { line_total: number }) => line.line_total)).toEqual([74_900 * 2, 59_900]);
    expect(cart.subtotal).toBe(74_900 * 2 + 59_900);
    const ordered = await call('POST', '/completeOrder', shopper, {
      address: validAddress,
      payment_method: 'cod',
      items: [{ product_id: product.id, variant_id: L.id, price: 100 }],
      subtotal: 100,
    });
    expect(ordered.statusCode, ordered.body).toBe(201);
    const order = ordered.json().data;
    expect(
      order.items.map((item: { variant_label: string; price: number }) => [item.variant_label, item.price]),
    ).toEqual([
      ['S', 59_900],
      ['L', 74_900],
    ]);
    expect(order.subtotal).toBe(74_900 * 2 + 59_900);
    const stored = await testApp.app.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(stored.map((item) => item.price).sort()).toEqual([59_900, 74_900]);
  });

  it('refuses a size of another product, or none for a product that has sizes, naming variant_id', async () => {
    const { product } = await sizedTee(3);
    const other = await sizedTee(3);
    const plain = await productNamed(testApp.app, 'Crew Call Sheet Tote');
    const shopper = await createShopper(testApp.app);
    const foreign = await call('POST', '/addToCart', shopper, {
      product_id: product.id,
      variant_id: other.M.id,
      quantity: 1,
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({ field: 'variant_id', message: 'This product has no such size or colour' });
    const none = await call('POST', '/addToCart', shopper, { product_id: product.id, quantity: 1 });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ field: 'variant_id', message: 'Choose a size or colour first' });
    const onPlain = await call('POST', '/addToCart', shopper, {
      product_id: plain.id,
      variant_id: other.M.id,
      quantity: 1,
    });
    expect(onPlain.statusCode).toBe(400);
    expect(onPlain.json()).toMatchObject({ field: 'variant_id' });
    // Nothing was put in the cart.
    expect((await call('GET', '/getCartItems', shopper)).json().data).toEqual([]);

    // From the wishlist, too: a sized product moves to the cart only with one of its own sizes.
    await call('POST', '/addToWishlist', shopper, { product_id: product.id });
    const [item] = (await call('GET', '/getWishlistItems', shopper)).json().data as { id: number }[];
    const unsized = await call('POST', `/wishlist/${item!.id}/move-to-cart`, shopper);
    expect(unsized.statusCode).toBe(400);
    expect(unsized.json()).toMatchObject({ field: 'variant_id' });
    const moved = await call('POST', `/wishlist/${item!.id}/move-to-cart`, shopper, {
      variant_id: (await sizedTeeVariant(product.id, 'M')).id,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().cart.data).toMatchObject([{ product_id: product.id, variant: { label: 'M' }, quantity: 1 }]);
    expect(moved.json().wishlist.data).toEqual([]);
  });

  it('shows a product’s sizes on its page, and staff edit them: stock, price, a size added and one removed', async () => {
    const { product, S, M, L } = await sizedTee(0);
    const page = await testApp.app.inject({ url: `/backend/api/api/v1/getProduct/${product.id}` });
    expect(
      page.json().data.variants.map((variant: { label: string; stock: number }) => [variant.label, variant.stock]),
    ).toEqual([
      ['S', 4],
      ['M', 0],
      ['L', 2],
    ]);
    const keeper = await createShopper(testApp.app);
    await call('POST', '/addToWishlist', keeper, { product_id: product.id });

    const edited = await call('PUT', `${ADMIN_API}/products/${product.id}`, manager, {
      name: `Crew Tee ${productCount}`,
      category: 'Apparel',
      mrp: 89_900,
      price: 59_900,
      stock: 0,
      variants: [
        { id: S.id, kind: 'size', label: 'S', sku: `CREW-${productCount}-S`, stock: 4 },
        { id: M.id, kind: 'size', label: 'M', sku: `CREW-${productCount}-M`, stock: 5, price: 64_900 },
        { kind: 'size', label: 'XL', sku: `CREW-${productCount}-XL`, stock: 1 },
      ],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const after = edited.json().data;
    expect(
      after.variants.map((variant: { label: string; stock: number; price: number | null }) => [
        variant.label,
        variant.stock,
        variant.price,
      ]),
    ).toEqual([
      ['S', 4, null],
      ['M', 5, 64_900],
      ['XL', 1, null],
    ]);
    expect(after.stock).toBe(10);
    expect(await testApp.app.db.select().from(productVariants).where(eq(productVariants.id, L.id))).toEqual([]);
    // The public page shows the change at once, although it is cached.
    const shown = await testApp.app.inject({ url: `/backend/api/api/v1/getProduct/${product.id}` });
    expect(shown.json().data.variants.map((variant: { label: string }) => variant.label)).toEqual(['S', 'M', 'XL']);

    // Size M came back: its keeper hears of that size.
    const notices = (await call('GET', '/notifications', keeper)).json().data as { title: string; link: string }[];
    expect(notices.filter((notice) => notice.title.endsWith('is back in stock'))).toMatchObject([
      { title: `Crew Tee ${productCount} (M) is back in stock`, link: `/shop/${product.id}?variant=${M.id}` },
    ]);

    // A taken SKU and a size twice are refused on their fields.
    const taken = await call('PUT', `${ADMIN_API}/products/${product.id}`, manager, {
      name: `Crew Tee ${productCount}`,
      category: 'Apparel',
      mrp: 89_900,
      price: 59_900,
      stock: 0,
      variants: [{ kind: 'size', label: 'S', sku: 'CREW-1-S', stock: 1 }],
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ field: 'variants.0.sku' });
    const twice = await call('PUT', `${ADMIN_API}/products/${product.id}`, manager, {
      name: `Crew Tee ${productCount}`,
      category: 'Apparel',
      mrp: 89_900,
      price: 59_900,
      stock: 0,
      variants: [
        { kind: 'size', label: 'S', sku: 'CREW-X-S', stock: 1 },
        { kind: 'size', label: 's', sku: 'CREW-X-S2', stock: 1 },
      ],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toMatchObject({ field: 'variants.1.label' });
  });
});

async function sizedTeeVariant(productId: number, label: string) {
  const rows = await testApp.app.db.select().from(productVariants).where(eq(productVariants.productId, productId));
  return rows.find((row) => row.label === label)!;
}
