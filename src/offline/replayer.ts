/**
 * Sends an owner's outbox to the server: each lane's entries in the order made, lanes side by side, one tab at a
 * time (a Web Lock), each entry with the Idempotency-Key made when the person acted, so the server applies it once.
 * Runs at start-up, on the `online` event, when the app regains focus, after each new entry and when a backoff ends
 * (see src/app/outbox-sync.tsx). It knows no feature: each entry is sent by its kind.
 */
import { ApiError } from '@/lib/api-client';
import { claimEntries, listEntries, removeEntries, updateEntry } from './outbox';
import type { AnyOutboxKind, OutboxEntry, OutboxOwner, ReplayRun } from './outbox-types';
import { backoffMs, decideAfterFailure } from './retry-policy';
import { withTabLock } from './tab-lock';

/**
 * Entries claimed, and acknowledged entries deleted, together in one IndexedDB transaction each: two writes per
 * entry made every screen that shows the outbox redraw twice per edit. An acknowledged entry still stored when the
 * app stops is sent again on the next start with the same Idempotency-Key, and the server answers it as before.
 * Claimed entries behind one that failed keep their claim (nothing merges into them; they are sent in order next).
 */
export const OUTBOX_BATCH = 25;

export interface ReplayHooks {
  /** An entry the server refused for good and that is gone: tell the person what and why. */
  onDropped(notice: { title: string; message: string }): void;
  /** An entry the server has, whose kind tells the person so (`OutboxKind.delivered`). */
  onDelivered?(notice: { title: string; message: string }): void;
  /** A retry is due after this many milliseconds. */
  scheduleRetry(delayMs: number): void;
}

/** The tab lock of an owner's replay. */
export const outboxLockOf = (owner: OutboxOwner) => `cineverse-outbox-${owner}`;

/** The leading entries that are due now, in order. */
function dueEntries(entries: OutboxEntry[]): OutboxEntry[] {
  const now = Date.now();
  const due: OutboxEntry[] = [];
  for (const entry of entries) {
    if (entry.nextAttemptAt > now) break;
    due.push(entry);
  }
  return due;
}

/** Entries per lane, each list in the order made: entries of different lanes do not depend on each other. */
function lanesOf(entries: OutboxEntry[]): OutboxEntry[][] {
  const lanes = new Map<string, OutboxEntry[]>();
  for (const entry of entries) {
    const lane = lanes.get(entry.lane);
    if (lane) lane.push(entry);
    else lanes.set(entry.lane, [entry]);
  }
  return [...lanes.values()];
}

/**
 * The entries that can be sent now: an entry its kind holds (waiting for its self-tape) stays, with the entries
 * behind it in its lane, never tried; its lane is sent once it is no longer held.
 */
async function unheldEntries<Context>(
  entries: OutboxEntry[],
  kindOf: Map<string, AnyOutboxKind<Context>>,
): Promise<OutboxEntry[]> {
  const heldLanes = new Set<string>();
  const ready: OutboxEntry[] = [];
  for (const entry of entries) {
    if (heldLanes.has(entry.lane)) continue;
    if (await kindOf.get(entry.kind)?.held?.(entry.payload)) heldLanes.add(entry.lane);
    else ready.push(entry);
  }
  return ready;
}

/**
 * Sends what is due for the owner; returns when done, waiting, or when another tab holds the lock. Up to
 * OUTBOX_BATCH entries are claimed at once and sent with one request in flight per lane; the first failure that
 * must wait stops the run after the batch. An entry whose kind this app does not know (left by another version) is
 * kept.
 */
export async function replayOutbox<Context>(
  owner: OutboxOwner,
  kinds: readonly AnyOutboxKind<Context>[],
  context: Context,
  hooks: ReplayHooks,
): Promise<void> {
  const kindOf = new Map(kinds.map((kind) => [kind.name, kind]));
  const run = async () => {
    const state: ReplayRun = new Map();
    const listed = await unheldEntries(
      (await listEntries(owner)).filter((entry) => kindOf.has(entry.kind)),
      kindOf,
    );
    const settledKinds = new Set<AnyOutboxKind<Context>>();
    let stopped = false;
    let position = 0;

    const sendLane = async (lane: OutboxEntry[], done: number[], settled: Set<AnyOutboxKind<Context>>) => {
      for (const entry of lane) {
        if (stopped || entry.id === undefined) return;
        const kind = kindOf.get(entry.kind)!;
        try {
          await kind.send(entry.payload, { idempotencyKey: entry.idempotencyKey, run: state, context });
          done.push(entry.id);
          settled.add(kind);
          const notice = kind.delivered?.(entry.payload);
          if (notice) hooks.onDelivered?.(notice);
        } catch (error) {
          const decision = decideAfterFailure(error);
          if (decision === 'done' || decision === 'drop') {
            done.push(entry.id);
            settled.add(kind);
            // What this run knew of the server may be out of date now.
            state.clear();
            if (decision === 'drop') {
              const reason = error instanceof ApiError ? error.message : 'It could not be saved';
              hooks.onDropped(kind.refusal(entry.payload, reason));
            }
            continue;
          }
          stopped = true;
          if (decision === 'retry') {
            const delay = backoffMs(entry.attempts);
            await updateEntry(entry.id, { nextAttemptAt: Date.now() + delay });
            hooks.scheduleRetry(delay);
          }
          // 'wait-for-login': the entry stays as it is until the person logs in again.
          return;
        }
      }
    };

    while (!stopped && position < listed.length) {
      // The browser knows it is offline: nothing can be sent, and an entry never tried stays open to merging.
      if (typeof navigator !== 'undefined' && navigator.onLine === false) break;
      const due = dueEntries(listed.slice(position, position + OUTBOX_BATCH));
      if (due.length === 0) {
        const next = listed[position];
        // Order matters: later entries wait behind this one.
        if (next) hooks.scheduleRetry(next.nextAttemptAt - Date.now());
        break;
      }
      position += due.length;
      const claimed = await claimEntries(due.flatMap((entry) => (entry.id === undefined ? [] : [entry.id])));
      // An entry merged away since the list was read is not in the claim, and is not sent.
      const batch = due.flatMap((entry) => {
        const current = entry.id === undefined ? undefined : claimed.get(entry.id);
        return current ? [current] : [];
      });
      const done: number[] = [];
      const settled = new Set<AnyOutboxKind<Context>>();
      await Promise.all(lanesOf(batch).map((lane) => sendLane(lane, done, settled)));
      await removeEntries(done);
      for (const kind of settled) {
        kind.settled?.(state, context, false);
        settledKinds.add(kind);
      }
    }
    for (const kind of settledKinds) kind.settled?.(state, context, true);
  };
  await withTabLock(outboxLockOf(owner), run);
}
