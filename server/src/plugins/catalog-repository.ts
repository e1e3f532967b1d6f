import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { Product, ProductListResponse, productListQuerySchema } from '../../../src/contract/catalog.js';
import type { z } from 'zod/mini';
import { products } from '../db/schema.js';
import { likePattern } from '../lib/like-pattern.js';

declare module 'fastify' {
  interface FastifyInstance {
    catalogRepository: {
      listProducts(query: z.output<typeof productListQuerySchema>): Promise<ProductListResponse>;
      /** An active product, or null. */
      getProduct(id: number): Promise<Product | null>;
    };
  }
}

/** The columns of a product on the wire; shared by the cart, wishlist and order queries. */
export const productColumns = {
  id: products.id,
  name: products.name,
  slug: products.slug,
  description: products.description,
  images: products.images,
  mrp: products.mrp,
  price: products.price,
  stock: products.stock,
  category: products.category,
  perishable: products.perishable,
};

const sorts: Record<z.output<typeof productListQuerySchema>['sort'], SQL[]> = {
  newest: [desc(products.createdAt), desc(products.id)],
  price_asc: [asc(products.price), asc(products.id)],
  price_desc: [desc(products.price), asc(products.id)],
};

/** Words shoppers use for the same thing: a search for one finds the others ("tshirt" finds a tee). */
const SYNONYMS: readonly (readonly string[])[] = [
  ['tee', 't-shirt', 'tshirt', 'shirt'],
  ['hoodie', 'hoody', 'sweatshirt'],
];

/** The terms a search looks for: what was typed, and its synonyms when it is one of them (case, spaces, hyphens aside). */
export function searchTerms(search: string): string[] {
  const squash = (text: string) =>
    text
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '')
      .replace(/s$/, '');
  const typed = squash(search);
  const group = SYNONYMS.find((words) => words.some((word) => squash(word) === typed));
  return [...new Set([search, ...(group ?? [])])];
}

export default fp(
  async (fastify) => {
    const { db } = fastify;

    fastify.decorate('catalogRepository', {
      async listProducts(query) {
        const filters: SQL[] = [eq(products.active, true)];
        if (query.search) {
          const match = or(
            ...searchTerms(query.search).flatMap((term) => [
              ilike(products.name, likePattern(term)),
              ilike(products.description, likePattern(term)),
            ]),
          );
          if (match) filters.push(match);
        }
        if (query.category) filters.push(sql`lower(${products.category}) = lower(${query.category})`);
        const where = and(...filters);
        const [categoryRows, totalRows, rows] = await Promise.all([
          db
            .selectDistinct({ category: products.category })
            .from(products)
            .where(eq(products.active, true))
            .orderBy(asc(products.category)),
          db.select({ total: count() }).from(products).where(where),
          db
            .select(productColumns)
            .from(products)
            .where(where)
            .orderBy(...sorts[query.sort])
            .limit(query.per_page)
            .offset((query.page - 1) * query.per_page),
        ]);
        return {
          data: rows,
          meta: {
            page: query.page,
            per_page: query.per_page,
            total: totalRows[0]?.total ?? 0,
            categories: categoryRows.map((row) => row.category),
          },
        };
      },
      async getProduct(id) {
        const [row] = await db
          .select(productColumns)
          .from(products)
          .where(and(eq(products.id, id), eq(products.active, true)))
          .limit(1);
        return row ?? null;
      },
    });
  },
  { name: 'catalog-repository', dependencies: ['database'] },
);
