import { queryOptions } from '@tanstack/react-query';
import { wishlistSchema, type Wishlist } from '@/contract/cart';
import { apiPaths, apiRequest } from '@/lib/api-client';
import { accountKeys } from '@/lib/shop-query-keys';

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
