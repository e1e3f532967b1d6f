import { queryOptions } from '@tanstack/react-query';
import { couponListSchema, type Coupon } from '@/contract/coupons';
import { apiPaths, apiRequest } from '@/lib/api-client';
import { accountKeys } from '@/lib/shop-query-keys';

export async function getCoupons(signal?: AbortSignal): Promise<Coupon[]> {
  const response = await apiRequest(apiPaths.userApi('/coupons'), { auth: true, schema: couponListSchema, signal });
  return response.data;
}

export function couponsQueryOptions() {
  return queryOptions({
    queryKey: accountKeys.coupons(),
    queryFn: ({ signal }) => getCoupons(signal),
    staleTime: 60 * 1000,
  });
}
