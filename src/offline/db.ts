/**
 * The app's IndexedDB database (Dexie), on this device only:
 * - `keyval`: the persisted TanStack Query cache (one row, the dehydrated client), rewritten as queries change,
 *   dropped after 7 days or by a new build;
 * - `entries`: the outbox, what the person did here that the server does not have yet (cart and wishlist edits,
 *   contact messages, ...), kept until the server has acknowledged it;
 * - `drafts`: what a signed-in member has typed into a long form (a casting call, their profile) and not sent yet,
 *   one row per member and form, until the server accepts it, the member discards it or logs out;
 * - `tapes`: self-tapes a member recorded or picked, with the video itself until every byte is uploaded (tapes.ts).
 * When IndexedDB cannot be used (private mode, a full disk), the outbox falls back to memory for this visit and the
 * app says so; nothing crashes.
 */
import Dexie, { type EntityTable, type Transaction } from 'dexie';
import { ownerOfUser, type OutboxEntry, type OutboxOwner } from './outbox-types';

export interface KeyValueRow {
  key: string;
  value: string;
}

/** A form's values as the member left them; `key` is `${owner} ${form}`. */
export interface DraftRow {
  key: string;
  owner: OutboxOwner;
  values: unknown;
  savedAt: number;
}

/**
 * A self-tape on its way to the server (tus): the video stays here until every byte is stored there, so an upload cut
 * off, or a tape recorded offline, resumes from the device, even after the app was closed.
 */
export interface TapeRow {
  id?: number;
  owner: OutboxOwner;
  roleId: number;
  /** The application it answers when its poster asked for a tape; null for a tape sent with its application. */
  applicationId: number | null;
  /** What it is for, in words, to show while it uploads. */
  callTitle: string;
  roleName: string;
  /** The video; null once the server has every byte. */
  file: Blob | null;
  fileName: string;
  fileType: string;
  size: number;
  /** The upload's address on the server (tus), once it was created there: a resume asks it how much it has. */
  uploadUrl: string | null;
  /** The bytes the server confirmed so far. */
  received: number;
  /** The tape's number on the server, once it told it. */
  tapeId: number | null;
  /** Why the server refused it for good, in words; the row stays so the member sees it. */
  failure: string | null;
  createdAt: number;
}

export type CineverseDb = Dexie & {
  keyval: EntityTable<KeyValueRow, 'key'>;
  entries: EntityTable<OutboxEntry, 'id'>;
  drafts: EntityTable<DraftRow, 'key'>;
  tapes: EntityTable<TapeRow, 'id'>;
};

/** An entry of the cart and wishlist outbox of versions 1 and 2. */
interface ShopEntryV2 {
  id?: number;
  userId: number;
  action: { kind: string; productId: number };
  product: unknown;
  idempotencyKey: string;
  createdAt: number;
  attempts: number;
  nextAttemptAt: number;
}

/** A contact message of version 2's outbox. */
interface ContactEntryV2 {
  id?: number;
  message: unknown;
  idempotencyKey: string;
  createdAt: number;
  attempts: number;
  nextAttemptAt: number;
}

/** Moves what versions 1 and 2 queued (two outboxes) into the one outbox, in the order it was made. */
async function moveQueuedEntries(tx: Transaction): Promise<void> {
  const shop = (await tx.table('outbox').toArray()) as ShopEntryV2[];
  const contact = (await tx.table('contactOutbox').toArray()) as ContactEntryV2[];
  const entries: OutboxEntry[] = [
    ...shop.map(({ id: _id, userId, action, product, ...rest }) => ({
      ...rest,
      kind: action.kind.startsWith('cart') ? 'cart' : 'wishlist',
      owner: ownerOfUser(userId),
      lane: `product:${action.productId}`,
      payload: { action, product },
    })),
    ...contact.map(({ id: _id, message, ...rest }) => ({
      ...rest,
      kind: 'contact',
      owner: 'anyone' as const,
      lane: 'contact',
      payload: message,
    })),
  ];
  entries.sort((a, b) => a.createdAt - b.createdAt);
  await tx.table('entries').bulkAdd(entries);
}

export function createDatabase(name = 'cineverse'): CineverseDb {
  const db = new Dexie(name) as CineverseDb;
  db.version(1).stores({ keyval: 'key', outbox: '++id, userId' });
  db.version(2).stores({ contactOutbox: '++id' });
  // Entries are read in the order they were made (id), per owner.
  db.version(3).stores({ entries: '++id, owner' }).upgrade(moveQueuedEntries);
  db.version(4).stores({ outbox: null, contactOutbox: null });
  db.version(5).stores({ drafts: 'key, owner' });
  db.version(6).stores({ tapes: '++id, owner' });
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
