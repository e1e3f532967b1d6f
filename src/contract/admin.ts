import { z } from 'zod/mini';
import { gstRateSchema, hsnCodeSchema } from './gst';
import { pageMetaSchema, productSchema } from './catalog';
import { messageStatuses } from './contact';
import { couponKinds, couponSchema } from './coupons';
import { withWebScheme } from './couriers';
import { type OrderStatus, orderStatuses } from './order-statuses';
import { orderSchema, orderSummarySchema } from './orders';
import { roleSchema } from './roles';
import { isSitePath } from './site-path';
import { calendarDate, optionalText, requiredText, storedWholeNumber } from './fields';
import { bannerSchema, insiderSchema, sectionItemSchema, sectionTypes, siteSettingsSchema } from './site';
import { userSchema } from './user';
import { productVariantSchema, variantInputSchema } from './variants';

/** The back office's API, under `/backend/api/api/admin/v1`. */
export const ADMIN_API_PATH = '/api/admin/v1';

/** The 11 site settings of the spec, each at most this long (an address, a description). */
const settingText = z.string().check(z.trim(), z.maxLength(500, 'Must be at most 500 characters'));
export const siteSettingsInputSchema = z.object({
  site_name: z
    .string()
    .check(z.trim(), z.minLength(1, 'Enter the site name'), z.maxLength(100, 'Must be at most 100 characters')),
  site_description: settingText,
  site_logo: settingText,
  site_favicon: settingText,
  site_phone: settingText,
  site_whatsapp: settingText,
  site_address: settingText,
  facebook: settingText,
  instagram: settingText,
  youtube: settingText,
  linkedin: settingText,
});
export type SiteSettingsInput = z.input<typeof siteSettingsInputSchema>;
export const siteSettingsResponseSchema = z.object({ data: siteSettingsSchema });

/** An account as staff see it. */
export const staffUserSchema = z.object({
  ...userSchema.shape,
  disabled: z.boolean(),
  created_at: z.string(),
});
export type StaffUser = z.infer<typeof staffUserSchema>;

/** A back-office list's page: 20 rows by default, at most 100. */
export const pageQuerySchema = z.object({
  page: z._default(
    z.coerce.number().check(z.int(), z.gte(1, 'page must be 1 or more'), z.lte(100_000, 'page must be at most 100000')),
    1,
  ),
  per_page: z._default(
    z.coerce
      .number()
      .check(z.int(), z.gte(1, 'per_page must be 1 or more'), z.lte(100, 'per_page must be at most 100')),
    20,
  ),
});

export const userListQuerySchema = z.object({
  ...pageQuerySchema.shape,
  search: z.optional(z.string().check(z.trim(), z.maxLength(200, 'search must be at most 200 characters'))),
  role: z.optional(roleSchema),
});
export type UserListQuery = z.input<typeof userListQuerySchema>;

export const userListResponseSchema = z.object({ data: z.array(staffUserSchema), meta: pageMetaSchema });

export const userUpdateSchema = z.object({
  role: z.optional(roleSchema),
  disabled: z.optional(z.boolean()),
});
export type UserUpdate = z.input<typeof userUpdateSchema>;
export const staffUserResponseSchema = z.object({ data: staffUserSchema });

/**
 * The moves staff may make: placed -> confirmed -> shipped -> delivered -> refunded (a problem the shopper reported,
 * the amount paid back: a part of the total records the refund and leaves the order delivered, the refund that
 * reaches the total makes it refunded); placed or confirmed -> cancelled.
 */
export const orderTransitions: Record<OrderStatus, readonly OrderStatus[]> = {
  placed: ['confirmed', 'cancelled'],
  confirmed: ['shipped', 'cancelled'],
  shipped: ['delivered'],
  delivered: ['refunded'],
  refunded: [],
  cancelled: [],
  // Only the gateway moves these: paid (placed) or expired by the payments job.
  awaiting_payment: [],
  expired: [],
};

const absentOrText = (max: number, field: string) =>
  z.optional(z.string().check(z.trim(), z.maxLength(max, `${field} must be at most ${max} characters`)));

