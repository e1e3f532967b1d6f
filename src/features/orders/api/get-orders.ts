import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { orderListSchema, type OrderStatus } from '@/contract/orders';
import { apiPaths, apiRequest } from '@/lib/api-client';
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
    // The shop moves orders at any time: a saved copy shows at once and is asked for again on every visit.
    staleTime: 0,
  });
}
