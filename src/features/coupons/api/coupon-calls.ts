import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { appliedCouponSchema, couponListSchema, type AppliedCoupon, type Coupon } from '@/contract/coupons';
import { ApiError, apiPaths, apiRequest } from '@/lib/api-client';
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

export async function applyCoupon(code: string, signal?: AbortSignal): Promise<AppliedCoupon> {
  const response = await apiRequest(apiPaths.userApi('/applyCoupon'), {
    method: 'POST',
    auth: true,
    body: { code },
    schema: appliedCouponSchema,
    signal,
  });
  return response.data;
}

/**
 * The discount a code gives on the current cart, asked again whenever the subtotal changes: the server decides,
 * and a coupon that stops applying (the cart fell below its minimum) says so.
 */
export function useAppliedCoupon(code: string | undefined, subtotal: number | undefined) {
  return useQuery({
    queryKey: accountKeys.appliedCoupon(code ?? '', subtotal ?? 0),
    queryFn: ({ signal }) => applyCoupon(code ?? '', signal),
    enabled: Boolean(code) && subtotal !== undefined && subtotal > 0,
    placeholderData: keepPreviousData,
    staleTime: 60 * 1000,
    // A refusal (422) is an answer, not a failure to retry.
    retry: (failureCount, error) => !(error instanceof ApiError) && failureCount < 2,
  });
}
