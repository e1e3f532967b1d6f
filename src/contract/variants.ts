import { z } from 'zod/mini';
import { MAX_ID } from './common';

/** What a product's variants differ in: every variant of one product is of one kind. */
export const variantKinds = ['size', 'colour'] as const;
export type VariantKind = (typeof variantKinds)[number];

/** The sizes of apparel, smallest first: the order the product page and the size chart show them in. */
export const apparelSizes = ['XS', 'S', 'M', 'L', 'XL', 'XXL', 'XXXL'] as const;

/** A size or colour of a product, as the shop shows it. Money is integer paise, GST included. */
export const productVariantSchema = z.object({
  id: z.int(),
  kind: z.enum(variantKinds),
  /** What the shopper picks: `M`, `XXL`, `Black`. */
  label: z.string(),
  sku: z.string(),
  stock: z.int(),
  /** The variant's own price, or null when it sells at the product's. */
  price: z.nullable(z.int()),
});
export type ProductVariant = z.infer<typeof productVariantSchema>;

/** What a line of a variant costs each: its own price, else the product's. */
export function unitPrice(product: { price: number }, variant: Pick<ProductVariant, 'price'> | null): number {
  return variant?.price ?? product.price;
}

export const variantIdSchema = z
  .number({ error: 'variant_id must be a number' })
  .check(
    z.int('variant_id must be a whole number'),
    z.gte(1, 'variant_id must be 1 or more'),
    z.lte(MAX_ID, `variant_id must be at most ${MAX_ID}`),
  );

/** A variant as staff write it; `id` names one the product has (kept), none adds one. */
export const variantInputSchema = z.object({
  id: z.optional(variantIdSchema),
  kind: z.enum(variantKinds, { error: 'kind must be size or colour' }),
  label: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'Enter the size or colour'),
      z.maxLength(30, 'label must be at most 30 characters'),
    ),
  sku: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'Enter the SKU'),
      z.maxLength(60, 'sku must be at most 60 characters'),
      z.regex(/^[A-Za-z0-9._/-]+$/, 'An SKU has letters, digits and . _ / - only'),
    ),
  stock: z
    .int({ error: 'stock must be a whole number' })
    .check(z.gte(0, 'Stock cannot be negative'), z.lte(1_000_000, 'stock must be at most 1000000')),
  price: z._default(
    z.nullable(
      z.int({ error: 'price must be a whole number of paise' }).check(z.gte(100, 'The price must be at least ₹1')),
    ),
    null,
  ),
});
export type VariantInput = z.input<typeof variantInputSchema>;
