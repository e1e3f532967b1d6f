import { z } from 'zod/mini';
import { MAX_ID } from './common';
import { productSchema } from './catalog';
import { productVariantSchema, variantIdSchema } from './variants';

/** At most this many of one product in a cart: a shop limit, also far below any stock. */
export const MAX_LINE_QUANTITY = 10;

const productIdSchema = z
  .number({ error: 'product_id must be a number' })
  .check(
    z.int('product_id must be a whole number'),
    z.gte(1, 'product_id must be 1 or more'),
    z.lte(MAX_ID, `product_id must be at most ${MAX_ID}`),
  );

const quantitySchema = z
  .number({ error: 'quantity must be a number' })
  .check(
    z.int('quantity must be a whole number'),
    z.gte(1, 'quantity must be at least 1'),
    z.lte(MAX_LINE_QUANTITY, `quantity must be at most ${MAX_LINE_QUANTITY}`),
  );

export const addToCartRequestSchema = z.object({
  product_id: productIdSchema,
  /** The size or colour: required for a product that has variants, refused for one that has none. */
  variant_id: z.optional(variantIdSchema),
  quantity: z._default(quantitySchema, 1),
});
export type AddToCartRequest = z.input<typeof addToCartRequestSchema>;

export const setCartQuantityRequestSchema = z.object({ quantity: quantitySchema });
export type SetCartQuantityRequest = z.input<typeof setCartQuantityRequestSchema>;

export const addToWishlistRequestSchema = z.object({ product_id: productIdSchema });
export type AddToWishlistRequest = z.input<typeof addToWishlistRequestSchema>;

/** Moving a wishlist item to the cart: a product with variants needs the one picked. */
export const moveToCartRequestSchema = z.optional(z.nullable(z.object({ variant_id: z.optional(variantIdSchema) })));
export type MoveToCartRequest = z.input<typeof moveToCartRequestSchema>;

export const cartLineSchema = z.object({
  id: z.int(),
  product_id: z.int(),
  quantity: z.int(),
  /** price x quantity, in paise, from the variant's price when it has one, else the product's current price. */
  line_total: z.int(),
  product: productSchema,
  /** The size or colour of the line, null for a product without variants. */
  variant_id: z.nullable(z.int()),
  variant: z.nullable(productVariantSchema),
});
export type CartLine = z.infer<typeof cartLineSchema>;

export const cartSchema = z.object({
  data: z.array(cartLineSchema),
  /** Sum of the line totals, in paise. */
  subtotal: z.int(),
  /** Sum of the quantities, for the header's count. */
  item_count: z.int(),
});
export type Cart = z.infer<typeof cartSchema>;

export const wishlistItemSchema = z.object({
  id: z.int(),
  product_id: z.int(),
  product: productSchema,
  /** True for a product sold in sizes or colours (absent otherwise): it goes to the cart with one picked. */
  has_variants: z.optional(z.boolean()),
});
export type WishlistItem = z.infer<typeof wishlistItemSchema>;

export const wishlistSchema = z.object({ data: z.array(wishlistItemSchema) });
export type Wishlist = z.infer<typeof wishlistSchema>;

/** Moving between cart and wishlist changes both; both come back. */
export const cartAndWishlistSchema = z.object({ cart: cartSchema, wishlist: wishlistSchema });
export type CartAndWishlist = z.infer<typeof cartAndWishlistSchema>;
