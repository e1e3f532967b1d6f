/**
 * The outbox: the user's cart and wishlist edits, stored in IndexedDB (`outbox` table) the moment they are made and
 * kept until the server acknowledges them, across reloads and restarts. Edits that cancel out are merged away
 * before they are sent. Logging out deletes the user's entries.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import type { Product } from '@/contract/catalog';
import { db, reportStorageFailure } from './db';
import { mergeAction } from './outbox-merge';
import type { OutboxAction, OutboxEntry } from './outbox-types';

type Listener = () => void;
const listeners = new Set<Listener>();

/** The replayer listens here to send a new edit at once when online. */
export function onOutboxChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function entriesOf(userId: number) {
  return db.outbox.where('userId').equals(userId).sortBy('id');
}

export async function listEntries(userId: number): Promise<OutboxEntry[]> {
  return entriesOf(userId);
}

/** Records an edit, merged with what is queued for the same product. */
export async function enqueue(userId: number, action: OutboxAction, product: Product): Promise<void> {
  try {
    await db.transaction('rw', db.outbox, async () => {
      const queued = await entriesOf(userId);
      const merge = mergeAction(queued, action);
      if (merge.type === 'drop') return;
      if (merge.type === 'cancel') {
        await db.outbox.delete(merge.id);
        return;
      }
      if (merge.type === 'replace') {
        await db.outbox.update(merge.id, { action: merge.action });
        return;
      }
      await db.outbox.add({
        userId,
        action,
        product,
        idempotencyKey: crypto.randomUUID(),
        createdAt: Date.now(),
        attempts: 0,
        nextAttemptAt: 0,
      });
    });
  } catch (error) {
    reportStorageFailure(error);
    throw error;
  }
  for (const listener of listeners) listener();
}

export async function removeEntry(id: number): Promise<void> {
  await db.outbox.delete(id);
}

export async function updateEntry(id: number, changes: Partial<OutboxEntry>): Promise<void> {
  await db.outbox.update(id, changes);
}

/** Everything a user queued, deleted on logout: nothing of theirs stays on a shared phone. */
export async function clearUserEntries(userId: number): Promise<void> {
  await db.outbox.where('userId').equals(userId).delete().catch(reportStorageFailure);
}

/** The user's queued edits, live: the cart, the wishlist and the pending count re-render as they change. */
export function useOutboxEntries(userId: number | null): OutboxEntry[] {
  return (
    useLiveQuery(() => (userId === null ? [] : entriesOf(userId).catch(() => [] as OutboxEntry[])), [userId]) ?? []
  );
}
