/**
 * Contact messages written while offline, in IndexedDB (`contactOutbox`) until the server has stored them, each
 * with the Idempotency-Key made when the user pressed Send, so a resend never stores it twice. In memory when
 * IndexedDB cannot be used.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useSyncExternalStore } from 'react';
import { contactMessageCreatedSchema, type ContactMessageInput } from '@/contract/contact';
import { apiPaths, apiRequest } from '@/lib/api-client';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { db, isStorageAvailable, reportStorageFailure } from './db';
import type { ContactOutboxEntry } from './outbox-types';
import { backoffMs, decideAfterFailure } from './retry-policy';
import { withTabLock } from './tab-lock';

const listeners = new Set<() => void>();
let memory: ContactOutboxEntry[] = [];
let memoryNextId = 1;
let version = 0;

function changed(): void {
  version += 1;
  for (const listener of listeners) listener();
}

export function onContactOutboxChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

async function all(): Promise<ContactOutboxEntry[]> {
  if (!isStorageAvailable()) return memory;
  try {
    return await db.contactOutbox.orderBy('id').toArray();
  } catch (error) {
    reportStorageFailure(error);
    return memory;
  }
}

export async function enqueueContactMessage(message: ContactMessageInput): Promise<void> {
  const entry: ContactOutboxEntry = {
    message,
    idempotencyKey: newIdempotencyKey(),
    createdAt: Date.now(),
    attempts: 0,
    nextAttemptAt: 0,
  };
  try {
    if (!isStorageAvailable()) throw new Error('IndexedDB is unavailable');
    await db.contactOutbox.add(entry);
  } catch (error) {
    reportStorageFailure(error);
    memory = [...memory, { ...entry, id: memoryNextId++ }];
  }
  changed();
}

async function remove(id: number): Promise<void> {
  memory = memory.filter((entry) => entry.id !== id);
  await db.contactOutbox.delete(id).catch(reportStorageFailure);
  changed();
}

async function update(id: number, changes: Partial<ContactOutboxEntry>): Promise<void> {
  memory = memory.map((entry) => (entry.id === id ? { ...entry, ...changes } : entry));
  await db.contactOutbox.update(id, changes).catch(reportStorageFailure);
}

/** Messages waiting to be sent, live. */
export function useContactOutboxCount(): number {
  const current = useSyncExternalStore(
    onContactOutboxChange,
    () => version,
    () => version,
  );
  return useLiveQuery(async () => (await all()).length, [current]) ?? 0;
}

export interface ContactReplayHooks {
  onDropped(entry: ContactOutboxEntry, reason: string): void;
  scheduleRetry(delayMs: number): void;
}

/** Sends the waiting messages in order, one tab at a time; the rules are the cart outbox's. */
export async function replayContactOutbox(hooks: ContactReplayHooks): Promise<void> {
  const run = async () => {
    for (const entry of await all()) {
      if (entry.id === undefined) continue;
      const wait = entry.nextAttemptAt - Date.now();
      if (wait > 0) {
        hooks.scheduleRetry(wait);
        break;
      }
      if (navigator.onLine === false) break;
      const attempts = entry.attempts + 1;
      await update(entry.id, { attempts });
      try {
        await apiRequest(apiPaths.publicApi('/contact'), {
          method: 'POST',
          body: entry.message,
          idempotencyKey: entry.idempotencyKey,
          schema: contactMessageCreatedSchema,
        });
        await remove(entry.id);
      } catch (error) {
        const decision = decideAfterFailure(error);
        if (decision === 'drop') {
          await remove(entry.id);
          hooks.onDropped(entry, error instanceof Error ? error.message : 'The message could not be sent');
          continue;
        }
        if (decision === 'done') {
          await remove(entry.id);
          continue;
        }
        const delay = backoffMs(attempts);
        await update(entry.id, { nextAttemptAt: Date.now() + delay });
        hooks.scheduleRetry(delay);
        break;
      }
    }
  };
  await withTabLock('cineverse-contact-outbox', run);
}
