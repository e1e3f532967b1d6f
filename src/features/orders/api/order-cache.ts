import type { QueryClient } from '@tanstack/react-query';
import type { Order } from '@/contract/orders';
import { ApiError } from '@/lib/api-client';
import { accountKeys } from '@/lib/shop-query-keys';

/** An order the server answered: shown at once, and the lists and coupons it changes fetched again. */
export function showChangedOrder(queryClient: QueryClient, order: Order): void {
  queryClient.setQueryData(accountKeys.order(order.id), order);
  void queryClient.invalidateQueries({ queryKey: accountKeys.orders() });
  void queryClient.invalidateQueries({ queryKey: accountKeys.coupons() });
}

/** The cart, a price, the stock or the coupon changed on the server (409): its figures are fetched again. */
export function refetchAfterConflict(queryClient: QueryClient, error: Error): void {
  if (error instanceof ApiError && error.status === 409) {
    void queryClient.invalidateQueries({ queryKey: accountKeys.cart() });
    void queryClient.invalidateQueries({ queryKey: accountKeys.coupons() });
  }
}
