/**
 * Sends the outbox to the server, oldest edit first, one tab at a time (a Web Lock), each with the Idempotency-Key
 * made when the user acted. Line and item ids are looked up in the server's cart and wishlist at send time. Runs at
 * start-up, on the `online` event, when the app regains focus and after each new edit.
 */
import { cartSchema, wishlistSchema, type Cart, type Wishlist } from '@/contract/cart';
import { apiPaths, apiRequest, ApiError } from '@/lib/api-client';
import { claimEntry, listEntries, removeEntry, updateEntry } from './outbox';
import type { OutboxEntry } from './outbox-types';
import { withTabLock } from './tab-lock';
import { backoffMs, decideAfterFailure } from './retry-policy';

export const OUTBOX_LOCK = 'cineverse-outbox';

export interface ReplayHooks {
  /** A change the server refused for good: tell the user which item and why. */
  onDropped(entry: OutboxEntry, reason: string): void;
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

/** Sends what is due for this user; returns when done, waiting, or when another tab holds the lock. */
export async function replayOutbox(userId: number, hooks: ReplayHooks): Promise<void> {
  const run = async () => {
    const state: ServerState = { cart: null, wishlist: null };
    let sent = false;
    for (const listed of await listEntries(userId)) {
      if (listed.id === undefined) continue;
      const wait = listed.nextAttemptAt - Date.now();
      if (wait > 0) {
        hooks.scheduleRetry(wait);
        break; // Order matters: later edits wait behind this one.
      }
      // The browser knows it is offline: nothing can be sent, and an entry never tried stays open to merging.
      if (typeof navigator !== 'undefined' && navigator.onLine === false) break;
      const entry = await claimEntry(listed.id);
      if (!entry?.id) continue; // Merged away since the list was read.
      try {
        await sendEntry(entry, state);
        await removeEntry(entry.id);
        sent = true;
      } catch (error) {
        const decision = decideAfterFailure(error);
        if (decision === 'done') {
          await removeEntry(entry.id);
          sent = true;
          state.cart = null;
          continue;
        }
        if (decision === 'drop') {
          await removeEntry(entry.id);
          hooks.onDropped(entry, error instanceof ApiError ? error.message : 'The change could not be made');
          sent = true;
          state.cart = null;
          state.wishlist = null;
          continue;
        }
        if (decision === 'retry') {
          const delay = backoffMs(entry.attempts);
          await updateEntry(entry.id, { nextAttemptAt: Date.now() + delay });
          hooks.scheduleRetry(delay);
        }
        // 'wait-for-login': the entry stays as it is until the user logs in again.
        break;
      }
    }
    if (sent) hooks.onSettled();
  };
  await withTabLock(OUTBOX_LOCK, run);
}
