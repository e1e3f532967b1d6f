import { brotliDecompressSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { cartSchema, type Cart } from '../../src/contract/cart.js';
import { rowsOf } from '../../server/src/db/client.js';
import { cartItems, idempotencyKeys, products, productVariants } from '../../server/src/db/schema.js';
import { createShopper, productNamed, setStock, USER_API, type Shopper } from './shop-helpers.js';
import { createTestApp, type TestApp } from './test-app.js';

let testApp: TestApp;
let shoppers: Shopper[];

beforeAll(async () => {
  testApp = await createTestApp();
  shoppers = [];
  for (let index = 0; index < 12; index += 1) shoppers.push(await createShopper(testApp.app, `Writer ${index}`));
});
afterAll(async () => {
  await testApp.close();
});

function add(who: Shopper, productId: number, quantity: number, key?: string) {
  return testApp.app.inject({
    method: 'POST',
    url: `${USER_API}/addToCart`,
    headers: { ...who.headers, ...(key ? { 'idempotency-key': key } : {}) },
    payload: { product_id: productId, quantity },
  });
}

async function cartOf(who: Shopper) {
  return (await testApp.app.inject({ method: 'GET', url: `${USER_API}/getCartItems`, headers: who.headers })).json();
}

async function emptyCarts() {
  await testApp.app.db.delete(cartItems);
}

describe('cart writes that arrive together', () => {
  it('answer each shopper with their own cart, and refuse only what does not fit', async () => {
    await emptyCarts();
    const diary = await productNamed(testApp.app, 'Casting Call Diary 2027');
    const cap = await productNamed(testApp.app, 'Lights Camera Action Cap');
    const soldOut = await productNamed(testApp.app, 'Vintage Movie Ticket Wall Art');
    await setStock(testApp.app, diary.id, 40);
    await setStock(testApp.app, cap.id, 3);

    const [overStock, none, ...fitting] = await Promise.all([
      add(shoppers[0]!, cap.id, 4),
      add(shoppers[1]!, soldOut.id, 1),
      ...shoppers.map((who, index) => add(who, diary.id, 1 + (index % 3))),
    ]);

    expect(overStock!.statusCode).toBe(409);
    expect(overStock!.json()).toEqual({
      message: `Only 3 of ${cap.name} left in stock`,
      field: 'quantity',
      code: 'stock_left',
      params: { count: '3', product: cap.name },
    });
    expect(none!.statusCode).toBe(409);
    expect(none!.json().message).toBe(`${soldOut.name} is out of stock`);
    for (const [index, response] of fitting.entries()) {
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      const body = response.json();
      // The answer is the contract's cart, no field more or less, and the shopper's own.
      expect(cartSchema.parse(body)).toEqual(body);
      expect(body.data).toHaveLength(1);
      expect(body.data[0]).toMatchObject({ product_id: diary.id, quantity: 1 + (index % 3) });
      expect(body.subtotal).toBe(diary.price * (1 + (index % 3)));
      expect(await cartOf(shoppers[index]!)).toEqual(body);
    }
  });

  it('add once for a key sent twice at once, the second answer replaying the first', async () => {
    await emptyCarts();
    const mug = await productNamed(testApp.app, 'Popcorn Bucket Mug');
    const [first, second] = await Promise.all([
      add(shoppers[2]!, mug.id, 2, 'mug-twice'),
      add(shoppers[2]!, mug.id, 2, 'mug-twice'),
    ]);
    expect([first!.statusCode, second!.statusCode]).toEqual([200, 200]);
    expect([first!.headers['idempotent-replayed'], second!.headers['idempotent-replayed']]).toContain('true');
    expect(first!.json()).toEqual(second!.json());
    expect((await cartOf(shoppers[2]!)).data[0].quantity).toBe(2);
    const stored = await testApp.app.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'mug-twice'));
    expect(stored).toHaveLength(1);
  });

  it('store nothing for a keyed request refused amid others, so that the same request can succeed later', async () => {
    await emptyCarts();
    const cap = await productNamed(testApp.app, 'Lights Camera Action Cap');
    await setStock(testApp.app, cap.id, 2);
    const [refused, ...others] = await Promise.all([
      add(shoppers[5]!, cap.id, 3, 'cap-too-many'),
      ...shoppers.slice(6, 10).map((who, index) => add(who, cap.id, 1, `cap-one-${index}`)),
    ]);
    expect(refused!.statusCode).toBe(409);
    for (const response of others) expect(response.statusCode).toBe(200);
    const stored = await testApp.app.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'cap-too-many'));
    expect(stored).toEqual([]);
    expect(
      await testApp.app.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'cap-one-0')),
    ).toHaveLength(1);

    await setStock(testApp.app, cap.id, 40);
    const again = await add(shoppers[5]!, cap.id, 3, 'cap-too-many');
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect(again.json().data[0].quantity).toBe(3);
  });

  it('replay a key already answered amid new requests, each of which still adds exactly once', async () => {
    await emptyCarts();
    const cap = await productNamed(testApp.app, 'Lights Camera Action Cap');
    await setStock(testApp.app, cap.id, 40);
    const first = await add(shoppers[3]!, cap.id, 2, 'cap-earlier');
    expect(first.statusCode).toBe(200);

    const [replay, changed, ...fresh] = await Promise.all([
      add(shoppers[3]!, cap.id, 2, 'cap-earlier'),
      add(shoppers[3]!, cap.id, 5, 'cap-earlier'),
      ...shoppers.slice(4, 9).map((who, index) => add(who, cap.id, 1, `cap-fresh-${index}`)),
    ]);
    expect(replay!.statusCode).toBe(200);
    expect(replay!.headers['idempotent-replayed']).toBe('true');
    expect(replay!.json()).toEqual(first.json());
    // The same key with another body is refused, and adds nothing.
    expect(changed!.statusCode).toBe(422);
    expect((await cartOf(shoppers[3]!)).data[0].quantity).toBe(2);
    for (const [index, response] of fresh.entries()) {
      expect(response.statusCode).toBe(200);
      expect(response.headers['idempotent-replayed']).toBeUndefined();
      expect(response.json().data[0].quantity).toBe(1);
      expect((await cartOf(shoppers[4 + index]!)).data[0].quantity).toBe(1);
    }
  });

  it('check the line as it is after every write: two adds at once to one line never pass the stock together', async () => {
    await emptyCarts();
    const cap = await productNamed(testApp.app, 'Lights Camera Action Cap');
    await setStock(testApp.app, cap.id, 3);
    const who = shoppers[7]!;
    const answers = await Promise.all([add(who, cap.id, 2, 'race-a'), add(who, cap.id, 2, 'race-b')]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const refused = answers.find((answer) => answer.statusCode === 409)!;
    expect(refused.json()).toEqual({
      message: `Only 3 of ${cap.name} left in stock`,
      field: 'quantity',
      code: 'stock_left',
      params: { count: '3', product: cap.name },
    });
    expect((await cartOf(who)).data).toMatchObject([{ product_id: cap.id, quantity: 2 }]);
    // The refused key stored nothing: the same request may be sent again.
    const key = refused === answers[0] ? 'race-a' : 'race-b';
    expect(await testApp.app.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))).toEqual([]);
  });
});

