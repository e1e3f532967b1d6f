import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/src/db/client.js';
import { profiles, siteSettings } from '../../server/src/db/schema.js';
import { productListResponseSchema, productResponseSchema } from '../../src/contract/catalog.js';
import { profileListResponseSchema } from '../../src/contract/profiles.js';
import { homeDataSchema } from '../../src/contract/site.js';
import { createShopper, productNamed, stockOf, USER_API, validAddress } from './shop-helpers.js';
import { createTestApp, type TestApp } from './test-app.js';

// The server as it runs for real: public reads answered from memory.
let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({ readCache: true });
});
afterAll(async () => {
  await testApp.close();
});

/**
 * A write that sends no change notice, as a hand edit with the table's trigger off would: on PostgreSQL every other
 * write drops the cached copies at once (plugins/change-notices.ts), and these tests prove the copies are kept.
 */
async function withoutNotice(table: string, write: (tx: Database) => Promise<unknown>): Promise<void> {
  await testApp.app.db.transaction(async (tx) => {
    await tx.execute(sql.raw(`alter table ${table} disable trigger ${table}_notify`));
    await write(tx);
    await tx.execute(sql.raw(`alter table ${table} enable trigger ${table}_notify`));
  });
}

async function get(url: string, headers: Record<string, string> = {}) {
  const response = await testApp.app.inject({ method: 'GET', url, headers });
  expect(response.statusCode, url).toBe(200);
  return response;
}

const productPage = async (id: number) =>
  productResponseSchema.parse((await get(`/backend/api/api/v1/getProduct/${id}`)).json()).data;

describe('cached public reads', () => {
  it('answers the home data from memory, as JSON that matches the contract, compressed when asked', async () => {
    const first = await get('/backend/api/getHomeData');
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    const siteName = homeDataSchema.parse(first.json()).site_settings.site_name;
    await withoutNotice('site_settings', (tx) =>
      tx.update(siteSettings).set({ siteName: 'Edited Meanwhile' }).where(eq(siteSettings.id, 1)),
    );
    const again = await get('/backend/api/getHomeData', { 'accept-encoding': 'br' });
    expect(again.headers['content-encoding']).toBe('br');
    expect(again.headers['content-type']).toBe('application/json; charset=utf-8');
    // The edit shows once the cached copy expires (a minute at most); until then every visitor gets the same bytes.
    const plain = await get('/backend/api/getHomeData');
    expect(homeDataSchema.parse(plain.json()).site_settings.site_name).toBe(siteName);
    expect(plain.body).toBe(first.body);
  });

  it('compresses a cached answer in the encoding the client takes, to the same JSON', async () => {
    const plain = await get('/backend/api/getProduct');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const cases = [
      { accept: 'gzip, deflate, br', encoding: 'br', decode: brotliDecompressSync },
      { accept: 'br;q=0, gzip', encoding: 'gzip', decode: gunzipSync },
      { accept: 'gzip', encoding: 'gzip', decode: gunzipSync },
    ] as const;
    for (const { accept, encoding, decode } of cases) {
      const response = await get('/backend/api/getProduct', { 'accept-encoding': accept });
      expect(response.headers['content-encoding'], accept).toBe(encoding);
      expect(response.headers.vary, accept).toContain('accept-encoding');
      expect(decode(response.rawPayload).toString(), accept).toBe(plain.body);
    }
    const refused = await get('/backend/api/getProduct', { 'accept-encoding': 'identity' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body).toBe(plain.body);
  });

  it('shows the new stock on the product page and in the list as soon as an order takes it', async () => {
    const shopper = await createShopper(testApp.app);
    const poster = await productNamed(testApp.app, 'Golden Era Bollywood Poster Set');
    const listUrl = `/backend/api/getProduct?search=${encodeURIComponent('golden era')}`;
    const listed = async () =>
      productListResponseSchema.parse((await get(listUrl)).json()).data.find((item) => item.id === poster.id)?.stock;
    const before = await productPage(poster.id);
    expect(await listed()).toBe(before.stock);

    const added = await testApp.app.inject({
      method: 'POST',
      url: `${USER_API}/addToCart`,
      headers: shopper.headers,
      payload: { product_id: poster.id, quantity: 3 },
    });
    expect(added.statusCode).toBe(200);
    const placed = await testApp.app.inject({
      method: 'POST',
      url: `${USER_API}/completeOrder`,
      headers: shopper.headers,
      payload: { address: validAddress, payment_method: 'cod' },
    });
    expect(placed.statusCode).toBe(201);

    expect(await stockOf(testApp.app, poster.id)).toBe(before.stock - 3);
    expect((await productPage(poster.id)).stock).toBe(before.stock - 3);
    expect(await listed()).toBe(before.stock - 3);

    const orderId = (placed.json() as { data: { id: number } }).data.id;
    const cancelled = await testApp.app.inject({
      method: 'POST',
      url: `${USER_API}/orders/${orderId}/cancel`,
      headers: shopper.headers,
    });
    expect(cancelled.statusCode).toBe(200);
    expect((await productPage(poster.id)).stock).toBe(before.stock);
    expect(await listed()).toBe(before.stock);
  });

  it('still answers 404 for a product that does not exist, every time', async () => {
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const response = await testApp.app.inject({ method: 'GET', url: '/backend/api/api/v1/getProduct/999999' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        message: 'This product does not exist or is no longer sold',
        code: 'product_not_sold',
      });
    }
  });

  it('answers a directory search from memory, and shows a member’s own change at once', async () => {
    const search = '/backend/api/api/v1/profiles?category=Artist&city=pune&per_page=48';
    const first = await get(search);
    const before = profileListResponseSchema.parse(first.json());
    // A change behind the server's back does not show: the answer comes from memory.
    await withoutNotice('profiles', (tx) =>
      tx.update(profiles).set({ headline: 'Changed behind its back' }).where(eq(profiles.city, 'Pune')),
    );
    expect((await get(search)).body).toBe(first.body);
    const member = await createShopper(testApp.app, 'Cached Member');
    const created = await testApp.app.inject({
      method: 'PUT',
      url: `${USER_API}/me/profile`,
      headers: { ...member.headers, 'content-type': 'application/json' },
      payload: JSON.stringify({
        kind: 'person',
        handle: 'cached-member',
        display_name: 'Cached Member',
        category: 'Artist',
        city: 'Pune',
      }),
    });
    expect(created.statusCode).toBe(200);
    // Spelled otherwise, the same search: the new member is there at once, as every change clears the copies.
    const after = profileListResponseSchema.parse(
      (await get('/backend/api/api/v1/profiles?category=artist&city=PUNE&per_page=48')).json(),
    );
    expect(after.meta.total).toBe(before.meta.total + 1);
    expect(after.data.map((card) => card.handle)).toContain('cached-member');
  });
});
