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
