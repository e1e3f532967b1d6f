import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  json,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** The one row of site-wide settings the spec calls site_settings (id is always 1). */
export const siteSettings = pgTable(
  'site_settings',
  {
    id: integer('id').primaryKey().default(1),
    siteName: text('site_name').notNull(),
    siteDescription: text('site_description').notNull().default(''),
    siteLogo: text('site_logo').notNull().default(''),
    siteFavicon: text('site_favicon').notNull().default(''),
    sitePhone: text('site_phone').notNull().default(''),
    siteWhatsapp: text('site_whatsapp').notNull().default(''),
    siteAddress: text('site_address').notNull().default(''),
    facebook: text('facebook').notNull().default(''),
    instagram: text('instagram').notNull().default(''),
    youtube: text('youtube').notNull().default(''),
    linkedin: text('linkedin').notNull().default(''),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('site_settings_single_row', sql`${table.id} = 1`)],
);

/** Directory categories (Artist, Union, Vendor...), the keys of categoryList. */
export const categories = pgTable('categories', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  description: text('description').notNull().default(''),
  sortOrder: integer('sort_order').notNull().default(0),
});

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** Stored lower-cased so that look-ups ignore case. Null for an account made with a phone number alone. */
    email: text('email').unique(),
    /** A 10-digit Indian mobile number. One account at most holds a number it confirmed by a code. */
    phone: text('phone'),
    /**
     * Set when the owner typed a code sent by SMS to `phone`; it counts as a confirmed email does (see
     * `hasConfirmedContact`). Cleared when the phone changes.
     */
    phoneConfirmedAt: timestamp('phone_confirmed_at', { withTimezone: true }),
    passwordHash: text('password_hash').notNull(),
    role: text('role').notNull().default('customer'),
    /** Set when an admin disables the account: it cannot log in and its tokens stop working. */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /**
     * Set when the owner opened the confirmation link mailed to `email`. Until then the account may shop, but not
     * write to members, apply or post calls (see `hasConfirmedContact`).
     */
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
    /** The language the member reads the product in (`en` or `hi`): their mail and notices are written in it. */
    language: text('language').notNull().default('en'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('users_role_known', sql`${table.role} in ('customer', 'editor', 'shop_manager', 'moderator', 'admin')`),
    check('users_language_known', sql`${table.language} in ('en', 'hi')`),
    uniqueIndex('users_confirmed_phone_idx')
      .on(table.phone)
      .where(sql`${table.phoneConfirmedAt} is not null`),
    // An account can always sign in: by its email or by its confirmed phone.
    check('users_email_or_phone', sql`${table.email} is not null or ${table.phoneConfirmedAt} is not null`),
  ],
);

/**
 * One-time codes sent by SMS to sign in or register with a phone number. Only a salted SHA-256 of the code is kept;
 * a code works for 5 minutes, takes 3 tries and is used once. Rows older than a day are swept by the upkeep.
 */
export const phoneCodes = pgTable(
  'phone_codes',
  {
    id: serial('id').primaryKey(),
    phone: text('phone').notNull(),
    purpose: text('purpose').notNull(),
    salt: text('salt').notNull(),
    codeHash: text('code_hash').notNull(),
    /** Wrong tries so far. */
    tries: integer('tries').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [
    index('phone_codes_phone_idx').on(table.phone, table.createdAt),
    check('phone_codes_purpose_known', sql`${table.purpose} in ('register', 'login')`),
  ],
);

/**
 * Every back-office write, recorded in the transaction of the write: who, when, what, and the values before and
 * after (secrets never). Append-only: nothing updates or deletes a record.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** What was done: `create`, `update`, `delete`, or a named step such as `transition`. */
    action: text('action').notNull(),
    /** What it was done to: `settings`, `user`, `product`, ... */
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (table) => [
    index('audit_log_actor_idx').on(table.actorId),
    index('audit_log_entity_idx').on(table.entity, table.entityId),
  ],
);

/** Bearer tokens: only the SHA-256 of a token is stored, so a database leak yields no usable token. */
export const authTokens = pgTable('auth_tokens', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
});

/** Home page banner carousel: an image in the `banner` upload folder and where the slide leads. */
export const banners = pgTable('banners', {
  id: serial('id').primaryKey(),
  image: text('image').notNull(),
  link: text('link').notNull().default(''),
  altText: text('alt_text').notNull().default(''),
  sortOrder: integer('sort_order').notNull().default(0),
});

/** Insider videos: a thumbnail in the `inside` folder, the video to play and an optional page link. */
export const insiders = pgTable('insiders', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  thumbnail: text('thumbnail').notNull(),
  videoLink: text('video_link').notNull(),
  link: text('link').notNull().default(''),
  sortOrder: integer('sort_order').notNull().default(0),
});

/** Items of the home page content sections (Cine News, Cine Fashion...); images in the `section` folder. */
export const sectionItems = pgTable(
  'section_items',
  {
    id: serial('id').primaryKey(),
    type: text('type').notNull(),
    title: text('title').notNull(),
    image: text('image').notNull().default(''),
    link: text('link').notNull().default(''),
    description: text('description').notNull().default(''),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (table) => [index('section_items_type_idx').on(table.type, table.sortOrder)],
);

/** Directory entries listed under a category (an artist, a studio, a union...); photos in the `directory` folder. */
export const directoryEntries = pgTable(
  'directory_entries',
  {
    id: serial('id').primaryKey(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    city: text('city').notNull(),
    description: text('description').notNull().default(''),
    photo: text('photo').notNull().default(''),
    phone: text('phone').notNull().default(''),
    email: text('email').notNull().default(''),
    website: text('website').notNull().default(''),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (table) => [index('directory_entries_category_idx').on(table.categoryId, table.sortOrder)],
);

/** Messages sent from the contact page, kept until someone on the team answers them. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    message: text('message').notNull(),
    /** The sender's address, kept for abuse handling. */
    ipAddress: text('ip_address').notNull().default(''),
    /**
     * The account the message belongs to: the one signed in when it was sent, or the one that claimed it by a link
     * mailed to `email`. Never chosen by `email` alone: whoever registers an address would read its owner's messages.
     */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The Idempotency-Key the message was sent with: a message queued offline and sent twice is stored once. */
    idempotencyKey: text('idempotency_key').unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    /** Where the team is with it: new, read, answered or closed. */
    status: text('status', { enum: ['new', 'read', 'answered', 'closed'] })
      .notNull()
      .default('new'),
  },
  (table) => [
    index('contact_messages_status_idx').on(table.status, table.createdAt),
    index('contact_messages_user_idx').on(table.userId),
  ],
);

/**
 * A member's request to attach the contact messages sent from their address while signed out: the link mailed to
 * `email` proves the address is theirs. Works once, until `expiresAt`; only the token's hash is kept.
 */
export const contactClaimTokens = pgTable(
  'contact_claim_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The address the link went to: the account's email when it was asked for. */
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('contact_claim_tokens_user_idx').on(table.userId)],
);

