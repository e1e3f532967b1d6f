/**
 * The outbox: the user's cart and wishlist edits, stored in IndexedDB (`outbox` table) the moment they are made and
 * kept until the server acknowledges them, across reloads and restarts. Edits that cancel out are merged away
 * before they are sent. Logging out deletes the user's entries. When IndexedDB cannot be used (private mode, a full
 * disk) the entries live in memory for this visit instead, and the app says so (see db.ts).
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useSyncExternalStore } from 'react';
import type { Product } from '@/contract/catalog';
import { newIdempotencyKey } from '@/lib/form-errors';
import { db, isStorageAvailable, reportStorageFailure } from './db';
import { mergeAction } from './outbox-merge';
import type { OutboxAction, OutboxEntry } from './outbox-types';

type Listener = () => void;
const listeners = new Set<Listener>();

/** The in-memory outbox used once IndexedDB has failed, and a version that changes with it. */
let memoryEntries: OutboxEntry[] = [];
let memoryNextId = 1;
let memoryVersion = 0;

function changed(): void {
  memoryVersion += 1;
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
 * Marks an entry as being sent and returns it as it is now: an edit merged into it since the list was read is sent,
 * not the older version; an entry merged away is not sent at all. From here on nothing merges into it.
 */
export async function claimEntry(id: number): Promise<OutboxEntry | undefined> {
  if (!isStorageAvailable()) {
    const entry = memoryEntries.find((item) => item.id === id);
    if (!entry) return undefined;
    const claimed = { ...entry, attempts: entry.attempts + 1 };
    memoryEntries = memoryEntries.map((item) => (item.id === id ? claimed : item));
    changed();
    return claimed;
  }
  return db.transaction('rw', db.outbox, async () => {
    const entry = await db.outbox.get(id);
    if (!entry) return undefined;
    const claimed = { ...entry, attempts: entry.attempts + 1 };
    await db.outbox.put(claimed);
    return claimed;
  });
}

export async function removeEntry(id: number): Promise<void> {
  if (!isStorageAvailable()) {
    memoryEntries = memoryEntries.filter((entry) => entry.id !== id);
    changed();
    return;
  }
  await db.outbox.delete(id);
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

/** The user's queued edits, live: the cart, the wishlist and the pending count re-render as they change. */
export function useOutboxEntries(userId: number | null): OutboxEntry[] {
  // Dexie's live query follows the table; the version follows the in-memory fallback.
  const version = useSyncExternalStore(onOutboxChange, () => memoryVersion);
  return useLiveQuery(() => (userId === null ? [] : entriesOf(userId)), [userId, version]) ?? [];
}
