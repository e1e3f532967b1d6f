import { z } from 'zod';

/** A product of the merchandise shop. Money is integer paise, GST included. */
export const productSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  /** Files in the `product` upload folder, the first one the cover. */
  images: z.array(z.string()),
  mrp: z.number().int(),
  price: z.number().int(),
  stock: z.number().int(),
  category: z.string(),
  /** Perishable items (food, flowers) cannot be cancelled once ordered. */
  perishable: z.boolean(),
});
export type Product = z.infer<typeof productSchema>;

export const productSorts = ['newest', 'price_asc', 'price_desc'] as const;
export type ProductSort = (typeof productSorts)[number];

export const PRODUCTS_PER_PAGE = 12;

export const productListQuerySchema = z.object({
  search: z.string().trim().max(100, 'search must be at most 100 characters').optional(),
  category: z.string().trim().max(100, 'category must be at most 100 characters').optional(),
  sort: z.enum(productSorts, { error: `sort must be one of ${productSorts.join(', ')}` }).default('newest'),
  page: z.coerce.number().int().min(1, 'page must be 1 or more').max(10_000, 'page must be at most 10000').default(1),
  per_page: z.coerce
    .number()
    .int()
    .min(1, 'per_page must be 1 or more')
    .max(48, 'per_page must be at most 48')
    .default(PRODUCTS_PER_PAGE),
});
export type ProductListQuery = z.input<typeof productListQuerySchema>;

export const pageMetaSchema = z.object({
  page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
});
export type PageMeta = z.infer<typeof pageMetaSchema>;

export const productListResponseSchema = z.object({
  data: z.array(productSchema),
  meta: pageMetaSchema.extend({
    /** Every product category, for the filter, whatever the current search. */
    categories: z.array(z.string()),
  }),
});
export type ProductListResponse = z.infer<typeof productListResponseSchema>;

export const productResponseSchema = z.object({ data: productSchema });

export const idParamsSchema = z.object({
  id: z.coerce.number({ error: 'id must be a number' }).int('id must be a whole number').min(1, 'id must be 1 or more'),
});
