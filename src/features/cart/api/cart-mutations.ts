import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cartAndWishlistSchema, cartSchema, type Cart, type CartAndWishlist } from '@/contract/cart';
import { apiPaths, apiRequest } from '@/lib/api-client';
import { newIdempotencyKey } from '@/lib/form-errors';
import { notifyFailure } from '@/lib/notify-failure';
import { accountKeys } from '@/lib/shop-query-keys';

const tellFailure = notifyFailure('Your cart was not changed');

/** Every cart change answers the whole cart; it replaces the cached one. */
function useCartMutation<Input>(send: (input: Input, key: string) => Promise<Cart>) {
  const queryClient = useQueryClient();
  return useMutation({
    // The key is made once per action: TanStack's own retries reuse it, so the server applies the action once.
    mutationFn: (input: Input) => send(input, newIdempotencyKey()),
    onSuccess: (cart) => queryClient.setQueryData(accountKeys.cart(), cart),
    onError: tellFailure,
  });
}

export function useAddToCart() {
  return useCartMutation((input: { productId: number; quantity: number }, key) =>
    apiRequest(apiPaths.userApi('/addToCart'), {
      method: 'POST',
      auth: true,
      body: { product_id: input.productId, quantity: input.quantity },
      idempotencyKey: key,
      schema: cartSchema,
    }),
  );
}

export function useSetCartQuantity() {
  return useCartMutation((input: { lineId: number; quantity: number }, key) =>
    apiRequest(apiPaths.userApi(`/cart/${input.lineId}`), {
      method: 'PUT',
      auth: true,
      body: { quantity: input.quantity },
      idempotencyKey: key,
      schema: cartSchema,
    }),
  );
}

export function useRemoveFromCart() {
  return useCartMutation((lineId: number, key) =>
    apiRequest(apiPaths.userApi(`/removeFromCart/${lineId}`), {
      method: 'DELETE',
      auth: true,
      idempotencyKey: key,
      schema: cartSchema,
    }),
  );
}

export function useMoveToWishlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (lineId: number): Promise<CartAndWishlist> =>
      apiRequest(apiPaths.userApi(`/cart/${lineId}/move-to-wishlist`), {
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