/** Saved delivery addresses of a user, offered at checkout. */
export const addresses = pgTable(
  'addresses',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    line1: text('line1').notNull(),
    line2: text('line2').notNull().default(''),
    city: text('city').notNull(),
    state: text('state').notNull(),
    pincode: text('pincode').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('addresses_user_idx').on(table.userId)],
);

/** Merchandise. Money is integer paise, GST included; stock can never go below zero. */
export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    slug: text('slug').notNull().unique(),
    description: text('description').notNull().default(''),
    /** Files in the `product` upload folder, the first one the cover. */
    images: jsonb('images').$type<string[]>().notNull().default([]),
    mrp: integer('mrp').notNull(),
    price: integer('price').notNull(),
    stock: integer('stock').notNull().default(0),
    category: text('category').notNull(),
    perishable: boolean('perishable').notNull().default(false),
    /** A product taken off sale stays in old orders and carts but is no longer listed or sold. */
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The Harmonised System code printed on its tax invoices (4, 6 or 8 digits; empty until staff set it). */
    hsnCode: text('hsn_code').notNull().default(''),
    /** Its GST rate in per cent (0, 5, 12, 18, 28): the standard 18 until staff set it. */
    gstRate: integer('gst_rate').notNull().default(18),
  },
  (table) => [
    check('products_stock_not_negative', sql`${table.stock} >= 0`),
    check('products_price_positive', sql`${table.price} > 0 and ${table.price} <= ${table.mrp}`),
    index('products_category_idx').on(table.category),
    index('products_created_idx').on(table.createdAt),
  ],
);

/** One line per product in a user's cart; adding the same product again adds to its quantity. */
export const cartItems = pgTable(
  'cart_items',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The size or colour picked, for a product that has them; null for one that has none. */
    variantId: integer('variant_id').references(() => productVariants.id, { onDelete: 'cascade' }),
  },
  (table) => [
    // One line per product and variant: the same size again adds up, another size is another line.
    uniqueIndex('cart_items_user_product_variant_idx').on(
      table.userId,
      table.productId,
      sql`coalesce(${table.variantId}, 0)`,
    ),
    check('cart_items_quantity_positive', sql`${table.quantity} > 0`),
  ],
);

export const wishlistItems = pgTable(
  'wishlist_items',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('wishlist_items_user_product_idx').on(table.userId, table.productId)],
);

/** Discount codes. `value` is a percentage (kind percent) or paise (kind flat); limits null mean none. */
export const coupons = pgTable('coupons', {
  id: serial('id').primaryKey(),
  /** Stored upper-cased; codes are matched in any case. */
  code: text('code').notNull().unique(),
  description: text('description').notNull().default(''),
  kind: text('kind', { enum: ['percent', 'flat'] }).notNull(),
  value: integer('value').notNull(),
  minOrder: integer('min_order').notNull().default(0),
  maxDiscount: integer('max_discount'),
  startsAt: timestamp('starts_at', { withTimezone: true }),
  endsAt: timestamp('ends_at', { withTimezone: true }),
  usageLimit: integer('usage_limit'),
  perUserLimit: integer('per_user_limit'),
  active: boolean('active').notNull().default(true),
});

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', {
      enum: ['placed', 'confirmed', 'shipped', 'delivered', 'refunded', 'cancelled', 'awaiting_payment', 'expired'],
    })
      .notNull()
      .default('placed'),
    paymentMethod: text('payment_method', { enum: ['cod', 'online'] }).notNull(),
    /** The delivery address as given at checkout: later edits of a saved address do not change an order. */
    address: jsonb('address')
      .$type<{
        name: string;
        phone: string;
        line1: string;
        line2: string;
        city: string;
        state: string;
        pincode: string;
      }>()
      .notNull(),
    subtotal: integer('subtotal').notNull(),
    discount: integer('discount').notNull().default(0),
    shipping: integer('shipping').notNull().default(0),
    total: integer('total').notNull(),
    couponId: integer('coupon_id').references(() => coupons.id),
    couponCode: text('coupon_code'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** Set when staff ship the order (the shipping policy promises a tracking ID and link). */
    courier: text('courier'),
    trackingId: text('tracking_id'),
    trackingUrl: text('tracking_url'),
    /**
     * The one refund of an order refunded before refunds could be partial. Superseded by `order_refunds` (its rows
     * were copied there) and no longer written; dropped by a later migration.
     */
    refundAmount: integer('refund_amount'),
    refundReference: text('refund_reference'),
  },
  (table) => [index('orders_user_idx').on(table.userId, table.createdAt), index('orders_status_idx').on(table.status)],
);

/** Every state an order has been in, with when: the shopper's order page shows them. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status', {
      enum: ['placed', 'confirmed', 'shipped', 'delivered', 'refunded', 'cancelled', 'awaiting_payment', 'expired'],
    }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** Staff's note to the shopper, shown with the step. */
    note: text('note'),
  },
  (table) => [index('order_events_order_idx').on(table.orderId, table.at)],
);

/**
 * Money staff paid back for a delivered order, one row a payment (a problem with one item, then another): their sum
 * is at most the order's total, and the order becomes refunded when it reaches it.
 */
export const orderRefunds = pgTable(
  'order_refunds',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** Paise paid back. */
    amount: integer('amount').notNull(),
    /** The payment's reference (UPI or bank transfer), so the shopper can match it with their statement. */
    reference: text('reference').notNull(),
    /** Staff's note to the shopper. */
    note: text('note'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** The gateway's refund id (`rfnd_…`) of a prepaid order's refund; null for cash on delivery's. */
    gatewayRefundId: text('gateway_refund_id'),
  },
  (table) => [index('order_refunds_order_idx').on(table.orderId, table.at)],
);

/**
 * Mail waiting to be sent: written in the transaction of what causes it, sent by jobs of the job queue
 * (plugins/mail-sender.ts), retried with backoff when the mail server fails. A state change never waits for, or
 * fails with, its mail.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    to: text('to_address').notNull(),
    /** What the mail is about (`order`, `password-reset`...): all a production log without SMTP_URL says of it. */
    kind: text('kind').notNull().default('mail'),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    /** Files sent with the mail (a calendar invitation), their content as text. */
    attachments: jsonb('attachments').$type<{ filename: string; contentType: string; content: string }[]>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    lastError: text('last_error'),
  },
  (table) => [
    index('mail_outbox_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.sentAt} is null`),
  ],
);

