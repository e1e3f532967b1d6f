/**
 * The outbox: what a person did on this device that the server does not have yet, stored in IndexedDB (`entries`)
 * the moment it is done and kept until the server acknowledges it, across reloads and restarts. It knows no feature:
 * each feature describes its kind of entry (outbox-types.ts), whose merge rule runs as an entry is queued. When
 * IndexedDB cannot be used (private mode, a full disk) the entries live in memory for this visit instead, and the
 * app says so (db.ts).
 */
import { liveQuery } from 'dexie';
import { useCallback, useSyncExternalStore } from 'react';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { db, isStorageAvailable, reportStorageFailure } from './db';
import type { FirstAttempt, MergeResult, OutboxEntry, OutboxKind, OutboxOwner } from './outbox-types';

type Listener = () => void;
const listeners = new Set<Listener>();

/** The in-memory outbox used once IndexedDB has failed. */
let memoryEntries: OutboxEntry[] = [];
let memoryNextId = 1;

function changed(): void {
  for (const listener of listeners) listener();
}

/** The replay loop listens here to send a new entry at once when online. */
export function onOutboxChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Something an entry was held for has arrived (a self-tape): the replay loop runs again. */
export function wakeOutbox(): void {
  changed();
}

const ofOwner = (owner: OutboxOwner) => (entry: OutboxEntry) => entry.owner === owner;

/** The owner's entries, in the order they were made. */
export async function listEntries(owner: OutboxOwner): Promise<OutboxEntry[]> {
  if (!isStorageAvailable()) return memoryEntries.filter(ofOwner(owner));
  try {
    return await db.entries.where('owner').equals(owner).sortBy('id');
  } catch (error) {
    reportStorageFailure(error);
    return memoryEntries.filter(ofOwner(owner));
  }
}

/** How `payload` combines with what is queued: with the last unsent entry of its kind in its lane, by its rule. */
function mergeWith<Payload>(
  queued: readonly OutboxEntry[],
  kind: OutboxKind<Payload, never>,
  lane: string,
  payload: Payload,
): { result: MergeResult<Payload>; id: number } | undefined {
  if (!kind.merge) return undefined;
  const last = queued.findLast((entry) => entry.kind === kind.name && entry.lane === lane);
  // A sent body must stay as it was, for its Idempotency-Key.
  if (!last || last.id === undefined || last.attempts > 0) return undefined;
  return { result: kind.merge(last.payload as Payload, payload), id: last.id };
}

function newEntry<Payload>(
  kind: OutboxKind<Payload, never>,
  owner: OutboxOwner,
  payload: Payload,
  first: FirstAttempt | undefined,
): OutboxEntry {
  return {
    kind: kind.name,
    owner,
    lane: kind.laneOf(payload),
    payload,
    idempotencyKey: first?.idempotencyKey ?? newIdempotencyKey(),
    createdAt: Date.now(),
    // Counted as tried once, so that nothing merges into a request the server may already have.
    attempts: first?.sent ? 1 : 0,
    nextAttemptAt: 0,
  };
}

/** How a new entry combines with what is queued; one that may have reached the server stays as it was sent. */
function mergeOf<Payload>(
  queued: readonly OutboxEntry[],
  kind: OutboxKind<Payload, never>,
  payload: Payload,
  first: FirstAttempt | undefined,
) {
  return first?.sent ? undefined : mergeWith(queued, kind, kind.laneOf(payload), payload);
}

function enqueueInMemory<Payload>(
  kind: OutboxKind<Payload, never>,
  owner: OutboxOwner,
  payload: Payload,
  first: FirstAttempt | undefined,
): void {
  const merge = mergeOf(memoryEntries.filter(ofOwner(owner)), kind, payload, first);
  const result = merge?.result ?? { type: 'append' };
  if (result.type === 'drop') return;
  if (result.type === 'cancel') memoryEntries = memoryEntries.filter((entry) => entry.id !== merge!.id);
  else if (result.type === 'replace') {
    memoryEntries = memoryEntries.map((entry) =>
      entry.id === merge!.id ? { ...entry, payload: result.payload } : entry,
    );
  } else memoryEntries = [...memoryEntries, { ...newEntry(kind, owner, payload, first), id: memoryNextId++ }];
}

/**
 * Queues an entry of `kind`, merged with what is queued by the kind's rule. `first`: the action was tried online
 * first, with that key; the entry keeps it.
 */
