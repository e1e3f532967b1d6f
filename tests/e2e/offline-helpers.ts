import type { Page } from '@playwright/test';
import { hashKey, type QueryKey } from '@tanstack/react-query';
import { expect } from './fixtures';

/** Waits until the service worker controls the page, so that the next loads can come from its caches. */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // The worker does not claim pages it did not load (no surprise takeovers): the next load is its.
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

/** Where the app saves its query cache on the device (`src/offline/db.ts`, `src/offline/query-persister.ts`). */
const savedCache = { database: 'cineverse', table: 'keyval', key: 'cineverse-query-cache' };

interface SavedClient {
  clientState: { queries: { queryHash: string; state: { data?: unknown } }[] };
}

/**
 * Reads the query cache saved on the device and, when `forget` names queries, removes them from it. A device with no
 * saved cache reads as none (the database is not created here).
 */
function editSavedCache(page: Page, forget: string[] = []): Promise<string[]> {
  return page.evaluate(
    ({ database, table, key, forget }) =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open(database);
        open.onupgradeneeded = () => open.transaction?.abort();
        open.onerror = () => (open.error?.name === 'AbortError' ? resolve([]) : reject(open.error));
        open.onsuccess = () => {
          const connection = open.result;
          if (!connection.objectStoreNames.contains(table)) {
            connection.close();
            return resolve([]);
          }
          // Read-only when only reading, so that the app's own saves need not wait for it.
          const store = connection.transaction(table, forget.length > 0 ? 'readwrite' : 'readonly').objectStore(table);
          const read = store.get(key);
          read.onsuccess = () => {
            const saved = read.result as { key: string; value: string } | undefined;
            const client = saved ? (JSON.parse(saved.value) as SavedClient) : undefined;
            const queries = client?.clientState.queries ?? [];
            if (client && forget.length > 0) {
              client.clientState.queries = queries.filter((query) => !forget.includes(query.queryHash));
              store.put({ key, value: JSON.stringify(client) });
            }
            store.transaction.oncomplete = () => {
              connection.close();
              resolve(queries.filter((query) => query.state.data !== undefined).map((query) => query.queryHash));
            };
          };
        };
      }),
    { ...savedCache, forget },
  );
}

/**
 * Waits until the app has saved on the device the answers of the given queries (it writes its query cache at most
 * once a second), before the network is cut. Name the queries that the next steps read offline: a write holds the
 * whole cache, so the queries that arrived before them are saved with them.
 */
export async function waitForPersistedCache(page: Page, ...queries: [QueryKey, ...QueryKey[]]): Promise<void> {
  const wanted = queries.map((query) => hashKey(query));
  await expect
    .poll(() => editSavedCache(page), { message: 'the saved query cache' })
    .toEqual(expect.arrayContaining(wanted));
}

/**
 * Removes queries from the cache saved on the device. Call it from a same-origin page without the app (such as
 * `/robots.txt`): a running app would save them again.
 */
export async function forgetSavedQueries(page: Page, ...queries: [QueryKey, ...QueryKey[]]): Promise<void> {
  await editSavedCache(
    page,
    queries.map((query) => hashKey(query)),
  );
}
