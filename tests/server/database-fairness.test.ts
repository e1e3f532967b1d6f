import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGLITE_OPTIONS, yieldBetweenOperations } from '../../server/src/db/client.js';

let client: PGlite;
beforeAll(async () => {
  client = new PGlite(undefined, PGLITE_OPTIONS);
  await client.waitReady;
  yieldBetweenOperations(client);
});
afterAll(async () => {
  await client.close();
});

describe('the embedded database under a queue of work', () => {
  it('lets the event loop turn between queued operations, so requests are still read and answered meanwhile', async () => {
    const finished: number[] = [];
    const queued = Array.from({ length: 40 }, (_, index) =>
      index % 2
        ? client.query('select $1::int as n', [index]).then(() => finished.push(index))
        : client.transaction(async (tx) => tx.query('select $1::int as n', [index])).then(() => finished.push(index)),
    );
    // Stands for the server's input and output: it must get a turn before the whole queue has run.
    const turnTaken = new Promise<number>((resolve) => setImmediate(() => resolve(finished.length)));
    await Promise.all(queued);
    expect(await turnTaken).toBeLessThan(3);
    // Still one at a time, in the order asked.
    expect(finished).toEqual(Array.from({ length: 40 }, (_, index) => index));
  });
});
