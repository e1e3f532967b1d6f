import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import fp from 'fastify-plugin';
import { MAX_LINE_QUANTITY, type Cart, type Wishlist } from '../../../src/contract/cart.js';
import type { Database, DatabaseHandle } from '../db/client.js';
import { jsonStatement, type JsonStatement, type Step } from '../db/json-statement.js';
import { cartItems, products, wishlistItems } from '../db/schema.js';
import { productColumns } from './catalog-repository.js';
import { HttpError } from './error-handler.js';

/**
 * Carts and wishlists. Every query is scoped by user id, so another user's line id is simply not found (404).
 * Writers take the transaction they run in (the idempotency wrapper's, or a cart batch's: plugins/cart-writes),
 * readers take any executor.
 */
declare module 'fastify' {
  interface FastifyInstance {
    cartRepository: {
      getCart(executor: Database, userId: number): Promise<Cart>;
      /**
       * The statements that add to lines, in order: each add is checked against the product, its stock and the
       * per-line limit and either done or refused on its own (null, or the refusal, at its index). Several adds to
       * one line run one after the other. Run with `runSteps`, with other statements of the same transaction.
       * `strict` statements refuse nothing: one add that does not fit fails the statement (SQLSTATE CV001) and
       * its transaction, and every refusal read is null.
       */
      planAdds(adds: LineAdd[], strict?: boolean): Plan<(HttpError | null)[]>;
      /** The statements that set lines' quantities, in order, each checked and done or refused like `planAdds`. */
      planSets(sets: LineQuantity[], strict?: boolean): Plan<(HttpError | null)[]>;
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

export interface LineAdd {
  userId: number;
  productId: number;
  quantity: number;
}

export interface LineQuantity {
  userId: number;
  lineId: number;
  quantity: number;
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

/** The refusal of a line quantity above the stock or the per-line limit, or null when it fits. */
function lineQuantityRefusal(product: { name: string; stock: number }, quantity: number): HttpError | null {
  if (quantity > product.stock) return new HttpError(409, stockMessage(product.name, product.stock), 'quantity');
  if (quantity > MAX_LINE_QUANTITY) {
    return new HttpError(409, `You can have at most ${MAX_LINE_QUANTITY} of ${product.name} in your cart`, 'quantity');
  }
  return null;
}

/** The per-line limit, written into the statements (they take no parameter but their JSON document). */
const lineLimit = sql.raw(`${MAX_LINE_QUANTITY}::integer`);

/**
 * A product row as the wire's product object, built by the database: the fields of `productColumns`, which the cart
 * answers' schema test holds to the contract (tests/server/cart-batches.test.ts).
 */
const productJson = sql`json_build_object(
  'id', ${products.id}, 'name', ${products.name}, 'slug', ${products.slug},
  'description', ${products.description}, 'images', ${products.images}, 'mrp', ${products.mrp},
  'price', ${products.price}, 'stock', ${products.stock}, 'category', ${products.category},
  'perishable', ${products.perishable}
)`;

/**
 * `(user_id, cart)` for each user in `userIds` (a JSON array of ids), the cart as the wire's JSON object built by
 * the database: the embedded database hands over one large cell per cart far faster than a row per line with a
 * dozen columns each. Each product's object is built once, however many of the carts hold it (a batch of carts
 * mostly holds the same few products), and the lines are grouped by user in one pass: `materialized` keeps the
 * planner from folding the products back into every line, or the grouping into a loop over the users.
 */
export function cartsOfUsers(userIds: SQL): SQL {
  return sql`
    with wanted as (select distinct jsonb_array_elements_text(${userIds})::integer as user_id),
    line as materialized (
      select wanted.user_id, found.id, found.product_id, found.quantity
      from wanted cross join lateral (
        select ${cartItems.id} as id, ${cartItems.productId} as product_id, ${cartItems.quantity} as quantity
        from ${cartItems} where ${cartItems.userId} = wanted.user_id
      ) as found
    ),
    product as materialized (
      select ${products.id} as id, ${products.price} as price, ${productJson} as json
      from ${products} where ${products.id} = any(array(select distinct line.product_id from line))
    ),
    cart as materialized (
      select line.user_id,
        json_agg(json_build_object(
          'id', line.id, 'product_id', line.product_id, 'quantity', line.quantity,
          'line_total', product.price * line.quantity, 'product', product.json
        ) order by line.id) as lines,
        sum(product.price * line.quantity) as subtotal,
        sum(line.quantity) as item_count
      from line join product on product.id = line.product_id
      group by line.user_id
    )
    select wanted.user_id, json_build_object(
      'data', coalesce(cart.lines, '[]'::json),
      'subtotal', coalesce(cart.subtotal, 0),
      'item_count', coalesce(cart.item_count, 0)
    ) as cart
    from wanted left join cart on cart.user_id = wanted.user_id`;
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

/**
 * Splits work into rounds in which no two items share a key, keeping each key's items in order: an upsert may touch
 * a row once per statement, so the items of one line run in successive statements of the same transaction.
 */
function rounds<T>(items: T[], keyOf: (item: T) => string): { item: T; index: number }[][] {
  const result: { item: T; index: number }[][] = [];
  const seen = new Map<string, number>();
  items.forEach((item, index) => {
    const key = keyOf(item);
    const round = seen.get(key) ?? 0;
    seen.set(key, round + 1);
    (result[round] ??= []).push({ item, index });
  });
  return result;
}

/** Statements to run in order (see runSteps), and how to read their rows once they have run. */
export interface Plan<T> {
  steps: Step<unknown>[];
  read(rows: unknown[][]): T;
}

/**
 * Puts `items` through a round statement, one statement per round (see rounds): each item travels as `rowOf` gives
 * it, with its index; a round answers only the items it did not do, and `refusalOf` says why.
 */
function inRounds<T extends { quantity: number }, Row extends { index: number }>(
  items: T[],
  statement: JsonStatement<Row>,
  how: {
    keyOf: (item: T) => string;
    rowOf: (item: T) => Record<string, number>;
    refusalOf: (row: Row, quantity: number) => HttpError;
  },
): Plan<(HttpError | null)[]> {
  return {
    steps: rounds(items, how.keyOf).map((round) =>
      statement.step(round.map(({ item, index }) => ({ index, ...how.rowOf(item) }))),
    ),
    read(rows) {
      const outcomes: (HttpError | null)[] = items.map(() => null);
      for (const row of rows.flat() as Row[]) outcomes[row.index] = how.refusalOf(row, items[row.index]!.quantity);
      return outcomes;
    },
  };
}

/**
 * The end of a round statement whose `refused` rows are the changes it did not do: those rows, or, `strict`, a
 * failure (fail_unless, migration 0007) at the first of them, so that a strict statement that runs answers none.
 */
function refusedOrFail(strict: boolean, what: string): SQL {
  const failure = sql`where fail_unless(false, ${sql.raw(`'${what} was refused'`)})`;
  return sql`select * from refused ${strict ? failure : sql``}`;
}

/** An add that was not done. */
interface AddOutcome {
  index: number;
  /** Null when the product is missing or inactive. */
  name: string | null;
  stock: number | null;
  /** The line's quantity before the add (0 when there was none), for the refusal's message. */
  before: number;
}

/**
 * One round of adds: each product is checked, and each line inserted or summed only while its new quantity stays
 * within the stock and the per-line limit. The upsert locks the line, so two adds at once from two processes are
 * summed and checked as one. Rows go in (user, product) order, the order every writer of cart lines locks them in.
 * Only the adds that were not done come back.
 */
const addRoundStatement = (requests: SQL, strict: boolean) => sql`
  with request as (
    select * from jsonb_to_recordset(${requests})
      as request(index integer, user_id integer, product_id integer, quantity integer)
  ), product as (
    select request.index, found.id, found.name, found.stock
    from request cross join lateral (
      select ${products.id} as id, ${products.name} as name, ${products.stock} as stock from ${products}
      where ${products.id} = request.product_id and ${products.active} limit 1
    ) as found
  ), line as (
    insert into ${cartItems} (user_id, product_id, quantity)
    select request.user_id, product.id, request.quantity
    from request join product using (index)
    where request.quantity <= least(product.stock, ${lineLimit})
    order by request.user_id, product.id
    on conflict (user_id, product_id) do update
      set quantity = ${cartItems.quantity} + excluded.quantity
      where ${cartItems.quantity} + excluded.quantity <= least(
        (select ${products.stock} from ${products} where ${products.id} = excluded.product_id),
        ${lineLimit}
      )
    returning user_id, product_id
  ), refused as (
    select request.index, product.name, product.stock,
      coalesce((
        select ${cartItems.quantity} from ${cartItems}
        where ${cartItems.userId} = request.user_id and ${cartItems.productId} = request.product_id
      ), 0) as before
    from request left join product using (index)
    where not exists (
      select 1 from line where line.user_id = request.user_id and line.product_id = request.product_id
    )
  )
  ${refusedOrFail(strict, 'An add to the cart')}`;

function refusalOfAdd(row: AddOutcome, quantity: number): HttpError {
  if (row.name === null || row.stock === null) {
    return new HttpError(404, 'This product is no longer available', 'product_id');
  }
  const product = { name: row.name, stock: Number(row.stock) };
  // The add fitted the line as this statement saw it only when another process changed the line meanwhile: their
  // sum went past the tighter of the two limits.
  const limit = Math.min(product.stock, MAX_LINE_QUANTITY);
  return (
    lineQuantityRefusal(product, Math.max(Number(row.before) + quantity, limit + 1)) ??
    new HttpError(409, stockMessage(product.name, product.stock), 'quantity')
  );
}

/** A quantity change that was not done. */
interface SetOutcome {
  index: number;
  /** Null when the line is not the user's. */
  line_id: number | null;
  name: string | null;
  stock: number | null;
  active: boolean | null;
}

/**
 * One round of quantity changes: the line must be the user's, its product active, and its stock and the per-line
 * limit enough. Only the changes that were not done come back.
 */
const setRoundStatement = (requests: SQL, strict: boolean) => sql`
  with request as (
    select * from jsonb_to_recordset(${requests})
      as request(index integer, user_id integer, line_id integer, quantity integer)
  ), target as (
    select request.index, request.quantity, line.id as line_id, line.name, line.stock, line.active
    from request cross join lateral (
      select ${cartItems.id} as id, ${products.name} as name, ${products.stock} as stock, ${products.active} as active
      from ${cartItems} join ${products} on ${products.id} = ${cartItems.productId}
      where ${cartItems.id} = request.line_id and ${cartItems.userId} = request.user_id
      limit 1
    ) as line
  ), changed as (
    update ${cartItems}
    set quantity = (select target.quantity from target where target.line_id = ${cartItems.id})
    where ${cartItems.id} = any(array(
      select target.line_id from target where target.active and target.quantity <= least(target.stock, ${lineLimit})
    ))
    returning ${cartItems.id} as line_id
  ), refused as (
    select request.index, target.line_id, target.name, target.stock, target.active
    from request left join target using (index)
    where not exists (select 1 from changed where changed.line_id = target.line_id)
  )
  ${refusedOrFail(strict, 'A quantity change')}`;

function refusalOfSet(row: SetOutcome, quantity: number): HttpError {
  const gone = new HttpError(404, 'This item is not in your cart');
  if (row.line_id === null || row.name === null || row.stock === null) return gone;
  if (!row.active) return new HttpError(404, 'This product is no longer available', 'product_id');
  // A change that fits was not done only when another process removed the line meanwhile.
  return lineQuantityRefusal({ name: row.name, stock: Number(row.stock) }, quantity) ?? gone;
}

/** The cart's batched statements, for one database (see jsonStatement). */
function cartQueries(kind: DatabaseHandle['kind']) {
  const carts = jsonStatement<{ user_id: number; cart: Cart }>(kind, cartsOfUsers);
  const addRound = jsonStatement<AddOutcome>(kind, (requests) => addRoundStatement(requests, false));
  const addRoundStrict = jsonStatement<AddOutcome>(kind, (requests) => addRoundStatement(requests, true));
  const setRound = jsonStatement<SetOutcome>(kind, (requests) => setRoundStatement(requests, false));
  const setRoundStrict = jsonStatement<SetOutcome>(kind, (requests) => setRoundStatement(requests, true));

  return {
    async getCart(executor: Database, userId: number): Promise<Cart> {
      const [row] = await carts.run(executor, [userId]);
      if (!row) throw new Error('The cart query answered no row');
      return row.cart;
    },
    planAdds: (adds: LineAdd[], strict = false) =>
      inRounds(adds, strict ? addRoundStrict : addRound, {
        keyOf: (add) => `${add.userId} ${add.productId}`,
        rowOf: (add) => ({ user_id: add.userId, product_id: add.productId, quantity: add.quantity }),
        refusalOf: refusalOfAdd,
      }),
    planSets: (sets: LineQuantity[], strict = false) =>
      inRounds(sets, strict ? setRoundStrict : setRound, {
        keyOf: (set) => `${set.userId} ${set.lineId}`,
        rowOf: (set) => ({ user_id: set.userId, line_id: set.lineId, quantity: set.quantity }),
        refusalOf: refusalOfSet,
      }),
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
    const { getCart, planAdds, planSets } = cartQueries(fastify.database.kind);
    fastify.decorate('cartRepository', {
      getCart,
      planAdds,
      planSets,
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
