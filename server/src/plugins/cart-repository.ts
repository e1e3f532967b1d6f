import { and, asc, eq, sql, type Placeholder, type SQL, type SQLWrapper } from 'drizzle-orm';
import fp from 'fastify-plugin';
import { MAX_LINE_QUANTITY, type Cart, type Wishlist } from '../../../src/contract/cart.js';
import { builtOnce } from '../db/built-once.js';
import { rowsOf, type Database } from '../db/client.js';
import { cartItems, products, productVariants, wishlistItems } from '../db/schema.js';
import { withJsonText } from '../lib/json-text.js';
import { productColumns } from './catalog-repository.js';
import { HttpError } from './error-handler.js';
import type { OneStatement } from './idempotency.js';

/**
 * Carts and wishlists. Every query is scoped by user id, so another user's line id is simply not found (404).
 * Writers take the transaction they run in (the idempotency wrapper's, `runIdempotent`), readers take any executor.
 * The one-statement writes (adding, setting a quantity) check the rules in their statement, on the line as it is
 * when written, whatever another request did to it meanwhile, and write nothing when refused: they share a
 * transaction with other shoppers' writes, which a refusal must leave alone. The other writes throw after writing:
 * their transaction, their own, then rolls back.
 */
declare module 'fastify' {
  interface FastifyInstance {
    cartRepository: {
      getCart(executor: Database, userId: number): Promise<Cart>;
      /**
       * Adds to the line of the product's variant (made when missing) and answers the cart; refused past the stock
       * or the limit, and on `variant_id` when it is missing for a product with variants or not one of the product's.
       */
      addToCart(userId: number, productId: number, quantity: number, variantId?: number | null): OneStatement<Cart>;
      /** Sets the line's quantity and answers the cart; refused past the stock or the limit. */
      setQuantity(userId: number, lineId: number, quantity: number): OneStatement<Cart>;
      removeFromCart(tx: Database, userId: number, lineId: number): Promise<Cart>;
      getWishlist(executor: Database, userId: number): Promise<Wishlist>;
      addToWishlist(tx: Database, userId: number, productId: number): Promise<Wishlist>;
      removeFromWishlist(tx: Database, userId: number, itemId: number): Promise<Wishlist>;
      /**
       * Puts the wishlist item in the cart (one, unless already there) and takes it off the wishlist; a product with
       * variants needs the one picked (`variantId`).
       */
      moveToCart(
        tx: Database,
        userId: number,
        itemId: number,
        variantId?: number | null,
      ): Promise<{ cart: Cart; wishlist: Wishlist }>;
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

/**
 * The refusal of a line's variant, or null when it fits: a product with variants is sold only as one of them, and a
 * variant must be the product's own.
 */
export function variantRefusal(product: { has_variants: boolean }, variantId: number | null, found: boolean) {
  if (variantId === null && product.has_variants) {
    return new HttpError(400, 'Choose a size or colour first', 'variant_id');
  }
  if (variantId !== null && !found) return new HttpError(400, 'This product has no such size or colour', 'variant_id');
  return null;
}

/** The refusal of a line quantity above the stock or the per-line limit, or null when it fits. */
function lineQuantityRefusal(product: { name: string; stock: number }, quantity: number): HttpError | null {
  if (quantity > product.stock) return new HttpError(409, stockMessage(product.name, product.stock), 'quantity');
  if (quantity > MAX_LINE_QUANTITY) {
    return new HttpError(409, `You can have at most ${MAX_LINE_QUANTITY} of ${product.name} in your cart`, 'quantity');
  }
  return null;
}

/**
 * A product row as the wire's product object, built by the database: the fields of `productColumns`, which the cart
 * answers' schema test holds to the contract (tests/server/cart-writes.test.ts).
 */
const productJson = sql`json_build_object(
  'id', ${products.id}, 'name', ${products.name}, 'slug', ${products.slug},
  'description', ${products.description}, 'images', ${products.images}, 'mrp', ${products.mrp},
  'price', ${products.price}, 'stock', ${products.stock}, 'category', ${products.category},
  'perishable', ${products.perishable}
)`;

/** A line's variant as the wire's object (null without one), and what one of the line costs. */
const variantJson = sql`case when ${productVariants.id} is null then null else json_build_object(
  'id', ${productVariants.id}, 'kind', ${productVariants.kind}, 'label', ${productVariants.label},
  'sku', ${productVariants.sku}, 'stock', ${productVariants.stock}, 'price', ${productVariants.price}
) end`;
const linePrice = sql`coalesce(${productVariants.price}, ${products.price})`;

/**
 * The cart as the wire's JSON object, built by the database from `lines`, a relation of
 * `(id, product_id, quantity, variant_id)`:
 * a write answers the cart as it leaves it in the same statement (a statement does not see its own changes, so
 * the written line is joined to the others as they were).
 */
function cartOf(lines: SQL): SQL {
  return sql`
    select json_build_object(
      'data', coalesce(json_agg(json_build_object(
        'id', line.id, 'product_id', line.product_id, 'quantity', line.quantity,
        'line_total', ${linePrice} * line.quantity, 'product', ${productJson},
        'variant_id', line.variant_id, 'variant', ${variantJson}
      ) order by line.id), '[]'::json),
      'subtotal', coalesce(sum(${linePrice} * line.quantity), 0),
      'item_count', coalesce(sum(line.quantity), 0)
    )
    from (${lines}) as line join ${products} on ${products.id} = line.product_id
      left join ${productVariants} on ${productVariants.id} = line.variant_id`;
}

/** The user's lines, as `cartOf` reads them, but for `except` (a line the statement writes). */
const linesOf = (userId: number | Placeholder, except: SQL = sql`false`) => sql`
  select ${cartItems.id} as id, ${cartItems.productId} as product_id, ${cartItems.quantity} as quantity,
    ${cartItems.variantId} as variant_id
  from ${cartItems} where ${cartItems.userId} = ${userId}::integer and not (${except})`;

/**
 * The cart as the statements answer it: JSON text (`cartOf(...)::text`), parsed on the server's thread, and sent and
 * stored as that text (`withJsonText`). Parsed by the embedded database's thread instead, the object took longer to
 * cross to the server's thread than the text.
 */
const parsedCart = (cart: string): Cart => withJsonText(JSON.parse(cart) as Cart, cart);

/** The most a line may hold of a product: its stock, and at most MAX_LINE_QUANTITY. */
const lineLimitOf = (stock: SQLWrapper) => sql`least(${stock}, ${sql.raw(String(MAX_LINE_QUANTITY))})`;

/**
 * Adding to a cart: the product checked, the line upserted and the cart read back in one statement; no row when the
 * product is not for sale. The line is written only when its new quantity fits (checked by the upsert on the line as
 * it is then); else `cart` is null and `quantity` the one refused, as the statement saw the line.
 */
const addStatement = builtOnce(
  ['userId', 'productId', 'variantId', 'quantity'],
  ({ userId, productId, variantId, quantity }) => {
    const sameLine = sql`${cartItems.productId} = ${productId}::integer
      and coalesce(${cartItems.variantId}, 0) = coalesce(${variantId}::integer, 0)`;
    return sql`
    with product as (
      select ${products.id} as id,
        ${products.name} || coalesce(' (' || ${productVariants.label} || ')', '') as name,
        coalesce(${productVariants.stock}, ${products.stock}) as stock,
        ${productVariants.id} as variant_id,
        exists (select from ${productVariants} as own where own.product_id = ${products.id}) as has_variants
      from ${products} left join ${productVariants}
        on ${productVariants.id} = ${variantId}::integer and ${productVariants.productId} = ${products.id}
      where ${products.id} = ${productId}::integer and ${products.active}
    ), written as (
      insert into ${cartItems} (user_id, product_id, variant_id, quantity)
      select ${userId}::integer, product.id, product.variant_id, ${quantity}::integer from product
      where ${quantity}::integer <= ${lineLimitOf(sql`product.stock`)}
        -- A product with variants is sold as one of them, and only as one of its own.
        and (product.variant_id is not null) = product.has_variants
        and (${variantId}::integer is null or product.variant_id is not null)
      on conflict (user_id, product_id, coalesce(variant_id, 0)) do update
        set quantity = ${cartItems.quantity} + excluded.quantity
        where ${cartItems.quantity} + excluded.quantity <= (select ${lineLimitOf(sql`product.stock`)} from product)
      returning ${cartItems.id} as id, ${cartItems.productId} as product_id, ${cartItems.quantity} as quantity,
        ${cartItems.variantId} as variant_id
    )
    select product.name, product.stock, product.has_variants, product.variant_id is not null as variant_found,
      coalesce(written.quantity, (select ${cartItems.quantity} from ${cartItems}
        where ${cartItems.userId} = ${userId}::integer and ${sameLine})
        + ${quantity}::integer, ${quantity}::integer) as quantity,
      case when written.id is not null then
        (${cartOf(sql`${linesOf(userId, sameLine)} union all select * from written`)})::text
      end as cart
    from product left join written on true`;
  },
);

/**
 * Setting a line's quantity: the line changed, its product read and the cart read back in one statement; no row
 * when the line is not the user's. The line is written only when its product is for sale and the quantity fits;
 * else `cart` is null.
 */
const setQuantityStatement = builtOnce(
  ['userId', 'lineId', 'quantity'],
  ({ userId, lineId, quantity }) => sql`
    with line as (
      select ${cartItems.productId} as product_id, ${cartItems.variantId} as variant_id from ${cartItems}
      where ${cartItems.id} = ${lineId}::integer and ${cartItems.userId} = ${userId}::integer
    ), written as (
      update ${cartItems} set quantity = ${quantity}::integer
      where ${cartItems.id} = ${lineId}::integer and ${cartItems.userId} = ${userId}::integer
        and exists (select from ${products} left join ${productVariants} on ${productVariants.id} = ${cartItems.variantId}
          where ${products.id} = ${cartItems.productId} and ${products.active}
          and ${quantity}::integer <= ${lineLimitOf(sql`coalesce(${productVariants.stock}, ${products.stock})`)})
      returning ${cartItems.id} as id, ${cartItems.productId} as product_id, ${cartItems.quantity} as quantity,
        ${cartItems.variantId} as variant_id
    )
    select ${products.name} || coalesce(' (' || ${productVariants.label} || ')', '') as name,
      coalesce(${productVariants.stock}, ${products.stock}) as stock, ${products.active} as active,
      case when exists (select from written) then
        (${cartOf(sql`${linesOf(userId, sql`${cartItems.id} = ${lineId}::integer`)} union all select * from written`)})::text
      end as cart
    from line join ${products} on ${products.id} = line.product_id
      left join ${productVariants} on ${productVariants.id} = line.variant_id`,
);

async function getCart(executor: Database, userId: number): Promise<Cart> {
  const [row] = rowsOf<{ cart: string }>(
    await executor.execute(sql`select (${cartOf(linesOf(userId))})::text as cart`),
  );
  if (!row) throw new Error('The cart query answered no row');
  return parsedCart(row.cart);
}

async function getWishlist(executor: Database, userId: number): Promise<Wishlist> {
  const rows = await executor
    .select({
      id: wishlistItems.id,
      product: productColumns,
      hasVariants: sql<boolean>`exists (select from ${productVariants} where ${productVariants.productId} = ${products.id})`,
    })
    .from(wishlistItems)
    .innerJoin(products, eq(products.id, wishlistItems.productId))
    .where(eq(wishlistItems.userId, userId))
    .orderBy(asc(wishlistItems.id));
  return {
    data: rows.map((row) => ({
      id: row.id,
      product_id: row.product.id,
      product: row.product,
      ...(row.hasVariants ? { has_variants: true } : {}),
    })),
  };
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
      addToCart(userId, productId, quantity, variantId = null) {
        return {
          statement: addStatement({ userId, productId, variantId, quantity }),
          answer(rows) {
            const [row] = rows as {
              name: string;
              stock: number;
              quantity: number;
              has_variants: boolean;
              variant_found: boolean;
              cart: string | null;
            }[];
            if (!row) throw new HttpError(404, 'This product is no longer available', 'product_id');
            if (row.cart === null) {
              const refused = variantRefusal(row, variantId, row.variant_found);
              if (refused) throw refused;
              // Not written. The quantity is the line as the statement saw it: one added meanwhile by another
              // request (which the upsert waited for) is not in it, and then the stock is what no longer fits.
              throw (
                lineQuantityRefusal(row, row.quantity) ??
                new HttpError(409, stockMessage(row.name, row.stock), 'quantity')
              );
            }
            return parsedCart(row.cart);
          },
        };
      },
      setQuantity(userId, lineId, quantity) {
        return {
          statement: setQuantityStatement({ userId, lineId, quantity }),
          answer(rows) {
            const [row] = rows as { name: string; stock: number; active: boolean; cart: string | null }[];
            if (!row) throw new HttpError(404, 'This item is not in your cart');
            if (!row.active) throw new HttpError(404, 'This product is no longer available', 'product_id');
            // Not written: past the stock or the limit, or the line removed meanwhile by another request.
            if (row.cart === null)
              throw lineQuantityRefusal(row, quantity) ?? new HttpError(404, 'This item is not in your cart');
            return parsedCart(row.cart);
          },
        };
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
      async moveToCart(tx, userId, itemId, variantId = null) {
        const item = await findWishlistItem(tx, userId, itemId);
        const product = await activeProduct(tx, item.productId);
        const variants = await tx
          .select({ id: productVariants.id, label: productVariants.label, stock: productVariants.stock })
          .from(productVariants)
          .where(eq(productVariants.productId, product.id));
        const variant = variants.find((own) => own.id === variantId) ?? null;
        const refused = variantRefusal({ has_variants: variants.length > 0 }, variantId, variant !== null);
        if (refused) throw refused;
        const stock = variant ? variant.stock : product.stock;
        const name = variant ? `${product.name} (${variant.label})` : product.name;
        if (stock <= 0) throw new HttpError(409, stockMessage(name, stock));
        await tx
          .insert(cartItems)
          .values({ userId, productId: item.productId, variantId: variant?.id ?? null, quantity: 1 })
          .onConflictDoNothing();
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
