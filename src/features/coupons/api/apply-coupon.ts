import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { appliedCouponSchema, type AppliedCoupon } from '@/contract/coupons';
import { ApiError, apiPaths, apiRequest, NetworkError } from '@/lib/api-client';
import { accountKeys } from '@/lib/shop-query-keys';

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

/** Where a coupon stands against the cart on screen. */
export type CouponCheck =
  | { state: 'none' }
  /** Cart edits are still on their way to the server, or its answer for this cart has not come yet. */
  | { state: 'checking' }
  /** The server's figures for the very cart on screen. */
  | { state: 'applied'; coupon: AppliedCoupon }
  | { state: 'refused'; message: string }
  | { state: 'offline' }
  | { state: 'failed' };

/**
 * The discount `code` gives on the cart on screen. The server decides on its own copy of the cart, so the code is
 * checked only once the device's cart edits have reached it, and an answer counts only when it was computed on
 * the subtotal shown: a total is never shown from a coupon checked against an older cart. An answer for another
 * subtotal means the cart changed elsewhere: the cart is fetched again, and the coupon with it.
 */
export function useCouponCheck(
  code: string | undefined,
  cart: { subtotal: number; editsWaiting: number } | undefined,
): CouponCheck {
  const queryClient = useQueryClient();
  const subtotal = cart?.subtotal ?? 0;
  const query = useQuery({
    queryKey: accountKeys.appliedCoupon(code ?? '', subtotal),
    queryFn: ({ signal }) => applyCoupon(code ?? '', signal),
    enabled: Boolean(code) && cart !== undefined && cart.editsWaiting === 0 && subtotal > 0,
    staleTime: 60 * 1000,
    // A refusal (422) is an answer, not a failure to retry.
    retry: (failureCount, error) => !(error instanceof ApiError) && failureCount < 2,
  });
  const answeredOtherCart = query.data !== undefined && query.data.subtotal !== subtotal && cart?.editsWaiting === 0;
  useEffect(() => {
    if (!answeredOtherCart) return;
    void queryClient.invalidateQueries({ queryKey: accountKeys.cart() });
    void queryClient.invalidateQueries({ queryKey: accountKeys.appliedCoupon(code ?? '', subtotal) });
  }, [answeredOtherCart, queryClient, code, subtotal]);

  if (!code || !cart || subtotal === 0) return { state: 'none' };
  if (cart.editsWaiting > 0 || query.isFetching) return { state: 'checking' };
  if (query.error) {
    if (query.error instanceof ApiError) return { state: 'refused', message: query.error.message };
    if (query.error instanceof NetworkError) return { state: 'offline' };
    return { state: 'failed' };
  }
  if (!query.data || answeredOtherCart) return { state: 'checking' };
  return { state: 'applied', coupon: query.data };
}

/** The discount a coupon check gives an order summary: null while it is checked, 0 when none applies. */
export function discountOf(check: CouponCheck): number | null {
  if (check.state === 'checking') return null;
  return check.state === 'applied' ? check.coupon.discount : 0;
}
