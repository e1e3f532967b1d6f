import { describe, expect, it } from 'vitest';
import { createJsonCache } from '../../server/src/lib/json-cache';

const TTL = 1000;

/** A load whose answers are numbered, so a test can tell a fresh copy from a cached one. */
function counter() {
  let calls = 0;
  return {
    get calls() {
      return calls;
    },
    load: async () => {
      calls += 1;
      return Buffer.from(`{"n":${calls}}`);
    },
  };
}

function setup(maxEntries = 10) {
  let now = 1_000_000;
  const cache = createJsonCache({ ttlMs: TTL, maxEntries, now: () => now });
  return {
    cache,
    advance(ms: number) {
      now += ms;
    },
  };
}

const text = (body: Buffer) => body.toString();

describe('json cache', () => {
  it('answers from memory within the TTL, and one load serves every request that waits for it', async () => {
    const { cache, advance } = setup();
    const source = counter();
    const answers = await Promise.all([1, 2, 3].map(() => cache.get('home', source.load)));
    expect(answers.map(text)).toEqual(['{"n":1}', '{"n":1}', '{"n":1}']);
    advance(TTL - 1);
    expect(text(await cache.get('home', source.load))).toBe('{"n":1}');
    expect(source.calls).toBe(1);
  });

  it('answers a stale copy once while a fresh one loads, then the fresh one', async () => {
    const { cache, advance } = setup();
    const source = counter();
    await cache.get('home', source.load);
    advance(TTL + 1);
    expect(text(await cache.get('home', source.load))).toBe('{"n":1}');
    expect(text(await cache.get('home', source.load))).toBe('{"n":2}');
    expect(source.calls).toBe(2);
  });

  it('waits for a fresh copy when the stale one is older than twice the TTL', async () => {
    const { cache, advance } = setup();
    const source = counter();
    await cache.get('home', source.load);
    advance(2 * TTL + 1);
    expect(text(await cache.get('home', source.load))).toBe('{"n":2}');
  });

  it('never answers, after a clear, a copy loaded before it', async () => {
    const { cache } = setup();
    const source = counter();
    let release: () => void = () => {};
    const slow = cache.get('product:1', async () => {
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return Buffer.from('{"stock":5}');
    });
    cache.clear();
    release();
    expect(text(await slow)).toBe('{"stock":5}');
    expect(text(await cache.get('product:1', source.load))).toBe('{"n":1}');
  });

  it('keeps no failed load and lets the next request try again', async () => {
    const { cache } = setup();
    const source = counter();
    await expect(cache.get('product:9', () => Promise.reject(new Error('not found')))).rejects.toThrow('not found');
    expect(text(await cache.get('product:9', source.load))).toBe('{"n":1}');
  });

  it('drops the oldest entry beyond its size', async () => {
    const { cache } = setup(2);
    const source = counter();
    await cache.get('a', source.load);
    await cache.get('b', source.load);
    await cache.get('c', source.load);
    expect(text(await cache.get('b', source.load))).toBe('{"n":2}');
    expect(text(await cache.get('a', source.load))).toBe('{"n":4}');
  });

  it('loads every time when the TTL is zero', async () => {
    const cache = createJsonCache({ ttlMs: 0, maxEntries: 10 });
    const source = counter();
    await cache.get('home', source.load);
    await cache.get('home', source.load);
    expect(source.calls).toBe(2);
  });
});
