import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Cart } from '@/contract/cart';
import { ApiError, NetworkError } from '@/lib/api-client';
import Dexie from 'dexie';
import type { Product } from '@/contract/catalog';
import { applyCartEdits, cartOutbox, type CartAction, type CartEdit } from '@/features/cart/api/cart-outbox';
import {
  applyWishlistEdits,
  wishlistOutbox,
  type WishlistAction,
  type WishlistEdit,
} from '@/features/wishlist/api/wishlist-outbox';
import { createDatabase, db } from '@/offline/db';
import { claimEntries, clearOwnerEntries, entriesOfKind, enqueue, listEntries, updateEntry } from '@/offline/outbox';
import { ownerOfUser, type OutboxOwner } from '@/offline/outbox-types';
import { backoffMs, decideAfterFailure } from '@/offline/retry-policy';
import { testProduct } from './test-product';

const product = testProduct;

const USER = ownerOfUser(7);

beforeEach(async () => {
  await db.entries.clear();
});

/** Queues a cart or wishlist edit as the features do. */
function queueEdit(
  owner: OutboxOwner,
  action: CartAction | WishlistAction,
  shown: Product,
  outbox: { enqueue: typeof enqueue } = { enqueue },
): Promise<void> {
  if (action.kind.startsWith('cart')) {
    return outbox.enqueue(cartOutbox, owner, { action: action as CartAction, product: shown });
  }
  return outbox.enqueue(wishlistOutbox, owner, { action: action as WishlistAction, product: shown });
}

async function actions() {
  return (await listEntries(USER)).map((entry) => (entry.payload as CartEdit | WishlistEdit).action);
}

