import { z } from 'zod/mini';
import { pageMetaSchema } from './catalog';
import { couponCodeSchema } from './coupons';
import { variantKinds } from './variants';
import { orderStatuses } from './order-statuses';
import { addressInputSchema, savedAddressSchema } from './user';

export { orderStatuses, type OrderStatus } from './order-statuses';

export const paymentMethods = ['cod', 'online'] as const;
export type PaymentMethod = (typeof paymentMethods)[number];
/** How the checkout, the order pages and the policies name each way to pay. */
export const paymentMethodLabels: Record<PaymentMethod, string> = {
  cod: 'Cash on delivery',
  online: 'UPI, card or net banking',
};
/** An order paid online holds its stock this long for the payment, then expires. */
export const PAYMENT_HOLD_MINUTES = 15;
/**
 * How many orders a shopper may have waiting for their payment at once (3): each holds its stock for
 * PAYMENT_HOLD_MINUTES, so that many unpaid orders in a row could keep the stock from every other shopper.
 */
export const MAX_ORDERS_AWAITING_PAYMENT = 3;

/** An online order's payment, as the shopper and staff see it. */
export const orderPaymentSchema = z.object({
  /** created (waiting), paid, expired (not paid in time) or refunded (a late payment given back). */
  status: z.enum(['created', 'paid', 'expired', 'refunded']),
  /** upi, card, netbanking or wallet, once paid. */
  method: z.nullable(z.string()),
  /** The gateway's payment id (`pay_…`), once paid: what the shopper's bank statement names. */
  gateway_payment_id: z.nullable(z.string()),
  expires_at: z.string(),
  paid_at: z.nullable(z.string()),
  /** The last failed attempt's words, while the shopper may try again. */
  last_error: z.nullable(z.string()),
  /** The gateway's checkout form to post, while the order waits for its payment. */
  checkout: z.nullable(z.object({ action: z.string(), fields: z.record(z.string(), z.string()) })),
});
export type OrderPayment = z.infer<typeof orderPaymentSchema>;

/** Orders of at least ₹499 (after discount) ship free; others pay a flat ₹49. */
export const FREE_SHIPPING_FROM = 49_900;
export const SHIPPING_FEE = 4_900;
/** The refund policy: cancellation only within 30 days of the order. */
export const CANCEL_WINDOW_DAYS = 30;
/** The refund policy: a defective, damaged, incorrect or not-as-shown item is reported within 30 days of delivery. */
export const REPORT_PROBLEM_DAYS = 30;

/** What an order of `subtotal` with `discount` costs, in paise: the one computation of the shop and the server. */
export interface OrderTotals {
  subtotal: number;
  discount: number;
  shipping: number;
  /** Cash on delivery is paid in whole rupees: the paise of the total are let go (0 to -99). */
  round_off: number;
  total: number;
}

export function orderTotals(subtotal: number, discount: number): OrderTotals {
  const shipping = subtotal - discount >= FREE_SHIPPING_FROM ? 0 : SHIPPING_FEE;
  const exact = subtotal - discount + shipping;
  const total = Math.floor(exact / 100) * 100;
  return { subtotal, discount, shipping, round_off: total - exact, total };
}

/**
 * What a discount saves the shopper in all, shipping included: less than the discount (even below 0) when it takes
 * the order below free shipping. The rounding of the cash total is left out, so that it reads as the discount does.
 */
export function orderSaving(subtotal: number, discount: number): number {
  return discount - orderTotals(subtotal, discount).shipping + orderTotals(subtotal, 0).shipping;
}

export const completeOrderRequestSchema = z.object({
  address: addressInputSchema,
  payment_method: z.enum(paymentMethods, { error: 'payment_method must be cod (cash on delivery) or online' }),
  coupon_code: z.optional(
    z.union([
      z.pipe(
        z.literal(''),
        z.transform(() => undefined),
      ),
      z.pipe(
        z.null(),
        z.transform(() => undefined),
      ),
      couponCodeSchema,
    ]),
  ),
  /**
   * The total the shopper was shown, in paise: when the server's total differs (the cart, a price or the coupon
   * changed meanwhile), the order is refused with 409 on this field instead of charging another amount.
   */
  expected_total: z.optional(z.int('expected_total must be a whole number of paise')),
  /** Also keep the delivery address in the profile (skipped when it is saved already or 10 are saved). */
  save_address: z.optional(z.boolean('save_address must be true or false')),
});
export type CompleteOrderRequest = z.input<typeof completeOrderRequestSchema>;

