import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { ProductVariant } from '../../../src/contract/variants.js';
import type { Database } from '../db/client.js';
import { products, productVariants } from '../db/schema.js';
import { cameBack, tellWishlisters } from './back-in-stock.js';

/**
 * Stock of products and their variants. A product with variants keeps as its own stock the sum of theirs, so every
 * change of a variant's stock changes the product's by as much, in the same transaction.
 */

/** What an order line takes or gives back: a product, and its variant when it has one. */
export interface StockLine {
  productId: number;
  variantId: number | null;
  quantity: number;
}

/** The variants of `productIds`, each product's in the order shown. */
export async function variantsOf(executor: Database, productIds: number[]): Promise<Map<number, ProductVariant[]>> {
  const byProduct = new Map<number, ProductVariant[]>(productIds.map((id) => [id, []]));
  if (productIds.length === 0) return byProduct;
  const rows = await executor
    .select()
    .from(productVariants)
    .where(inArray(productVariants.productId, productIds))
    .orderBy(asc(productVariants.position), asc(productVariants.id));
  for (const row of rows) {
    byProduct.get(row.productId)?.push({
      id: row.id,
      kind: row.kind,
      label: row.label,
      sku: row.sku,
      stock: row.stock,
      price: row.price,
    });
  }
  return byProduct;
}

/**
 * Takes `line.quantity` from the stock with a guarded decrement (the row changes only while enough remains, so stock
 * never goes below zero; a concurrent order of the last one waits for this row and then finds none). Answers the
 * stock left, or null when there was not enough: then the caller refuses and its transaction takes nothing.
 */
export async function takeStock(tx: Database, line: StockLine): Promise<{ refused: boolean; stock: number }> {
  // The product's row first, then its size's, as every other path locks them (restoreStock, a late payment): two
  // orders of sizes of one product never wait on each other in a cycle. A refusal makes the caller's transaction roll
  // back, so a product's stock taken before its size's was refused is given back with it.
  const [taken] = await tx
    .update(products)
    .set({ stock: sql`${products.stock} - ${line.quantity}` })
    .where(and(eq(products.id, line.productId), gte(products.stock, line.quantity)))
    .returning({ stock: products.stock });
  if (!taken) {
    const [current] = await tx.select({ stock: products.stock }).from(products).where(eq(products.id, line.productId));
    return { refused: true, stock: current?.stock ?? 0 };
  }
  if (line.variantId === null) return { refused: false, stock: taken.stock };
  const [size] = await tx
    .update(productVariants)
    .set({ stock: sql`${productVariants.stock} - ${line.quantity}` })
    .where(and(eq(productVariants.id, line.variantId), gte(productVariants.stock, line.quantity)))
    .returning({ stock: productVariants.stock });
  if (size) return { refused: false, stock: size.stock };
  const [current] = await tx
    .select({ stock: productVariants.stock })
    .from(productVariants)
    .where(eq(productVariants.id, line.variantId));
  return { refused: true, stock: current?.stock ?? 0 };
}

/**
 * Gives `line.quantity` back to the stock (a cancelled order, a resaleable return) and tells the wishlisters when
 * the product, or its variant, can be ordered again because of it.
 */
export async function restoreStock(tx: Database, line: StockLine, publicUrl: string): Promise<void> {
  const [product] = await tx
    .update(products)
    .set({ stock: sql`${products.stock} + ${line.quantity}` })
    .where(eq(products.id, line.productId))
    .returning({ id: products.id, name: products.name, stock: products.stock, active: products.active });
  if (!product) return;
  if (line.variantId !== null) {
    const [variant] = await tx
      .update(productVariants)
      .set({ stock: sql`${productVariants.stock} + ${line.quantity}` })
      .where(eq(productVariants.id, line.variantId))
      .returning({ id: productVariants.id, label: productVariants.label, stock: productVariants.stock });
    if (variant) {
      const before = { stock: variant.stock - line.quantity, active: product.active };
      if (cameBack(before, { stock: variant.stock, active: product.active }))
        await tellWishlisters(tx, product, publicUrl, variant);
      return;
    }
  }
  if (cameBack({ ...product, stock: product.stock - line.quantity }, product))
    await tellWishlisters(tx, product, publicUrl);
}
