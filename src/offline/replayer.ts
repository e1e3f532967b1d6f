/**
 * Sends the outbox to the server, each product's edits in the order made, one tab at a time (a Web Lock), each with the Idempotency-Key
 * made when the user acted. Line and item ids are looked up in the server's cart and wishlist at send time. Runs at
 * start-up, on the `online` event, when the app regains focus and after each new edit.
 */
import { cartSchema, wishlistSchema, type Cart, type Wishlist } from '@/contract/cart';
import { apiPaths, apiRequest, ApiError } from '@/lib/api-client';
import { claimEntries, listEntries, removeEntries, updateEntry } from './outbox';
import type { OutboxEntry } from './outbox-types';
import { withTabLock } from './tab-lock';
import { backoffMs, decideAfterFailure } from './retry-policy';

export const OUTBOX_LOCK = 'cineverse-outbox';
/**
 * Entries claimed, and acknowledged entries deleted, together in one IndexedDB transaction each: two writes per
 * entry made every screen that shows the outbox redraw twice per edit. An acknowledged entry still stored when the
 * app stops is sent again on the next start with the same Idempotency-Key, and the server answers it as before.
 * Claimed entries behind one that failed keep their claim (nothing merges into them; they are sent in order next).
 */
export const OUTBOX_BATCH = 25;

export interface ReplayHooks {
  /** A change the server refused for good: tell the user which item and why. */
  onDropped(entry: OutboxEntry, reason: string): void;
  /**
   * A batch was acknowledged and its entries deleted: the server's latest answers (null when unknown), to show at once
   * instead of the older copy, which without the deleted entries would briefly lack those edits.
   */
  onAcknowledged(server: { cart: Cart | null; wishlist: Wishlist | null }): void;
  /** The server has everything (or as much as it can take now): fetch the cart and wishlist again. */
  onSettled(): void;
  /** A retry is due after this many milliseconds. */
  scheduleRetry(delayMs: number): void;
}

interface ServerState {
  cart: Cart | null;
  wishlist: Wishlist | null;
}

async function cartNow(state: ServerState): Promise<Cart> {
  state.cart ??= await apiRequest(apiPaths.userApi('/getCartItems'), { auth: true, schema: cartSchema });
  return state.cart;
}

async function wishlistNow(state: ServerState): Promise<Wishlist> {
  state.wishlist ??= await apiRequest(apiPaths.userApi('/getWishlistItems'), { auth: true, schema: wishlistSchema });
  return state.wishlist;
}

/** Sends one entry; resolves when the server has it (or it needs no call), rejects with the API's error. */
export async function sendEntry(entry: OutboxEntry, state: ServerState): Promise<void> {
  const { action, idempotencyKey } = entry;
  const common = { auth: true, idempotencyKey } as const;
  switch (action.kind) {
    case 'cart.add':
      state.cart = await apiRequest(apiPaths.userApi('/addToCart'), {
        ...common,
        method: 'POST',
        body: { product_id: action.productId, quantity: action.quantity },
        schema: cartSchema,
      });
      return;
    case 'cart.set': {
      const line = (await cartNow(state)).data.find((item) => item.product_id === action.productId);
      state.cart = line
        ? await apiRequest(apiPaths.userApi(`/cart/${line.id}`), {
            ...common,
            method: 'PUT',
            body: { quantity: action.quantity },
            schema: cartSchema,
          })
        : await apiRequest(apiPaths.userApi('/addToCart'), {
            ...common,
            method: 'POST',
            body: { product_id: action.productId, quantity: action.quantity },
            schema: cartSchema,
          });
      return;
    }
    case 'cart.remove': {
      const line = (await cartNow(state)).data.find((item) => item.product_id === action.productId);
      if (!line) return; // Already gone: the removal is done.
      state.cart = await apiRequest(apiPaths.userApi(`/removeFromCart/${line.id}`), {
        ...common,
        method: 'DELETE',
        schema: cartSchema,
      });
      return;
    }
    case 'wishlist.add':
      state.wishlist = await apiRequest(apiPaths.userApi('/addToWishlist'), {
        ...common,
        method: 'POST',
        body: { product_id: action.productId },
        schema: wishlistSchema,
      });
      return;
    case 'wishlist.remove': {
      const item = (await wishlistNow(state)).data.find((entry) => entry.product_id === action.productId);
      if (!item) return;
      state.wishlist = await apiRequest(apiPaths.userApi(`/removeFromWishlist/${item.id}`), {
        ...common,
        method: 'DELETE',
        schema: wishlistSchema,
      });
      return;
    }
  }
}