/** The items of an order, with name and prices copied at the time of the order. */
export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    name: text('name').notNull(),
    image: text('image').notNull().default(''),
    price: integer('price').notNull(),
    mrp: integer('mrp').notNull(),
    quantity: integer('quantity').notNull(),
    perishable: boolean('perishable').notNull().default(false),
    /** The variant ordered (null when the product has none, or the variant was removed since). */
    variantId: integer('variant_id').references(() => productVariants.id, { onDelete: 'set null' }),
    /** The variant as it was ordered, copied like the name: its kind and label (`size`, `M`). */
    variantKind: text('variant_kind', { enum: ['size', 'colour'] }),
    variantLabel: text('variant_label'),
  },
  (table) => [index('order_items_order_idx').on(table.orderId)],
);

/** One row per coupon use, so usage limits are counted, not trusted; a cancelled order gives its use back. */
export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: serial('id').primaryKey(),
    couponId: integer('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('coupon_redemptions_coupon_idx').on(table.couponId, table.userId)],
);

/**
 * Answers to shop calls made with an Idempotency-Key, kept 24 hours: a retry with the same key and body gets the
 * stored answer instead of a second effect.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** SHA-256 of the method, path and body: the same key with another request is refused. */
    fingerprint: text('fingerprint').notNull(),
    statusCode: integer('status_code'),
    response: json('response'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // No index on created_at: the hourly sweep reads the table whole, while every cart edit with a key would update
  // that index (half the cost of storing a batch of keyed answers on the embedded database). The answers are kept
  // uncompressed in their rows (toast_tuple_target, migration 0006).
  (table) => [uniqueIndex('idempotency_keys_user_key_idx').on(table.userId, table.key)],
);

/**
 * Counters of attempts (failed logins, registrations, password resets) per key such as `login-email:x` or
 * `register-ip:y`, each over a window that starts at its first attempt. Kept in the database so that every server
 * process on one PostgreSQL shares them; counted with one upsert, so parallel attempts cannot slip past the limit.
 */
export const attemptCounters = pgTable('attempt_counters', {
  key: text('key').primaryKey(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
  attempts: integer('attempts').notNull(),
});

/** Password reset links: only the SHA-256 of the token is stored; a link works once, for 30 minutes. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('password_reset_tokens_user_idx').on(table.userId)],
);

/**
 * Devices an account signed in from: the device keeps a random token and sends it with its next logins, which then
 * count on their own, so failures tried from elsewhere never lock the owner out of it. Only the SHA-256 is stored.
 */
export const knownDevices = pgTable(
  'known_devices',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('known_devices_user_idx').on(table.userId)],
);

/**
 * One-time sign-in links, mailed when the right password comes from a new device while the account is being guessed
 * at: only the SHA-256 of the token is stored; a link works once, for 15 minutes.
 */
export const signInLinks = pgTable(
  'sign_in_links',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('sign_in_links_user_idx').on(table.userId)],
);

/**
 * A link that confirms an account's email: the address it was mailed to is kept, so a link mailed to an address
 * the account no longer has confirms nothing. Only the token's hash is stored.
 */
export const emailConfirmationTokens = pgTable(
  'email_confirmation_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('email_confirmation_tokens_user_idx').on(table.userId)],
);

/**
 * One row per message a member sent (a first message, an answer, a message to the team while signed in), kept a
 * day: the hourly and daily limits per sender are counted here, in the transaction of the message.
 */
export const sentMessages = pgTable(
  'sent_messages',
  {
    id: serial('id').primaryKey(),
    senderId: integer('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('sent_messages_sender_idx').on(table.senderId, table.sentAt)],
);

/**
 * The mail of one conversation to one of its two sides, kept to one an hour: `nextMailAt` is when another may go,
 * and `pendingMailId` the mail (in `mail_outbox`, due at `nextMailAt`) that gathers the messages written meanwhile.
 */
export const conversationMails = pgTable(
  'conversation_mails',
  {
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    recipientId: integer('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    nextMailAt: timestamp('next_mail_at', { withTimezone: true }).notNull(),
    pendingMailId: integer('pending_mail_id').references(() => mailOutbox.id, { onDelete: 'set null' }),
    pendingCount: integer('pending_count').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.conversationId, table.recipientId] })],
);

/**
 * A member's profile: a person (category Artist) or an organisation. One per account. Lists (crafts, languages,
 * credits...) are JSON; `hiddenByStaffAt` is a moderator's decision, `visibility` the member's own.
 */
