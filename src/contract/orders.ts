import { z } from 'zod';
import { pageMetaSchema } from './catalog';
import { couponCodeSchema } from './coupons';
import { addressInputSchema, savedAddressSchema } from './user';

export const orderStatuses = ['placed', 'confirmed', 'shipped', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof orderStatuses)[number];

export const paymentMethods = ['cod'] as const;

/** Orders of at least ₹499 (after discount) ship free; others pay a flat ₹49. */
export const FREE_SHIPPING_FROM = 49_900;
export const SHIPPING_FEE = 4_900;
/** The refund policy: cancellation only within 30 days of the order. */
export const CANCEL_WINDOW_DAYS = 30;

export const completeOrderRequestSchema = z.object({
  address: addressInputSchema,
  payment_method: z.enum(paymentMethods, { error: 'payment_method must be cod (cash on delivery)' }),
  coupon_code: z
    .union([z.literal('').transform(() => undefined), z.null().transform(() => undefined), couponCodeSchema])
    .optional(),
});
export type CompleteOrderRequest = z.input<typeof completeOrderRequestSchema>;

export const orderAddressSchema = savedAddressSchema.omit({ id: true });

export const orderItemSchema = z.object({
  product_id: z.number().int(),
  name: z.string(),
  image: z.string(),
  /** Prices as they were when the order was placed, in paise. */
  price: z.number().int(),
  mrp: z.number().int(),
  quantity: z.number().int(),
  line_total: z.number().int(),
  perishable: z.boolean(),
});
export type OrderItem = z.infer<typeof orderItemSchema>;

export const orderSummarySchema = z.object({
  id: z.number().int(),
  status: z.enum(orderStatuses),
  total: z.number().int(),
  item_count: z.number().int(),
  created_at: z.string(),
  /** The first item's image and name, for a list row. */
  cover_image: z.string(),
  cover_name: z.string(),
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;

export const orderSchema = z.object({
  id: z.number().int(),
  status: z.enum(orderStatuses),
  payment_method: z.enum(paymentMethods),
  address: orderAddressSchema,
  items: z.array(orderItemSchema),
  subtotal: z.number().int(),
  discount: z.number().int(),
  shipping: z.number().int(),
  total: z.number().int(),
  coupon_code: z.string().nullable(),
  created_at: z.string(),
  cancelled_at: z.string().nullable(),
  /** Whether the shopper may cancel now, and if not, why. */
  can_cancel: z.boolean(),
  cancel_blocked_reason: z.string().nullable(),
});
export type Order = z.infer<typeof orderSchema>;

export const orderResponseSchema = z.object({ data: orderSchema });

export const ORDERS_PER_PAGE = 10;

export const getOrdersRequestSchema = z
  .object({
    page: z.number({ error: 'page must be a number' }).int().min(1, 'page must be 1 or more').default(1),
    per_page: z
      .number({ error: 'per_page must be a number' })
      .int()
      .min(1, 'per_page must be 1 or more')
      .max(50, 'per_page must be at most 50')
      .default(ORDERS_PER_PAGE),
    status: z.enum(orderStatuses, { error: `status must be one of ${orderStatuses.join(', ')}` }).optional(),
  })
  .default({ page: 1, per_page: ORDERS_PER_PAGE });
export type GetOrdersRequest = z.input<typeof getOrdersRequestSchema>;

export const orderListSchema = z.object({ data: z.array(orderSummarySchema), meta: pageMetaSchema });
export type OrderList = z.infer<typeof orderListSchema>;