describe('keyed writes of one batch', () => {
  /** What the idempotency path reads of a request and a reply, for writes given to it directly in one turn. */
  function keyed(who: Shopper, key: string) {
    const request = {
      headers: { 'idempotency-key': key },
      user: { id: who.id },
      method: 'POST',
      url: `/test/${key}`,
      body: {},
    } as unknown as FastifyRequest;
    const headers: Record<string, string> = {};
    const reply = {
      statusCode: 200,
      headers,
      code() {
        return reply;
      },
      header(name: string, value: string) {
        headers[name] = value;
        return reply;
      },
    } as unknown as FastifyReply & { headers: Record<string, string> };
    return [request, reply] as const;
  }

  it('run in their order in one transaction when they are one statement each; other work has a transaction of its own', async () => {
    await emptyCarts();
    const cap = await productNamed(testApp.app, 'Lights Camera Action Cap');
    await setStock(testApp.app, cap.id, 40);
    const who = shoppers[10]!;
    const line = (await add(who, cap.id, 1)).json().data[0].id as number;
    const { app } = testApp;
    const seen = (rows: unknown[]) => rowsOf<{ quantity: number; tx: string }>(rows)[0]!;
    const look = sql`select ${cartItems.quantity} as quantity, txid_current()::text as tx from ${cartItems}
      where ${cartItems.id} = ${line}`;

    // Given in one turn of the event loop: the one-statement writes make one batch, in this order.
    const answers = await Promise.all([
      app.runIdempotent(...keyed(who, 'order-1'), app.cartRepository.addToCart(who.id, cap.id, 2)),
      app.runIdempotent(...keyed(who, 'order-2'), { statement: look, answer: seen }),
      app.runIdempotent(...keyed(who, 'order-3'), app.cartRepository.setQuantity(who.id, line, 1)),
      app.runIdempotent(...keyed(who, 'order-4'), { statement: look, answer: seen }),
      app.runIdempotent(...keyed(who, 'order-5'), async (tx) => seen(rowsOf(await tx.execute(look)))),
    ]);

    expect((answers[0] as Cart).data[0]!.quantity).toBe(3);
    const between = answers[1] as { quantity: number; tx: string };
    expect(between.quantity).toBe(3);
    expect((answers[2] as Cart).data[0]!.quantity).toBe(1);
    expect(answers[3]).toEqual({ quantity: 1, tx: between.tx });
    expect((answers[4] as { tx: string }).tx).not.toBe(between.tx);
    // Each key's answer is stored, to be replayed.
    const stored = await app.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, who.id));
    expect(stored.map((row) => row.key).sort()).toEqual(['order-1', 'order-2', 'order-3', 'order-4', 'order-5']);
  });

  it("a refused write does not run again, nor make another shopper's write sent at the same moment run again", async () => {
    await emptyCarts();
    const cap = await productNamed(testApp.app, 'Lights Camera Action Cap');
    const diary = await productNamed(testApp.app, 'Casting Call Diary 2027');
    await setStock(testApp.app, cap.id, 2);
    await setStock(testApp.app, diary.id, 40);
    const [refusedShopper, counted, worker, adder] = [shoppers[0]!, shoppers[1]!, shoppers[2]!, shoppers[3]!];
    const { app } = testApp;
    const runs = { statement: 0, work: 0, refused: 0 };
    const refusedAdd = app.cartRepository.addToCart(refusedShopper.id, cap.id, 3);

    // Given in one turn of the event loop, as requests arriving together.
    const settled = await Promise.allSettled([
      app.runIdempotent(...keyed(refusedShopper, 'refused-once'), {
        statement: refusedAdd.statement,
        answer: (rows) => {
          runs.refused += 1;
          return refusedAdd.answer(rows);
        },
      }),
      app.runIdempotent(...keyed(counted, 'counted-once'), {
        statement: sql`select 1 as one`,
        answer: () => (runs.statement += 1),
      }),
      app.runIdempotent(...keyed(worker, 'work-once'), async (tx) => {
        runs.work += 1;
        await app.cartRepository.addToWishlist(tx, worker.id, diary.id);
        return runs.work;
      }),
      app.runIdempotent(...keyed(adder, 'added-once'), app.cartRepository.addToCart(adder.id, diary.id, 2)),
    ]);

    expect(settled[0]).toMatchObject({ status: 'rejected', reason: { statusCode: 409 } });
    expect(settled.slice(1).map((result) => result.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
    expect(runs).toEqual({ statement: 1, work: 1, refused: 1 });
    // The others' writes are kept, and only the refused one stored no answer; the refused line was not written.
    const keys = (await app.db.select().from(idempotencyKeys)).map((row) => row.key);
    expect(keys).toEqual(expect.arrayContaining(['counted-once', 'work-once', 'added-once']));
    expect(keys).not.toContain('refused-once');
    expect((await cartOf(adder)).data).toMatchObject([{ product_id: diary.id, quantity: 2 }]);
    expect((await cartOf(refusedShopper)).data).toEqual([]);
  });

  it('answer a replayed key from its record and do the others once, when the replay shares their batch', async () => {
    await emptyCarts();
    const cap = await productNamed(testApp.app, 'Lights Camera Action Cap');
    await setStock(testApp.app, cap.id, 40);
    const who = shoppers[11]!;
    const { app } = testApp;
    const first = await app.runIdempotent(...keyed(who, 'retried'), app.cartRepository.addToCart(who.id, cap.id, 2));
    expect(first.data[0]!.quantity).toBe(2);

    // The retry of 'retried' given in one turn with two new adds: one batch.
    const [before, retried, after] = [keyed(who, 'new-1'), keyed(who, 'retried'), keyed(who, 'new-2')];
    const answers = await Promise.all([
      app.runIdempotent(...before, app.cartRepository.addToCart(who.id, cap.id, 1)),
      app.runIdempotent(...retried, app.cartRepository.addToCart(who.id, cap.id, 2)),
      app.runIdempotent(...after, app.cartRepository.addToCart(who.id, cap.id, 1)),
    ]);

    // The retry answers what its first request answered, and adds nothing; each new add is done once.
    expect(answers[1]).toEqual(first);
    expect(retried[1].headers['idempotent-replayed']).toBe('true');
    expect(before[1].headers['idempotent-replayed']).toBeUndefined();
    expect(answers[0]!.data[0]!.quantity).toBe(3);
    expect(answers[2]!.data[0]!.quantity).toBe(4);
    const [line] = await app.db.select().from(cartItems).where(eq(cartItems.userId, who.id));
    expect(line!.quantity).toBe(4);
  });
});

