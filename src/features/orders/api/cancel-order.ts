import { useMutation, useQueryClient } from '@tanstack/react-query';
import { orderResponseSchema, type Order } from '@/contract/orders';
import { ApiError, apiPaths, apiRequest } from '@/lib/api-client';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { accountKeys } from '@/lib/shop-query-keys';

export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (orderId: number): Promise<Order> => {
      const response = await apiRequest(apiPaths.userApi(`/orders/${orderId}/cancel`), {
        method: 'POST',
        auth: true,
        idempotencyKey: newIdempotencyKey(),
        schema: orderResponseSchema,
      });
      return response.data;
    },
    onSuccess: (order) => {
      queryClient.setQueryData(accountKeys.order(order.id), order);
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
