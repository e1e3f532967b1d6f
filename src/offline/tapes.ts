/**
 * Self-tapes kept on this device until the server has every byte (db.ts `tapes`): the video itself, the upload's
 * address on the server and how much of it arrived. The uploader (features/casting/api/tape-uploads.ts) resumes them
 * at start-up and when the network returns; an application that carries a tape waits in the outbox until its tape
 * has arrived. Logging out deletes the member's tapes as it deletes their outbox. Without IndexedDB they last for
 * this visit, in memory.
 */
import { liveQuery } from 'dexie';
import { useCallback, useSyncExternalStore } from 'react';
import { db, reportStorageFailure, type TapeRow } from './db';
import type { OutboxOwner } from './outbox-types';

type Listener = () => void;
const listeners = new Set<Listener>();
const memory = new Map<number, TapeRow>();
let memoryNextId = -1;

function changed(): void {
  for (const listener of listeners) listener();
}

/** The uploader listens here to start a tape as soon as it is kept. */
export function onTapesChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Keeps a new tape and returns its number on this device. */
export async function keepTape(tape: Omit<TapeRow, 'id'>): Promise<number> {
  let id: number;
  try {
    id = (await db.tapes.add(tape))!;
  } catch (error) {
    reportStorageFailure(error);
    // Numbers below zero: never one IndexedDB gives.
    id = memoryNextId--;
    memory.set(id, { ...tape, id });
  }
  changed();
  return id;
}

export async function getTape(id: number): Promise<TapeRow | undefined> {
  const kept = memory.get(id);
  if (kept) return kept;
  try {
    return await db.tapes.get(id);
  } catch (error) {
    reportStorageFailure(error);
    return undefined;
  }
}

export async function updateTape(id: number, changes: Partial<TapeRow>): Promise<void> {
  const kept = memory.get(id);
  if (kept) memory.set(id, { ...kept, ...changes });
  else await db.tapes.update(id, changes).catch(reportStorageFailure);
  changed();
}

export async function deleteTape(id: number): Promise<void> {
  memory.delete(id);
  await db.tapes.delete(id).catch(reportStorageFailure);
  changed();
}

/** The owner's tapes, oldest first. */
export async function listTapes(owner: OutboxOwner): Promise<TapeRow[]> {
  const inMemory = [...memory.values()].filter((tape) => tape.owner === owner);
  try {
    return [...(await db.tapes.where('owner').equals(owner).sortBy('id')), ...inMemory];
  } catch (error) {
    reportStorageFailure(error);
    return inMemory;
  }
}

/** Every tape of a member, deleted on logout: nothing of theirs stays on a shared phone. */
export async function clearOwnerTapes(owner: OutboxOwner): Promise<void> {
  for (const tape of memory.values()) if (tape.owner === owner) memory.delete(tape.id!);
  await db.tapes.where('owner').equals(owner).delete().catch(reportStorageFailure);
  changed();
}

const NO_TAPES: TapeRow[] = [];
/** The last list read per owner, as the live hooks show it. */
const current = new Map<OutboxOwner, TapeRow[]>();

/** The owner's tapes, live (none for no owner). */
export function useKeptTapes(owner: OutboxOwner | null): TapeRow[] {
  const subscribe = useCallback(
    (listener: Listener) => {
      if (owner === null) return () => {};
      const publish = (tapes: TapeRow[]) => {
        current.set(owner, tapes);
        listener();
      };
      const subscription = liveQuery(() => listTapes(owner)).subscribe({ next: publish, error: reportStorageFailure });
      const unlisten = onTapesChange(() => void listTapes(owner).then(publish));
      return () => {
        subscription.unsubscribe();
        unlisten();
      };
    },
    [owner],
  );
  return useSyncExternalStore(
    subscribe,
    () => (owner === null ? NO_TAPES : (current.get(owner) ?? NO_TAPES)),
    () => NO_TAPES,
  );
}