export const profiles = pgTable(
  'profiles',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['person', 'organisation'] }).notNull(),
    handle: text('handle').notNull().unique(),
    displayName: text('display_name').notNull(),
    category: text('category').notNull(),
    crafts: jsonb('crafts').$type<string[]>().notNull().default([]),
    headline: text('headline').notNull().default(''),
    bio: text('bio').notNull().default(''),
    city: text('city').notNull(),
    languages: jsonb('languages').$type<{ language: string; level: string }[]>().notNull().default([]),
    skills: jsonb('skills').$type<string[]>().notNull().default([]),
    playingAgeMin: integer('playing_age_min'),
    playingAgeMax: integer('playing_age_max'),
    gender: text('gender'),
    heightCm: integer('height_cm'),
    unionName: text('union_name').notNull().default(''),
    unionNumber: text('union_number').notNull().default(''),
    credits: jsonb('credits')
      .$type<{ title: string; year: number; role: string; type: string }[]>()
      .notNull()
      .default([]),
    reels: jsonb('reels').$type<string[]>().notNull().default([]),
    website: text('website').notNull().default(''),
    address: text('address').notNull().default(''),
    phone: text('phone').notNull().default(''),
    email: text('email').notNull().default(''),
    services: jsonb('services').$type<string[]>().notNull().default([]),
    visibility: text('visibility', { enum: ['public', 'hidden'] })
      .notNull()
      .default('public'),
    show: jsonb('show')
      .$type<{ phone: boolean; email: boolean; height: boolean; age: boolean }>()
      .notNull()
      .default({ phone: false, email: false, height: false, age: false }),
    dateOfBirth: text('date_of_birth'),
    /** The guardian as the member named them; their consent is a row of `guardianConsents`, made when they confirm. */
    guardian: jsonb('guardian').$type<{ name: string; contact: string } | null>(),
    /** Under 18 on the day it was last saved: never listed in public search. */
    minor: boolean('minor').notNull().default(false),
    verified: boolean('verified').notNull().default(false),
    verifiedReason: text('verified_reason'),
    /** none, pending (asked for), verified, refused (with the reason the member sees). */
    verificationStatus: text('verification_status', { enum: ['none', 'pending', 'verified', 'refused'] })
      .notNull()
      .default('none'),
    refusedReason: text('refused_reason'),
    hiddenByStaffAt: timestamp('hidden_by_staff_at', { withTimezone: true }),
    hiddenReason: text('hidden_reason'),
    /**
     * Why a new organisation waits for a moderator before it is listed (its name or description claims to be official
     * or asks for money: lib/held-words.ts); null once approved, and for every other profile.
     */
    heldReason: text('held_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** In the public index: shown by its member, not hidden by staff, not a minor's. Kept by the database. */
    listed: boolean('listed').generatedAlwaysAs(
      sql`visibility = 'public' and hidden_by_staff_at is null and not minor`,
    ),
    /** Name, headline and skills in lower case, for the directory's search (a trigram index). */
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(display_name || ' ' || headline || ' ' || skills::text)`,
    ),
    /**
     * The display name in either script folded into one loose Latin form (lib/either-script.ts `nameKey`), written by
     * the server with the name; null until then (made by `fillSearchKeys` when the database is migrated, and hourly).
     */
    nameKey: text('name_key'),
    /** The city's key (lib/either-script.ts `cityKey`): "Mumbai", "Bombay" and "मुंबई" alike are `mumbai`. */
    cityKey: text('city_key'),
    /**
     * What the keys were made from, and by which rules: `<rules version>:<display name>\n<city>`, written with them
     * (lib/search-keys.ts). A row whose name or city no longer matches it, or whose keys a writer changed without it
     * (a process of an earlier release: a trigger clears it), gets its keys made again by the hourly upkeep.
     */
    keysOf: text('keys_of'),
    /** The languages' names in lower case, a JSON array (`@>` through a GIN index). */
    languageKeys: jsonb('language_keys')
      .$type<string[]>()
      .generatedAlwaysAs(sql`jsonb_path_query_array(lower(languages::text)::jsonb, '$[*].language')`),
  },
  (table) => [
    check('profiles_kind_category', sql`(${table.kind} = 'person') = (${table.category} = 'Artist')`),
    index('profiles_category_idx').on(table.category, table.verified, table.updatedAt),
    index('profiles_name_idx').on(sql`lower(${table.displayName})`),
    // The directory's search (docs/decisions/2026-11-25-directory-search.md).
    index('profiles_search_trgm_idx').using('gin', sql`${table.searchText} gin_trgm_ops`),
    index('profiles_language_keys_idx').using('gin', table.languageKeys),
    index('profiles_listed_order_idx')
      .on(table.verified.desc().nullsFirst(), table.updatedAt.desc().nullsFirst(), table.id)
      .where(sql`${table.listed}`),
    // Names and cities in either script (docs/decisions/2026-11-28-either-script-search.md).
    index('profiles_name_key_trgm_idx').using('gin', sql`${table.nameKey} gin_trgm_ops`),
    index('profiles_listed_city_key_idx')
      .on(table.cityKey)
      .where(sql`${table.listed}`),
  ],
);

/**
 * Only listed profiles: the predicate of the partial indexes above, written as a literal so that a prepared
 * statement's generic plan can use them (a parameter there would hide them from it). A profile held for a moderator
 * is left out too: the conjunction still implies the indexes' predicate, so they serve it as before.
 */
export const listedProfile = sql`${profiles.listed} and ${profiles.heldReason} is null`;

/** A profile's photos (headshots of a person), in order; one is the main one. Files in the `profile` folder. */
export const profilePhotos = pgTable(
  'profile_photos',
  {
    id: serial('id').primaryKey(),
    profileId: integer('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    main: boolean('main').notNull().default(false),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (table) => [index('profile_photos_profile_idx').on(table.profileId, table.sortOrder)],
);

/**
 * What waits for a moderator: a member's request to be verified, a report of a profile (fake, impersonation,
 * inappropriate), or a new organisation held before it is listed. Closed with the decision that settled it.
 */
export const moderationItems = pgTable(
  'moderation_items',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: ['verification', 'report', 'held'] }).notNull(),
    profileId: integer('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    /** Who reported (null for a verification request, or once the reporter's account is deleted). */
    reporterId: integer('reporter_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason'),
    details: text('details').notNull().default(''),
    status: text('status', { enum: ['open', 'closed'] })
      .notNull()
      .default('open'),
    decision: text('decision'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('moderation_items_open_idx').on(table.status, table.kind, table.createdAt),
    uniqueIndex('moderation_items_one_open_report')
      .on(table.profileId, table.reporterId)
      .where(sql`${table.kind} = 'report' and ${table.status} = 'open'`),
  ],
);

/** A conversation a member started with a profile through "Contact"; its messages follow. */
export const conversations = pgTable(
  'conversations',
  {
    id: serial('id').primaryKey(),
    /** Null once the profile's member deleted their account: the conversation stays for the one who wrote. */
    profileId: integer('profile_id').references(() => profiles.id, { onDelete: 'set null' }),
    senderId: integer('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('conversations_profile_sender').on(table.profileId, table.senderId),
    index('conversations_sender_created_idx').on(table.senderId, table.createdAt),
  ],
);

export const conversationMessages = pgTable(
  'conversation_messages',
  {
    id: serial('id').primaryKey(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('conversation_messages_conversation_idx').on(table.conversationId, table.createdAt)],
);

/**
 * A casting call an organisation (or a casting director) posts: its roles follow. `pending` waits for a moderator
 * (the poster is not verified); `applicantMailAt` keeps the poster's new-applicant mail to one an hour.
 */
export const castingCalls = pgTable(
  'casting_calls',
  {
    id: serial('id').primaryKey(),
    /** Null once the poster's account is deleted: the call stays closed, for the applications others wrote to it. */
    posterId: integer('poster_id').references(() => profiles.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    projectType: text('project_type').notNull(),
    description: text('description').notNull(),
    city: text('city').notNull().default(''),
    /** The city's key (lib/either-script.ts `cityKey`), written by the server with the city. */
    cityKey: text('city_key'),
    /** What the key was made from, and by which rules: `<rules version>:<city>` (as `profiles.keys_of`). */
    keysOf: text('keys_of'),
    remote: boolean('remote').notNull().default(false),
    shootStart: text('shoot_start'),
    shootEnd: text('shoot_end'),
    contentNote: jsonb('content_note')
      .$type<{ nudity: boolean; intimacy: boolean; violence: boolean; details: string }>()
      .notNull(),
    deadline: timestamp('deadline', { withTimezone: true }).notNull(),
    status: text('status', { enum: ['pending', 'published', 'unpublished', 'closed'] }).notNull(),
    unpublishedReason: text('unpublished_reason'),
    applicantMailAt: timestamp('applicant_mail_at', { withTimezone: true }),
    /** The deadline the poster was last reminded of before the call closes by itself (a later deadline, a new one). */
    closeReminderFor: timestamp('close_reminder_for', { withTimezone: true }),
    /**
     * When the call was last published (at once for a verified poster, else by a moderator): "Roles for you" tells of
     * calls published after a member saved their filters. Null for calls published before it was kept: their
     * `created_at` stands in.
     */
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('casting_calls_open_idx').on(table.status, table.deadline),
    index('casting_calls_poster_idx').on(table.posterId, table.createdAt),
  ],
);

/** A role of a call. Genders and languages are JSON arrays (languages in lower case in `languageKeys`). */
export const castingRoles = pgTable(
  'casting_roles',
  {
    id: serial('id').primaryKey(),
    callId: integer('call_id')
      .notNull()
      .references(() => castingCalls.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    genders: jsonb('genders').$type<string[]>().notNull().default([]),
    ageMin: integer('age_min').notNull(),
    ageMax: integer('age_max').notNull(),
    languages: jsonb('languages').$type<string[]>().notNull().default([]),
    paid: boolean('paid').notNull(),
    payInr: integer('pay_inr').notNull().default(0),
    requires: jsonb('requires').$type<{ photo: boolean; reel: boolean; self_tape: boolean }>().notNull(),
    selfTapeInstructions: text('self_tape_instructions').notNull().default(''),
    /** The longest self-tape the role takes, in seconds (at most 600, the longest any tape may be). */
    selfTapeMaxSeconds: integer('self_tape_max_seconds').notNull().default(600),
    openings: integer('openings').notNull().default(1),
    status: text('status', { enum: ['open', 'closed'] })
      .notNull()
      .default('open'),
    languageKeys: jsonb('language_keys')
      .$type<string[]>()
      .generatedAlwaysAs(sql`lower(languages::text)::jsonb`),
  },
  (table) => [index('casting_roles_call_idx').on(table.callId, table.position)],
);

/**
 * An application of a profile to a role: one per role. `posterNote` is the poster's private note; `viewedAt` is when
 * the poster first opened it.
 */
export const castingApplications = pgTable(
  'casting_applications',
  {
    id: serial('id').primaryKey(),
    callId: integer('call_id')
      .notNull()
      .references(() => castingCalls.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => castingRoles.id, { onDelete: 'cascade' }),
    profileId: integer('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    status: text('status', {
      enum: ['submitted', 'viewed', 'shortlisted', 'callback', 'selected', 'not_selected', 'withdrawn'],
    })
      .notNull()
      .default('submitted'),
    note: text('note').notNull().default(''),
    photoIds: jsonb('photo_ids').$type<number[]>().notNull().default([]),
    reel: text('reel'),
    selfTapeUrl: text('self_tape_url'),
    /**
     * The poster's request for a self-tape from this applicant (after they applied): when it was asked, what it should
     * show, and by when. Answered when a tape of this application is uploaded (`self_tapes.application_id`).
     */
    tapeRequestedAt: timestamp('tape_requested_at', { withTimezone: true }),
    tapeRequestNote: text('tape_request_note'),
    tapeDeadline: timestamp('tape_deadline', { withTimezone: true }),
    callbackAt: timestamp('callback_at', { withTimezone: true }),
    callbackPlace: text('callback_place'),
    callbackAnswer: text('callback_answer', { enum: ['accepted', 'declined'] }),
    posterNote: text('poster_note').notNull().default(''),
    viewedAt: timestamp('viewed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The applicant's profile as the poster's list filters and sorts it (name, city and languages in lower case,
     * verified, hidden by staff), copied from the profile whenever it changes (lib/applicant-keys.ts): the list of a
     * call with 10,000 applicants reads one table (docs/decisions/2026-11-25-casting.md).
     */
    applicantName: text('applicant_name').notNull().default(''),
    applicantCity: text('applicant_city').notNull().default(''),
    applicantLanguages: jsonb('applicant_languages').$type<string[]>().notNull().default([]),
    applicantVerified: boolean('applicant_verified').notNull().default(false),
    applicantHidden: boolean('applicant_hidden').notNull().default(false),
    /**
     * A decision its applicant has not been told of yet (docs/decisions/2026-11-28-decisions-told-after-10-seconds.md):
     * the status they were last told (an undo goes back to it), and when they are told. Both null once told.
     */
    untoldFrom: text('untold_from', {
      enum: ['submitted', 'viewed', 'shortlisted', 'callback', 'selected', 'not_selected', 'withdrawn'],
    }),
    tellAt: timestamp('tell_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('casting_applications_one_per_role').on(table.roleId, table.profileId),
    // The decisions waiting to be told: a handful at any time.
    index('casting_applications_tell_idx')
      .on(table.tellAt)
      .where(sql`${table.tellAt} is not null`),
    index('casting_applications_call_idx').on(table.callId, table.status),
    index('casting_applications_profile_idx').on(table.profileId, table.createdAt),
    // The poster's list of a role: newest or oldest first, by status, by name; a hidden applicant is in none.
    index('casting_applications_role_created_idx')
      .on(table.roleId, table.createdAt, table.id)
      .where(sql`not ${table.applicantHidden}`),
    index('casting_applications_role_status_idx')
      .on(table.roleId, table.status, table.createdAt, table.id)
      .where(sql`not ${table.applicantHidden}`),
    index('casting_applications_role_name_idx')
      .on(table.roleId, table.applicantName, table.id)
      .where(sql`not ${table.applicantHidden}`),
  ],
);

/**
 * Only applications whose applicant is not hidden: the predicate of the partial indexes above, written as a literal so
 * that a prepared statement's generic plan can use them (a parameter there would hide them from it).
 */
export const shownApplication = sql`not ${castingApplications.applicantHidden}`;

/**
 * A self-tape: a video an actor recorded or picked for a role, uploaded with the tus protocol (routes/network/tapes),
 * then made into MP4 renditions by a job (ffmpeg). Its bytes live in the object store under `tapes/<id>/`: the
 * upload's parts while it arrives (`tapes/<id>/parts/<offset>`), then `720.mp4`, `480.mp4` and `poster.jpg`; the parts
 * are deleted once the renditions are made. `applicationId` is set when the application that carries it is sent (or
 * when it answers the poster's request). Private: served only to its owner, the call's poster and staff, through
 * short-lived signed addresses (docs/decisions/2026-11-28-self-tapes.md).
 */
export const selfTapes = pgTable(
  'self_tapes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => castingRoles.id, { onDelete: 'cascade' }),
    applicationId: integer('application_id').references(() => castingApplications.id, { onDelete: 'cascade' }),
    /** The tus upload's id (in its address), random and unguessable. */
    uploadId: text('upload_id').notNull(),
    /** The whole file's size in bytes (the tus Upload-Length), at most 500 MB. */
    size: bigint('size', { mode: 'number' }).notNull(),
    /** The bytes received so far (the tus Upload-Offset). */
    received: bigint('received', { mode: 'number' }).notNull().default(0),
    /** The file's type as the device named it (`video/webm`, `video/mp4`, `video/quicktime`). */
    fileType: text('file_type').notNull().default(''),
    /**
     * `uploading` until every byte arrived, `processing` while the job makes the renditions, `ready` once they can be
     * played, `failed` when the file is not a video ffmpeg can read or is longer than allowed (`failure` says why).
     */
    status: text('status', { enum: ['uploading', 'processing', 'ready', 'failed'] })
      .notNull()
      .default('uploading'),
    failure: text('failure'),
    /** Its length in seconds, as ffprobe measured it. */
    durationSeconds: integer('duration_seconds'),
    /** Which process holds the upload's lock, and until when (a lock of a process that died expires). */
    lockedBy: text('locked_by'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    readyAt: timestamp('ready_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('self_tapes_upload_idx').on(table.uploadId),
    index('self_tapes_user_idx').on(table.userId, table.createdAt),
    index('self_tapes_application_idx').on(table.applicationId),
  ],
);

/**
 * A callback slot of a call: a time (`startsAt`, `minutes` long) and a place or a video-call link, with the contact
 * person and instructions, which the poster offers to applicants of the shortlist (`callbackOffers`). One applicant
 * confirms a slot; a cancelled slot keeps its row (`cancelledAt`) so that its calendar entries can be withdrawn.
 */
export const callbackSlots = pgTable(
  'callback_slots',
  {
    id: serial('id').primaryKey(),
    callId: integer('call_id')
      .notNull()
      .references(() => castingCalls.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    minutes: integer('minutes').notNull(),
    place: text('place'),
    videoLink: text('video_link'),
    contact: text('contact').notNull(),
    instructions: text('instructions').notNull().default(''),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('callback_slots_call_idx').on(table.callId, table.startsAt)],
);

/**
 * A slot offered to an application. Its calendar event's UID is made of the two ids, and `sequence` is the event's
 * SEQUENCE, raised on each mailed change (RFC 5545): a calendar replaces an event only by a higher one. `confirmedAt`
 * is set on the one offer of a slot its applicant picked; `remindedAt` once the reminder of the day before went.
 */
export const callbackOffers = pgTable(
  'callback_offers',
  {
    applicationId: integer('application_id')
      .notNull()
      .references(() => castingApplications.id, { onDelete: 'cascade' }),
    slotId: integer('slot_id')
      .notNull()
      .references(() => callbackSlots.id, { onDelete: 'cascade' }),
    sequence: integer('sequence').notNull().default(0),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.applicationId, table.slotId] }),
    // A slot holds one applicant.
    uniqueIndex('callback_offers_one_confirmed')
      .on(table.slotId)
      .where(sql`${table.confirmedAt} is not null`),
    index('callback_offers_slot_idx').on(table.slotId),
  ],
);

/** An applicant's request for another time than the slots offered, with their note, for the poster to answer. */
export const callbackRequests = pgTable('callback_requests', {
  applicationId: integer('application_id')
    .primaryKey()
    .references(() => castingApplications.id, { onDelete: 'cascade' }),
  note: text('note').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Calls a member saved for later. */
export const savedCalls = pgTable(
  'saved_calls',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    callId: integer('call_id')
      .notNull()
      .references(() => castingCalls.id, { onDelete: 'cascade' }),
    /** The deadline the member was reminded of, not having applied (a later deadline, a new reminder). */
    remindedFor: timestamp('reminded_for', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.callId] })],
);

/**
 * "Roles for you": the auditions filters a member saved (`filters`, as the list's query takes them). A daily job tells
 * them once of the calls published since that match any of them (plugins/roles-for-you.ts).
 */
export const savedSearches = pgTable(
  'saved_searches',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    filters: jsonb('filters').$type<Record<string, string | number>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('saved_searches_user_idx').on(table.userId, table.id)],
);

/**
 * The calls "Roles for you" told a member of, and when: never the same call twice, and at most one digest a day (a
 * member told today waits for tomorrow). Rows of closed calls are forgotten a few days after they were told.
 */
export const rolesTold = pgTable(
  'roles_told',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    callId: integer('call_id')
      .notNull()
      .references(() => castingCalls.id, { onDelete: 'cascade' }),
    toldAt: timestamp('told_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.callId] }),
    index('roles_told_user_idx').on(table.userId, table.toldAt),
  ],
);

/** Reports of a call (asks for money, fake, inappropriate); one open report per reporter and call. */
export const callReports = pgTable(
  'call_reports',
  {
    id: serial('id').primaryKey(),
    callId: integer('call_id')
      .notNull()
      .references(() => castingCalls.id, { onDelete: 'cascade' }),
    reporterId: integer('reporter_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason').notNull(),
    details: text('details').notNull().default(''),
    status: text('status', { enum: ['open', 'closed'] })
      .notNull()
      .default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('call_reports_open_idx').on(table.status, table.callId),
    uniqueIndex('call_reports_one_open')
      .on(table.callId, table.reporterId)
      .where(sql`${table.status} = 'open'`),
  ],
);

/**
 * A guardian's consent to a minor's profile (DPDP Act 2023 s.9): one email address, confirmed by the guardian through
 * a link mailed to it (`tokenHash` is the link's token, SHA-256), and withdrawn through the same link. The latest row
 * of a profile is its consent; a new guardian address makes a new row, so earlier ones stay as the record.
 */
export const guardianConsents = pgTable(
  'guardian_consents',
  {
    id: serial('id').primaryKey(),
    profileId: integer('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    /**
     * When the last confirmation mail went (a resend waits GUARDIAN_RESEND_MINUTES after it); null until the mail goes
     * (it waits while the account's own email is unconfirmed, or its messages run out).
     */
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('guardian_consents_profile_idx').on(table.profileId, table.id)],
);

/**
 * Messages about a minor's application between the call's poster and the minor's guardian (never the minor's
 * inbox). A poster's message is mailed to the guardian with a link whose token (`tokenHash`, SHA-256) opens the
 * application's messages and lets the guardian answer without an account.
 */
export const guardianMessages = pgTable(
  'guardian_messages',
  {
    id: serial('id').primaryKey(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => castingApplications.id, { onDelete: 'cascade' }),
    fromGuardian: boolean('from_guardian').notNull(),
    body: text('body').notNull(),
    tokenHash: text('token_hash').unique(),
    /** The guardian's address a poster's message (and its link) went to: a later guardian's link, not this one's. */
    email: text('email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('guardian_messages_application_idx').on(table.applicationId, table.createdAt)],
);

/** The notification centre: what happened that a member should know, newest first. */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', {
      enum: ['application', 'callback', 'applicants', 'moderation', 'order', 'wishlist', 'message', 'roles'],
    }).notNull(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    link: text('link').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('notifications_user_idx').on(table.userId, table.createdAt)],
);

/**
 * The browsers a member allowed to show their notices (Web Push): each subscription's push service address and the
 * keys its messages are encrypted with. A push service that answers 404 or 410 has forgotten it: the row goes.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The push service's address for this browser: one row per browser, whoever signed in on it last. */
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('push_subscriptions_user_idx').on(table.userId)],
);

/**
 * The server's VAPID key pair when none is configured (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY): made once by the first
 * process and kept, as every subscription is bound to the public key. One row, id 1.
 */
export const vapidKeys = pgTable(
  'vapid_keys',
  {
    id: integer('id').primaryKey(),
    publicKey: text('public_key').notNull(),
    privateKey: text('private_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('vapid_keys_one_row', sql`${table.id} = 1`)],
);

/**
 * The Open Graph image of a call or a profile in each language (1200 × 630, JPEG), made by the `cards` job
 * (lib/share-cards.ts) and stored as `cards/<name>`. The name holds a hash of what the card shows (`sourceHash`): an
 * edit that changes the card gives it a new name, so a card is cached by its address for as long as it is served,
 * and one whose words did not change is not made again. Only a public subject has a card (never a hidden or
 * minor's profile, nor a call held for review); it is served only while its subject stays public.
 */
export const shareCards = pgTable(
  'share_cards',
  {
    subject: text('subject', { enum: ['call', 'profile'] }).notNull(),
    /** The call's or the profile's id. */
    subjectId: integer('subject_id').notNull(),
    language: text('language', { enum: ['en', 'hi'] }).notNull(),
    name: text('name').notNull().unique(),
    sourceHash: text('source_hash').notNull(),
    madeAt: timestamp('made_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.subject, table.subjectId, table.language] })],
);

/** The shop's legal details printed on its tax invoices, set by staff (one row, id 1; none until set). */
export const shopLegal = pgTable(
  'shop_legal',
  {
    id: integer('id').primaryKey().default(1),
    legalName: text('legal_name').notNull(),
    address: text('address').notNull(),
    /** The GST code of the shop's state (`27`): the first two characters of its GSTIN. */
    stateCode: text('state_code').notNull(),
    gstin: text('gstin').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('shop_legal_one_row', sql`${table.id} = 1`)],
);

/**
 * The last serial of each series of documents in each financial year (`CV`, `2627`): raised in the transaction that
 * issues the document, whose row lock keeps the series gapless (a rolled back transaction gives its number back).
 */
export const invoiceCounters = pgTable(
  'invoice_counters',
  {
    series: text('series', { enum: ['CV', 'CN'] }).notNull(),
    financialYear: text('financial_year').notNull(),
    last: integer('last').notNull(),
  },
  (table) => [primaryKey({ columns: [table.series, table.financialYear] })],
);

/**
 * Tax invoices (issued when an order ships) and credit notes (a refund or a cancellation after the invoice), with
 * what they say frozen at issue (`document`) and their PDF, made by the `invoices` job, in the object store.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: ['invoice', 'credit_note'] }).notNull(),
    /** `CV/2627/000123` or `CN/2627/000001`. */
    number: text('number').notNull().unique(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    /** A credit note's invoice. */
    invoiceId: integer('invoice_id'),
    /** The refund a credit note is for; null for a cancellation's. */
    refundId: integer('refund_id').references(() => orderRefunds.id),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    /** The buyer's language when issued: the PDF's words. */
    language: text('language', { enum: ['en', 'hi'] }).notNull(),
    /** Everything printed: supplier, recipient, place of supply, lines (lib/invoices.ts `InvoiceDocument`). */
    document: jsonb('document').notNull(),
    taxable: integer('taxable').notNull(),
    cgst: integer('cgst').notNull(),
    sgst: integer('sgst').notNull(),
    igst: integer('igst').notNull(),
    total: integer('total').notNull(),
    /** The PDF's name in the `invoices` folder of the store, once made. */
    pdfKey: text('pdf_key'),
    /** When the shipping mail with the invoice attached was queued: it goes once. */
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
  },
  (table) => [
    index('invoices_order_idx').on(table.orderId),
    // An order has one tax invoice, however often its shipping is retried.
    uniqueIndex('invoices_one_per_order_idx')
      .on(table.orderId)
      .where(sql`${table.kind} = 'invoice'`),
    uniqueIndex('invoices_refund_idx').on(table.refundId),
    index('invoices_issued_idx').on(table.issuedAt),
  ],
);
/**
 * The online payment of an order paid through the gateway (Razorpay): one row an order, made with it. The order waits
 * (`awaiting_payment`, its stock held) until `expiresAt`; a verified callback, webhook or the gateway's own answer to
 * the reconciliation job makes it paid. `status` only moves forward: created → paid → (refunded), or created →
 * expired, and expired → paid (a late payment honoured) or → refunded (a late payment given back).
 */
export const orderPayments = pgTable(
  'order_payments',
  {
    orderId: integer('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    gateway: text('gateway', { enum: ['razorpay'] }).notNull(),
    /** The gateway's order (`order_…`), made for the order's total when it was placed. */
    gatewayOrderId: text('gateway_order_id').notNull().unique(),
    /** Paise asked for: the order's total as the server decided it. */
    amount: integer('amount').notNull(),
    status: text('status', { enum: ['created', 'paid', 'expired', 'refunded'] })
      .notNull()
      .default('created'),
    /** The payment that paid it (`pay_…`) and how (upi, card, netbanking, wallet), once paid. */
    gatewayPaymentId: text('gateway_payment_id'),
    method: text('method'),
    /** The last failed attempt's words from the gateway (the shopper may try again until the order expires). */
    lastError: text('last_error'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('order_payments_waiting_idx').on(table.status, table.createdAt)],
);

/** Every webhook event of the gateway applied, by its `x-razorpay-event-id`: a retried delivery is applied once. */
export const paymentWebhookEvents = pgTable('payment_webhook_events', {
  eventId: text('event_id').primaryKey(),
  event: text('event').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});
/**
 * A shopper's return or report of a problem with items of a delivered order, within the refund policy's 30 days of
 * delivery: what is wrong, whether they want their money back or the item replaced, and where staff are with it.
 * Its state only moves forward (`returnTransitions` in src/contract/returns.ts); `return_events` keeps each step.
 */
export const returnRequests = pgTable(
  'return_requests',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', {
      enum: ['requested', 'approved', 'rejected', 'pickup_scheduled', 'received', 'refunded', 'replaced'],
    })
      .notNull()
      .default('requested'),
    reason: text('reason', {
      enum: ['damaged', 'defective', 'wrong_item', 'not_as_shown', 'size', 'other'],
    }).notNull(),
    /** The shopper's own words (required for `other`). */
    details: text('details').notNull().default(''),
    resolution: text('resolution', { enum: ['refund', 'replacement'] }).notNull(),
    /** Names of the shopper's photos in the `returns` folder of the store: private to them and staff. */
    photos: jsonb('photos').$type<string[]>().notNull().default([]),
    /** The pick-up staff booked: courier, tracking and the day (in India). */
    courier: text('courier'),
    trackingId: text('tracking_id'),
    trackingUrl: text('tracking_url'),
    pickupDate: text('pickup_date'),
    /** Whether the received items went back into stock (staff's choice: only when they can be sold again). */
    restocked: boolean('restocked'),
    /** The refund paid for this return (a row of `order_refunds` too), in paise. */
    refundAmount: integer('refund_amount'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('return_requests_order_idx').on(table.orderId),
    index('return_requests_status_idx').on(table.status, table.createdAt),
  ],
);

/** The order lines a return is about, with how many of each. */
export const returnItems = pgTable(
  'return_items',
  {
    id: serial('id').primaryKey(),
    returnId: integer('return_id')
      .notNull()
      .references(() => returnRequests.id, { onDelete: 'cascade' }),
    orderItemId: integer('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
  },
  (table) => [
    index('return_items_return_idx').on(table.returnId),
    check('return_items_quantity', sql`${table.quantity} > 0`),
  ],
);

/** Every step of a return, with staff's words to the shopper: the order page shows them. */
export const returnEvents = pgTable(
  'return_events',
  {
    id: serial('id').primaryKey(),
    returnId: integer('return_id')
      .notNull()
      .references(() => returnRequests.id, { onDelete: 'cascade' }),
    status: text('status', {
      enum: ['requested', 'approved', 'rejected', 'pickup_scheduled', 'received', 'refunded', 'replaced'],
    }).notNull(),
    note: text('note'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('return_events_return_idx').on(table.returnId, table.at)],
);

/**
 * A photo a shopper uploaded for a return: theirs until the return names it, then the return's. Served only to the
 * shopper who sent it and to staff.
 */
export const returnPhotos = pgTable('return_photos', {
  name: text('name').primaryKey(),
  userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
  returnId: integer('return_id').references(() => returnRequests.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A consumer's complaint (a return, a message about an order, a request about their personal data), numbered per
 * financial year (`GRV-2627-000123`), with the clocks of the Consumer Protection (E-Commerce) Rules 2020: acknowledged
 * within 48 hours, resolved within a month of receipt. Staff are alerted once per clock as it nears.
 */
export const grievanceTickets = pgTable(
  'grievance_tickets',
  {
    id: serial('id').primaryKey(),
    number: text('number').notNull().unique(),
    kind: text('kind', { enum: ['return', 'order_message', 'data_request'] }).notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    /** Where the acknowledgement and staff's words are mailed; null for an account without an email. */
    email: text('email'),
    subject: text('subject').notNull(),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    returnId: integer('return_id').references(() => returnRequests.id, { onDelete: 'set null' }),
    contactMessageId: integer('contact_message_id').references(() => contactMessages.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    acknowledgement: text('acknowledgement'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolution: text('resolution'),
    /** When staff were alerted that each clock was near (once per ticket and clock). */
    ackAlertedAt: timestamp('ack_alerted_at', { withTimezone: true }),
    resolveAlertedAt: timestamp('resolve_alerted_at', { withTimezone: true }),
  },
  (table) => [
    index('grievance_tickets_open_idx').on(table.resolvedAt, table.createdAt),
    index('grievance_tickets_return_idx').on(table.returnId),
  ],
);

/** The last ticket number given in each financial year (`2627`): taken with one guarded update, so never twice. */
export const grievanceCounters = pgTable('grievance_counters', {
  financialYear: text('financial_year').primaryKey(),
  last: integer('last').notNull(),
});

/** The grievance officer the footer's page names (one row, id 1; demo defaults until staff set theirs). */
export const grievanceOfficer = pgTable(
  'grievance_officer',
  {
    id: integer('id').primaryKey().default(1),
    name: text('name').notNull(),
    designation: text('designation').notNull(),
    phone: text('phone').notNull(),
    email: text('email').notNull(),
    address: text('address').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('grievance_officer_one_row', sql`${table.id} = 1`)],
);
/**
 * A product's sizes or colours, each with its own SKU and stock and, when it differs, its own price (null: the
 * product's). A product with variants is sold only as one of them; its `stock` is kept the sum of theirs, so lists
 * and sold-out badges read the product alone. Stock never goes below zero.
 */
export const productVariants = pgTable(
  'product_variants',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['size', 'colour'] }).notNull(),
    /** What the shopper picks: `M`, `XXL`, `Black`. */
    label: text('label').notNull(),
    sku: text('sku').notNull().unique(),
    stock: integer('stock').notNull().default(0),
    /** Paise, GST included; null when the variant sells at the product's price. */
    price: integer('price'),
    /** The order they are shown in (S before M before L). */
    position: integer('position').notNull().default(0),
  },
  (table) => [
    uniqueIndex('product_variants_product_label_idx').on(table.productId, table.label),
    check('product_variants_stock_not_negative', sql`${table.stock} >= 0`),
    check('product_variants_price_positive', sql`${table.price} is null or ${table.price} > 0`),
  ],
);

/**
 * The shop's delivery settings (one row, id 1; absent until staff first save them, when the defaults of
 * `DEFAULT_DELIVERY_SETTINGS` hold): the dispatch PIN, transit days per zone, and where cash on delivery is offered.
 * Checked against `deliverySettingsSchema` on every write.
 */
export const deliverySettings = pgTable(
  'delivery_settings',
  {
    id: integer('id').primaryKey().default(1),
    settings: jsonb('settings').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('delivery_settings_one_row', sql`${table.id} = 1`)],
);
