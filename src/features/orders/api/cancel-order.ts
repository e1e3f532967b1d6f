import { useMutation, useQueryClient } from '@tanstack/react-query';
import { orderResponseSchema, type Order } from '@/contract/orders';
import { apiPaths, apiRequest } from '@/lib/api-client';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { refetchAfterConflict, showChangedOrder } from './order-cache';

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
      showChangedOrder(queryClient, order);
    },
    onError: (error) => refetchAfterConflict(queryClient, error),
  });
}
