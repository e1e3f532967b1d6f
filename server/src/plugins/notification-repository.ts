import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { NotificationList } from '../../../src/contract/notifications.js';
import type { Database } from '../db/client.js';
import { notifications } from '../db/schema.js';

/** The centre shows this many, newest first. */
export const NOTIFICATION_LIST_SIZE = 50;

declare module 'fastify' {
  interface FastifyInstance {
    /** A member's notification centre (what writes to it is the one door, `lib/tell.ts`). */
    notificationRepository: {
      list(userId: number): Promise<NotificationList>;
      /** Marks the caller's notifications `ids` read, or every one. */
      markRead(tx: Database, userId: number, ids: number[] | undefined): Promise<void>;
    };
  }
}

export default fp(
  async (fastify) => {
    const { db } = fastify;
    fastify.decorate('notificationRepository', {
      async list(userId) {
        const [rows, [unread]] = await Promise.all([
          db
            .select()
            .from(notifications)
            .where(eq(notifications.userId, userId))
            .orderBy(desc(notifications.createdAt), desc(notifications.id))
            .limit(NOTIFICATION_LIST_SIZE),
          db
            .select({ total: count() })
            .from(notifications)
            .where(and(eq(notifications.userId, userId), isNull(notifications.readAt))),
        ]);
        return {
          data: rows.map((row) => ({
            id: row.id,
            kind: row.kind,
            title: row.title,
            body: row.body,
            link: row.link,
            read: row.readAt !== null,
            created_at: row.createdAt.toISOString(),
          })),
          meta: { unread: unread?.total ?? 0 },
        };
      },

      async markRead(tx, userId, ids) {
        await tx
          .update(notifications)
          .set({ readAt: new Date() })
          .where(
            and(
              eq(notifications.userId, userId),
              isNull(notifications.readAt),
              ids ? inArray(notifications.id, ids.length > 0 ? ids : [0]) : undefined,
            ),
          );
      },
    });
  },
  { name: 'notification-repository', dependencies: ['database'] },
);
