import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { cartOutbox, type CartAction } from '@/features/cart/api/cart-outbox';
import { wishlistOutbox, type WishlistAction } from '@/features/wishlist/api/wishlist-outbox';
import { accountKeys } from '@/lib/shop-query-keys';
import { db } from '@/offline/db';
import { enqueue, listEntries } from '@/offline/outbox';
import { ownerOfUser, type OutboxEntry, type OutboxKind } from '@/offline/outbox-types';
import { replayOutbox } from '@/offline/replayer';
import { ApiError } from '@/lib/api-client';
import { testProduct } from './test-product';

const USER = ownerOfUser(11);
type OutboxAction = CartAction | WishlistAction;
const kinds = [cartOutbox, wishlistOutbox];

const product = testProduct;

/** Entries stored as the app leaves them, without merging, so each one is a request. */
async function queue(actions: OutboxAction[]): Promise<void> {
  const now = Date.now();
  const entries: OutboxEntry[] = actions.map((action, index) => ({
    kind: action.kind.startsWith('cart') ? 'cart' : 'wishlist',
    owner: USER,
    lane: `product:${action.productId}`,
    payload: { action, product: product(action.productId) },
    idempotencyKey: `key-${index}`,
    createdAt: now + index,
    attempts: 0,
    nextAttemptAt: 0,
  }));
  await db.entries.bulkAdd(entries);
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

const hooks = () => ({ onDropped: vi.fn(), scheduleRetry: vi.fn() });

let queryClient: QueryClient;
beforeEach(async () => {
  await db.entries.clear();
  queryClient = new QueryClient();
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
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    await replayOutbox(USER, kinds, { queryClient }, replayHooks);

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
    // The cart and the wishlist are fetched again once, when the run ends.
    expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([
      accountKeys.cart(),
      accountKeys.wishlist(),
    ]);
    // The server's last answers are shown once the batch is deleted, before the refetch: the cart as the last cart
    // call to be answered (product 3's) left it, not the first.
    expect(
      calls.filter((call) => call.path.endsWith('/addToCart')).sort((a, b) => b.ended - a.ended)[0]?.productId,
    ).toBe(3);
    expect(queryClient.getQueryData(accountKeys.cart())).toEqual({ data: [], subtotal: 300, item_count: 3 });
    expect(queryClient.getQueryData(accountKeys.wishlist())).toEqual({ data: [] });
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
    await replayOutbox(USER, kinds, { queryClient }, replayHooks);

    expect(calls.filter((call) => call.productId === 1)).toHaveLength(1);
    expect(replayHooks.scheduleRetry).toHaveBeenCalledWith(1000);
    const left = await listEntries(USER);
    expect(left.slice(0, 2).map((entry) => entry.kind)).toEqual(['cart', 'wishlist']);
    expect(left[0]?.nextAttemptAt).toBeGreaterThan(Date.now());
    // Sent and deleted: product 2 and the 22 other products of the first batch; the 8 after it are untouched.
    expect(left.some((entry) => entry.lane === 'product:2')).toBe(false);
    expect(left).toHaveLength(2 + 8);
    expect(left.slice(2).every((entry) => entry.attempts === 0)).toBe(true);
    expect(calls).toHaveLength(1 + 1 + 22);
  });

  it('sends a kind of entry it was never written for, with its own merge rule, lanes and refusal notice', async () => {
    // A kind defined here, as a feature defines its own: the outbox itself has no word of it.
    interface Note {
      topic: string;
      text: string;
    }
    const sent: { note: Note; key: string }[] = [];
    const notes: OutboxKind<Note, { shelf: string[] }> = {
      name: 'note',
      owner: 'anyone',
      laneOf: (note) => note.topic,
      // A newer note on a topic replaces the unsent one.
      merge: (_previous, next) => ({ type: 'replace', payload: next }),
      async send(note, { idempotencyKey, context }) {
        if (note.text === 'refused') throw new ApiError(422, 'Notes may not say that', 'text');
        sent.push({ note, key: idempotencyKey });
        context.shelf.push(note.text);
      },
      refusal: (note, reason) => ({ title: `Note on ${note.topic} not kept`, message: reason }),
      notKept: 'Your note was not saved',
    };
    await enqueue(notes, 'anyone', { topic: 'casting', text: 'first draft' });
    await enqueue(notes, 'anyone', { topic: 'casting', text: 'final' });
    await enqueue(notes, 'anyone', { topic: 'credits', text: 'refused' });
    await enqueue(notes, 'anyone', { topic: 'reels', text: 'kept' });
    const queued = await listEntries('anyone');
    expect(queued.map((entry) => entry.payload)).toEqual([
      { topic: 'casting', text: 'final' },
      { topic: 'credits', text: 'refused' },
      { topic: 'reels', text: 'kept' },
    ]);

    const shelf: string[] = [];
    const replayHooks = hooks();
    await replayOutbox('anyone', [notes], { shelf }, replayHooks);
    expect(sent.map(({ note }) => note.text).sort()).toEqual(['final', 'kept']);
    expect(sent.map(({ key }) => key).sort()).toEqual(
      queued
        .filter((entry) => entry.lane !== 'credits')
        .map((entry) => entry.idempotencyKey)
        .sort(),
    );
    expect(shelf.sort()).toEqual(['final', 'kept']);
    expect(replayHooks.onDropped).toHaveBeenCalledWith({
      title: 'Note on credits not kept',
      message: 'Notes may not say that',
    });
    expect(await listEntries('anyone')).toEqual([]);
  });

  it('sends an action tried online first with the key of that attempt, and tells the person once it is delivered', async () => {
    const keys: string[] = [];
    const letters: OutboxKind<string, null> = {
      name: 'letter',
      owner: 'anyone',
      laneOf: () => 'letters',
      async send(_letter, { idempotencyKey }) {
        keys.push(idempotencyKey);
      },
      delivered: (letter) => ({ title: 'Sent', message: letter }),
      refusal: (_letter, reason) => ({ title: 'Not sent', message: reason }),
      notKept: 'Your letter was not saved',
    };
    await enqueue(letters, 'anyone', 'Dear team', { idempotencyKey: 'pressed-once', sent: true });
    const replayHooks = { ...hooks(), onDelivered: vi.fn() };
    await replayOutbox('anyone', [letters], null, replayHooks);
    expect(keys).toEqual(['pressed-once']);
    expect(replayHooks.onDelivered).toHaveBeenCalledExactlyOnceWith({ title: 'Sent', message: 'Dear team' });
    expect(replayHooks.onDropped).not.toHaveBeenCalled();
  });
});