export const orderAddressSchema = z.omit(savedAddressSchema, { id: true });

export const orderItemSchema = z.object({
  product_id: z.int(),
  name: z.string(),
  image: z.string(),
  /** Prices as they were when the order was placed, in paise. */
  price: z.int(),
  mrp: z.int(),
  quantity: z.int(),
  line_total: z.int(),
  perishable: z.boolean(),
  /**
   * The variant ordered and, copied when ordered, its kind and label (`size`, `M`); absent for a product sold as one
   * (and `variant_id` null once staff removed the variant: the label stays).
   */
  variant_id: z.optional(z.nullable(z.int())),
  variant_kind: z.optional(z.enum(variantKinds)),
  variant_label: z.optional(z.string()),
});
export type OrderItem = z.infer<typeof orderItemSchema>;

export const orderSummarySchema = z.object({
  id: z.int(),
  status: z.enum(orderStatuses),
  total: z.int(),
  item_count: z.int(),
  created_at: z.string(),
  /** The first item's image and name, for a list row. */
  cover_image: z.string(),
  cover_name: z.string(),
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;

export const orderSchema = z.object({
  id: z.int(),
  status: z.enum(orderStatuses),
  payment_method: z.enum(paymentMethods),
  /** The online payment (null for cash on delivery). */
  payment: z.nullable(orderPaymentSchema),
  address: orderAddressSchema,
  items: z.array(orderItemSchema),
  subtotal: z.int(),
  discount: z.int(),
  shipping: z.int(),
  /** The paise let go so that the total is whole rupees (0 to -99). */
  round_off: z.int(),
  total: z.int(),
  coupon_code: z.nullable(z.string()),
  created_at: z.string(),
  cancelled_at: z.nullable(z.string()),
  /** Whether the shopper may cancel now, and if not, why. */
  can_cancel: z.boolean(),
  cancel_blocked_reason: z.nullable(z.string()),
  /** Until when a delivered order's items may be reported defective, damaged, incorrect or not as shown; else null. */
  report_problem_until: z.nullable(z.string()),
  /** The courier and tracking of a shipped order; null before it ships. */
  tracking: z.nullable(
    z.object({ courier: z.string(), tracking_id: z.string(), tracking_url: z.nullable(z.string()) }),
  ),
  /**
   * When the parcel is expected (`YYYY-MM-DD`, days in India), by the shipping policy: from the order's day until it
   * is dispatched, then from the dispatch; null once delivered, refunded or cancelled (`contract/delivery.ts`).
   */
  delivery_estimate: z.nullable(z.object({ earliest: z.string(), latest: z.string() })),
  /**
   * What staff paid back after delivery, oldest first: each payment in paise, its reference (UPI or bank), staff's
   * note and when. The order stays delivered until they add up to the total, then it is refunded.
   */
  refunds: z.array(z.object({ amount: z.int(), reference: z.string(), note: z.nullable(z.string()), at: z.string() })),
  /** The sum of `refunds`, in paise. */
  refunded_total: z.int(),
  /** Every state the order has been in, oldest first, with staff's note to the shopper. */
  history: z.array(z.object({ status: z.enum(orderStatuses), at: z.string(), note: z.nullable(z.string()) })),
});
export type Order = z.infer<typeof orderSchema>;

export const orderResponseSchema = z.object({ data: orderSchema });

export const ORDERS_PER_PAGE = 10;

export const getOrdersRequestSchema = z._default(
  z.object({
    page: z._default(
      z
        .number({ error: 'page must be a number' })
        .check(z.int(), z.gte(1, 'page must be 1 or more'), z.lte(10_000, 'page must be at most 10000')),
      1,
    ),
    per_page: z._default(
      z
        .number({ error: 'per_page must be a number' })
        .check(z.int(), z.gte(1, 'per_page must be 1 or more'), z.lte(50, 'per_page must be at most 50')),
      ORDERS_PER_PAGE,
    ),
    status: z.optional(z.enum(orderStatuses, { error: `status must be one of ${orderStatuses.join(', ')}` })),
  }),
  { page: 1, per_page: ORDERS_PER_PAGE },
);
export type GetOrdersRequest = z.input<typeof getOrdersRequestSchema>;

export const orderListSchema = z.object({ data: z.array(orderSummarySchema), meta: pageMetaSchema });
export type OrderList = z.infer<typeof orderListSchema>;
