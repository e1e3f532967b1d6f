import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Cart } from '@/contract/cart';
import { ApiError, NetworkError } from '@/lib/api-client';
import { db } from '@/offline/db';
import { claimEntries, clearUserEntries, enqueue, listEntries, updateEntry } from '@/offline/outbox';
import { applyCartEdits, applyWishlistEdits } from '@/offline/outbox-merge';
import { backoffMs, decideAfterFailure } from '@/offline/retry-policy';
import { testProduct } from './test-product';

const product = testProduct;

const USER = 7;

beforeEach(async () => {
  await db.outbox.clear();
});

async function actions() {
  return (await listEntries(USER)).map((entry) => entry.action);
}

describe('outbox merge rules', () => {
  it('sums two adds of the same product and keeps other products apart', async () => {
    await enqueue(USER, { kind: 'cart.add', productId: 1, quantity: 1, wasPresent: false }, product(1));
    await enqueue(USER, { kind: 'cart.add', productId: 1, quantity: 2, wasPresent: true }, product(1));
    await enqueue(USER, { kind: 'cart.add', productId: 2, quantity: 1, wasPresent: false }, product(2));
    expect(await actions()).toEqual([
      { kind: 'cart.add', productId: 1, quantity: 3, wasPresent: false },
      { kind: 'cart.add', productId: 2, quantity: 1, wasPresent: false },
    ]);
  });

  it('cancels an add then remove of a product that was not in the cart, but keeps the removal of one that was', async () => {
    await enqueue(USER, { kind: 'cart.add', productId: 1, quantity: 1, wasPresent: false }, product(1));
    await enqueue(USER, { kind: 'cart.remove', productId: 1 }, product(1));
    expect(await actions()).toEqual([]);
    await enqueue(USER, { kind: 'cart.add', productId: 2, quantity: 1, wasPresent: true }, product(2));
    await enqueue(USER, { kind: 'cart.remove', productId: 2 }, product(2));
    expect(await actions()).toEqual([{ kind: 'cart.remove', productId: 2 }]);
  });

  it('turns an add then a quantity change into one add, and a remove then add into a set', async () => {
    await enqueue(USER, { kind: 'cart.add', productId: 1, quantity: 1, wasPresent: false }, product(1));
    await enqueue(USER, { kind: 'cart.set', productId: 1, quantity: 4 }, product(1));
    await enqueue(USER, { kind: 'cart.remove', productId: 3 }, product(3));
    await enqueue(USER, { kind: 'cart.add', productId: 3, quantity: 2, wasPresent: false }, product(3));
    expect(await actions()).toEqual([
      { kind: 'cart.add', productId: 1, quantity: 4, wasPresent: false },
      { kind: 'cart.set', productId: 3, quantity: 2 },
    ]);
  });

  it('cancels a wishlist toggle on and off, and never merges into an entry that may have been sent', async () => {
    await enqueue(USER, { kind: 'wishlist.add', productId: 5, wasPresent: false }, product(5));
    await enqueue(USER, { kind: 'wishlist.remove', productId: 5 }, product(5));
    expect(await actions()).toEqual([]);

    await enqueue(USER, { kind: 'cart.add', productId: 1, quantity: 1, wasPresent: false }, product(1));
    const [sent] = await listEntries(USER);
    await updateEntry(sent?.id ?? 0, { attempts: 1 });
    await enqueue(USER, { kind: 'cart.remove', productId: 1 }, product(1));
    expect(await actions()).toEqual([
      { kind: 'cart.add', productId: 1, quantity: 1, wasPresent: false },
      { kind: 'cart.remove', productId: 1 },
    ]);
  });

  it('sends an entry as it is when claimed, not as it was when the replayer listed it', async () => {
    await enqueue(USER, { kind: 'wishlist.remove', productId: 5 }, product(5));
    const [listed] = await listEntries(USER);
    // The user adds it back before the replayer gets to the entry: the two merge into one add.
    await enqueue(USER, { kind: 'wishlist.add', productId: 5, wasPresent: false }, product(5));
    const claimed = (await claimEntries([listed?.id ?? 0])).get(listed?.id ?? 0);
    expect(claimed?.action).toEqual({ kind: 'wishlist.add', productId: 5, wasPresent: true });
    expect(claimed?.attempts).toBe(1);
    // Claimed entries are never merged into again.
    await enqueue(USER, { kind: 'wishlist.remove', productId: 5 }, product(5));
    expect(await actions()).toHaveLength(2);
  });

  it('keeps each user’s entries apart and deletes them on logout', async () => {
    await enqueue(USER, { kind: 'wishlist.add', productId: 5, wasPresent: false }, product(5));
    await enqueue(99, { kind: 'wishlist.add', productId: 5, wasPresent: false }, product(5));
    await clearUserEntries(USER);
    expect(await listEntries(USER)).toEqual([]);
    expect(await listEntries(99)).toHaveLength(1);
  });

  it('gives every entry its own Idempotency-Key when the user acts', async () => {
    await enqueue(USER, { kind: 'cart.add', productId: 1, quantity: 1, wasPresent: false }, product(1));
    await enqueue(USER, { kind: 'cart.add', productId: 2, quantity: 1, wasPresent: false }, product(2));
    const keys = (await listEntries(USER)).map((entry) => entry.idempotencyKey);
    expect(new Set(keys).size).toBe(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('what the user sees', () => {
  it('applies queued edits to the server cart and recomputes the totals', async () => {
    const server: Cart = {
      data: [{ id: 11, product_id: 1, quantity: 1, line_total: 10_000, product: product(1) }],
      subtotal: 10_000,
      item_count: 1,
    };
    await enqueue(USER, { kind: 'cart.add', productId: 1, quantity: 2, wasPresent: true }, product(1));
    await enqueue(USER, { kind: 'cart.add', productId: 2, quantity: 1, wasPresent: false }, product(2, 25_000));
    const shown = applyCartEdits(server, await listEntries(USER));
    expect(shown?.data.map((line) => [line.product_id, line.quantity, line.line_total])).toEqual([
      [1, 3, 30_000],
      [2, 1, 25_000],
    ]);
    expect(shown?.subtotal).toBe(55_000);
    expect(shown?.item_count).toBe(4);
    expect(shown?.data[1]?.id).toBeLessThan(0);

    await enqueue(USER, { kind: 'wishlist.add', productId: 9, wasPresent: false }, product(9));
    expect(applyWishlistEdits({ data: [] }, await listEntries(USER))?.data.map((item) => item.product_id)).toEqual([9]);
  });
});

describe('replay decisions', () => {
  it('retries network errors and server errors, waits for login on 401 and drops other refusals', () => {
    expect(decideAfterFailure(new NetworkError(new TypeError('offline')))).toBe('retry');
    expect(decideAfterFailure(new ApiError(500, 'Internal Server Error'))).toBe('retry');
    expect(decideAfterFailure(new ApiError(503, 'Unavailable'))).toBe('retry');
    expect(decideAfterFailure(new ApiError(429, 'Slow down'))).toBe('retry');
    expect(decideAfterFailure(new ApiError(401, 'Please log in'))).toBe('wait-for-login');
    expect(decideAfterFailure(new ApiError(409, 'Only 2 left in stock', 'quantity'))).toBe('drop');
    expect(decideAfterFailure(new ApiError(404, 'This product is no longer available', 'product_id'))).toBe('drop');
    expect(decideAfterFailure(new ApiError(422, 'used for a different request', 'Idempotency-Key'))).toBe('done');
  });

  it('backs off 1, 2, 4 seconds and at most a minute', () => {
    expect([1, 2, 3, 7, 20].map(backoffMs)).toEqual([1000, 2000, 4000, 60_000, 60_000]);
  });
});

describe('without IndexedDB', () => {
  it('keeps merging and listing edits in memory after storage fails', async () => {
    // Fresh copies of the offline modules: the failure reported here stays in them, not in the ones the other tests
    // of this file use.
    vi.resetModules();
    const { db: freshDb, reportStorageFailure } = await import('@/offline/db');
    const fresh = await import('@/offline/outbox');
    reportStorageFailure(new Error('QuotaExceededError'));
    await fresh.enqueue(USER, { kind: 'cart.add', productId: 1, quantity: 1, wasPresent: false }, product(1));
    await fresh.enqueue(USER, { kind: 'cart.add', productId: 1, quantity: 1, wasPresent: false }, product(1));
    const listed = async () => (await fresh.listEntries(USER)).map((entry) => entry.action);
    expect(await listed()).toEqual([{ kind: 'cart.add', productId: 1, quantity: 2, wasPresent: false }]);
    expect(await freshDb.outbox.count()).toBe(0);
    await fresh.clearUserEntries(USER);
    expect(await listed()).toEqual([]);
  });

  it('leaves the modules the app started with on IndexedDB', async () => {
    await enqueue(USER, { kind: 'cart.add', productId: 3, quantity: 1, wasPresent: false }, product(3));
    expect(await db.outbox.count()).toBe(1);
  });
});
