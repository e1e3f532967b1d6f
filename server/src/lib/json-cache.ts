/**
 * Serialized JSON answers kept in memory for a short time, so that a public read asked by every visitor costs no
 * query. One load runs at a time per key; the others wait for it. When an entry goes stale it is still answered,
 * once, for up to another `ttlMs` while a fresh copy loads in the background, so no visitor waits for the refresh.
 * `clear()` drops everything at once: nothing loaded before it is answered after it.
 */
export interface JsonCache {
  get(key: string, load: () => Promise<Buffer>): Promise<Buffer>;
  clear(): void;
}

interface Entry {
  body?: Buffer;
  freshUntil: number;
  loading?: Promise<Buffer>;
}

export function createJsonCache(options: {
  /** A function when the expiry changes as the process runs (plugins/change-notices.ts): read at each request. */
  ttlMs: number | (() => number);
  maxEntries: number;
  now?: () => number;
}): JsonCache {
  const { maxEntries, now: clock = () => Date.now() } = options;
  const expiry = options.ttlMs;
  const ttlOf = typeof expiry === 'function' ? expiry : () => expiry;
  const entries = new Map<string, Entry>();

  function refresh(key: string, entry: Entry, load: () => Promise<Buffer>): Promise<Buffer> {
    const loading = load().then(
      (body) => {
        // Stored only while the entry is still the cache's: a clear() meanwhile makes this answer a one-off.
        if (entries.get(key) === entry) {
          entry.body = body;
          entry.freshUntil = clock() + ttlOf();
        }
        entry.loading = undefined;
        return body;
      },
      (error: unknown) => {
        entry.loading = undefined;
        if (entry.body === undefined && entries.get(key) === entry) entries.delete(key);
        throw error;
      },
    );
    entry.loading = loading;
    return loading;
  }

  return {
    async get(key, load) {
      const ttlMs = ttlOf();
      if (ttlMs <= 0) return load();
      const now = clock();
      let entry = entries.get(key);
      if (entry?.body && now < entry.freshUntil) return entry.body;
      const servableStale = entry?.body && now < entry.freshUntil + ttlMs ? entry.body : undefined;
      if (entry?.loading) return servableStale ?? entry.loading;
      if (!entry) {
        if (entries.size >= maxEntries) {
          const oldest = entries.keys().next();
          if (!oldest.done) entries.delete(oldest.value);
        }
        entry = { freshUntil: 0 };
        entries.set(key, entry);
      }
      const loading = refresh(key, entry, load);
      if (servableStale) {
        // The stale copy answers now; a failed refresh is retried by the next request.
        loading.catch(() => {});
        return servableStale;
      }
      return loading;
    },
    clear() {
      entries.clear();
    },
  };
}
