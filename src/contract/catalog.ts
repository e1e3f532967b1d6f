import { z } from 'zod/mini';
import { MAX_ID } from './common';
import { productVariantSchema } from './variants';

/** A product of the merchandise shop. Money is integer paise, GST included. */
export const productSchema = z.object({
  id: z.int(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  /** Files in the `product` upload folder, the first one the cover. */
  images: z.array(z.string()),
  mrp: z.int(),
  price: z.int(),
  stock: z.int(),
  category: z.string(),
  /** Perishable items (food, flowers) cannot be cancelled once ordered. */
  perishable: z.boolean(),
});
export type Product = z.infer<typeof productSchema>;

export const productSorts = ['newest', 'price_asc', 'price_desc'] as const;
export type ProductSort = (typeof productSorts)[number];

export const PRODUCTS_PER_PAGE = 12;

export const productListQuerySchema = z.object({
  search: z.optional(z.string().check(z.trim(), z.maxLength(100, 'search must be at most 100 characters'))),
  category: z.optional(z.string().check(z.trim(), z.maxLength(100, 'category must be at most 100 characters'))),
  sort: z._default(z.enum(productSorts, { error: `sort must be one of ${productSorts.join(', ')}` }), 'newest'),
  page: z._default(
    z.coerce.number().check(z.int(), z.gte(1, 'page must be 1 or more'), z.lte(10_000, 'page must be at most 10000')),
    1,
  ),
  per_page: z._default(
    z.coerce.number().check(z.int(), z.gte(1, 'per_page must be 1 or more'), z.lte(48, 'per_page must be at most 48')),
    PRODUCTS_PER_PAGE,
  ),
});
export type ProductListQuery = z.input<typeof productListQuerySchema>;

export const pageMetaSchema = z.object({
  page: z.int(),
  per_page: z.int(),
  total: z.int(),
});
export type PageMeta = z.infer<typeof pageMetaSchema>;

export const productListResponseSchema = z.object({
  data: z.array(productSchema),
  meta: z.extend(pageMetaSchema, {
    /** Every product category, for the filter, whatever the current search. */
    categories: z.array(z.string()),
  }),
});
export type ProductListResponse = z.infer<typeof productListResponseSchema>;

/** One product as its page shows it: with its sizes or colours (absent for a product sold as one). */
export const productDetailSchema = z.extend(productSchema, { variants: z.optional(z.array(productVariantSchema)) });
export type ProductDetail = z.infer<typeof productDetailSchema>;

export const productResponseSchema = z.object({ data: productDetailSchema });

export const idParamsSchema = z.object({
  id: z.coerce
    .number({ error: 'id must be a number' })
    .check(
      z.int('id must be a whole number'),
      z.gte(1, 'id must be 1 or more'),
      z.lte(MAX_ID, `id must be at most ${MAX_ID}`),
    ),
});
