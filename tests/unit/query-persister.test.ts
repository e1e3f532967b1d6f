import 'fake-indexeddb/auto';
import { QueryClient } from '@tanstack/react-query';
import { persistQueryClientRestore, persistQueryClientSave } from '@tanstack/react-query-persist-client';
import { describe, expect, it } from 'vitest';
import { db } from '@/offline/db';
import { PERSIST_MAX_AGE_MS, queryPersister, shouldPersistQuery } from '@/offline/query-persister';

/** Saves a client holding the home data, as the app does, under the build `buster`. */
async function saveUnder(buster: string) {
  const client = new QueryClient();
  client.setQueryData(['site', 'home'], { site_settings: { site_name: 'CineVerse' } });
  client.setQueryData(['account', 'coupons', 'check', 'FILM10', 1000], { discount: 100 });
  client.setQueryData(['admin', 'orders', 'list', { page: 1 }], { data: [{ id: 1, customer_email: 'a@b.in' }] });
  await persistQueryClientSave({
    queryClient: client,
    persister: queryPersister,
    buster,
    dehydrateOptions: { shouldDehydrateQuery: shouldPersistQuery },
  });
  // The persister writes at most once a second: wait for the row rather than for a second.
  await expect.poll(async () => (await db.keyval.get('cineverse-query-cache'))?.value ?? '').toContain(buster);
}

async function restoreUnder(buster: string) {
  const client = new QueryClient();
  await persistQueryClientRestore({
    queryClient: client,
    persister: queryPersister,
    buster,
    maxAge: PERSIST_MAX_AGE_MS,
  });
  return client;
}

describe('the saved query cache', () => {
  it('opens with the build that saved it, without a coupon check or staff data, and is dropped by a new build', async () => {
    await saveUnder('build-1');
    const same = await restoreUnder('build-1');
    expect(same.getQueryData(['site', 'home'])).toEqual({ site_settings: { site_name: 'CineVerse' } });
    expect(same.getQueryData(['account', 'coupons', 'check', 'FILM10', 1000])).toBeUndefined();
    // Staff data never stays on the device.
    expect(same.getQueryData(['admin', 'orders', 'list', { page: 1 }])).toBeUndefined();

    const next = await restoreUnder('build-2');
    expect(next.getQueryData(['site', 'home'])).toBeUndefined();
    // Gone from the device too, not only left unread.
    await expect.poll(async () => (await db.keyval.get('cineverse-query-cache')) ?? null).toBeNull();
  });
});
