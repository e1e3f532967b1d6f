/**
 * Persists the TanStack Query cache to IndexedDB (the `keyval` table) with TanStack's async storage persister:
 * settings and home data, directory pages, products, and the signed-in user's cart, wishlist, orders and profile.
 * A cold start, online or not, renders them at once. The cache is dropped when the build changes (buster) and after
 * 7 days; logging out removes the user's queries, and the next write persists that removal. Besides the writes as the
 * cache changes (one a second at most), it is written when the page is hidden or left (src/app/persist-query-client.tsx).
 */
import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import type { Query } from '@tanstack/react-query';
import type { PersistedClient } from '@tanstack/react-query-persist-client';
import { CACHE_MAX_AGE_MS } from '@/lib/cache-age';
import { db, type KeyValueRow, reportStorageFailure } from './db';

/** The saved cache is dropped after this long (7 days). */
export const PERSIST_MAX_AGE_MS = CACHE_MAX_AGE_MS;
/** The build's id: a new release starts from an empty cache rather than data shaped for the old code. */
export const PERSIST_BUSTER = import.meta.env.VITE_BUILD_ID ?? 'dev';

const memory = new Map<string, string>();

/** Dexie-backed storage; when IndexedDB fails it keeps working in memory. */
const storage = {
  async getItem(key: string): Promise<string | null> {
    try {
      return (await db.keyval.get(key))?.value ?? memory.get(key) ?? null;
    } catch (error) {
      reportStorageFailure(error);
      return memory.get(key) ?? null;
    }
  },
  async setItem(key: string, value: string): Promise<void> {
    memory.set(key, value);
    try {
      await db.keyval.put({ key, value });
    } catch (error) {
      reportStorageFailure(error);
    }
  },
  async removeItem(key: string): Promise<void> {
    memory.delete(key);
    try {
      await db.keyval.delete(key);
    } catch (error) {
      reportStorageFailure(error);
    }
  },
};

/**
 * A query whose last refresh failed (offline, say) still holds the answer it had: it is saved as that answer, so the
 * next start shows it rather than an error that no longer means anything.
 */
export function serializePersistedClient(client: PersistedClient): string {
  const queries = client.clientState.queries.map((query) =>
    query.state.status === 'error' && query.state.data !== undefined
      ? { ...query, state: { ...query.state, status: 'success' as const, error: null, fetchFailureReason: null } }
      : query,
  );
  return JSON.stringify({ ...client, clientState: { ...client.clientState, queries } });
}

const PERSIST_KEY = 'cineverse-query-cache';

export const queryPersister = createAsyncStoragePersister({
  storage,
  key: PERSIST_KEY,
  // Writes are batched: one IndexedDB write per second at most, however many queries settle.
  throttleTime: 1000,
  serialize: serializePersistedClient,
});

/**
 * Writes the cache at once, past the persister's one write a second: as the page is hidden or left, a write waiting
 * for its second would never come, and a page seen for less than that (a shared link opened and closed) was lost.
 * The write goes to IndexedDB itself, in the event's own task, and is committed there and then: Dexie's write would
 * start a few promises later, and a transaction left to commit by itself is aborted when the page is gone.
 */
export function persistQueryCacheNow(client: PersistedClient): void {
  const value = serializePersistedClient(client);
  const database = db.isOpen() ? db.backendDB() : null;
  if (!database) {
    void storage.setItem(PERSIST_KEY, value);
    return;
  }
  memory.set(PERSIST_KEY, value);
  try {
    const transaction = database.transaction('keyval', 'readwrite');
    transaction.objectStore('keyval').put({ key: PERSIST_KEY, value } satisfies KeyValueRow);
    transaction.commit();
  } catch (error) {
    reportStorageFailure(error);
  }
}

/**
 * Answers worth showing again: every query that holds data, including one whose later refresh failed (a page seen
 * stays readable offline until the cache's own expiry), but not a coupon check for a cart that has moved on, nor
 * anything of the back office.
 */
export function shouldPersistQuery(query: Query): boolean {
  if (query.state.data === undefined) return false;
  const [root, second] = query.queryKey as unknown[];
  // Staff data never stays on the device: the back office works only online.
  if (root === 'admin') return false;
  // A guardian's pages are keyed by the token of a mailed link: it never stays on the device.
  if (root === 'guardian') return false;
  // A tape's addresses work for 15 minutes: kept on the device, they would only fail later.
  if (root === 'tapes') return false;
  return !(root === 'account' && second === 'coupons');
}
