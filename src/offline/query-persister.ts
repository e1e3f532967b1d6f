/**
 * Persists the TanStack Query cache to IndexedDB (the `keyval` table) with TanStack's async storage persister:
 * settings and home data, directory pages, products, and the signed-in user's cart, wishlist, orders and profile.
 * A cold start, online or not, renders them at once. The cache is dropped when the build changes (buster) and after
 * 7 days; logging out removes the user's queries, and the next write persists that removal.
 */
import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import type { Query } from '@tanstack/react-query';
import type { PersistedClient } from '@tanstack/react-query-persist-client';
import { CACHE_MAX_AGE_MS } from '@/lib/cache-age';
import { db, reportStorageFailure } from './db';

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

export const queryPersister = createAsyncStoragePersister({
  storage,
  key: 'cineverse-query-cache',
  // Writes are batched: one IndexedDB write per second at most, however many queries settle.
  throttleTime: 1000,
  serialize: serializePersistedClient,
});

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
  return !(root === 'account' && second === 'coupons');
}