describe('outbox merge rules', () => {
  it('sums two adds of the same product and keeps other products apart', async () => {
    await queueEdit(USER, { kind: 'cart.add', productId: 1, quantity: 1, wasPresent: false }, product(1));
    await queueEdit(USER, { kind: 'cart.add', productId: 1, quantity: 2, wasPresent: true }, product(1));
    await queueEdit(USER, { kind: 'cart.add', productId: 2, quantity: 1, wasPresent: false }, product(2));
    expect(await actions()).toEqual([
      { kind: 'cart.add', productId: 1, quantity: 3, wasPresent: false },
      { kind: 'cart.add', productId: 2, quantity: 1, wasPresent: false },
    ]);
  });

  it('cancels an add then remove of a product that was not in the cart, but keeps the removal of one that was', async () => {
    await queueEdit(USER, { kind: 'cart.add', productId: 1, quantity: 1, wasPresent: false }, product(1));
    await queueEdit(USER, { kind: 'cart.remove', productId: 1 }, product(1));
    expect(await actions()).toEqual([]);
    await queueEdit(USER, { kind: 'cart.add', productId: 2, quantity: 1, wasPresent: true }, product(2));
    await queueEdit(USER, { kind: 'cart.remove', productId: 2 }, product(2));
    expect(await actions()).toEqual([{ kind: 'cart.remove', productId: 2 }]);
  });

  it('turns an add then a quantity change into one add, and a remove then add into a set', async () => {
    await queueEdit(USER, { kind: 'cart.add', productId: 1, quantity: 1, wasPresent: false }, product(1));
    await queueEdit(USER, { kind: 'cart.set', productId: 1, quantity: 4 }, product(1));
    await queueEdit(USER, { kind: 'cart.remove', productId: 3 }, product(3));
    await queueEdit(USER, { kind: 'cart.add', productId: 3, quantity: 2, wasPresent: false }, product(3));
    expect(await actions()).toEqual([
      { kind: 'cart.add', productId: 1, quantity: 4, wasPresent: false },
      { kind: 'cart.set', productId: 3, quantity: 2 },
    ]);
  });

  it('cancels a wishlist toggle on and off, and never merges into an entry that may have been sent', async () => {
    await queueEdit(USER, { kind: 'wishlist.add', productId: 5, wasPresent: false }, product(5));
    await queueEdit(USER, { kind: 'wishlist.remove', productId: 5 }, product(5));
    expect(await actions()).toEqual([]);

    await queueEdit(USER, { kind: 'cart.add', productId: 1, quantity: 1, wasPresent: false }, product(1));
    const [sent] = await listEntries(USER);
    await updateEntry(sent?.id ?? 0, { attempts: 1 });
    await queueEdit(USER, { kind: 'cart.remove', productId: 1 }, product(1));
    expect(await actions()).toEqual([
      { kind: 'cart.add', productId: 1, quantity: 1, wasPresent: false },
      { kind: 'cart.remove', productId: 1 },
    ]);
  });

  it('sends an entry as it is when claimed, not as it was when the replayer listed it', async () => {
    await queueEdit(USER, { kind: 'wishlist.remove', productId: 5 }, product(5));
    const [listed] = await listEntries(USER);
    // The user adds it back before the replayer gets to the entry: the two merge into one add.
    await queueEdit(USER, { kind: 'wishlist.add', productId: 5, wasPresent: false }, product(5));
    const claimed = (await claimEntries([listed?.id ?? 0])).get(listed?.id ?? 0);
    expect((claimed?.payload as WishlistEdit).action).toEqual({ kind: 'wishlist.add', productId: 5, wasPresent: true });
    expect(claimed?.attempts).toBe(1);
    // Claimed entries are never merged into again.
    await queueEdit(USER, { kind: 'wishlist.remove', productId: 5 }, product(5));
    expect(await actions()).toHaveLength(2);
  });

  it('keeps each user’s entries apart and deletes them on logout', async () => {
    await queueEdit(USER, { kind: 'wishlist.add', productId: 5, wasPresent: false }, product(5));
    await queueEdit(ownerOfUser(99), { kind: 'wishlist.add', productId: 5, wasPresent: false }, product(5));
    await clearOwnerEntries(USER);
    expect(await listEntries(USER)).toEqual([]);
    expect(await listEntries(ownerOfUser(99))).toHaveLength(1);
  });

  it('gives every entry its own Idempotency-Key when the user acts', async () => {
    await queueEdit(USER, { kind: 'cart.add', productId: 1, quantity: 1, wasPresent: false }, product(1));
    await queueEdit(USER, { kind: 'cart.add', productId: 2, quantity: 1, wasPresent: false }, product(2));
    const keys = (await listEntries(USER)).map((entry) => entry.idempotencyKey);
    expect(new Set(keys).size).toBe(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('keeps the key of an action tried online first, and neither merges it nor merges into it', async () => {
    await queueEdit(USER, { kind: 'cart.add', productId: 1, quantity: 1, wasPresent: false }, product(1));
    const tried = { action: { kind: 'cart.add', productId: 1, quantity: 2, wasPresent: true }, product: product(1) };
    await enqueue(cartOutbox, USER, tried as CartEdit, { idempotencyKey: 'pressed-once', sent: true });
    await queueEdit(USER, { kind: 'cart.remove', productId: 1 }, product(1));
    const entries = await listEntries(USER);
    expect(entries.map((entry) => (entry.payload as CartEdit).action.kind)).toEqual([
      'cart.add',
      'cart.add',
      'cart.remove',
    ]);
    expect(entries[1]).toMatchObject({ idempotencyKey: 'pressed-once', attempts: 1 });

    // Not sent (the device knew it was offline): recorded with its key, and open to merging as any other.
    await db.entries.clear();
    await enqueue(cartOutbox, USER, tried as CartEdit, { idempotencyKey: 'offline-press', sent: false });
    await queueEdit(USER, { kind: 'cart.add', productId: 1, quantity: 1, wasPresent: true }, product(1));
    expect(await listEntries(USER)).toMatchObject([
      { idempotencyKey: 'offline-press', attempts: 0, payload: { action: { quantity: 3 } } },
    ]);
  });
});

describe('what the user sees', () => {
  it('applies queued edits to the server cart and recomputes the totals', async () => {
    const server: Cart = {
      data: [
        {
          id: 11,
          product_id: 1,
          quantity: 1,
          line_total: 10_000,
          product: product(1),
          variant_id: null,
          variant: null,
        },
      ],
      subtotal: 10_000,
      item_count: 1,
    };
    await queueEdit(USER, { kind: 'cart.add', productId: 1, quantity: 2, wasPresent: true }, product(1));
    await queueEdit(USER, { kind: 'cart.add', productId: 2, quantity: 1, wasPresent: false }, product(2, 25_000));
    const shown = applyCartEdits(server, entriesOfKind(await listEntries(USER), cartOutbox));
    expect(shown?.data.map((line) => [line.product_id, line.quantity, line.line_total])).toEqual([
      [1, 3, 30_000],
      [2, 1, 25_000],
    ]);
    expect(shown?.subtotal).toBe(55_000);
    expect(shown?.item_count).toBe(4);
    expect(shown?.data[1]?.id).toBeLessThan(0);

    await queueEdit(USER, { kind: 'wishlist.add', productId: 9, wasPresent: false }, product(9));
    expect(
      applyWishlistEdits({ data: [] }, entriesOfKind(await listEntries(USER), wishlistOutbox))?.data.map(
        (item) => item.product_id,
      ),
    ).toEqual([9]);
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
    const add = { kind: 'cart.add', productId: 1, quantity: 1, wasPresent: false } as const;
    await queueEdit(USER, add, product(1), fresh);
    await queueEdit(USER, add, product(1), fresh);
    const listed = async () => (await fresh.listEntries(USER)).map((entry) => (entry.payload as CartEdit).action);
    expect(await listed()).toEqual([{ kind: 'cart.add', productId: 1, quantity: 2, wasPresent: false }]);
    expect(await freshDb.entries.count()).toBe(0);
    await fresh.clearOwnerEntries(USER);
    expect(await listed()).toEqual([]);
  });

  it('leaves the modules the app started with on IndexedDB', async () => {
    await queueEdit(USER, { kind: 'cart.add', productId: 3, quantity: 1, wasPresent: false }, product(3));
    expect(await db.entries.count()).toBe(1);
  });
});

describe('a device that queued edits with the earlier app', () => {
  it('moves its cart, wishlist and contact entries into the one outbox, in the order made, keys kept', async () => {
    const name = 'cineverse-before-one-outbox';
    const before = new Dexie(name);
    before.version(1).stores({ keyval: 'key', outbox: '++id, userId' });
    before.version(2).stores({ contactOutbox: '++id' });
    const common = { attempts: 0, nextAttemptAt: 0 };
    await before.table('outbox').bulkAdd([
      {
        userId: 7,
        action: { kind: 'cart.add', productId: 1, quantity: 2, wasPresent: false },
        product: product(1),
        idempotencyKey: 'k-cart',
        createdAt: 1,
        ...common,
      },
      {
        userId: 7,
        action: { kind: 'wishlist.add', productId: 4, wasPresent: false },
        product: product(4),
        idempotencyKey: 'k-wish',
        createdAt: 3,
        ...common,
      },
    ]);
    await before.table('contactOutbox').add({
      message: { name: 'Asha', email: 'asha@example.in', message: 'Hello there, team' },
      idempotencyKey: 'k-contact',
      createdAt: 2,
      ...common,
    });
    before.close();

    const after = createDatabase(name);
    const entries = await after.entries.orderBy('id').toArray();
    expect(entries.map(({ kind, owner, lane, idempotencyKey }) => ({ kind, owner, lane, idempotencyKey }))).toEqual([
      { kind: 'cart', owner: 'user:7', lane: 'product:1', idempotencyKey: 'k-cart' },
      { kind: 'contact', owner: 'anyone', lane: 'contact', idempotencyKey: 'k-contact' },
      { kind: 'wishlist', owner: 'user:7', lane: 'product:4', idempotencyKey: 'k-wish' },
    ]);
    expect(entries[0]!.payload).toEqual({
      action: { kind: 'cart.add', productId: 1, quantity: 2, wasPresent: false },
      product: product(1),
    });
    expect(after.tables.map((table) => table.name).sort()).toEqual(['drafts', 'entries', 'keyval', 'tapes']);
    after.close();
  });
});
