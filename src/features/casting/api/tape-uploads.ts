/**
 * Sends the signed-in member's self-tapes kept on this device (offline/tapes.ts), each from where the server left
 * it: at start-up, when a tape is kept, when the network returns and when the app regains focus. One tab sends a
 * tape at a time (a Web Lock per tape); the others show its progress from IndexedDB.
 */
import { useSyncExternalStore } from 'react';
import type { OutboxOwner } from '@/offline/outbox-types';
import type { TapeRow } from '@/offline/db';
import { getTape, listTapes, onTapesChange } from '@/offline/tapes';
import { withTabLock } from '@/offline/tab-lock';

export interface TapeProgress {
  sent: number;
  total: number;
}

type Listener = () => void;
const progress = new Map<number, TapeProgress>();
const progressListeners = new Set<Listener>();

function showProgress(id: number, sent: number, total: number): void {
  progress.set(id, { sent, total });
  for (const listener of progressListeners) listener();
}

const subscribeProgress = (listener: Listener) => {
  progressListeners.add(listener);
  return () => progressListeners.delete(listener);
};

/** The bytes of a tape sent in this tab's running upload, live; undefined while none runs here. */
export function useTapeProgress(id: number | undefined): TapeProgress | undefined {
  return useSyncExternalStore(
    subscribeProgress,
    () => (id === undefined ? undefined : progress.get(id)),
    () => undefined,
  );
}

/**
 * Starts sending the owner's tapes, and keeps doing so as long as it runs; returns the function that stops it.
 * `onAnswered`: a tape answering the poster's request arrived in full (the server linked it to its application).
 */
export function startTapeUploads(owner: OutboxOwner, onAnswered: (tape: TapeRow) => void): () => void {
  const running = new Set<number>();
  let stopped = false;
  const run = async () => {
    if (stopped || (typeof navigator !== 'undefined' && navigator.onLine === false)) return;
    const tapes = await listTapes(owner);
    for (const tape of tapes) {
      const id = tape.id!;
      if (tape.file === null || tape.failure !== null || running.has(id)) continue;
      running.add(id);
      void withTabLock(`cineverse-tape-${id}`, async () => {
        // Read again once the lock is held: another tab may have sent it meanwhile (its bytes dropped, its upload's
        // address kept), and sending the row read before the lock would start the whole upload over.
        const fresh = await getTape(id);
        if (!fresh || fresh.file === null || fresh.failure !== null) return;
        const { uploadTape } = await import('./tape-upload');
        await uploadTape(fresh, (sent, total) => showProgress(id, sent, total));
        if (fresh.applicationId !== null && (await getTape(id)) === undefined) onAnswered(fresh);
      }).finally(() => {
        running.delete(id);
        progress.delete(id);
        for (const listener of progressListeners) listener();
      });
    }
  };
  const onEvent = () => void run();
  const onVisible = () => {
    if (document.visibilityState === 'visible') void run();
  };
  void run();
  const unlisten = onTapesChange(onEvent);
  window.addEventListener('online', onEvent);
  window.addEventListener('focus', onEvent);
  document.addEventListener('visibilitychange', onVisible);
  return () => {
    stopped = true;
    unlisten();
    window.removeEventListener('online', onEvent);
    window.removeEventListener('focus', onEvent);
    document.removeEventListener('visibilitychange', onVisible);
  };
}
