/**
 * The outbox: the user's cart and wishlist edits, stored in IndexedDB (`outbox` table) the moment they are made and
 * kept until the server acknowledges them, across reloads and restarts. Edits that cancel out are merged away
 * before they are sent. Logging out deletes the user's entries. When IndexedDB cannot be used (private mode, a full
 * disk) the entries live in memory for this visit instead, and the app says so (see db.ts).
 */
import { liveQuery } from 'dexie';
import { useCallback, useSyncExternalStore } from 'react';
import type { Product } from '@/contract/catalog';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { db, isStorageAvailable, reportStorageFailure } from './db';
import { mergeAction } from './outbox-merge';
import type { OutboxAction, OutboxEntry } from './outbox-types';

type Listener = () => void;
const listeners = new Set<Listener>();

/** The in-memory outbox used once IndexedDB has failed. */
let memoryEntries: OutboxEntry[] = [];
let memoryNextId = 1;

function changed(): void {
  for (const listener of listeners) listener();
}

/** The replayer listens here to send a new edit at once when online. */
export function onOutboxChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

async function entriesOf(userId: number): Promise<OutboxEntry[]> {
  if (!isStorageAvailable()) return memoryEntries.filter((entry) => entry.userId === userId);
  try {
    return await db.outbox.where('userId').equals(userId).sortBy('id');
  } catch (error) {
    reportStorageFailure(error);
    return memoryEntries.filter((entry) => entry.userId === userId);
  }
}

export async function listEntries(userId: number): Promise<OutboxEntry[]> {
  return entriesOf(userId);
}

function newEntry(userId: number, action: OutboxAction, product: Product): OutboxEntry {
  return {
    userId,
    action,
    product,
    idempotencyKey: newIdempotencyKey(),
    createdAt: Date.now(),
    attempts: 0,
    nextAttemptAt: 0,
  };
}

function enqueueInMemory(userId: number, action: OutboxAction, product: Product): void {
  const merge = mergeAction(
    memoryEntries.filter((entry) => entry.userId === userId),
    action,
  );
  if (merge.type === 'drop') return;
  if (merge.type === 'cancel') memoryEntries = memoryEntries.filter((entry) => entry.id !== merge.id);
  else if (merge.type === 'replace') {
    memoryEntries = memoryEntries.map((entry) => (entry.id === merge.id ? { ...entry, action: merge.action } : entry));
  } else memoryEntries = [...memoryEntries, { ...newEntry(userId, action, product), id: memoryNextId++ }];
}

/** Records an edit, merged with what is queued for the same product. */
export async function enqueue(userId: number, action: OutboxAction, product: Product): Promise<void> {
  if (isStorageAvailable()) {
    try {
      await db.transaction('rw', db.outbox, async () => {
        const merge = mergeAction(await db.outbox.where('userId').equals(userId).sortBy('id'), action);
        if (merge.type === 'drop') return;
        if (merge.type === 'cancel') await db.outbox.delete(merge.id);
        else if (merge.type === 'replace') await db.outbox.update(merge.id, { action: merge.action });
        else await db.outbox.add(newEntry(userId, action, product));
      });
    } catch (error) {
      reportStorageFailure(error);
      enqueueInMemory(userId, action, product);
    }
  } else {
    enqueueInMemory(userId, action, product);
  }
  changed();
}

/**
 * Marks entries as being sent, in one transaction, and returns them as they are now: an edit merged into one since
 * the list was read is sent, not the older version; an entry merged away is not in the answer. From here on nothing
 * merges into them.
 */
export async function claimEntries(ids: number[]): Promise<Map<number, OutboxEntry>> {
  const claimed = new Map<number, OutboxEntry>();
  if (!isStorageAvailable()) {
    memoryEntries = memoryEntries.map((entry) => {
      if (entry.id === undefined || !ids.includes(entry.id)) return entry;
      const marked = { ...entry, attempts: entry.attempts + 1 };
      claimed.set(entry.id, marked);
      return marked;
    });
    changed();
    return claimed;
  }
  await db.transaction('rw', db.outbox, async () => {
    const found = await db.outbox.bulkGet(ids);
    const marked = found.flatMap((entry) =>
      entry?.id === undefined ? [] : [{ ...entry, attempts: entry.attempts + 1 }],
    );
    await db.outbox.bulkPut(marked);
    for (const entry of marked) claimed.set(entry.id!, entry);
  });
  return claimed;
}

/** Deletes entries the server has acknowledged (or refused for good), in one transaction. */
export async function removeEntries(ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  if (!isStorageAvailable()) {
    memoryEntries = memoryEntries.filter((entry) => entry.id === undefined || !ids.includes(entry.id));
    changed();
    return;
  }
  await db.outbox.bulkDelete(ids);
}

export async function updateEntry(id: number, changes: Partial<OutboxEntry>): Promise<void> {
  if (!isStorageAvailable()) {
    memoryEntries = memoryEntries.map((entry) => (entry.id === id ? { ...entry, ...changes } : entry));
    changed();
    return;
  }
  await db.outbox.update(id, changes);
}

/** Everything a user queued, deleted on logout: nothing of theirs stays on a shared phone. */
export async function clearUserEntries(userId: number): Promise<void> {
  memoryEntries = memoryEntries.filter((entry) => entry.userId !== userId);
  changed();
  await db.outbox.where('userId').equals(userId).delete().catch(reportStorageFailure);
}

interface WatchedEntries {
  entries: OutboxEntry[];
  listeners: Set<Listener>;
  stop: () => void;
}

const NO_ENTRIES: OutboxEntry[] = [];
const watched = new Map<number, WatchedEntries>();

/**
 * One live query per user, however many components show that user's edits (every wishlist heart on a product list
 * is one): a change to the outbox reads the table once, not once per component.
 */
function watchEntries(userId: number, listener: Listener): () => void {
  let watch = watched.get(userId);
  if (!watch) {
    const created: WatchedEntries = { entries: NO_ENTRIES, listeners: new Set(), stop: () => {} };
    const publish = (entries: OutboxEntry[]) => {
      created.entries = entries;
      for (const notify of created.listeners) notify();
    };
    // Dexie's live query follows the table; onOutboxChange follows the in-memory fallback.
    const subscription = liveQuery(() => entriesOf(userId)).subscribe({ next: publish, error: reportStorageFailure });
    const unlisten = onOutboxChange(() => void entriesOf(userId).then(publish));
    created.stop = () => {
      subscription.unsubscribe();
      unlisten();
    };
    watched.set(userId, created);
    watch = created;
  }
  const current = watch;
  current.listeners.add(listener);
  return () => {
    current.listeners.delete(listener);
    if (current.listeners.size === 0 && watched.get(userId) === current) {
      current.stop();
      watched.delete(userId);
    }
  };
}

/** The user's queued edits, live: the cart, the wishlist and the pending count re-render as they change. */
export function useOutboxEntries(userId: number | null): OutboxEntry[] {
  const subscribe = useCallback(
    (listener: Listener) => (userId === null ? () => {} : watchEntries(userId, listener)),
    [userId],
  );
  return useSyncExternalStore(
    subscribe,
    () => (userId === null ? NO_ENTRIES : (watched.get(userId)?.entries ?? NO_ENTRIES)),
    // A server-rendered page knows nothing of this device's outbox; the browser reads it once hydrated.
    () => NO_ENTRIES,
  );
}
