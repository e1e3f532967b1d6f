/** Wishlist edits as outbox entries, in product terms, merged as they are queued and applied for display. */
import type { QueryClient } from '@tanstack/react-query';
import { wishlistSchema, type Wishlist } from '@/contract/cart';
import type { Product } from '@/contract/catalog';
import { apiPaths, apiRequest } from '@/lib/api-client';
import { accountKeys } from '@/lib/shop-query-keys';
import type { MergeResult, OutboxEntry, OutboxKind, ReplayRun } from '@/offline/outbox-types';
import { getWishlist } from './get-wishlist';
import { wishlist_not_kept } from '@/paraglide/messages/wishlist_not_kept.js';
import { wishlist_not_saved } from '@/paraglide/messages/wishlist_not_saved.js';

export type WishlistAction =
  /** `wasPresent`: it was on the wishlist already (an add then a removal cancel out only when it was not). */
  { kind: 'wishlist.add'; productId: number; wasPresent: boolean } | { kind: 'wishlist.remove'; productId: number };

export interface WishlistEdit {
  action: WishlistAction;
  /** The product as the user saw it, to show the edit before the server answers and to name it in messages. */
  product: Product;
}

/** How a new edit of a product combines with the one queued for it. */
export function mergeWishlistEdits(previous: WishlistEdit, next: WishlistEdit): MergeResult<WishlistEdit> {
  const before = previous.action;
  if (next.action.kind === before.kind) return { type: 'drop' };
  if (before.kind === 'wishlist.add') {
    return before.wasPresent ? { type: 'replace', payload: next } : { type: 'cancel' };
  }
  // It was on the wishlist before the removal, so the add that follows restores it: present either way.
  return { type: 'replace', payload: { ...next, action: { ...next.action, wasPresent: true } as WishlistAction } };
}

async function serverWishlist(run: ReplayRun): Promise<Wishlist> {
  const wishlist = (run.get('wishlist') as Wishlist | undefined) ?? (await getWishlist());
  run.set('wishlist', wishlist);
  return wishlist;
}

export const wishlistOutbox: OutboxKind<WishlistEdit, { queryClient: QueryClient }> = {
  name: 'wishlist',
  owner: 'user',
  // A product's cart and wishlist edits share its lane: a move between the two is sent in the order made.
  laneOf: (edit) => `product:${edit.action.productId}`,
  merge: mergeWishlistEdits,
  async send({ action }, { idempotencyKey, run }) {
    const call = { auth: true, idempotencyKey, schema: wishlistSchema } as const;
    if (action.kind === 'wishlist.add') {
      const body = { product_id: action.productId };
      run.set('wishlist', await apiRequest(apiPaths.userApi('/addToWishlist'), { ...call, method: 'POST', body }));
      return;
    }
    const item = (await serverWishlist(run)).data.find((entry) => entry.product_id === action.productId);
    if (!item) return;
    const path = apiPaths.userApi(`/removeFromWishlist/${item.id}`);
    run.set('wishlist', await apiRequest(path, { ...call, method: 'DELETE' }));
  },
  settled(run, { queryClient }, finished) {
    const wishlist = run.get('wishlist') as Wishlist | undefined;
    if (wishlist) queryClient.setQueryData(accountKeys.wishlist(), wishlist);
    if (finished) void queryClient.invalidateQueries({ queryKey: accountKeys.wishlist() });
  },
  refusal: ({ product }, reason) => ({ title: wishlist_not_saved({ name: product.name }), message: reason }),
  // Read when shown, in the page's language.
  get notKept() {
    return wishlist_not_kept();
  },
};

/** The wishlist as the user should see it. */
export function applyWishlistEdits(
  wishlist: Wishlist | undefined,
  entries: readonly OutboxEntry<WishlistEdit>[],
): Wishlist | undefined {
  if (!wishlist && entries.length === 0) return wishlist;
  let items = [...(wishlist?.data ?? [])];
  for (const entry of entries) {
    const { action, product } = entry.payload;
    if (action.kind === 'wishlist.remove') items = items.filter((item) => item.product_id !== action.productId);
    else if (!items.some((item) => item.product_id === action.productId)) {
      items = [...items, { id: -(entry.id ?? entry.createdAt), product_id: action.productId, product }];
    }
  }
  return { data: items };
}
