import { z } from 'zod/mini';

export const couponKinds = ['percent', 'flat'] as const;

/** A coupon as a shopper sees it. Money in paise; `value` is a percentage for percent coupons. */
export const couponSchema = z.object({
  code: z.string(),
  description: z.string(),
  kind: z.enum(couponKinds),
  value: z.int(),
  min_order: z.int(),
  max_discount: z.nullable(z.int()),
  ends_at: z.nullable(z.string()),
});
export type Coupon = z.infer<typeof couponSchema>;

/** A coupon the shopper can use today, with what it saves on their cart as the server has it. */
export const usableCouponSchema = z.extend(couponSchema, {
  /**
   * What the coupon saves on the cart in paise, shipping included (a discount that loses free shipping saves less);
   * null when the coupon does not apply to this cart (yet).
   */
  saving: z.nullable(z.int()),
});
export type UsableCoupon = z.infer<typeof usableCouponSchema>;

export const couponListSchema = z.object({
  data: z.array(usableCouponSchema),
  /** The subtotal of the cart the savings were computed on, in paise. */
  subtotal: z.int(),
});

export const couponCodeSchema = z.pipe(
  z
    .string({ error: 'Coupon code is required' })
    .check(
      z.trim(),
      z.minLength(1, 'Coupon code is required'),
      z.maxLength(40, 'Coupon code must be at most 40 characters'),
    ),
  z.transform((value: string) => value.toUpperCase()),
);

export const applyCouponRequestSchema = z.object({
  code: couponCodeSchema,
  /**
   * The coupon applied now, if any: both are checked on the cart and the one with the lower total is answered (this
   * one on a tie), with the other beside it. Without it, `code` is answered as it is.
   */
  current: z.optional(couponCodeSchema),
});
export type ApplyCouponRequest = z.input<typeof applyCouponRequestSchema>;

export const appliedCouponSchema = z.object({
  data: z.object({
    code: z.string(),
    description: z.string(),
    /** The server's cart as it stands: its subtotal, the discount it earns and the order's totals, in paise. */
    subtotal: z.int(),
    discount: z.int(),
    shipping: z.int(),
    round_off: z.int(),
    total: z.int(),
    /** What the coupon saves in all, shipping included: the total without it less `total`. */
    saving: z.int(),
    /** With `current`: the coupon of the two that was not chosen, and what it would save on this cart. */
    other: z.optional(z.object({ code: z.string(), description: z.string(), discount: z.int(), saving: z.int() })),
  }),
});
export type AppliedCoupon = z.infer<typeof appliedCouponSchema>['data'];
