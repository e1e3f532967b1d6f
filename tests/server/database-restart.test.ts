import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShopper, productNamed, USER_API, type Shopper } from './shop-helpers.js';
import { createTestApp, type TestApp } from './test-app.js';

/**
 * Runs only where a PostgreSQL cluster may be restarted under it: CI sets PG_RESTART to the command that restarts
 * its throw-away cluster, and runs this file on its own (a restart would fail other files' queries).
 */
const restartCommand = process.env.PG_RESTART;

describe.runIf(Boolean(restartCommand && process.env.DATABASE_URL))('a PostgreSQL restart under load', () => {
  let testApp: TestApp;
  let shoppers: Shopper[];
  let productId: number;

  beforeAll(async () => {
    testApp = await createTestApp();
    shoppers = await Promise.all(Array.from({ length: 5 }, () => createShopper(testApp.app)));
    productId = (await productNamed(testApp.app, 'Film Strip Bookmark Pack')).id;
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('answers 503 while the database is away, and serves again when it is back, in the same process', async () => {
    const statuses: number[] = [];
    let restarted = false;
    let servedAfterRestart = 0;
    const shop = async (shopper: Shopper, lineId: number, round: number) => {
      const response =
        round % 2 === 0
          ? await testApp.app.inject({ method: 'GET', url: `${USER_API}/getCartItems`, headers: shopper.headers })
          : await testApp.app.inject({
              method: 'PUT',
              url: `${USER_API}/cart/${lineId}`,
              headers: shopper.headers,
              payload: { quantity: 1 + (round % 3) },
            });
      statuses.push(response.statusCode);
      if (response.statusCode === 503) expect(response.headers['retry-after']).toBe('5');
      if (restarted && response.statusCode === 200) servedAfterRestart += 1;
    };
    // Five shoppers keep shopping until, after the restart, they have been served 200 times (bounded in rounds).
    const lineIds = await Promise.all(
      shoppers.map(async (shopper) => {
        const added = await testApp.app.inject({
          method: 'POST',
          url: `${USER_API}/addToCart`,
          headers: shopper.headers,
          payload: { product_id: productId, quantity: 1 },
        });
        return added.json<{ data: { id: number }[] }>().data[0]?.id ?? 0;
      }),
    );
    // Four requests of each shopper at a time: cart writes run together in one transaction then.
    const load = shoppers.flatMap((shopper, index) =>
      [0, 1, 2, 3].map(async (lane) => {
        for (let round = lane; round < 20_000 && servedAfterRestart < 200; round += 1) {
          await shop(shopper, lineIds[index] ?? 0, round);
        }
      }),
    );
    await new Promise((resolve) => setImmediate(resolve));
    await promisify(execFile)('sh', ['-c', restartCommand ?? '']);
    restarted = true;
    await Promise.all(load);

    expect(servedAfterRestart).toBeGreaterThanOrEqual(200);
    // Every failure was the database being away, said as such; nothing else went wrong.
    expect(statuses.filter((status) => status !== 200 && status !== 503)).toEqual([]);
    const health = await testApp.app.inject({ method: 'GET', url: '/backend/api/health' });
    expect(health.statusCode).toBe(200);
  });
});

/**
 * Runs where the cluster may be stopped and started under it: CI sets PG_STOP and PG_START to the commands that stop
 * and start its throw-away cluster, in the same run of this file alone.
 */
const stopCommand = process.env.PG_STOP;
const startCommand = process.env.PG_START;

describe.runIf(Boolean(stopCommand && startCommand && process.env.DATABASE_URL))('PostgreSQL away', () => {
  /** The longest a request may take to say the database is away. */
  const ANSWER_WITHIN_MS = 5_000;
  let testApp: TestApp;
  let shopper: Shopper;
  let lineId: number;
  let stopped = false;
  const run = (command: string | undefined) => promisify(execFile)('sh', ['-c', command ?? '']);

  beforeAll(async () => {
    testApp = await createTestApp({ readCache: false });
    shopper = await createShopper(testApp.app);
    const productId = (await productNamed(testApp.app, 'Film Strip Bookmark Pack')).id;
    const added = await testApp.app.inject({
      method: 'POST',
      url: `${USER_API}/addToCart`,
      headers: shopper.headers,
      payload: { product_id: productId, quantity: 1 },
    });
    lineId = added.json<{ data: { id: number }[] }>().data[0]?.id ?? 0;
  });
  afterAll(async () => {
    if (stopped) await run(startCommand);
    await testApp.close();
  });

  it('every request answers 503 with Retry-After within 5 s while it is stopped, and serves again once it is back', async () => {
    const calls = [
      { method: 'GET', url: '/backend/api/health' },
      { method: 'GET', url: '/backend/api/getHomeData' },
      { method: 'GET', url: '/backend/api/getProduct?search=poster' },
      { method: 'GET', url: `${USER_API}/getCartItems`, headers: shopper.headers },
      { method: 'PUT', url: `${USER_API}/cart/${lineId}`, headers: shopper.headers, payload: { quantity: 2 } },
      { method: 'GET', url: '/backend/api/api/v1/casting-calls' },
    ] as const;
    for (const call of calls) {
      expect((await testApp.app.inject(call)).statusCode, call.url).toBe(200);
    }

    await run(stopCommand);
    stopped = true;
    // Rounds of requests at once, as visitors keep arriving: each answers 503 and none waits its turn behind another.
    const answers: { call: string; status: number; retryAfter: unknown; ms: number }[] = [];
    for (let round = 0; round < 4; round += 1) {
      await Promise.all(
        Array.from({ length: 8 }, () => calls).flatMap((batch) =>
          batch.map(async (call) => {
            const started = performance.now();
            const response = await testApp.app.inject(call);
            answers.push({
              call: `${call.method} ${call.url}`,
              status: response.statusCode,
              retryAfter: response.headers['retry-after'],
              ms: performance.now() - started,
            });
          }),
        ),
      );
    }
    expect(answers).toHaveLength(4 * 8 * calls.length);
    for (const answer of answers) {
      // The health check says so in its own words; every other call asks the client to come back in 5 s.
      const retryAfter = answer.call.endsWith('/health') ? undefined : '5';
      expect(answer, answer.call).toMatchObject({ status: 503, retryAfter });
      expect(answer.ms, answer.call).toBeLessThan(ANSWER_WITHIN_MS);
    }

    await run(startCommand);
    stopped = false;
    await expect
      .poll(async () => (await testApp.app.inject(calls[3])).statusCode, { timeout: 30_000, interval: 200 })
      .toBe(200);
    for (const call of calls) {
      expect((await testApp.app.inject(call)).statusCode, call.url).toBe(200);
    }
  }, 120_000);
});
