import { and, asc, count, desc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type {
  PageMeta,
  ProductDetail,
  ProductListResponse,
  productListQuerySchema,
} from '../../../src/contract/catalog.js';
import type { ProductVariant, VariantInput } from '../../../src/contract/variants.js';
import type { z } from 'zod/mini';
import type { ProductInput, StaffProduct } from '../../../src/contract/admin.js';
import type { Database } from '../db/client.js';
import { orderItems, products, productVariants } from '../db/schema.js';
import { cameBack, tellWishlisters } from '../lib/back-in-stock.js';
import { likePattern } from '../lib/like-pattern.js';
import { variantsOf } from '../lib/variant-stock.js';
import { searchCondition } from '../lib/product-search.js';
import { assertUploaded } from '../lib/uploads.js';
import { HttpError } from './error-handler.js';

declare module 'fastify' {
  interface FastifyInstance {
    catalogRepository: {
      listProducts(query: z.output<typeof productListQuerySchema>): Promise<ProductListResponse>;
      /** An active product with its variants, or null. */
      getProduct(id: number): Promise<ProductDetail | null>;
      /** Every product, hidden ones too, newest first, for shop managers. */
      listStaffProducts(query: {
        page: number;
        per_page: number;
        search?: string;
        category?: string;
      }): Promise<{ data: StaffProduct[]; meta: PageMeta }>;
      getStaffProduct(executor: Database, id: number): Promise<StaffProduct | null>;
      /** Every category products have, hidden ones included, in alphabetical order. */
      listCategories(): Promise<string[]>;
      createProduct(tx: Database, input: ProductInput): Promise<StaffProduct>;
      updateProduct(
        tx: Database,
        id: number,
        input: ProductInput,
      ): Promise<{ before: StaffProduct; after: StaffProduct }>;
      /** Deletes a product, or hides it when past orders name it (they keep their copy); says which. */
      removeProduct(tx: Database, id: number): Promise<{ before: StaffProduct; hidden: boolean }>;
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

type ProductRow = typeof products.$inferSelect;

function staffProductOf(row: ProductRow, variants: ProductVariant[]): StaffProduct {
  return {
    variants,
    id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    images: row.images,
    mrp: row.mrp,
    price: row.price,
    stock: row.stock,
    category: row.category,
    perishable: row.perishable,
    visible: row.active,
    created_at: row.createdAt.toISOString(),
    hsn_code: row.hsnCode,
    gst_rate: row.gstRate,
  };
}

/** A product's address name: its name in lower case, words joined by hyphens. */
function slugOf(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug || 'product';
}

/**
 * A category is picked from those products have, or added on purpose (`new_category`); either way one name whatever its
 * case, so the shop's filter never shows `Collectibles` and `collectibles` side by side. `current` is the product's own
 * category when it is being changed: keeping it is always allowed.
 */
async function checkCategory(tx: Database, input: ProductInput, productId: number | null, current: string | null) {
  // A product keeps its own category, even where another spelling of it exists (older data may hold both).
  if (!input.new_category && input.category === current) return;
  // Two managers adding "Mugs" and "mugs" at once: the second waits for the first and then finds it.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(lower(${input.category})))`);
  const [existing] = await tx
    .select({ category: products.category })
    .from(products)
    .where(
      and(
        sql`lower(${products.category}) = lower(${input.category})`,
        productId === null ? undefined : ne(products.id, productId),
      ),
    )
    .limit(1);
  if (existing && (input.new_category || existing.category !== input.category)) {
    throw new HttpError(409, `There is already a category “${existing.category}”: pick it from the list`, 'category');
  }
  if (!existing && !input.new_category && input.category !== current) {
    throw new HttpError(422, 'Pick a category from the list, or add it as a new category', 'category');
  }
}

/**
 * Sets a product's variants to `inputs` (those left out removed, an `id` kept and changed, the others added), in the
 * order given, after checking them (400 or 409 naming the field, `variants.2.sku`). Answers each variant's stock
 * before (0 for a new one) and after, so that sizes back in stock can be told.
 */
async function writeVariants(
  tx: Database,
  productId: number,
  inputs: VariantInput[],
  mrp: number,
): Promise<{ id: number; label: string; before: number; after: number }[]> {
  const existing = await tx.select().from(productVariants).where(eq(productVariants.productId, productId));
  const labels = new Set<string>();
  inputs.forEach((input, index) => {
    const field = (name: string) => `variants.${index}.${name}`;
    if (input.kind !== inputs[0]!.kind) {
      throw new HttpError(400, 'A product’s variants are all sizes or all colours', field('kind'));
    }
    const label = input.label.trim().toLowerCase();
    if (labels.has(label)) throw new HttpError(400, `“${input.label}” is there twice`, field('label'));
    labels.add(label);
    if (input.price !== undefined && input.price !== null && input.price > mrp) {
      throw new HttpError(400, 'The price cannot be above the MRP', field('price'));
    }
    if (input.id !== undefined && !existing.some((variant) => variant.id === input.id)) {
      throw new HttpError(400, 'This product has no such variant', field('id'));
    }
  });
  const kept = new Set(inputs.flatMap((input) => (input.id === undefined ? [] : [input.id])));
  const removed = existing.filter((variant) => !kept.has(variant.id)).map((variant) => variant.id);
  if (removed.length > 0) await tx.delete(productVariants).where(inArray(productVariants.id, removed));
  const skus = inputs.map((input) => input.sku.trim());
  const taken = await tx
    .select({ id: productVariants.id, sku: productVariants.sku })
    .from(productVariants)
    .where(inArray(productVariants.sku, skus));
  skus.forEach((sku, index) => {
    if (taken.some((row) => row.sku === sku && row.id !== inputs[index]!.id)) {
      throw new HttpError(409, `Another product or variant has the SKU ${sku}`, `variants.${index}.sku`);
    }
  });
  const written = [];
  for (const [position, input] of inputs.entries()) {
    const values = {
      productId,
      kind: input.kind,
      label: input.label.trim(),
      sku: input.sku.trim(),
      stock: input.stock,
      price: input.price ?? null,
      position,
    };
    const before = existing.find((variant) => variant.id === input.id);
    const [row] = before
      ? await tx.update(productVariants).set(values).where(eq(productVariants.id, before.id)).returning()
      : await tx.insert(productVariants).values(values).returning();
    // A size added now is new, not back: no news of it.
    written.push({ id: row!.id, label: row!.label, before: before?.stock ?? row!.stock, after: row!.stock });
  }
  return written;
}

/** The price may not be above the MRP (the database refuses it too, without naming the field). */
function checkPrice(input: ProductInput): void {
  if (input.price > input.mrp) throw new HttpError(400, 'The price cannot be above the MRP', 'price');
}

export default fp<{ publicUrl: string }>(
  async (fastify, options) => {
    const { db } = fastify;

    async function getStaffProduct(executor: Database, id: number): Promise<StaffProduct | null> {
      const [row] = await executor.select().from(products).where(eq(products.id, id)).limit(1);
      return row ? staffProductOf(row, (await variantsOf(executor, [row.id])).get(row.id) ?? []) : null;
    }

    /** A slug no other product has: the name's, then -2, -3, ... */
    async function freeSlug(tx: Database, name: string, exceptId: number | null): Promise<string> {
      const base = slugOf(name);
      const taken = new Set(
        (
          await tx
            .select({ id: products.id, slug: products.slug })
            .from(products)
            .where(or(eq(products.slug, base), ilike(products.slug, `${base}-%`)))
        )
          .filter((row) => row.id !== exceptId)
          .map((row) => row.slug),
      );
      if (!taken.has(base)) return base;
      for (let suffix = 2; ; suffix += 1) if (!taken.has(`${base}-${suffix}`)) return `${base}-${suffix}`;
    }

    async function valuesOf(input: ProductInput) {
      checkPrice(input);
      for (const image of input.images ?? []) await assertUploaded(fastify.storage, 'product', image, 'images');
      return {
        name: input.name,
        description: input.description ?? '',
        category: input.category,
        images: input.images ?? [],
        mrp: input.mrp,
        price: input.price,
        stock: input.stock,
        perishable: input.perishable ?? false,
        active: input.visible ?? true,
        ...(input.hsn_code === undefined ? {} : { hsnCode: input.hsn_code }),
        ...(input.gst_rate === undefined ? {} : { gstRate: input.gst_rate }),
      };
    }

    fastify.decorate('catalogRepository', {
      async listProducts(query) {
        const filters: SQL[] = [eq(products.active, true)];
        if (query.search) {
          const match = searchCondition(query.search, [products.name, products.description, products.category]);
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
        if (!row) return null;
        const variants = (await variantsOf(db, [row.id])).get(row.id) ?? [];
        return variants.length > 0 ? { ...row, variants } : row;
      },

      async listStaffProducts({ page, per_page, search, category }) {
        const filters: SQL[] = [];
        if (search)
          filters.push(or(ilike(products.name, likePattern(search)), ilike(products.slug, likePattern(search)))!);
        if (category) filters.push(sql`lower(${products.category}) = lower(${category})`);
        const where = filters.length > 0 ? and(...filters) : undefined;
        const [rows, [total]] = await Promise.all([
          db
            .select()
            .from(products)
            .where(where)
            .orderBy(desc(products.createdAt), desc(products.id))
            .limit(per_page)
            .offset((page - 1) * per_page),
          db.select({ value: count() }).from(products).where(where),
        ]);
        const variants = await variantsOf(
          db,
          rows.map((row) => row.id),
        );
        return {
          data: rows.map((row) => staffProductOf(row, variants.get(row.id) ?? [])),
          meta: { page, per_page, total: total?.value ?? 0 },
        };
      },

      getStaffProduct,

      async listCategories() {
        const rows = await db
          .selectDistinct({ category: products.category })
          .from(products)
          .orderBy(asc(products.category));
        return rows.map((row) => row.category);
      },

      async createProduct(tx, input) {
        const values = await valuesOf(input);
        await checkCategory(tx, input, null, null);
        const [row] = await tx
          .insert(products)
          .values({ ...values, slug: await freeSlug(tx, input.name, null) })
          .returning();
        if (!input.variants?.length) return staffProductOf(row!, []);
        const written = await writeVariants(tx, row!.id, input.variants, row!.mrp);
        await tx
          .update(products)
          .set({ stock: written.reduce((sum, variant) => sum + variant.after, 0) })
          .where(eq(products.id, row!.id));
        return (await getStaffProduct(tx, row!.id))!;
      },

      async updateProduct(tx, id, input) {
        const [current] = await tx.select().from(products).where(eq(products.id, id)).for('update');
        if (!current) throw new HttpError(404, 'There is no such product');
        const values = await valuesOf(input);
        await checkCategory(tx, input, id, current.category);
        const slug = input.name === current.name ? current.slug : await freeSlug(tx, input.name, id);
        const before = await getStaffProduct(tx, id);
        const written =
          input.variants === undefined
            ? before!.variants.map((variant) => ({ ...variant, before: variant.stock, after: variant.stock }))
            : await writeVariants(tx, id, input.variants, input.mrp);
        // With variants, the product's stock is the sum of theirs, whatever `stock` says.
        const stock = written.length > 0 ? written.reduce((sum, variant) => sum + variant.after, 0) : values.stock;
        const [row] = await tx
          .update(products)
          .set({ ...values, stock, slug })
          .where(eq(products.id, id))
          .returning();
        if (written.length === 0 && cameBack(current, row!)) await tellWishlisters(tx, row!, options.publicUrl);
        for (const variant of written) {
          const wasBuyable = { stock: variant.before, active: current.active };
          if (cameBack(wasBuyable, { stock: variant.after, active: row!.active }))
            await tellWishlisters(tx, row!, options.publicUrl, variant);
        }
        return { before: before!, after: (await getStaffProduct(tx, id))! };
      },

      async removeProduct(tx, id) {
        const [current] = await tx.select().from(products).where(eq(products.id, id)).for('update');
        if (!current) throw new HttpError(404, 'There is no such product');
        const [ordered] = await tx
          .select({ id: orderItems.id })
          .from(orderItems)
          .where(eq(orderItems.productId, id))
          .limit(1);
        if (ordered) {
          await tx.update(products).set({ active: false }).where(eq(products.id, id));
          return { before: (await getStaffProduct(tx, id))!, hidden: true };
        }
        const before = (await getStaffProduct(tx, id))!;
        await tx.delete(products).where(eq(products.id, id));
        return { before, hidden: false };
      },
    });
  },
  { name: 'catalog-repository', dependencies: ['database', 'storage'] },
);
