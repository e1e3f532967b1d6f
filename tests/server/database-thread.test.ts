import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGLITE_OPTIONS } from '../../server/src/db/client.js';
import { PGliteThread } from '../../server/src/db/pglite-thread.js';

let database: PGliteThread;
beforeAll(async () => {
  database = new PGliteThread(undefined, PGLITE_OPTIONS);
  await database.waitReady;
  await database.exec('create table notes (id serial primary key, body text not null unique)');
});
afterAll(async () => {
  await database.close();
});

describe('the embedded database on its own thread', () => {
  it('runs with the server’s settings: small buffers, and new WAL files not zero-filled', async () => {
    const shown = await database.query<{ name: string; setting: string }>(
      `select name, current_setting(name) as setting from unnest(array['shared_buffers', 'work_mem', 'wal_init_zero']) as name`,
    );
    expect(Object.fromEntries(shown.rows.map((row) => [row.name, row.setting]))).toEqual({
      shared_buffers: '16MB',
      work_mem: '2MB',
      wal_init_zero: 'off',
    });
  });

  it('leaves the server’s thread free while a statement runs', async () => {
    let turns = 0;
    const ticking = setInterval(() => (turns += 1), 5);
    // About half a second of work inside the database.
    await database.query('select count(*) from generate_series(1, 3000000)');
    clearInterval(ticking);
    expect(turns).toBeGreaterThan(3);
  });

  it('answers rows, with parameters, as Drizzle asks for them', async () => {
    const inserted = await database.query<{ id: number; body: string }>(
      'insert into notes (body) values ($1), ($2) returning id, body',
      ['first', 'second'],
    );
    expect(inserted.rows).toEqual([
      { id: 1, body: 'first' },
      { id: 2, body: 'second' },
    ]);
    const asArrays = await database.query('select id, body from notes order by id', [], { rowMode: 'array' });
    expect(asArrays.rows).toEqual([
      [1, 'first'],
      [2, 'second'],
    ]);
    // Drizzle's own parsers keep a timestamp as the text PostgreSQL wrote.
    const dated = await database.query<{ at: unknown }>(`select timestamptz '2026-01-02 03:04:05+00' as at`, [], {
      parsers: { 1184: (value: string) => value },
    });
    expect(typeof dated.rows[0]!.at).toBe('string');
  });

  it('commits a transaction that succeeds and rolls back one that throws, with the database’s error', async () => {
    await database.transaction(async (tx) => {
      await tx.query('insert into notes (body) values ($1)', ['kept']);
    });
    const failure = await database
      .transaction(async (tx) => {
        await tx.query('insert into notes (body) values ($1)', ['dropped']);
        await tx.query('insert into notes (body) values ($1)', ['kept']);
      })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error & { code?: string }).code).toBe('23505');
    const bodies = await database.query<{ body: string }>('select body from notes order by id');
    expect(bodies.rows.map((row) => row.body)).toEqual(['first', 'second', 'kept']);
  });

  it('runs the statements of others after a transaction, never inside it', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const order: string[] = [];
    const transaction = database.transaction(async (tx) => {
      await tx.query('insert into notes (body) values ($1)', ['inside']);
      await held;
      order.push('transaction ends');
      throw new Error('rolled back on purpose');
    });
    const outside = database.query<{ count: number }>('select count(*)::int as count from notes').then((result) => {
      order.push('other statement');
      return result.rows[0]!.count;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    await expect(transaction).rejects.toThrow('rolled back on purpose');
    // The other statement waited, and did not see the rolled-back row.
    expect(await outside).toBe(3);
    expect(order).toEqual(['transaction ends', 'other statement']);
  });
});
