import { queryOptions } from '@tanstack/react-query';
import { orderResponseSchema } from '@/contract/orders';
import { apiPaths, apiRequest } from '@/lib/api-client';
import { accountKeys } from '@/lib/shop-query-keys';

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
    // The shop moves orders at any time: a saved copy shows at once and is asked for again on every visit.
    staleTime: 0,
  });
}
