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

  it('runs a transaction’s statements from Drizzle prepared, with the same rows, types and errors as PGlite’s own', async () => {
    await database.exec(
      'create table reels (id serial primary key, title text unique, live boolean, meta json, at timestamptz)',
    );
    // As Drizzle sends them: its parsers, which keep a timestamp as text.
    const drizzle = { parsers: { 1184: (value: string) => value } };
    const insert =
      'insert into reels (title, live, meta, at) values ($1, $2, $3, $4) returning id, title, live, meta, at';
    const rows = await database.transaction(async (tx) => [
      (await tx.query(insert, ['Showreel', true, '{"minutes":3}', '2026-11-24T10:00:00Z'], drizzle)).rows,
      (await tx.query(insert, ['Audition tape', false, null, null], drizzle)).rows,
      (await tx.query('select id, title from reels order by id', [], { ...drizzle, rowMode: 'array' })).rows,
    ]);
    expect(rows).toEqual([
      [{ id: 1, title: 'Showreel', live: true, meta: { minutes: 3 }, at: '2026-11-24 10:00:00+00' }],
      [{ id: 2, title: 'Audition tape', live: false, meta: null, at: null }],
      [
        [1, 'Showreel'],
        [2, 'Audition tape'],
      ],
    ]);
    const prepared = await database.query<{ statement: string }>(
      "select statement from pg_prepared_statements where name like 'cv\\_%'",
    );
    expect(prepared.rows.map((row) => row.statement)).toContain(insert);

    // A refused statement fails with PostgreSQL's error and rolls its transaction back; it runs again later.
    const failure = await database
      .transaction(async (tx) => {
        await tx.query(insert, ['Dubbing sample', true, null, null], drizzle);
        await tx.query(insert, ['Showreel', true, null, null], drizzle);
      })
      .catch((error: unknown) => error);
    expect(failure).toMatchObject({
      code: '23505',
      constraint: 'reels_title_key',
      detail: 'Key (title)=(Showreel) already exists.',
      message: 'duplicate key value violates unique constraint "reels_title_key"',
    });
    const again = await database.transaction(
      async (tx) => (await tx.query(insert, ['Dubbing sample', true, null, null], drizzle)).rows,
    );
    expect(again).toMatchObject([{ title: 'Dubbing sample' }]);
    const titles = await database.query<{ title: string }>('select title from reels order by id');
    expect(titles.rows.map((row) => row.title)).toEqual(['Showreel', 'Audition tape', 'Dubbing sample']);
  });

  it('answers each of a transaction’s statements sent at once with its own rows', async () => {
    const drizzle = { parsers: { 1184: (value: string) => value } };
    const titles = Array.from({ length: 20 }, (_, index) => `Take ${index + 1}`);
    const answers = await database.transaction((tx) =>
      Promise.all(
        titles.map((title) =>
          tx.query<{ title: string }>('insert into reels (title) values ($1) returning title', [title], drizzle),
        ),
      ),
    );
    expect(answers.map((answer) => answer.rows)).toEqual(titles.map((title) => [{ title }]));
  });

  it('runs a transaction’s statements sent at once in their order, a new one prepared first included', async () => {
    const drizzle = { parsers: { 1184: (value: string) => value } };
    const look = 'select live from reels where title = $1';
    await database.transaction((tx) => tx.query(look, ['Take 1'], drizzle));
    // The update is new (prepared before it runs), the look already prepared: it must still run second.
    const [, seen] = await database.transaction((tx) =>
      Promise.all([
        tx.query('update reels set live = $1 where title = $2', [true, 'Take 1'], drizzle),
        tx.query<{ live: boolean }>(look, ['Take 1'], drizzle),
      ]),
    );
    expect(seen.rows).toEqual([{ live: true }]);
  });

  it('runs a transaction’s new statement while a transaction waiting for it prepares the same one', async () => {
    const drizzle = { parsers: { 1184: (value: string) => value } };
    await database.exec(
      'create table takes (id serial primary key, live boolean); insert into takes (live) values (true), (false)',
    );
    const count = 'select count(*)::integer as takes from takes where live = $1';
    let firstOpen!: () => void;
    const opened = new Promise<void>((resolve) => (firstOpen = resolve));
    let secondAsked!: () => void;
    const asked = new Promise<void>((resolve) => (secondAsked = resolve));
    // The first transaction holds the database; the second, waiting for it, is first to ask for the new statement.
    const first = database.transaction(async (tx) => {
      await tx.query('select 1', [], drizzle);
      firstOpen();
      await asked;
      return (await tx.query<{ takes: number }>(count, [true], drizzle)).rows;
    });
    await opened;
    const second = database.transaction(async (tx) => {
      const answer = tx.query<{ takes: number }>(count, [false], drizzle);
      secondAsked();
      return (await answer).rows;
    });
    expect(await first).toEqual([{ takes: 1 }]);
    expect(await second).toEqual([{ takes: 1 }]);
  });
});
