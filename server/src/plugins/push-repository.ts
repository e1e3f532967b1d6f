import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
// web-push is CommonJS: Node gives its functions on the default export only (its types declare none).
// eslint-disable-next-line import-x/default -- see above
import webpush from 'web-push';
import { MAX_PUSH_SUBSCRIPTIONS, type PushSubscriptionInput } from '../../../src/contract/push.js';
import type { Database } from '../db/client.js';
import { pushSubscriptions, vapidKeys } from '../db/schema.js';
import { QUEUES } from '../lib/jobs.js';
import { DEFAULT_PUSH_SERVICES, isPushService, type PushJob, type PushSettings } from '../lib/push.js';
import { HttpError } from './error-handler.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The browsers members let show their notices (Web Push), and the sending of each notice to them. */
    pushRepository: {
      /** The VAPID public key browsers subscribe with. */
      readonly publicKey: string;
      /**
       * Keeps the browser `subscription` for the member `userId`: a browser already kept (for them or for whoever
       * signed in on it before) is theirs now. Past MAX_PUSH_SUBSCRIPTIONS, their oldest browser is forgotten.
       */
      subscribe(tx: Database, userId: number, subscription: PushSubscriptionInput): Promise<void>;
      /** Forgets the member's browser at `endpoint` (nothing when it is not theirs). */
      unsubscribe(tx: Database, userId: number, endpoint: string): Promise<void>;
      /**
       * Sends a `push` job's message (its job does; tests call it). A browser its push service no longer knows (404,
       * 410) is forgotten; any other failure throws, so that the job is tried again.
       */
      send(job: PushJob): Promise<'sent' | 'gone'>;
    };
  }
}

/** How long a push service keeps a message for a phone that is off: a day, then the news is old. */
const TIME_TO_LIVE_SECONDS = 24 * 60 * 60;

/** The pair configured, else the pair kept in the database: made by the first process, read by every other. */
async function vapidKeyPair(db: Database, settings: PushSettings): Promise<{ publicKey: string; privateKey: string }> {
  if (settings.publicKey && settings.privateKey) {
    return { publicKey: settings.publicKey, privateKey: settings.privateKey };
  }
  const [kept] = await db.select().from(vapidKeys).where(eq(vapidKeys.id, 1));
  if (kept) return kept;
  // Two processes starting at once may both make a pair: the first written is the one every process uses.
  const made = webpush.generateVAPIDKeys();
  await db
    .insert(vapidKeys)
    .values({ id: 1, ...made })
    .onConflictDoNothing();
  const [row] = await db.select().from(vapidKeys).where(eq(vapidKeys.id, 1));
  return row!;
}

export interface PushRepositoryOptions extends PushSettings {
  /** The site's address: the VAPID subject when none is configured and it is https. */
  publicUrl: string;
}

/** Web Push: the member's browsers and the `push` jobs (docs/operations/push.md). */
export default fp<PushRepositoryOptions>(
  async (fastify, options) => {
    const { db, jobs } = fastify;
    const services = options.services ?? DEFAULT_PUSH_SERVICES;
    const keys = await vapidKeyPair(db, options);
    const subject =
      options.subject ??
      (options.publicUrl.startsWith('https://') ? options.publicUrl : 'mailto:no-reply@cineverse.in');

    const repository: FastifyInstance['pushRepository'] = {
      publicKey: keys.publicKey,
      async subscribe(tx, userId, subscription) {
        if (!isPushService(subscription.endpoint, services)) {
          throw new HttpError(400, 'endpoint must be a push service address', 'endpoint');
        }
        const values = {
          userId,
          endpoint: subscription.endpoint,
          p256dh: subscription.keys.p256dh,
          auth: subscription.keys.auth,
        };
        const [row] = await tx
          .insert(pushSubscriptions)
          .values(values)
          .onConflictDoUpdate({
            target: pushSubscriptions.endpoint,
            set: { userId, p256dh: values.p256dh, auth: values.auth, createdAt: new Date() },
          })
          .returning({ id: pushSubscriptions.id });
        const kept = await tx
          .select({ id: pushSubscriptions.id })
          .from(pushSubscriptions)
          .where(and(eq(pushSubscriptions.userId, userId), ne(pushSubscriptions.id, row!.id)))
          .orderBy(asc(pushSubscriptions.createdAt), asc(pushSubscriptions.id));
        const over = kept.length + 1 - MAX_PUSH_SUBSCRIPTIONS;
        if (over > 0) {
          const oldest = kept.slice(0, over).map((item) => item.id);
          await tx.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, oldest));
        }
      },
      async unsubscribe(tx, userId, endpoint) {
        await tx
          .delete(pushSubscriptions)
          .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
      },
      async send({ subscriptionId, userId, message }) {
        const [browser] = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, subscriptionId));
        // Unsubscribed since the notice was queued, or subscribed since by another member signed in on that browser.
        if (!browser || browser.userId !== userId) return 'gone';
        // web-push encrypts the message (RFC 8291) and signs the request (VAPID); it is sent here, so that one
        // HTTP client serves every push service (web-push's own speaks only https, not a local one).
        const request = webpush.generateRequestDetails(
          { endpoint: browser.endpoint, keys: { p256dh: browser.p256dh, auth: browser.auth } },
          JSON.stringify(message),
          {
            vapidDetails: { subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
            TTL: TIME_TO_LIVE_SECONDS,
            urgency: message.kind === 'message' ? 'high' : 'normal',
          },
        );
        const answer = await fetch(request.endpoint, {
          method: request.method,
          headers: request.headers as Record<string, string>,
          body: request.body ? new Uint8Array(request.body) : null,
          redirect: 'error',
          signal: AbortSignal.timeout(15_000),
        });
        await answer.body?.cancel();
        if (answer.status === 404 || answer.status === 410) {
          // Only this row: the browser may have subscribed again (a new row) since.
          await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, browser.id));
          fastify.log.info({ subscriptionId, status: answer.status }, 'push subscription gone: forgotten');
          return 'gone';
        }
        if (!answer.ok) throw new Error(`The push service answered ${answer.status}`);
        return 'sent';
      },
    };
    fastify.decorate('pushRepository', repository);

    await jobs.work(QUEUES.push, async (data) => {
      await repository.send(data as unknown as PushJob);
    });
  },
  { name: 'push-repository', dependencies: ['database', 'job-queue'] },
);
