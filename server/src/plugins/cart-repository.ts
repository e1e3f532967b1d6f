import { and, asc, eq, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import { MAX_LINE_QUANTITY, type Cart, type Wishlist } from '../../../src/contract/cart.js';
import type { Database } from '../db/client.js';
import { cartItems, products, wishlistItems } from '../db/schema.js';
import { productColumns } from './catalog-repository.js';
import { HttpError } from './error-handler.js';

/**
 * Carts and wishlists. Every query is scoped by user id, so another user's line id is simply not found (404).
 * Writers take the transaction they run in (the idempotency wrapper's), readers take any executor.
 */
declare module 'fastify' {
  interface FastifyInstance {
    cartRepository: {
      getCart(executor: Database, userId: number): Promise<Cart>;
      addToCart(tx: Database, userId: number, productId: number, quantity: number): Promise<Cart>;
      setQuantity(tx: Database, userId: number, lineId: number, quantity: number): Promise<Cart>;
      removeFromCart(tx: Database, userId: number, lineId: number): Promise<Cart>;
      getWishlist(executor: Database, userId: number): Promise<Wishlist>;
      addToWishlist(tx: Database, userId: number, productId: number): Promise<Wishlist>;
      removeFromWishlist(tx: Database, userId: number, itemId: number): Promise<Wishlist>;
      /** Puts the wishlist item in the cart (one, unless already there) and takes it off the wishlist. */
      moveToCart(tx: Database, userId: number, itemId: number): Promise<{ cart: Cart; wishlist: Wishlist }>;
      /** Puts the cart line's product on the wishlist and takes the line out of the cart. */
      moveToWishlist(tx: Database, userId: number, lineId: number): Promise<{ cart: Cart; wishlist: Wishlist }>;
    };
  }
}

function stockMessage(name: string, stock: number): string {
  if (stock <= 0) return `${name} is out of stock`;
  return `Only ${stock} of ${name} left in stock`;
}

async function activeProduct(tx: Database, productId: number) {
  const [product] = await tx
    .select({ id: products.id, name: products.name, stock: products.stock })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.active, true)))
    .limit(1);
  if (!product) throw new HttpError(404, 'This product is no longer available', 'product_id');
  return product;
}

/** Refuses a line quantity above the stock or the per-line limit; the caller's transaction then rolls back. */
function checkLineQuantity(product: { name: string; stock: number }, quantity: number): void {
  if (quantity > product.stock) throw new HttpError(409, stockMessage(product.name, product.stock), 'quantity');
  if (quantity > MAX_LINE_QUANTITY) {
    throw new HttpError(409, `You can have at most ${MAX_LINE_QUANTITY} of ${product.name} in your cart`, 'quantity');
  }
}

async function getCart(executor: Database, userId: number): Promise<Cart> {
  const rows = await executor
    .select({ id: cartItems.id, quantity: cartItems.quantity, product: productColumns })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .where(eq(cartItems.userId, userId))
    .orderBy(asc(cartItems.id));
  const data = rows.map((row) => ({
    id: row.id,
    product_id: row.product.id,
    quantity: row.quantity,
    line_total: row.product.price * row.quantity,
    product: row.product,
  }));
  return {
    data,
    subtotal: data.reduce((sum, line) => sum + line.line_total, 0),
    item_count: data.reduce((sum, line) => sum + line.quantity, 0),
  };
}

async function getWishlist(executor: Database, userId: number): Promise<Wishlist> {
  const rows = await executor
    .select({ id: wishlistItems.id, product: productColumns })
    .from(wishlistItems)
    .innerJoin(products, eq(products.id, wishlistItems.productId))
    .where(eq(wishlistItems.userId, userId))
    .orderBy(asc(wishlistItems.id));
  return { data: rows.map((row) => ({ id: row.id, product_id: row.product.id, product: row.product })) };
}

/** Rows of a raw statement, whichever driver ran it (PGlite answers `{ rows }`, postgres.js an array). */
function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

interface AddOutcome {
  name: string;
  stock: number;
  /** The line's new quantity; null when the add was refused. */
  added: number | null;
  /** The line's quantity before the add (0 when there was none), for the refusal's message. */
  before: number;
}

