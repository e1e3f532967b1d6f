import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '@/offline/db';
import { listEntries } from '@/offline/outbox';
import type { OutboxAction, OutboxEntry } from '@/offline/outbox-types';
import { replayOutbox } from '@/offline/replayer';
import { testProduct } from './test-product';

const USER = 11;

const product = testProduct;

/** Entries stored as the app leaves them, without merging, so each one is a request. */
async function queue(actions: OutboxAction[]): Promise<void> {
  const now = Date.now();
  const entries: OutboxEntry[] = actions.map((action, index) => ({
    userId: USER,
    action,
    product: product(action.productId),
    idempotencyKey: `key-${index}`,
    createdAt: now + index,
    attempts: 0,
    nextAttemptAt: 0,
  }));
  await db.outbox.bulkAdd(entries);
}

interface Call {
  path: string;
  productId: number;
  started: number;
  ended: number;
}

/** A server that answers after a few milliseconds, recording when each request started and ended. */
function fakeServer(fails: (body: { product_id: number }) => boolean = () => false) {
  const calls: Call[] = [];
  let clock = 0;
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const body = JSON.parse(String(init.body)) as { product_id: number };
    const call: Call = {
      path: new URL(url, 'http://x').pathname,
      productId: body.product_id,
      started: ++clock,
      ended: 0,
    };
    calls.push(call);
    await new Promise((resolve) => setTimeout(resolve, 5));
    call.ended = ++clock;
    if (fails(body)) return new Response(JSON.stringify({ message: 'Try later' }), { status: 503 });
    // Each cart answer tells which request it answers (its totals name the product), so a test sees which one won.
    const payload = call.path.endsWith('/addToWishlist')
      ? { data: [] }
      : { data: [], subtotal: body.product_id * 100, item_count: body.product_id };
    return new Response(JSON.stringify(payload), { status: 200 });
  });
  return calls;
}

const hooks = () => ({ onDropped: vi.fn(), onAcknowledged: vi.fn(), onSettled: vi.fn(), scheduleRetry: vi.fn() });

beforeEach(async () => {
  await db.outbox.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('outbox replay', () => {
  it("sends each product's edits in order, different products side by side, and deletes them once acknowledged", async () => {
    await queue([
      { kind: 'cart.add', productId: 1, quantity: 1, wasPresent: false },
      { kind: 'cart.add', productId: 2, quantity: 1, wasPresent: false },
      { kind: 'wishlist.add', productId: 1, wasPresent: false },
      { kind: 'cart.add', productId: 3, quantity: 2, wasPresent: false },
    ]);
    const calls = fakeServer();
    const replayHooks = hooks();
    await replayOutbox(USER, replayHooks);

    expect(calls).toHaveLength(4);
    const [cartOne, wishOne] = calls.filter((call) => call.productId === 1);
    expect(cartOne?.path).toMatch(/\/addToCart$/);
    expect(wishOne?.path).toMatch(/\/addToWishlist$/);
    // Product 1's second edit starts only after its first is answered ...
    expect(wishOne!.started).toBeGreaterThan(cartOne!.ended);
    // ... while products 2 and 3 were sent before product 1's first edit was answered.
    for (const other of calls.filter((call) => call.productId !== 1))
      expect(other.started).toBeLessThan(cartOne!.ended);
    expect(await listEntries(USER)).toEqual([]);
    expect(replayHooks.onSettled).toHaveBeenCalledTimes(1);
    // The server's last answers are handed over once the batch is deleted, to show before the refetch: the cart as
    // the last cart call to be answered (product 3's) left it, not the first.
    expect(
      calls.filter((call) => call.path.endsWith('/addToCart')).sort((a, b) => b.ended - a.ended)[0]?.productId,
    ).toBe(3);
    expect(replayHooks.onAcknowledged).toHaveBeenCalledWith({
      cart: { data: [], subtotal: 300, item_count: 3 },
      wishlist: { data: [] },
    });
  });

  it("keeps a failed product's later edits and every later batch for the retry, and deletes only what was acknowledged", async () => {
    const actions: OutboxAction[] = [
      { kind: 'cart.add', productId: 1, quantity: 1, wasPresent: false },
      { kind: 'wishlist.add', productId: 1, wasPresent: false },
      { kind: 'cart.add', productId: 2, quantity: 1, wasPresent: false },
    ];
    // 30 more edits: beyond the first batch of 25, so they wait for the retry.
    for (let id = 10; id < 40; id += 1) actions.push({ kind: 'wishlist.add', productId: id, wasPresent: false });
    await queue(actions);
    const calls = fakeServer((body) => body.product_id === 1);
    const replayHooks = hooks();
    await replayOutbox(USER, replayHooks);

    expect(calls.filter((call) => call.productId === 1)).toHaveLength(1);
    expect(replayHooks.scheduleRetry).toHaveBeenCalledWith(1000);
    const left = await listEntries(USER);
    expect(left.slice(0, 2).map((entry) => entry.action.kind)).toEqual(['cart.add', 'wishlist.add']);
    expect(left[0]?.nextAttemptAt).toBeGreaterThan(Date.now());
    // Sent and deleted: product 2 and the 22 other products of the first batch; the 8 after it are untouched.
    expect(left.some((entry) => entry.action.productId === 2)).toBe(false);
    expect(left).toHaveLength(2 + 8);
    expect(left.slice(2).every((entry) => entry.attempts === 0)).toBe(true);
    expect(calls).toHaveLength(1 + 1 + 22);
  });
});
