/**
 * Drafts of long forms, kept on this device per signed-in member until the form is sent: leaving the page, a reload
 * or a closed tab loses nothing typed. A member never reads another's (the row's key holds its owner), and logging
 * out deletes the member's drafts as it deletes their outbox. Without IndexedDB they last for this visit, in memory.
 */
import { db, type DraftRow, reportStorageFailure } from './db';
import type { OutboxOwner } from './outbox-types';

const memory = new Map<string, DraftRow>();
const keyOf = (owner: OutboxOwner, form: string) => `${owner} ${form}`;

export async function loadDraft(owner: OutboxOwner, form: string): Promise<unknown> {
  const key = keyOf(owner, form);
  try {
    return ((await db.drafts.get(key)) ?? memory.get(key))?.values;
  } catch (error) {
    reportStorageFailure(error);
    return memory.get(key)?.values;
  }
}

export async function saveDraft(owner: OutboxOwner, form: string, values: unknown): Promise<void> {
  const row: DraftRow = { key: keyOf(owner, form), owner, values, savedAt: Date.now() };
  memory.set(row.key, row);
  try {
    await db.drafts.put(row);
  } catch (error) {
    reportStorageFailure(error);
  }
}

export async function deleteDraft(owner: OutboxOwner, form: string): Promise<void> {
  const key = keyOf(owner, form);
  memory.delete(key);
  try {
    await db.drafts.delete(key);
  } catch (error) {
    reportStorageFailure(error);
  }
}

/** Every draft of a member, deleted on logout: nothing of theirs stays on a shared phone. */
export async function clearOwnerDrafts(owner: OutboxOwner): Promise<void> {
  for (const row of memory.values()) if (row.owner === owner) memory.delete(row.key);
  await db.drafts.where('owner').equals(owner).delete().catch(reportStorageFailure);
}