describe('a large cart answer', () => {
  it('arrives whole when compressed, for adds arriving together, and when replayed', async () => {
    await emptyCarts();
    const { app } = testApp;
    // Products sold as one: a sized one needs its size.
    const sized = new Set((await app.db.select().from(productVariants)).map((variant) => variant.productId));
    const stocked = (await app.db.select().from(products)).filter(
      (product) => product.stock >= 4 && !sized.has(product.id),
    );
    const who = shoppers[5]!;
    // Enough lines that the answer is compressed as a stream rather than in one go.
    const adds = stocked.map((product) =>
      app.inject({
        method: 'POST',
        url: `${USER_API}/addToCart`,
        headers: { ...who.headers, 'accept-encoding': 'br', 'idempotency-key': `large-${product.id}` },
        payload: { product_id: product.id, quantity: 1 },
      }),
    );
    const answers = await Promise.all(adds);
    const final = await cartOf(who);
    expect(JSON.stringify(final).length).toBeGreaterThan(8 * 1024);
    // Each answer is the cart after its own add: the early ones are too small to be compressed.
    const carts = answers.map((answer) => {
      expect(answer.statusCode).toBe(200);
      const compressed = answer.headers['content-encoding'] === 'br';
      return JSON.parse(compressed ? brotliDecompressSync(answer.rawPayload).toString() : answer.body);
    });
    expect(answers.filter((answer) => answer.headers['content-encoding'] === 'br').length).toBeGreaterThan(0);
    for (const cart of carts) expect(cartSchema.parse(cart)).toEqual(cart);
    expect(carts.map((cart) => cart.data.length).sort((a, b) => a - b)).toEqual(stocked.map((_, index) => index + 1));
    // The largest answer, stored past a page and so compressed out of its row, comes back whole when replayed.
    const largest = answers.reduce((a, b) => (b.rawPayload.length > a.rawPayload.length ? b : a));
    const replay = await app.inject({
      method: 'POST',
      url: `${USER_API}/addToCart`,
      headers: { ...who.headers, 'idempotency-key': `large-${stocked[answers.indexOf(largest)]!.id}` },
      payload: { product_id: stocked[answers.indexOf(largest)]!.id, quantity: 1 },
    });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body.length).toBeGreaterThan(8 * 1024);
    expect(replay.json()).toEqual(JSON.parse(brotliDecompressSync(largest.rawPayload).toString()));
    const last = await app.inject({
      method: 'PUT',
      url: `${USER_API}/cart/${final.data[0].id}`,
      headers: { ...who.headers, 'accept-encoding': 'br' },
      payload: { quantity: 2 },
    });
    expect(JSON.parse(brotliDecompressSync(last.rawPayload).toString())).toEqual(await cartOf(who));
  });
});

