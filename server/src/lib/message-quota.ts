import { and, desc, eq, gt, sql } from 'drizzle-orm';
import { MESSAGES_PER_DAY, MESSAGES_PER_HOUR } from '../../../src/contract/profiles.js';
import { type Database, rowsOf } from '../db/client.js';
import { sentMessages } from '../db/schema.js';
import { HttpError } from '../plugins/error-handler.js';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** The advisory lock of one sender's count (7301 is their new conversations'). */
const SENDER_LOCK = 7302;

/**
 * Takes one of `senderId`'s message slots in `tx`, the transaction that stores the message, or refuses with 429 and
 * Retry-After (seconds until a slot frees). The sender's count is locked for the rest of the transaction, so parallel
 * messages, from any number of server processes on one database, are counted one after another; a message whose
 * transaction rolls back gives its slot back.
 */
export async function takeMessageSlot(tx: Database, senderId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${SENDER_LOCK}, ${senderId})`);
  // Newest first, and never more than the daily limit: the rows that decide when a slot frees.
  // The database's clock, not this process's: every server process on it counts the same windows.
  const [clock] = rowsOf<{ now_ms: number }>(
    await tx.execute(sql`select (extract(epoch from now()) * 1000)::float8 as now_ms`),
  );
  const nowMs = Number(clock!.now_ms);
  const recent = await tx
    .select({ sentAt: sentMessages.sentAt })
    .from(sentMessages)
    .where(and(eq(sentMessages.senderId, senderId), gt(sentMessages.sentAt, sql`now() - interval '1 day'`)))
    .orderBy(desc(sentMessages.sentAt))
    .limit(MESSAGES_PER_DAY);
  const inHour = recent.filter((row) => row.sentAt.getTime() > nowMs - HOUR_MS);
  // A slot frees when the oldest message that keeps the count at its limit leaves the window.
  const waits: number[] = [];
  if (inHour.length >= MESSAGES_PER_HOUR) waits.push(inHour[MESSAGES_PER_HOUR - 1]!.sentAt.getTime() + HOUR_MS);
  if (recent.length >= MESSAGES_PER_DAY) waits.push(recent[MESSAGES_PER_DAY - 1]!.sentAt.getTime() + DAY_MS);
  if (waits.length > 0) {
    const retryAfter = Math.max(1, Math.ceil((Math.max(...waits) - nowMs) / 1000));
    const minutes = Math.ceil(retryAfter / 60);
    throw new HttpError(
      429,
      `You can send ${MESSAGES_PER_HOUR} messages an hour and ${MESSAGES_PER_DAY} a day. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      undefined,
      retryAfter,
    );
  }
  await tx.insert(sentMessages).values({ senderId, sentAt: sql`now()` });
}
