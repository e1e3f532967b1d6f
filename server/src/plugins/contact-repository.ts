import { and, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { ContactMessageInput } from '../../../src/contract/contact.js';
import type { MessageStatus, StaffMessage } from '../../../src/contract/admin.js';
import type { PageMeta } from '../../../src/contract/catalog.js';
import type { Database } from '../db/client.js';
import { contactClaimTokens, contactMessages, orders, users } from '../db/schema.js';
import { takeMessageSlot } from '../lib/message-quota.js';
import { createToken, hashToken } from '../lib/tokens.js';
import { HttpError } from './error-handler.js';

declare module 'fastify' {
  interface FastifyInstance {
    contactRepository: {
      /**
       * Stores a message for the team to answer; returns its id. The same idempotency key returns the first id. A
       * signed-in `userId`'s message is theirs and counts toward their messages an hour and a day (429 beyond them).
       */
      createMessage(
        input: ContactMessageInput & { ipAddress: string; idempotencyKey?: string; userId?: number | null },
      ): Promise<number>;
      /** A new claim link's token for the account's address, valid for `hours`; only its hash is stored. */
      createClaimToken(tx: Database, user: { id: number; email: string }, hours: number): Promise<string>;
      /**
       * Attaches to the token's account the messages sent from its address while nobody was signed in, if the token is
       * live and unused and the account still has that address. The number attached, or null when the token does not
       * work.
       */
      claim(token: string): Promise<number | null>;
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

/** "About order #12: …" (Report a problem's words), or any message naming an order number. */
const ORDER_NAMED = /\border\s*(?:no\.?|number)?\s*#\s*(\d{1,9})\b/i;
/** A request about one's personal data (Digital Personal Data Protection Act, 2023). */
const DATA_REQUEST =
  /\b(personal data|my data|data protection|DPDP|delete my account|erase my data|correct my data)\b|व्यक्तिगत डेटा|मेरा डेटा/i;

/** Whether a contact message is a complaint with a ticket of its own, and of which kind. */
export function grievanceKindOf(message: string): 'order_message' | 'data_request' | null {
  if (ORDER_NAMED.test(message)) return 'order_message';
  if (DATA_REQUEST.test(message)) return 'data_request';
  return null;
}

/** The order a message names, when it is the signed-in sender's own (another's is never linked). */
async function ownOrderNamed(tx: Database, message: string, userId: number | null): Promise<number | null> {
  const id = Number(ORDER_NAMED.exec(message)?.[1]);
  if (!userId || !Number.isSafeInteger(id) || id > 2_147_483_647) return null;
  const [order] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.userId, userId)));
  return order?.id ?? null;
}

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
              userId: input.userId ?? null,
            })
            .onConflictDoNothing({ target: contactMessages.idempotencyKey })
            .returning({ id: contactMessages.id });
          // Only a message stored now counts (a retry with its key does not); over the limit, it is not stored.
          if (stored.length > 0 && input.userId) await takeMessageSlot(tx, input.userId);
          // A complaint about an order or about one's personal data is a grievance ticket, acknowledged by mail.
          const kind = stored.length > 0 ? grievanceKindOf(input.message) : null;
          if (kind) {
            const orderId = await ownOrderNamed(tx, input.message, input.userId ?? null);
            await fastify.returnRepository.openGrievance(tx, {
              kind,
              userId: input.userId ?? null,
              name: input.name,
              email: input.email,
              about: input.message,
              orderId,
              contactMessageId: stored[0]!.id,
            });
          }
          return stored;
        });
        if (row) return row.id;
        if (input.idempotencyKey) {
          const [existing] = await db
            .select({
              id: contactMessages.id,
              name: contactMessages.name,
              email: contactMessages.email,
              message: contactMessages.message,
            })
            .from(contactMessages)
            .where(eq(contactMessages.idempotencyKey, input.idempotencyKey))
            .limit(1);
          // The key of another message: answering with the first one's id would drop this one without a word.
          if (existing) {
            const same =
              existing.name === input.name && existing.email === input.email && existing.message === input.message;
            if (!same) {
              throw new HttpError(
                422,
                'This Idempotency-Key was already used for a different request',
                'Idempotency-Key',
              );
            }
            return existing.id;
          }
        }
        throw new Error('The contact message was not stored');
      },

      async createClaimToken(tx, user, hours) {
        const token = createToken();
        await tx.insert(contactClaimTokens).values({
          userId: user.id,
          email: user.email,
          tokenHash: hashToken(token),
          expiresAt: new Date(Date.now() + hours * 60 * 60 * 1000),
        });
        return token;
      },

      async claim(token) {
        return db.transaction(async (tx) => {
          const [found] = await tx
            .update(contactClaimTokens)
            .set({ usedAt: new Date() })
            .where(
              and(
                eq(contactClaimTokens.tokenHash, hashToken(token)),
                isNull(contactClaimTokens.usedAt),
                gt(contactClaimTokens.expiresAt, new Date()),
              ),
            )
            .returning({ userId: contactClaimTokens.userId, email: contactClaimTokens.email });
          if (!found) return null;
          // The link proves the address only while the account still has it (not changed, not deleted since).
          const [account] = await tx
            .select({ id: users.id })
            .from(users)
            .where(and(eq(users.id, found.userId), eq(users.email, found.email), isNull(users.disabledAt)));
          if (!account) return null;
          // Only messages nobody owns: one sent while signed in to another account stays that account's.
          const attached = await tx
            .update(contactMessages)
            .set({ userId: account.id })
            .where(and(sql`lower(${contactMessages.email}) = ${found.email}`, isNull(contactMessages.userId)))
            .returning({ id: contactMessages.id });
          return attached.length;
        });
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