describe('two servers on one database', () => {
  it('a key sent to two servers on one database at once is done once: the other answers with its replay, never 500', async () => {
    await emptyCarts();
    // A second process: its own pool of connections to the same PostgreSQL database (on PGlite, the same one).
    const second = await testApp.secondProcess();
    try {
      const diary = await productNamed(testApp.app, 'Casting Call Diary 2027');
      await setStock(testApp.app, diary.id, 500);
      const rounds = 20;
      const send = (app: typeof second, round: number) =>
        app.inject({
          method: 'POST',
          url: `${USER_API}/addToCart`,
          headers: { ...shoppers[round % shoppers.length]!.headers, 'idempotency-key': `two-servers-${round}` },
          payload: { product_id: diary.id, quantity: 1 },
        });
      // A pair at a time: each server then runs its request alone, the two transactions side by side.
      const answers = [];
      for (let round = 0; round < rounds; round += 1) {
        answers.push(await Promise.all([send(testApp.app, round), send(second, round)]));
      }
      for (const pair of answers) {
        expect(pair.map((answer) => answer.statusCode)).toEqual([200, 200]);
        // One of the two did the add, the other replays its answer: the same cart.
        expect(pair.filter((answer) => answer.headers['idempotent-replayed'] === 'true')).toHaveLength(1);
        expect(pair[0]!.json()).toEqual(pair[1]!.json());
      }
      // Each round added one diary, once.
      const [row] = await testApp.app.db
        .select({ total: sql<number>`coalesce(sum(${cartItems.quantity}), 0)::integer` })
        .from(cartItems)
        .where(eq(cartItems.productId, diary.id));
      expect(row!.total).toBe(rounds);

      // The same for a call outside the cart's batches (one transaction a request): one adds, the other replays.
      const someProducts = await testApp.app.db.select({ id: products.id }).from(products).limit(5);
      for (const [round, product] of someProducts.entries()) {
        const pair = await Promise.all(
          [testApp.app, second].map((app) =>
            app.inject({
              method: 'POST',
              url: `${USER_API}/addToWishlist`,
              headers: { ...shoppers[round]!.headers, 'idempotency-key': `two-servers-wish-${round}` },
              payload: { product_id: product.id },
            }),
          ),
        );
        expect(pair.map((answer) => answer.statusCode)).toEqual([200, 200]);
        expect(pair.filter((answer) => answer.headers['idempotent-replayed'] === 'true')).toHaveLength(1);
      }
    } finally {
      await second.close();
    }
  });
});
