import { brotliDecompressSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartSchema } from '../../src/contract/cart.js';
import { buildApp } from '../../server/src/app.js';
import { openDatabase } from '../../server/src/db/client.js';
import { rowsOf } from '../../server/src/db/json-statement.js';
import { cartItems, idempotencyKeys, products, users } from '../../server/src/db/schema.js';
import { createShopper, productNamed, setStock, USER_API, type Shopper } from './shop-helpers.js';
import { createTestApp, type TestApp } from './test-app.js';

let testApp: TestApp;
let shoppers: Shopper[];
/**
 * Units of database work the cart writes began, to see that requests arriving together share one: transactions on
 * PostgreSQL; on the embedded database, where a batch goes as one multi-statement exchange, those exchanges.
 */
let transactions = 0;

beforeAll(async () => {
  testApp = await createTestApp();
  shoppers = [];
  for (let index = 0; index < 12; index += 1) shoppers.push(await createShopper(testApp.app, `Batch ${index}`));
  const db = testApp.app.db;
  const begin = db.transaction.bind(db);
  db.transaction = ((...args: Parameters<typeof begin>) => {
    transactions += 1;
    return begin(...args);
  }) as typeof db.transaction;
  if (testApp.database.kind === 'pglite') {
    const client = (db._.session as unknown as { client: { exec(query: string): Promise<unknown> } }).client;
    const exec = client.exec.bind(client);
    client.exec = (query) => {
      transactions += 1;
      return exec(query);
    };
  }
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
  it('share a transaction, answer each shopper with their own cart, and refuse only what does not fit', async () => {
    await emptyCarts();
    const tee = await productNamed(testApp.app, 'Clapperboard Classic Tee');
    const cap = await productNamed(testApp.app, 'Lights Camera Action Cap');
    const soldOut = await productNamed(testApp.app, 'Vintage Movie Ticket Wall Art');
    await setStock(testApp.app, tee.id, 40);
    await setStock(testApp.app, cap.id, 3);

    const before = transactions;
    const [overStock, none, ...fitting] = await Promise.all([
      add(shoppers[0]!, cap.id, 4),
      add(shoppers[1]!, soldOut.id, 1),
      ...shoppers.map((who, index) => add(who, tee.id, 1 + (index % 3))),
    ]);
    expect(transactions - before).toBeLessThan(fitting.length);

    expect(overStock!.statusCode).toBe(409);
    expect(overStock!.json()).toEqual({ message: `Only 3 of ${cap.name} left in stock`, field: 'quantity' });
    expect(none!.statusCode).toBe(409);
    expect(none!.json().message).toBe(`${soldOut.name} is out of stock`);
    for (const [index, response] of fitting.entries()) {
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      const body = response.json();
      // The answer is the contract's cart, no field more or less, and the shopper's own.
      expect(cartSchema.parse(body)).toEqual(body);
      expect(body.data).toHaveLength(1);
      expect(body.data[0]).toMatchObject({ product_id: tee.id, quantity: 1 + (index % 3) });
      expect(body.subtotal).toBe(tee.price * (1 + (index % 3)));
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

  it("run again one by one when the batch fails, so that one request's failure is not the others'", async () => {
    await emptyCarts();
    const tee = await productNamed(testApp.app, 'Clapperboard Classic Tee');
    const leaving = await createShopper(testApp.app, 'Leaving Shopper');
    // Signed in a moment ago (the session is remembered), then the account is gone: its add breaks the batch.
    expect((await add(leaving, tee.id, 1)).statusCode).toBe(200);
    await testApp.app.db.delete(users).where(eq(users.id, leaving.id));

    const [broken, ...others] = await Promise.all([
      add(leaving, tee.id, 1, 'leaving-add'),
      ...shoppers.slice(0, 4).map((who, index) => add(who, tee.id, 1, `stays-${index}`)),
    ]);
    expect(broken!.statusCode).toBe(500);
    for (const [index, response] of others.entries()) {
      expect(response.statusCode).toBe(200);
      expect(response.json().data[0].quantity).toBe(1);
      const replay = await add(shoppers[index]!, tee.id, 1, `stays-${index}`);
      expect(replay.headers['idempotent-replayed']).toBe('true');
    }
  });
  it('do each request once when more arrive while a partly refused batch is in the database', async () => {
    await emptyCarts();
    const tee = await productNamed(testApp.app, 'Clapperboard Classic Tee');
    const cap = await productNamed(testApp.app, 'Lights Camera Action Cap');
    await setStock(testApp.app, tee.id, 40);
    await setStock(testApp.app, cap.id, 2);
    const [capShopper, teeShopper] = [shoppers[10]!, shoppers[11]!];
    // Signed in a moment ago: the sessions are remembered, so the requests reach the cart without the database.
    await Promise.all([cartOf(capShopper), cartOf(teeShopper)]);
    // The embedded database is held by a transaction, so that the second wave arrives while the first, refused in
    // part, waits in it: the first fails at once and runs again with a look at each request, then the second runs.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let opened!: () => void;
    const open = new Promise<void>((resolve) => (opened = resolve));
    const holder = testApp.app.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      opened();
      await held;
    });
    await open;
    const turns = async (count: number) => {
      for (let turn = 0; turn < count; turn += 1) await new Promise((resolve) => setImmediate(resolve));
    };
    const first = Promise.all([add(capShopper, cap.id, 3, 'wave-1-cap'), add(teeShopper, tee.id, 1, 'wave-1-tee')]);
    await turns(20);
    const second = Promise.all([add(teeShopper, tee.id, 1, 'wave-2-tee'), add(capShopper, cap.id, 1, 'wave-2-cap')]);
    await turns(20);
    release();
    await holder;
    const [[tooMany, teeFirst], [teeSecond, capFits]] = await Promise.all([first, second]);

    expect(tooMany!.statusCode).toBe(409);
    expect(tooMany!.json().message).toMatch(/^Only 2 of .* left in stock$/);
    expect(capFits!.statusCode).toBe(200);
    expect([teeFirst!.statusCode, teeSecond!.statusCode]).toEqual([200, 200]);
    expect((await cartOf(capShopper)).data).toMatchObject([{ product_id: cap.id, quantity: 1 }]);
    expect((await cartOf(teeShopper)).data).toMatchObject([{ product_id: tee.id, quantity: 2 }]);
    const stored = await testApp.app.db
      .select({ key: idempotencyKeys.key })
      .from(idempotencyKeys)
      .where(sql`${idempotencyKeys.key} like 'wave-%'`);
    expect(stored.map(({ key }) => key).sort()).toEqual(['wave-1-tee', 'wave-2-cap', 'wave-2-tee']);
  });
});

describe('a large cart answer', () => {
  it('arrives whole when compressed, for adds arriving together and alone, and when replayed', async () => {
    await emptyCarts();
    const { app } = testApp;
    const stocked = (await app.db.select().from(products)).filter((product) => product.stock >= 4);
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
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-encoding']).toBe('br');
      const cart = JSON.parse(brotliDecompressSync(answer.rawPayload).toString());
      expect(cartSchema.parse(cart)).toEqual(cart);
    }
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

describe.skipIf(!!process.env.DATABASE_URL)('the batched statements on the embedded database', () => {
  it('keep looking rows up by index after their tables have grown', async () => {
    const { app } = testApp;
    const tee = await productNamed(app, 'Clapperboard Classic Tee');
    const line = (await add(shoppers[3]!, tee.id, 1)).json().data[0];
    // Runs enough for PostgreSQL to keep one plan per statement, while the tables are small.
    for (let index = 0; index < 8; index += 1) {
      await add(shoppers[3]!, tee.id, 1, `grow-${index}`);
      await app.inject({
        method: 'PUT',
        url: `${USER_API}/cart/${line.id}`,
        headers: { ...shoppers[3]!.headers, 'idempotency-key': `set-${index}` },
        payload: { quantity: 1 },
      });
    }
    await app.db.execute(sql`
      insert into ${users} (name, email, password_hash)
      select 'Grown ' || n, 'grown-' || n || '@example.in', 'not-a-usable-hash' from generate_series(1, 4000) as n`);
    await app.db.execute(sql`
      insert into ${cartItems} (user_id, product_id, quantity)
      select ${users.id}, ${tee.id}, 1 from ${users} where ${users.email} like 'grown-%'`);
    await app.db.execute(sql`
      insert into ${idempotencyKeys} (user_id, key, fingerprint, status_code, response)
      select ${shoppers[4]!.id}, 'old-' || n, 'f', 200, '{}'::jsonb from generate_series(1, 20000) as n`);

    const statements = rowsOf<{ name: string }>(
      await app.db.execute(sql`select name from pg_prepared_statements where name like 'json_statement_%'`),
    );
    expect(statements.length).toBeGreaterThanOrEqual(4);
    for (const { name } of statements) {
      const plan = rowsOf<{ 'QUERY PLAN': string }>(await app.db.execute(sql.raw(`explain execute ${name}('[]')`))).map(
        (row) => row['QUERY PLAN'],
      );
      // Every read of a grown table goes through an index, by the key the statement was given, never a whole scan.
      plan.forEach((line, index) => {
        if (!/ on (cart_items|idempotency_keys|users)\b/.test(line) || !/Scan/.test(line)) return;
        const depth = line.search(/\S/);
        const details = plan
          .slice(index + 1)
          .filter((_, offset, rest) =>
            rest.slice(0, offset + 1).every((next) => next.search(/\S/) > depth && !next.trim().startsWith('->')),
          );
        const condition = details.find((next) => /(Index Cond|Recheck Cond):/.test(next)) ?? '(no index condition)';
        expect(`${name}: ${line.trim()} ${condition.trim()}`).toMatch(/(Index Cond|Recheck Cond): .*\b(user_id|id) = /);
      });
    }
  });
});

describe('two servers on one database', () => {
  it('a key sent to two servers on one database at once is done once: the other answers with its replay, never 500', async () => {
    await emptyCarts();
    // A second process: its own pool of connections to the same PostgreSQL database (on PGlite, the same one).
    const secondDatabase = testApp.databaseUrl
      ? await openDatabase({ databaseUrl: testApp.databaseUrl })
      : testApp.database;
    const second = await buildApp({
      database: secondDatabase,
      closeDatabase: secondDatabase !== testApp.database,
      dataDir: testApp.dataDir,
      distDir: testApp.dataDir,
      logLevel: 'silent',
      readCache: false,
    });
    try {
      const tee = await productNamed(testApp.app, 'Clapperboard Classic Tee');
      await setStock(testApp.app, tee.id, 500);
      const rounds = 20;
      const send = (app: typeof second, round: number) =>
        app.inject({
          method: 'POST',
          url: `${USER_API}/addToCart`,
          headers: { ...shoppers[round % shoppers.length]!.headers, 'idempotency-key': `two-servers-${round}` },
          payload: { product_id: tee.id, quantity: 1 },
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
      // Each round added one tee, once.
      const [row] = await testApp.app.db
        .select({ total: sql<number>`coalesce(sum(${cartItems.quantity}), 0)::integer` })
        .from(cartItems)
        .where(eq(cartItems.productId, tee.id));
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
