import fp from 'fastify-plugin';
import type { ContactMessageInput } from '../../../src/contract/contact.js';
import { contactMessages } from '../db/schema.js';

declare module 'fastify' {
  interface FastifyInstance {
    contactRepository: {
      /** Stores a message for the team to answer; returns its id. */
      createMessage(input: ContactMessageInput & { ipAddress: string }): Promise<number>;
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
          .values({ name: input.name, email: input.email, message: input.message, ipAddress: input.ipAddress })
          .returning({ id: contactMessages.id });
        if (!row) throw new Error('The contact message was not stored');
        return row.id;
      },
    });
  },
  { name: 'contact-repository', dependencies: ['database'] },
);
