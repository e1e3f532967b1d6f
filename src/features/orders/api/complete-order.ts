import { useMutation, useQueryClient } from '@tanstack/react-query';
import { orderResponseSchema, type CompleteOrderRequest, type Order } from '@/contract/orders';
import { ApiError, apiPaths, apiRequest } from '@/lib/api-client';
import { accountKeys } from '@/lib/shop-query-keys';

/**
 * Places the order. The Idempotency-Key is made when the form is submitted and reused by retries, so a double tap
 * or a lost answer never places two orders.
 */
export function useCompleteOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ input, key }: { input: CompleteOrderRequest; key: string }): Promise<Order> => {
      const response = await apiRequest(apiPaths.userApi('/completeOrder'), {
        method: 'POST',
        auth: true,
        body: input,
        idempotencyKey: key,
        schema: orderResponseSchema,
      });
      return response.data;
    },
    onSuccess: (order) => {
      queryClient.setQueryData(accountKeys.order(order.id), order);
      void queryClient.invalidateQueries({ queryKey: accountKeys.cart() });
      void queryClient.invalidateQueries({ queryKey: accountKeys.orders() });
      void queryClient.invalidateQueries({ queryKey: accountKeys.coupons() });
    },
    onError: (error) => {
      // The cart, a price, the stock or the coupon changed on the server: show its figures again.
      if (error instanceof ApiError && error.status === 409) {
        void queryClient.invalidateQueries({ queryKey: accountKeys.cart() });
        void queryClient.invalidateQueries({ queryKey: accountKeys.coupons() });
      }
    },
  });
}
