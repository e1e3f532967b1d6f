import { buffer } from 'node:stream/consumers';
import { isStorageKey, type Storage } from './storage.js';

export interface CopyCounts {
  /** Files written to the target. */
  copied: number;
  /** Files the target already had (by key: a stored file's name never changes its bytes). */
  skipped: number;
  /** Files whose names the store does not take (`..`, spaces, a hidden file): left where they are, named. */
  refused: string[];
  bytes: number;
}

/** How many files are copied at once: a bucket answers each in milliseconds, but one after another slowly. */
const COPIES_AT_ONCE = 8;

/**
 * Copies every file of `from` that `to` does not have yet. Safe to run again, or while the site runs: a file
 * already there is left alone, and a file is written whole or not at all.
 */
export async function copyStorage(from: Storage, to: Storage): Promise<CopyCounts> {
  const present = new Set<string>();
  for await (const entry of to.list()) present.add(entry.key);
  const counts: CopyCounts = { copied: 0, skipped: 0, refused: [], bytes: 0 };
  const pending: string[] = [];
  for await (const entry of from.list()) {
    if (!isStorageKey(entry.key)) counts.refused.push(entry.key);
    else if (present.has(entry.key)) counts.skipped += 1;
    else pending.push(entry.key);
  }
  for (let start = 0; start < pending.length; start += COPIES_AT_ONCE) {
    await Promise.all(
      pending.slice(start, start + COPIES_AT_ONCE).map(async (key) => {
        const file = await from.read(key);
        // Gone since it was listed (a photo deleted meanwhile): nothing to copy.
        if (!file) return;
        const bytes = await buffer(file.body);
        await to.put(key, bytes, file.contentType);
        counts.copied += 1;
        counts.bytes += bytes.length;
      }),
    );
  }
  return counts;
}
