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
    staleTime: 30 * 1000,
  });
}
