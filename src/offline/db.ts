/**
 * The app's IndexedDB database (Dexie), on this device only:
 * - `keyval`: the persisted TanStack Query cache (one row, the dehydrated client), rewritten as queries change,
 *   dropped after 7 days or by a new build;
 * - `outbox`: cart and wishlist changes made by the user, kept until the server has acknowledged them;
 * - `contactOutbox`: contact messages written while offline, kept until the server has stored them.
 * When IndexedDB cannot be used (private mode, a full disk), both fall back to memory for this visit and the app
 * says so; nothing crashes.
 */
import Dexie, { type EntityTable } from 'dexie';
import type { ContactOutboxEntry, OutboxEntry } from './outbox-types';

export interface KeyValueRow {
  key: string;
  value: string;
}

export type CineverseDb = Dexie & {
  keyval: EntityTable<KeyValueRow, 'key'>;
  outbox: EntityTable<OutboxEntry, 'id'>;
  contactOutbox: EntityTable<ContactOutboxEntry, 'id'>;
};

export function createDatabase(name = 'cineverse'): CineverseDb {
  const db = new Dexie(name) as CineverseDb;
  db.version(1).stores({
    keyval: 'key',
    // Entries are read in the order the user made them (id), per user.
    outbox: '++id, userId',
  });
  db.version(2).stores({ contactOutbox: '++id' });
  return db;
}

export const db = createDatabase();

type StorageListener = (available: boolean) => void;
let storageAvailable = true;
const listeners = new Set<StorageListener>();

/** Called when an IndexedDB operation fails: the app switches to memory and tells the user once. */
export function reportStorageFailure(error: unknown): void {
  if (!storageAvailable) return;
  storageAvailable = false;
  console.warn('IndexedDB is unavailable; keeping data in memory for this visit.', error);
  for (const listener of listeners) listener(false);
}

export function isStorageAvailable(): boolean {
  return storageAvailable;
}

export function onStorageAvailability(listener: StorageListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
