import { count, desc, eq, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { ContactMessageInput } from '../../../src/contract/contact.js';
import type { MessageStatus, StaffMessage } from '../../../src/contract/admin.js';
import type { PageMeta } from '../../../src/contract/catalog.js';
import type { Database } from '../db/client.js';
import { contactMessages } from '../db/schema.js';
import { takeMessageSlot } from '../lib/message-quota.js';
import { HttpError } from './error-handler.js';

declare module 'fastify' {
  interface FastifyInstance {
    contactRepository: {
      /**
       * Stores a message for the team to answer; returns its id. The same idempotency key returns the first id. A
       * signed-in `senderId`'s message counts toward their messages an hour and a day (429 beyond them).
       */
      createMessage(
        input: ContactMessageInput & { ipAddress: string; idempotencyKey?: string; senderId?: number | null },
      ): Promise<number>;
      /** Messages for the team, newest first, by status. */
      listMessages(query: {
        page: number;
        per_page: number;
        status?: MessageStatus;
      }): Promise<{ data: StaffMessage[]; meta: PageMeta }>;
      /** Sets a message's status in `tx` (answered also keeps when); answers it as it was and as it is. */
      setStatus(
        tx: Database,
        messageId: number,
        status: MessageStatus,
      ): Promise<{ before: StaffMessage; after: StaffMessage }>;
    };
  }
}

type MessageRow = typeof contactMessages.$inferSelect;

function staffMessageOf(row: MessageRow): StaffMessage {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    message: row.message,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    answered_at: row.answeredAt?.toISOString() ?? null,
  };
}

export default fp(
  async (fastify) => {
    const { db } = fastify;
    fastify.decorate('contactRepository', {
      async createMessage(input) {
        const [row] = await db.transaction(async (tx) => {
          const stored = await tx
            .insert(contactMessages)
            .values({
              name: input.name,
              email: input.email,
              message: input.message,
              ipAddress: input.ipAddress,
              idempotencyKey: input.idempotencyKey ?? null,
            })
            .onConflictDoNothing({ target: contactMessages.idempotencyKey })
            .returning({ id: contactMessages.id });
          // Only a message stored now counts (a retry with its key does not); over the limit, it is not stored.
          if (stored.length > 0 && input.senderId) await takeMessageSlot(tx, input.senderId);
          return stored;
        });
        if (row) return row.id;
        if (input.idempotencyKey) {
          const [existing] = await db
            .select({ id: contactMessages.id })
            .from(contactMessages)
            .where(eq(contactMessages.idempotencyKey, input.idempotencyKey))
            .limit(1);
          if (existing) return existing.id;
        }
        throw new Error('The contact message was not stored');
      },

      async listMessages({ page, per_page, status }) {
        const where = status ? eq(contactMessages.status, status) : undefined;
        const [rows, [total]] = await Promise.all([
          db
            .select()
            .from(contactMessages)
            .where(where)
            .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
            .limit(per_page)
            .offset((page - 1) * per_page),
          db.select({ value: count() }).from(contactMessages).where(where),
        ]);
        return { data: rows.map(staffMessageOf), meta: { page, per_page, total: total?.value ?? 0 } };
      },

      async setStatus(tx, messageId, status) {
        const [current] = await tx
          .select()
          .from(contactMessages)
          .where(eq(contactMessages.id, messageId))
          .for('update');
        if (!current) throw new HttpError(404, 'No such message');
        const [updated] = await tx
          .update(contactMessages)
          .set({
            status,
            answeredAt: status === 'answered' ? (current.answeredAt ?? sql`now()`) : current.answeredAt,
          })
          .where(eq(contactMessages.id, messageId))
          .returning();
        return { before: staffMessageOf(current), after: staffMessageOf(updated!) };
      },
    });
  },
  { name: 'contact-repository', dependencies: ['database'] },
);
