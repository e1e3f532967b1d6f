import { useMutation, useQueryClient } from '@tanstack/react-query';
import { orderResponseSchema, type CompleteOrderRequest, type Order } from '@/contract/orders';
import { apiPaths, apiRequest } from '@/lib/api-client';
import { accountKeys } from '@/lib/shop-query-keys';
import { refetchAfterConflict, showChangedOrder } from './order-cache';

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
      void queryClient.invalidateQueries({ queryKey: accountKeys.cart() });
      // The server has put "Order placed" in the notification centre: the bell shows it now, not at its next look.
      void queryClient.invalidateQueries({ queryKey: accountKeys.notifications() });
      showChangedOrder(queryClient, order);
    },
    onError: (error) => refetchAfterConflict(queryClient, error),
  });
}
