import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  orderListSchema,
  orderResponseSchema,
  type CompleteOrderRequest,
  type Order,
  type OrderStatus,
} from '@/contract/orders';
import { ApiError, apiPaths, apiRequest } from '@/lib/api-client';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { accountKeys } from '@/lib/shop-query-keys';

export function ordersQueryOptions(page: number, status: OrderStatus | undefined) {
  return queryOptions({
    queryKey: accountKeys.orderList(page, status),
    queryFn: ({ signal }) =>
      apiRequest(apiPaths.userApi('/getOrders'), {
        method: 'POST',
        auth: true,
        body: { page, status },
        schema: orderListSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 30 * 1000,
  });
}

export function orderQueryOptions(orderId: number) {
  return queryOptions({
    queryKey: accountKeys.order(orderId),
    queryFn: async ({ signal }) => {
      const response = await apiRequest(apiPaths.userApi(`/orders/${orderId}`), {
        auth: true,
        schema: orderResponseSchema,
        signal,
      });
      return response.data;
    },
    staleTime: 30 * 1000,
  });
}

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
