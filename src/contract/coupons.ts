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

export const couponListSchema = z.object({ data: z.array(couponSchema) });

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

export const applyCouponRequestSchema = z.object({ code: couponCodeSchema });
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
  }),
});
export type AppliedCoupon = z.infer<typeof appliedCouponSchema>['data'];
