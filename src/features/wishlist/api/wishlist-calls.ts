import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { cartAndWishlistSchema, wishlistSchema, type Wishlist } from '@/contract/cart';
import { apiPaths, apiRequest } from '@/lib/api-client';
import { newIdempotencyKey } from '@/lib/form-errors';
import { notifyFailure } from '@/lib/notify-failure';
import { accountKeys } from '@/lib/shop-query-keys';

export function getWishlist(signal?: AbortSignal): Promise<Wishlist> {
  return apiRequest(apiPaths.userApi('/getWishlistItems'), { auth: true, schema: wishlistSchema, signal });
}

export function wishlistQueryOptions(enabled = true) {
  return queryOptions({
    queryKey: accountKeys.wishlist(),
    queryFn: ({ signal }) => getWishlist(signal),
    enabled,
    staleTime: 30 * 1000,
  });
}

const tellFailure = notifyFailure('Your wishlist was not changed');

export function useAddToWishlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (productId: number) =>
      apiRequest(apiPaths.userApi('/addToWishlist'), {
        method: 'POST',
        auth: true,
        body: { product_id: productId },
        idempotencyKey: newIdempotencyKey(),
        schema: wishlistSchema,
      }),
    onSuccess: (wishlist) => queryClient.setQueryData(accountKeys.wishlist(), wishlist),
    onError: tellFailure,
  });
}

export function useRemoveFromWishlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (itemId: number) =>
      apiRequest(apiPaths.userApi(`/removeFromWishlist/${itemId}`), {
        method: 'DELETE',
        auth: true,
        idempotencyKey: newIdempotencyKey(),
        schema: wishlistSchema,
      }),
    onSuccess: (wishlist) => queryClient.setQueryData(accountKeys.wishlist(), wishlist),
    onError: tellFailure,
  });
}

export function useMoveToCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (itemId: number) =>
      apiRequest(apiPaths.userApi(`/wishlist/${itemId}/move-to-cart`), {
        method: 'POST',
        auth: true,
        idempotencyKey: newIdempotencyKey(),
        schema: cartAndWishlistSchema,
      }),
    onSuccess: ({ cart, wishlist }) => {
      queryClient.setQueryData(accountKeys.cart(), cart);
      queryClient.setQueryData(accountKeys.wishlist(), wishlist);
    },
    onError: tellFailure,
  });
}
