import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { users } from '../db/schema.js';
import { tell } from './tell.js';
import { type WaitingKind, waitingNotice } from './templates.js';

export type { WaitingKind };

/**
 * Tells every moderator, in the notification centre, that an item started to wait in the queue: called once per
 * item, by the write that puts it there and in its transaction `tx`. Staff with the moderator role only (an admin
 * opens the queue when they choose); no mail, as the queue is worked through the back office.
 */
export async function tellModerators(tx: Database, kind: WaitingKind, what: string): Promise<void> {
  const moderators = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'moderator'), isNull(users.disabledAt)));
  const notice = waitingNotice[kind](what);
  await tell(
    tx,
    moderators.map(({ id }) => ({
      userId: id,
      kind: 'moderation' as const,
      words: notice,
      link: `/admin/moderation?type=${kind}`,
    })),
  );
}
