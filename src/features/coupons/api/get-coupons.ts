import { queryOptions } from '@tanstack/react-query';
import { couponListSchema, type UsableCoupon } from '@/contract/coupons';
import { apiPaths, apiRequest } from '@/lib/api-client';
import { accountKeys } from '@/lib/shop-query-keys';

/** The coupons the shopper can use today, each with what it saves on their cart as the server has it. */
export function getCouponList(signal?: AbortSignal): Promise<{ data: UsableCoupon[]; subtotal: number }> {
  return apiRequest(apiPaths.userApi('/coupons'), { auth: true, schema: couponListSchema, signal });
}

export async function getCoupons(signal?: AbortSignal): Promise<UsableCoupon[]> {
  return (await getCouponList(signal)).data;
}

export function couponsQueryOptions() {
  return queryOptions({
    queryKey: accountKeys.coupons(),
    queryFn: ({ signal }) => getCoupons(signal),
    // Each visit asks again: the savings are those of the cart, which may have changed since.
    staleTime: 0,
  });
}

/** The coupons and their savings for the cart on screen, asked for once its edits have reached the server. */
export function cartCouponsQueryOptions(subtotal: number) {
  return queryOptions({
    queryKey: [...accountKeys.coupons(), 'cart', subtotal] as const,
    queryFn: ({ signal }) => getCouponList(signal),
    staleTime: 60 * 1000,
  });
}
