import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { appliedCouponSchema, type AppliedCoupon } from '@/contract/coupons';
import { ApiError, apiPaths, apiRequest, NetworkError } from '@/lib/api-client';
import { accountKeys } from '@/lib/shop-query-keys';
import { coupons_check_failed } from '@/paraglide/messages/coupons_check_failed.js';
import { coupons_offline_again } from '@/paraglide/messages/coupons_offline_again.js';

/** `code`'s figures on the server's cart; with `current`, those of the one of the two with the lower total. */
export async function applyCoupon(code: string, signal?: AbortSignal, current?: string): Promise<AppliedCoupon> {
  const response = await apiRequest(apiPaths.userApi('/applyCoupon'), {
    method: 'POST',
    auth: true,
    body: current ? { code, current } : { code },
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

/** A coupon and what it saves on the cart, as the server answered: its discount and, shipping included, in all. */
export interface CouponSaving {
  code: string;
  description: string;
  discount: number;
  saving: number;
}

/** Two coupons for one cart: the one applied and the other, with both savings, until the cart changes. */
export interface CouponComparison {
  applied: CouponSaving;
  other: CouponSaving;
  /** The code the shopper entered last. */
  entered: string;
  /** The shopper picked the applied one themselves (over a better or equal saving). */
  chosen: boolean;
  subtotal: number;
}

/**
 * Applying a coupon while another is applied: the server checks both on its cart and keeps the one the shopper pays
 * less with, shipping included (the applied one on a tie); the other is shown beside it with its saving, and the shopper may still choose it.
 * A code that does not apply leaves the applied one as it is, with the reason next to the field.
 */
export function useCouponChoice(applied: AppliedCoupon | null, setCoupon: (code: string | undefined) => void) {
  const queryClient = useQueryClient();
  const [comparison, setComparison] = useState<CouponComparison | null>(null);
  // The code the field shows once the coupon changed other than by typing (the list, a comparison, a choice).
  const [shown, setShown] = useState<{ code: string; at: number } | null>(null);
  const show = (code: string) => setShown((last) => ({ code, at: (last?.at ?? 0) + 1 }));
  const compare = useMutation({
    // `subtotal` is the cart the comparison was asked for: its answer (a refusal above all) is about that cart only.
    mutationFn: ({ code, current }: { code: string; current: string; subtotal: number }) =>
      applyCoupon(code, undefined, current),
    onSuccess: ({ other, ...kept }, { code }) => {
      // The figures of the coupon kept are those of this cart: the check of the applied coupon need not ask again.
      queryClient.setQueryData(accountKeys.appliedCoupon(kept.code, kept.subtotal), kept);
      setComparison(other ? { applied: kept, other, entered: code, chosen: false, subtotal: kept.subtotal } : null);
      show(kept.code);
      setCoupon(kept.code);
    },
  });
  // A refusal stays next to the field only while the coupon and the cart it was checked against are on screen: once
  // either changes, the check of the applied coupon speaks (it may no longer apply itself).
  const error =
    applied && compare.variables?.current === applied.code && compare.variables.subtotal === applied.subtotal
      ? compare.error
      : null;
  return {
    /** Applies `code`: compared with the applied coupon, if any. */
    apply(code: string) {
      if (!applied || applied.code === code) {
        compare.reset();
        setComparison(null);
        show(code);
        setCoupon(code);
        return;
      }
      compare.mutate({ code, current: applied.code, subtotal: applied.subtotal });
    },
    /** The shopper takes the other coupon of a comparison. */
    choose(comparisonShown: CouponComparison) {
      setComparison({
        applied: comparisonShown.other,
        other: comparisonShown.applied,
        entered: comparisonShown.other.code,
        chosen: true,
        subtotal: comparisonShown.subtotal,
      });
      show(comparisonShown.other.code);
      setCoupon(comparisonShown.other.code);
    },
    remove() {
      compare.reset();
      setComparison(null);
      setCoupon(undefined);
    },
    /** Shown while it is about the coupon applied to this very cart. */
    comparison:
      comparison && applied && applied.code === comparison.applied.code && applied.subtotal === comparison.subtotal
        ? comparison
        : null,
    comparing: compare.isPending,
    /** Why the code entered last was not applied (the applied coupon stays). */
    error:
      error === null
        ? null
        : error instanceof ApiError
          ? error.message
          : error instanceof NetworkError
            ? coupons_offline_again()
            : coupons_check_failed(),
    /** The code the field shows from now on (`at` counts the changes), never a code that was not applied. */
    shown,
  };
}