export const orderTransitionSchema = z.object({
  to: z.enum(orderStatuses, { error: `to must be one of ${orderStatuses.join(', ')}` }),
  courier: absentOrText(100, 'courier'),
  tracking_id: absentOrText(100, 'tracking_id'),
  /** The courier's page for the parcel; a bare `www.…` address gets `https://`; empty is written from the courier's. */
  tracking_url: z.optional(
    z.pipe(
      z.pipe(
        z.string().check(z.trim(), z.maxLength(500, 'tracking_url must be at most 500 characters')),
        z.transform(withWebScheme),
      ),
      z.string().check(z.regex(/^$|^https?:\/\/\S+$/i, 'Enter a link starting with https://')),
    ),
  ),
  note: absentOrText(500, 'note'),
  /**
   * A refund: what is paid back, in paise (at most what remains of the total; at least ₹1 unless it is all that
   * remains, which the server checks), and the payment's reference.
   */
  refund_amount: z.optional(
    z.int('refund_amount must be a whole number of paise').check(z.gte(1, 'Refund at least ₹1')),
  ),
  refund_reference: absentOrText(100, 'refund_reference'),
});
export type OrderTransition = z.input<typeof orderTransitionSchema>;

/** A day in India, as a date input gives it. */
const indiaDay = (field: string) =>
  z.optional(
    z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, `${field} must be a date like 2026-12-31`), calendarDate(field)),
  );

export const staffOrderListQuerySchema = z.object({
  ...pageQuerySchema.shape,
  status: z.optional(z.enum(orderStatuses, { error: `status must be one of ${orderStatuses.join(', ')}` })),
  /** An order number, or the shopper's email or phone (in part). */
  search: z.optional(z.string().check(z.trim(), z.maxLength(200, 'search must be at most 200 characters'))),
  /** Orders placed on this day in India or after. */
  from: indiaDay('from'),
  /** Orders placed on this day in India or before. */
  to: indiaDay('to'),
});
export type StaffOrderListQuery = z.infer<typeof staffOrderListQuerySchema>;

/** An order as staff see it: the shopper's view, with who the shopper is. */
export const staffOrderSchema = z.object({
  ...orderSchema.shape,
  /** `email` is null for an account made with a phone number alone. */
  customer: z.object({ id: z.int(), name: z.string(), email: z.nullable(z.string()), phone: z.nullable(z.string()) }),
});
export type StaffOrder = z.infer<typeof staffOrderSchema>;
export const staffOrderResponseSchema = z.object({ data: staffOrderSchema });

export const staffOrderSummarySchema = z.object({
  ...orderSummarySchema.shape,
  customer_name: z.string(),
  customer_email: z.nullable(z.string()),
});
export const staffOrderListResponseSchema = z.object({
  data: z.array(staffOrderSummarySchema),
  meta: pageMetaSchema,
});

export { type MessageStatus, messageStatuses } from './contact';

export const staffMessageSchema = z.object({
  id: z.int(),
  name: z.string(),
  email: z.string(),
  message: z.string(),
  status: z.enum(messageStatuses),
  created_at: z.string(),
  answered_at: z.nullable(z.string()),
});
export type StaffMessage = z.infer<typeof staffMessageSchema>;

export const messageListQuerySchema = z.object({
  ...pageQuerySchema.shape,
  status: z.optional(z.enum(messageStatuses, { error: `status must be one of ${messageStatuses.join(', ')}` })),
});
export const messageListResponseSchema = z.object({ data: z.array(staffMessageSchema), meta: pageMetaSchema });
export const messageUpdateSchema = z.object({
  status: z.enum(messageStatuses, { error: `status must be one of ${messageStatuses.join(', ')}` }),
});
export const staffMessageResponseSchema = z.object({ data: staffMessageSchema });

/** A path that starts with `/` and yet takes a browser to another site (`/\evil.example`) is refused. */
const noOtherSite = z.refine<string>(
  (value) => !value.startsWith('/') || isSitePath(value),
  'link must be a path on this site like /category/Studio (a \\ makes it another site)',
);

/** A link staff may set: empty, a path on this site (`/category/Studio`), or an http(s) address. */
export const contentLinkSchema = z
  .string()
  .check(
    z.trim(),
    z.maxLength(500, 'link must be at most 500 characters'),
    z.regex(
      /^$|^\/(?!\/)\S*$|^https?:\/\/\S+$/i,
      'Enter a path on this site (starting with /) or a link starting with https://',
    ),
    noOtherSite,
  );

/** An uploaded image's file name in its folder (as `POST /uploads/{folder}` answers it). */
export const uploadNameSchema = z
  .string({ error: 'Choose an image' })
  .check(
    z.trim(),
    z.minLength(1, 'Choose an image'),
    z.maxLength(200, 'image must be at most 200 characters'),
    z.regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'image must be the name of an uploaded file'),
  );

