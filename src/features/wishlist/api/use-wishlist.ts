import { useQuery } from '@tanstack/react-query';
import type { Wishlist } from '@/contract/cart';
import type { Product } from '@/contract/catalog';
import { entriesOfKind } from '@/offline/outbox';
import { useOutboxRecorder, useOwnerEntries } from '@/offline/use-outbox';
import { wishlistQueryOptions } from './get-wishlist';
import { applyWishlistEdits, wishlistOutbox } from './wishlist-outbox';

/** The wishlist as the user should see it, with the edits still waiting to be sent applied. */
export function useDisplayedWishlist(enabled = true): {
  wishlist: Wishlist | undefined;
  isPending: boolean;
  error: Error | null;
  refetch: () => void;
} {
  const query = useQuery(wishlistQueryOptions(enabled));
  const entries = entriesOfKind(useOwnerEntries(wishlistOutbox, enabled), wishlistOutbox);
  const wishlist = applyWishlistEdits(query.data, entries);
  return { wishlist, isPending: query.isPending && !wishlist, error: query.error, refetch: () => void query.refetch() };
}

/** Wishlist edits go to the outbox first and show at once. */
export function useWishlistActions() {
  const { ready, record } = useOutboxRecorder(wishlistOutbox);
  const { wishlist } = useDisplayedWishlist(ready);
  const has = (productId: number) => Boolean(wishlist?.data.some((item) => item.product_id === productId));
  return {
    /** False while a signed-in user's profile (whose id keys the outbox) is still loading: nothing can be recorded. */
    ready,
    has,
    add(product: Product) {
      void record({ action: { kind: 'wishlist.add', productId: product.id, wasPresent: has(product.id) }, product });
    },
    remove(product: Product) {
      void record({ action: { kind: 'wishlist.remove', productId: product.id }, product });
    },
  };
}