export async function enqueue<Payload>(
  kind: OutboxKind<Payload, never>,
  owner: OutboxOwner,
  payload: Payload,
  first?: FirstAttempt,
): Promise<void> {
  if (isStorageAvailable()) {
    try {
      await db.transaction('rw', db.entries, async () => {
        const queued = await db.entries.where('owner').equals(owner).sortBy('id');
        const merge = mergeOf(queued, kind, payload, first);
        const result = merge?.result ?? { type: 'append' };
        if (result.type === 'drop') return;
        if (result.type === 'cancel') await db.entries.delete(merge!.id);
        else if (result.type === 'replace') await db.entries.update(merge!.id, { payload: result.payload });
        else await db.entries.add(newEntry(kind, owner, payload, first));
      });
    } catch (error) {
      reportStorageFailure(error);
      enqueueInMemory(kind, owner, payload, first);
    }
  } else {
    enqueueInMemory(kind, owner, payload, first);
  }
  changed();
}

/**
 * Marks entries as being sent, in one transaction, and returns them as they are now: an entry merged into since the
 * list was read is sent as it is now; an entry merged away is not in the answer. From here on nothing merges into
 * them.
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
  await db.transaction('rw', db.entries, async () => {
    const found = await db.entries.bulkGet(ids);
    const marked = found.flatMap((entry) =>
      entry?.id === undefined ? [] : [{ ...entry, attempts: entry.attempts + 1 }],
    );
    await db.entries.bulkPut(marked);
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
  await db.entries.bulkDelete(ids);
}

export async function updateEntry(id: number, changes: Partial<OutboxEntry>): Promise<void> {
  if (!isStorageAvailable()) {
    memoryEntries = memoryEntries.map((entry) => (entry.id === id ? { ...entry, ...changes } : entry));
    changed();
    return;
  }
  await db.entries.update(id, changes);
}

/** Everything an owner queued, deleted on logout: nothing of theirs stays on a shared phone. */
export async function clearOwnerEntries(owner: OutboxOwner): Promise<void> {
  memoryEntries = memoryEntries.filter((entry) => entry.owner !== owner);
  changed();
  await db.entries.where('owner').equals(owner).delete().catch(reportStorageFailure);
}

interface WatchedEntries {
  entries: OutboxEntry[];
  listeners: Set<Listener>;
  stop: () => void;
}

const NO_ENTRIES: OutboxEntry[] = [];
const watched = new Map<OutboxOwner, WatchedEntries>();

/**
 * One live query per owner, however many components show that owner's entries (every wishlist heart on a product
 * list is one): a change to the outbox reads the table once, not once per component.
 */
function watchEntries(owner: OutboxOwner, listener: Listener): () => void {
  let watch = watched.get(owner);
  if (!watch) {
    const created: WatchedEntries = { entries: NO_ENTRIES, listeners: new Set(), stop: () => {} };
    const publish = (entries: OutboxEntry[]) => {
      created.entries = entries;
      for (const notify of created.listeners) notify();
    };
    // Dexie's live query follows the table; onOutboxChange follows the in-memory fallback.
    const subscription = liveQuery(() => listEntries(owner)).subscribe({ next: publish, error: reportStorageFailure });
    const unlisten = onOutboxChange(() => void listEntries(owner).then(publish));
    created.stop = () => {
      subscription.unsubscribe();
      unlisten();
    };
    watched.set(owner, created);
    watch = created;
  }
  const current = watch;
  current.listeners.add(listener);
  return () => {
    current.listeners.delete(listener);
    if (current.listeners.size === 0 && watched.get(owner) === current) {
      current.stop();
      watched.delete(owner);
    }
  };
}

/** The owner's queued entries, live (none for no owner): what is shown re-renders as they change. */
export function useOutboxEntries(owner: OutboxOwner | null): OutboxEntry[] {
  const subscribe = useCallback(
    (listener: Listener) => (owner === null ? () => {} : watchEntries(owner, listener)),
    [owner],
  );
  return useSyncExternalStore(
    subscribe,
    () => (owner === null ? NO_ENTRIES : (watched.get(owner)?.entries ?? NO_ENTRIES)),
    // A server-rendered page knows nothing of this device's outbox; the browser reads it once hydrated.
    () => NO_ENTRIES,
  );
}

/** The entries of one kind, with their payload's type. */
export function entriesOfKind<Payload>(
  entries: readonly OutboxEntry[],
  kind: OutboxKind<Payload, never>,
): OutboxEntry<Payload>[] {
  return entries.filter((entry) => entry.kind === kind.name) as OutboxEntry<Payload>[];
}
