import { and, eq, gte, inArray, or } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { notifications } from '../db/schema.js';
import { enqueue, QUEUES } from './jobs.js';
import { LANGUAGES } from './language.js';
import { type Notice, tell } from './tell.js';

/**
 * From this many notices, a change queues them for a job instead of writing them itself: a restock for 14,000
 * keepers, or a role closed on thousands of applicants, answers at once, and the notices follow within seconds.
 */
export const FAN_OUT_FROM = 200;

/** Members written to in one transaction of the job: short enough that other writes never wait long behind it. */
const CHUNK = 500;

/** One notice to many members, as a `notices` job carries it. */
export interface FanOut {
  notice: Omit<Notice, 'userId'>;
  userIds: number[];
  /** When the change queued it: a member already holding the notice since then has it from this job. */
  queuedAt: string;
}

/**
 * Tells each member of `items` as `tell` does: in the transaction `tx` when they are few; when they are many, by jobs
 * queued in `tx` (one per distinct notice), so they go only if it commits. A notice whose mail is written by a
 * function of its own cannot travel in a job, nor can a mail without a line in the centre: both are told at once.
 */
export async function notifyMany(tx: Database, items: Notice[]): Promise<void> {
  // A job that runs again skips members already holding the notice in their centre: a mail alone leaves no such row.
  const inJobs = items.filter((item) => item.centre !== false && (!item.mail || 'site' in item.mail));
  if (inJobs.length < FAN_OUT_FROM) {
    await tell(tx, items);
    return;
  }
  await tell(
    tx,
    items.filter((item) => !inJobs.includes(item)),
  );
  const fanOuts = new Map<string, FanOut>();
  const queuedAt = new Date().toISOString();
  for (const { userId, ...notice } of inJobs) {
    const key = JSON.stringify(notice);
    const fanOut = fanOuts.get(key) ?? { notice, userIds: [], queuedAt };
    fanOut.userIds.push(userId);
    fanOuts.set(key, fanOut);
  }
  for (const fanOut of fanOuts.values()) await enqueue(tx, QUEUES.notices, fanOut);
}

/**
 * Writes a fan-out's notices (and queues their mail, through `tell`), CHUNK members to a transaction. Each member gets it once
 * however often the job runs: a job taken over from a process that died finds the members whose chunk committed
 * already holding the notice, and skips them.
 */
/**
 * A job queued by a release before notices had words in each language carries one `title` and `body`: read as the
 * same words in every language, so that a job waiting through an upgrade is still written, once.
 */
export function withWords(notice: FanOut['notice']): FanOut['notice'] {
  const old = notice as FanOut['notice'] & { title?: string; body?: string };
  if (old.words || old.title === undefined) return notice;
  const words = { title: old.title, body: old.body ?? '' };
  return {
    ...notice,
    words: Object.fromEntries(LANGUAGES.map((language) => [language, words])) as typeof notice.words,
  };
}

export async function writeFanOut(db: Database, fanOut: FanOut): Promise<void> {
  const notice = withWords(fanOut.notice);
  // The change's clock and the database's may differ by a little: a minute of slack, for a notice nobody is given
  // twice in a minute.
  const since = new Date(new Date(fanOut.queuedAt).getTime() - 60_000);
  for (let start = 0; start < fanOut.userIds.length; start += CHUNK) {
    const chunk = fanOut.userIds.slice(start, start + CHUNK);
    await db.transaction(async (tx) => {
      const holding = await tx
        .select({ userId: notifications.userId })
        .from(notifications)
        .where(
          and(
            inArray(notifications.userId, chunk),
            eq(notifications.kind, notice.kind),
            // Stored in the member's language: the notice in any of them.
            or(
              ...LANGUAGES.map((language) =>
                and(
                  eq(notifications.title, notice.words[language].title),
                  eq(notifications.body, notice.words[language].body),
                ),
              ),
            ),
            eq(notifications.link, notice.link),
            gte(notifications.createdAt, since),
          ),
        );
      const told = new Set(holding.map((row) => row.userId));
      const items = chunk.filter((userId) => !told.has(userId)).map((userId) => ({ ...notice, userId }));
      await tell(tx, items);
    });
  }
}
