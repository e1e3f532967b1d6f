import { z } from 'zod';

export const couponKinds = ['percent', 'flat'] as const;

/** A coupon as a shopper sees it. Money in paise; `value` is a percentage for percent coupons. */
export const couponSchema = z.object({
  code: z.string(),
  description: z.string(),
  kind: z.enum(couponKinds),
  value: z.number().int(),
  min_order: z.number().int(),
  max_discount: z.number().int().nullable(),
  ends_at: z.string().nullable(),
});
export type Coupon = z.infer<typeof couponSchema>;

export const couponListSchema = z.object({ data: z.array(couponSchema) });

export const couponCodeSchema = z
  .string({ error: 'Coupon code is required' })
  .trim()
  .min(1, 'Coupon code is required')
  .max(40, 'Coupon code must be at most 40 characters')
  .transform((value) => value.toUpperCase());

export const applyCouponRequestSchema = z.object({ code: couponCodeSchema });
export type ApplyCouponRequest = z.input<typeof applyCouponRequestSchema>;

export const appliedCouponSchema = z.object({
  data: z.object({
    code: z.string(),
    description: z.string(),
    /** The cart's subtotal and the discount it earns, in paise. */
    subtotal: z.number().int(),
    discount: z.number().int(),
  }),
});
export type AppliedCoupon = z.infer<typeof appliedCouponSchema>['data'];
