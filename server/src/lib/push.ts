import { inArray } from 'drizzle-orm';
import type { PushMessage } from '../../../src/contract/push.js';
import type { Database } from '../db/client.js';
import { pushSubscriptions } from '../db/schema.js';
import { enqueue, hasJobQueue, QUEUES } from './jobs.js';
import { inRuns } from './in-runs.js';
import type { NotificationKind } from './tell.js';

/**
 * Web Push (docs/operations/push.md). A notice of these kinds also goes to the member's browsers that allowed it:
 * news of their applications (a status, a callback), messages, and (by the order's own choice, `Notice.push`) an
 * order shipped. The rest (the poster's applicant counts, moderation, the wishlist) waits in the centre and the mail.
 */
export const PUSH_KINDS: ReadonlySet<NotificationKind> = new Set<NotificationKind>([
  'application',
  'callback',
  'message',
  // "Roles for you": at most one digest a day, of calls the member asked to hear of.
  'roles',
]);

/** The settings of Web Push (config.ts reads them from VAPID_* and PUSH_SERVICES). */
export interface PushSettings {
  /** The VAPID key pair (base64url); without it the pair kept in the database (made once) is used. */
  publicKey?: string | undefined;
  privateKey?: string | undefined;
  /** Who the push services can reach about this server's pushes: a mailto: or https: address. */
  subject?: string | undefined;
  /**
   * The push services the server sends to: a host name (the service's hosts and their subdomains, over https), or
   * an origin (`http://localhost:8090`, a local push service for tests). Anything else a browser might send as its
   * endpoint is refused, so that a member cannot make the server post to an address of their choosing.
   */
  services?: readonly string[] | undefined;
}

/** The push services of Chrome/Edge/Android (FCM), Firefox, Safari and Windows. */
export const DEFAULT_PUSH_SERVICES = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  'push.apple.com',
  'notify.windows.com',
] as const;

/** Whether `endpoint` is an address of one of `services` (see `PushSettings.services`). */
export function isPushService(endpoint: string, services: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  return services.some((service) => {
    if (service.includes('://')) return url.origin === new URL(service).origin;
    const host = service.toLowerCase();
    return url.protocol === 'https:' && (url.hostname === host || url.hostname.endsWith(`.${host}`));
  });
}

/**
 * A `push` job: one message to one browser, for one member. A browser subscribed again by another member (a phone
 * passed on, a shared office computer) keeps its row: `userId` keeps the first member's news from reaching the next.
 */
export interface PushJob {
  subscriptionId: number;
  userId: number;
  message: PushMessage;
}

/** A notice to push: its member, and its words in the member's language. */
export interface PushNotice extends PushMessage {
  userId: number;
}

/** A notice's body is cut to this many characters: a push message carries at most about 4 KB. */
const BODY_CHARACTERS = 600;

/**
 * Queues, in `tx`, one `push` job per browser of each member of `notices`: sent only if `tx` commits, and each
 * browser's tries its own (one push service down delays no other). A process without a job queue (a command-line
 * tool) pushes nothing.
 */
export async function queuePushes(tx: Database, notices: PushNotice[]): Promise<void> {
  if (notices.length === 0 || !hasJobQueue()) return;
  const userIds = [...new Set(notices.map((notice) => notice.userId))];
  const browsers = new Map<number, number[]>();
  for (const ids of inRuns(userIds)) {
    const rows = await tx
      .select({ id: pushSubscriptions.id, userId: pushSubscriptions.userId })
      .from(pushSubscriptions)
      .where(inArray(pushSubscriptions.userId, ids));
    for (const row of rows) browsers.set(row.userId, [...(browsers.get(row.userId) ?? []), row.id]);
  }
  for (const { userId, title, body, link, kind } of notices) {
    const message: PushMessage = {
      title,
      body: body.length > BODY_CHARACTERS ? `${body.slice(0, BODY_CHARACTERS - 1)}…` : body,
      link,
      kind,
    };
    for (const subscriptionId of browsers.get(userId) ?? []) {
      await enqueue(tx, QUEUES.push, { subscriptionId, userId, message } satisfies PushJob);
    }
  }
}
