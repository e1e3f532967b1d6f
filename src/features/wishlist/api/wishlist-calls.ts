import { queryOptions, useQuery } from '@tanstack/react-query';
import { wishlistSchema, type Wishlist } from '@/contract/cart';
import type { Product } from '@/contract/catalog';
import { apiPaths, apiRequest } from '@/lib/api-client';
import { useAppStore } from '@/lib/app-store';
import { notifyFailure } from '@/lib/notify-failure';
import { accountKeys } from '@/lib/shop-query-keys';
import { enqueue, useOutboxEntries } from '@/offline/outbox';
import { applyWishlistEdits } from '@/offline/outbox-merge';
import { requestPersistentStorage } from '@/offline/storage';

export function getWishlist(signal?: AbortSignal): Promise<Wishlist> {
  return apiRequest(apiPaths.userApi('/getWishlistItems'), { auth: true, schema: wishlistSchema, signal });
}

export function wishlistQueryOptions(enabled = true) {
  return queryOptions({
    queryKey: accountKeys.wishlist(),
    queryFn: ({ signal }) => getWishlist(signal),
    enabled,
    // Fetched again on every page load: the copy saved on the device can predate edits the outbox has already
    // delivered (and deleted) just before the page was left. Offline, the saved copy and the queued edits show.
    staleTime: 0,
  });
}

const tellFailure = notifyFailure('Your wishlist was not changed');

/** The wishlist as the user should see it, with the edits still waiting to be sent applied. */
export function useDisplayedWishlist(enabled = true): {
  wishlist: Wishlist | undefined;
  isPending: boolean;
  error: Error | null;
} {
  const userId = useAppStore((state) => state.userProfile?.id ?? null);
  const query = useQuery(wishlistQueryOptions(enabled));
  const entries = useOutboxEntries(enabled ? userId : null);
  const wishlist = applyWishlistEdits(query.data, entries);
  return { wishlist, isPending: query.isPending && !wishlist, error: query.error };
}

/** Wishlist edits go to the outbox first and show at once. */
export function useWishlistActions() {
  const userId = useAppStore((state) => state.userProfile?.id ?? null);
  const { wishlist } = useDisplayedWishlist(userId !== null);
  const record = (action: Parameters<typeof enqueue>[1], product: Product) => {
    if (userId === null) return;
    void requestPersistentStorage();
    enqueue(userId, action, product).catch(tellFailure);
  };
  return {
    /** False while a signed-in user's profile (whose id keys the outbox) is still loading: nothing can be recorded. */
    ready: userId !== null,
    has: (productId: number) => Boolean(wishlist?.data.some((item) => item.product_id === productId)),
    add(product: Product) {
      const present = Boolean(wishlist?.data.some((item) => item.product_id === product.id));
      record({ kind: 'wishlist.add', productId: product.id, wasPresent: present }, product);
    },
    remove(product: Product) {
      record({ kind: 'wishlist.remove', productId: product.id }, product);
    },
    moveToCart(product: Product, alreadyInCart: boolean) {
      // One more in the cart when it was not there; left as it is when it was, as the server's move does.
      if (!alreadyInCart) record({ kind: 'cart.add', productId: product.id, quantity: 1, wasPresent: false }, product);
      record({ kind: 'wishlist.remove', productId: product.id }, product);
    },
  };
}