async function addToCart(tx: Database, userId: number, productId: number, quantity: number): Promise<Cart> {
  // One statement: the product is checked, and the line inserted or summed only while the new quantity stays within
  // the stock and the per-line limit. The upsert locks the line, so two adds at once are summed and checked as one.
  const result = await tx.execute(sql`
    with product as (
      select ${products.id} as id, ${products.name} as name, ${products.stock} as stock
      from ${products}
      where ${products.id} = ${productId} and ${products.active}
    ), line as (
      insert into ${cartItems} (user_id, product_id, quantity)
      select ${userId}, product.id, ${quantity}::integer from product
      where ${quantity}::integer <= least(product.stock, ${MAX_LINE_QUANTITY}::integer)
      on conflict (user_id, product_id) do update
        set quantity = ${cartItems.quantity} + excluded.quantity
        where ${cartItems.quantity} + excluded.quantity
          <= least((select stock from product), ${MAX_LINE_QUANTITY}::integer)
      returning quantity
    )
    select product.name, product.stock,
      (select quantity from line) as added,
      coalesce((
        select ${cartItems.quantity} from ${cartItems}
        where ${cartItems.userId} = ${userId} and ${cartItems.productId} = ${productId}
      ), 0) as before
    from product`);
  const [outcome] = rowsOf<AddOutcome>(result);
  if (!outcome) throw new HttpError(404, 'This product is no longer available', 'product_id');
  if (outcome.added === null) {
    const product = { name: outcome.name, stock: Number(outcome.stock) };
    checkLineQuantity(product, Number(outcome.before) + quantity);
    // Reached only when another add changed the line meanwhile: their sum went past the tighter of the two limits.
    checkLineQuantity(product, Math.min(product.stock, MAX_LINE_QUANTITY) + 1);
  }
  return getCart(tx, userId);
}

async function findLine(tx: Database, userId: number, lineId: number) {
  const [line] = await tx
    .select({ id: cartItems.id, productId: cartItems.productId })
    .from(cartItems)
    .where(and(eq(cartItems.id, lineId), eq(cartItems.userId, userId)))
    .limit(1);
  if (!line) throw new HttpError(404, 'This item is not in your cart');
  return line;
}

async function findWishlistItem(tx: Database, userId: number, itemId: number) {
  const [item] = await tx
    .select({ id: wishlistItems.id, productId: wishlistItems.productId })
    .from(wishlistItems)
    .where(and(eq(wishlistItems.id, itemId), eq(wishlistItems.userId, userId)))
    .limit(1);
  if (!item) throw new HttpError(404, 'This item is not in your wishlist');
  return item;
}

export default fp(
  async (fastify) => {
    fastify.decorate('cartRepository', {
      getCart,
      addToCart,
      async setQuantity(tx, userId, lineId, quantity) {
        const line = await findLine(tx, userId, lineId);
        const product = await activeProduct(tx, line.productId);
        checkLineQuantity(product, quantity);
        await tx.update(cartItems).set({ quantity }).where(eq(cartItems.id, line.id));
        return getCart(tx, userId);
      },
      async removeFromCart(tx, userId, lineId) {
        const line = await findLine(tx, userId, lineId);
        await tx.delete(cartItems).where(eq(cartItems.id, line.id));
        return getCart(tx, userId);
      },
      getWishlist,
      async addToWishlist(tx, userId, productId) {
        await activeProduct(tx, productId);
        await tx.insert(wishlistItems).values({ userId, productId }).onConflictDoNothing();
        return getWishlist(tx, userId);
      },
      async removeFromWishlist(tx, userId, itemId) {
        const item = await findWishlistItem(tx, userId, itemId);
        await tx.delete(wishlistItems).where(eq(wishlistItems.id, item.id));
        return getWishlist(tx, userId);
      },
      async moveToCart(tx, userId, itemId) {
        const item = await findWishlistItem(tx, userId, itemId);
        const product = await activeProduct(tx, item.productId);
        if (product.stock <= 0) throw new HttpError(409, stockMessage(product.name, product.stock));
        await tx.insert(cartItems).values({ userId, productId: item.productId, quantity: 1 }).onConflictDoNothing();
        await tx.delete(wishlistItems).where(eq(wishlistItems.id, item.id));
        return { cart: await getCart(tx, userId), wishlist: await getWishlist(tx, userId) };
      },
      async moveToWishlist(tx, userId, lineId) {
        const line = await findLine(tx, userId, lineId);
        await tx.insert(wishlistItems).values({ userId, productId: line.productId }).onConflictDoNothing();
        await tx.delete(cartItems).where(eq(cartItems.id, line.id));
        return { cart: await getCart(tx, userId), wishlist: await getWishlist(tx, userId) };
      },
    });
  },
  { name: 'cart-repository', dependencies: ['database'] },
);
