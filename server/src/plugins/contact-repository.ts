import { eq } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { ContactMessageInput } from '../../../src/contract/contact.js';
import { contactMessages } from '../db/schema.js';

declare module 'fastify' {
  interface FastifyInstance {
    contactRepository: {
      /** Stores a message for the team to answer; returns its id. The same idempotency key returns the first id. */
      createMessage(input: ContactMessageInput & { ipAddress: string; idempotencyKey?: string }): Promise<number>;
    };
  }
}

export default fp(
  async (fastify) => {
    const { db } = fastify;
    fastify.decorate('contactRepository', {
      async createMessage(input) {
        const [row] = await db
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
    });
  },
  { name: 'contact-repository', dependencies: ['database'] },
);