/** The leading entries that are due now, in order. */
function dueEntries(entries: OutboxEntry[]): OutboxEntry[] {
  const now = Date.now();
  const due: OutboxEntry[] = [];
  for (const entry of entries) {
    if (entry.nextAttemptAt > now) break;
    due.push(entry);
  }
  return due;
}

/** Entries per product, each list in the user's order: edits of different products do not depend on each other. */
function lanesOf(entries: OutboxEntry[]): OutboxEntry[][] {
  const lanes = new Map<number, OutboxEntry[]>();
  for (const entry of entries) {
    const lane = lanes.get(entry.action.productId);
    if (lane) lane.push(entry);
    else lanes.set(entry.action.productId, [entry]);
  }
  return [...lanes.values()];
}

/**
 * Sends what is due for this user; returns when done, waiting, or when another tab holds the lock. Up to
 * OUTBOX_BATCH entries are claimed at once and sent with one request in flight per product, so a product's edits
 * keep their order while different products overlap; the first failure that must wait stops the run after the batch.
 */
export async function replayOutbox(userId: number, hooks: ReplayHooks): Promise<void> {
  const run = async () => {
    const state: ServerState = { cart: null, wishlist: null };
    const listed = await listEntries(userId);
    let sent = false;
    let stopped = false;
    let position = 0;

    const sendLane = async (lane: OutboxEntry[], done: number[]) => {
      for (const entry of lane) {
        if (stopped || entry.id === undefined) return;
        try {
          await sendEntry(entry, state);
          done.push(entry.id);
        } catch (error) {
          const decision = decideAfterFailure(error);
          if (decision === 'done') {
            done.push(entry.id);
            state.cart = null;
            continue;
          }
          if (decision === 'drop') {
            done.push(entry.id);
            hooks.onDropped(entry, error instanceof ApiError ? error.message : 'The change could not be made');
            state.cart = null;
            state.wishlist = null;
            continue;
          }
          stopped = true;
          if (decision === 'retry') {
            const delay = backoffMs(entry.attempts);
            await updateEntry(entry.id, { nextAttemptAt: Date.now() + delay });
            hooks.scheduleRetry(delay);
          }
          // 'wait-for-login': the entry stays as it is until the user logs in again.
          return;
        }
      }
    };

    while (!stopped && position < listed.length) {
      // The browser knows it is offline: nothing can be sent, and an entry never tried stays open to merging.
      if (typeof navigator !== 'undefined' && navigator.onLine === false) break;
      const due = dueEntries(listed.slice(position, position + OUTBOX_BATCH));
      if (due.length === 0) {
        const next = listed[position];
        // Order matters: later edits wait behind this one.
        if (next) hooks.scheduleRetry(next.nextAttemptAt - Date.now());
        break;
      }
      position += due.length;
      const claimed = await claimEntries(due.flatMap((entry) => (entry.id === undefined ? [] : [entry.id])));
      // An entry merged away since the list was read is not in the claim, and is not sent.
      const batch = due.flatMap((entry) => {
        const current = entry.id === undefined ? undefined : claimed.get(entry.id);
        return current ? [current] : [];
      });
      const done: number[] = [];
      await Promise.all(lanesOf(batch).map((lane) => sendLane(lane, done)));
      await removeEntries(done);
      if (done.length > 0) {
        sent = true;
        hooks.onAcknowledged({ cart: state.cart, wishlist: state.wishlist });
      }
    }
    if (sent) hooks.onSettled();
  };
  await withTabLock(OUTBOX_LOCK, run);
}
