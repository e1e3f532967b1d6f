import { queryOptions } from '@tanstack/react-query';
import { cartSchema, type Cart } from '@/contract/cart';
import { apiPaths, apiRequest } from '@/lib/api-client';
import { accountKeys } from '@/lib/shop-query-keys';

export function getCart(signal?: AbortSignal): Promise<Cart> {
  return apiRequest(apiPaths.userApi('/getCartItems'), { auth: true, schema: cartSchema, signal });
}

export function cartQueryOptions(enabled = true) {
  return queryOptions({
    queryKey: accountKeys.cart(),
    queryFn: ({ signal }) => getCart(signal),
    enabled,
    // Fetched again on every page load: the copy saved on the device can predate edits the outbox has already
    // delivered (and deleted) just before the page was left. Offline, the saved copy and the queued edits show.
    staleTime: 0,
  });
}