export const bannerInputSchema = z.object({
  image: uploadNameSchema,
  link: z._default(contentLinkSchema, ''),
  alt: z._default(z.string().check(z.trim(), z.maxLength(300, 'alt must be at most 300 characters')), ''),
  /** Where it goes in the carousel, from 1; absent keeps its place (a new banner goes last). */
  position: z.optional(z.int().check(z.gte(1, 'position must be 1 or more'))),
});
export type BannerInput = z.input<typeof bannerInputSchema>;

export const staffBannerSchema = z.object({ ...bannerSchema.shape, position: z.int() });
export const staffBannerListResponseSchema = z.object({ data: z.array(staffBannerSchema) });
export const staffBannerResponseSchema = z.object({ data: staffBannerSchema });

/** A product as staff write it: prices in paise; `visible` false takes it off sale without deleting it. */
export const productInputSchema = z.object({
  name: z
    .string()
    .check(z.trim(), z.minLength(1, 'Enter the name'), z.maxLength(120, 'name must be at most 120 characters')),
  description: z._default(
    z.string().check(z.trim(), z.maxLength(5000, 'description must be at most 5000 characters')),
    '',
  ),
  category: z
    .string()
    .check(z.trim(), z.minLength(1, 'Enter the category'), z.maxLength(60, 'category must be at most 60 characters')),
  /**
   * True when staff add `category` as a new one on purpose; false picks one products already have. Categories are
   * unique whatever their case: `collectibles` is refused when `Collectibles` exists (409 on `category`).
   */
  new_category: z._default(z.boolean(), false),
  images: z._default(z.array(uploadNameSchema).check(z.maxLength(10, 'At most 10 images')), []),
  mrp: z
    .int({ error: 'mrp must be a whole number of paise' })
    .check(z.gte(100, 'The MRP must be at least ₹1'), z.lte(100_000_000, 'The MRP must be at most ₹10,00,000')),
  price: z.int({ error: 'price must be a whole number of paise' }).check(z.gte(100, 'The price must be at least ₹1')),
  stock: z
    .int({ error: 'stock must be a whole number' })
    .check(z.gte(0, 'Stock cannot be negative'), z.lte(1_000_000, 'stock must be at most 1000000')),
  perishable: z._default(z.boolean(), false),
  visible: z._default(z.boolean(), true),
  /** Printed on its tax invoices; left out, the product keeps what it has. */
  hsn_code: z.optional(hsnCodeSchema),
  gst_rate: z.optional(gstRateSchema),
  /**
   * The sizes or colours, in the order shown; the list replaces the product's (a variant left out is removed, `[]`
   * removes all), and leaving it out keeps them as they are. With variants, the product's stock is the sum of
   * theirs and `stock` is not used.
   */
  variants: z.optional(z.array(variantInputSchema).check(z.maxLength(30, 'At most 30 variants'))),
});
export type ProductInput = z.input<typeof productInputSchema>;

export const staffProductSchema = z.object({
  ...productSchema.shape,
  visible: z.boolean(),
  created_at: z.string(),
  hsn_code: z.string(),
  gst_rate: z.int(),
  variants: z.array(productVariantSchema),
});
export type StaffProduct = z.infer<typeof staffProductSchema>;
export const staffProductResponseSchema = z.object({ data: staffProductSchema });
export const staffProductListQuerySchema = z.object({
  ...pageQuerySchema.shape,
  search: z.optional(z.string().check(z.trim(), z.maxLength(100, 'search must be at most 100 characters'))),
  category: z.optional(z.string().check(z.trim(), z.maxLength(60, 'category must be at most 60 characters'))),
});
export const staffProductListResponseSchema = z.object({ data: z.array(staffProductSchema), meta: pageMetaSchema });
/** Every product category, hidden products' too, for staff to pick from. */
export const staffCategoryListResponseSchema = z.object({ data: z.array(z.string()) });

const optionalLimit = (field: string) => z._default(z.nullable(storedWholeNumber(field, 1)), null);
const optionalTime = (field: string) =>
  z._default(
    z.nullable(
      // An ISO 8601 date and time with its zone; the server also checks that it is a real date.
      z
        .string()
        .check(
          z.regex(
            /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/,
            `${field} must be a date and time`,
          ),
          calendarDate(field),
        ),
    ),
    null,
  );

/**
 * A coupon as staff write it: every rule the shop applies. Money in paise; `value` is a percentage (1 to 100) for a
 * percent coupon and paise for a flat one; a window, total and per-shopper limits are optional.
 */
