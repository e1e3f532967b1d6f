import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { users } from '../db/schema.js';
import { notify } from './notify.js';

/** Where in the moderation queue each kind of waiting item is decided. */
export type WaitingKind = 'verification' | 'report' | 'held' | 'calls' | 'reported-calls';

/** The notice for each kind of item that starts to wait; `what` names the profile or the call. */
const notices: Record<WaitingKind, (what: string) => { title: string; body: string }> = {
  verification: (what) => ({ title: 'A verification request waits', body: `${what} asks to be verified.` }),
  report: (what) => ({ title: 'A profile was reported', body: `${what}: a member reported it.` }),
  held: (what) => ({
    title: 'A new organisation waits for review',
    body: `${what} is not listed until a moderator approves it.`,
  }),
  calls: (what) => ({ title: 'A casting call waits to be published', body: what }),
  'reported-calls': (what) => ({ title: 'A casting call was reported', body: `${what}: a member reported it.` }),
};

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
  const notice = notices[kind](what);
  await notify(
    tx,
    moderators.map(({ id }) => ({
      userId: id,
      kind: 'moderation' as const,
      ...notice,
      link: `/admin/moderation?type=${kind}`,
    })),
    // No mail goes, so no link needs the site's address.
    '',
  );
}