export const couponInputSchema = z.object({
  code: z.pipe(
    z
      .string({ error: 'Enter the code' })
      .check(
        z.trim(),
        z.minLength(1, 'Enter the code'),
        z.maxLength(40, 'code must be at most 40 characters'),
        z.regex(/^[A-Za-z0-9_-]+$/, 'The code may hold only letters, digits, - and _'),
      ),
    z.transform((value: string) => value.toUpperCase()),
  ),
  description: z._default(
    z.string().check(z.trim(), z.maxLength(300, 'description must be at most 300 characters')),
    '',
  ),
  kind: z.enum(couponKinds, { error: 'kind must be percent or flat' }),
  value: storedWholeNumber('value', 1),
  min_order: z._default(storedWholeNumber('min_order', 0, 'min_order cannot be negative'), 0),
  max_discount: optionalLimit('max_discount'),
  starts_at: optionalTime('starts_at'),
  ends_at: optionalTime('ends_at'),
  usage_limit: optionalLimit('usage_limit'),
  per_user_limit: optionalLimit('per_user_limit'),
  active: z._default(z.boolean(), true),
});
export type CouponInput = z.input<typeof couponInputSchema>;
export type ParsedCouponInput = z.output<typeof couponInputSchema>;

/** A coupon as staff see it: the shopper's view, with its id, its limits and its uses. */
export const staffCouponSchema = z.object({
  ...couponSchema.shape,
  id: z.int(),
  starts_at: z.nullable(z.string()),
  usage_limit: z.nullable(z.int()),
  per_user_limit: z.nullable(z.int()),
  active: z.boolean(),
  /** Orders that use it now (a cancelled order gives its use back). */
  uses: z.int(),
});
export type StaffCoupon = z.infer<typeof staffCouponSchema>;
export const staffCouponResponseSchema = z.object({ data: staffCouponSchema });
export const staffCouponListResponseSchema = z.object({ data: z.array(staffCouponSchema) });

/** Stock at or below this is low: the dashboard lists the product. */
export const LOW_STOCK_THRESHOLD = 5;

/** What waits for the shop's team: orders at each step, products running out, unread messages, today's orders. */
export const dashboardSchema = z.object({
  orders_waiting: z.object({ placed: z.int(), confirmed: z.int(), shipped: z.int() }),
  low_stock: z.array(z.object({ id: z.int(), name: z.string(), stock: z.int() })),
  new_messages: z.int(),
  /** Orders placed since midnight in India (IST). */
  today_orders: z.int(),
  today_total: z.int(),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
export const dashboardResponseSchema = z.object({ data: dashboardSchema });

/** An image of content that may have none: empty, or the name of an uploaded file. */
const optionalImageSchema = z._default(
  z.union([z.literal(''), uploadNameSchema], { error: 'image must be the name of an uploaded file' }),
  '',
);
/** Where an item goes in its list, from 1; absent keeps its place (a new item goes last). */
const positionSchema = z.optional(z.int().check(z.gte(1, 'position must be 1 or more')));

/** An insider video: a thumbnail uploaded to `inside`, a YouTube address to play, and an optional page link. */
export const insiderInputSchema = z.object({
  title: requiredText('title', 'title', 200),
  thumbnail: uploadNameSchema,
  video_link: z
    .string({ error: 'Enter the YouTube address of the video' })
    .check(z.trim(), z.minLength(1, 'Enter the YouTube address of the video'), z.maxLength(500)),
  link: z._default(contentLinkSchema, ''),
  position: positionSchema,
});
export type InsiderInput = z.input<typeof insiderInputSchema>;
export const staffInsiderSchema = z.object({ ...insiderSchema.shape, position: z.int() });
export const staffInsiderListResponseSchema = z.object({ data: z.array(staffInsiderSchema) });
export const staffInsiderResponseSchema = z.object({ data: staffInsiderSchema });

/** The address form of a section type or a category name: `Cine News` is `cine-news`. */
export function slugOf(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

export const sectionSlugs = sectionTypes.map(slugOf);
export const sectionParamsSchema = z.object({
  type: z.enum(sectionSlugs as [string, ...string[]], { error: `type must be one of ${sectionSlugs.join(', ')}` }),
});

/** An item of a home page section: a title, an optional image uploaded to `section`, a link and a description. */
export const sectionItemInputSchema = z.object({
  title: requiredText('title', 'title', 200),
  image: optionalImageSchema,
  link: z._default(contentLinkSchema, ''),
  description: optionalText('description', 2000),
  position: positionSchema,
});
export type SectionItemInput = z.input<typeof sectionItemInputSchema>;
export const staffSectionItemSchema = z.object({ ...sectionItemSchema.shape, position: z.int() });
export const staffSectionItemListResponseSchema = z.object({ data: z.array(staffSectionItemSchema) });
export const staffSectionItemResponseSchema = z.object({ data: staffSectionItemSchema });
