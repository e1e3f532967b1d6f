import fp from 'fastify-plugin';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Delivers one message; throws when it could not. */
export type MailTransport = (message: MailMessage) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends the app's mail. Without a transport of its own, each message is written to the server's log. */
    mailer: { send(message: MailMessage): Promise<void> };
  }
}

export interface MailerOptions {
  transport?: MailTransport | undefined;
}

export default fp<MailerOptions>(
  async (fastify, options) => {
    const transport: MailTransport =
      options.transport ??
      (async (message) => {
        // Until an SMTP server is configured, the log is the outbox: an operator can pass a reset link on.
        fastify.log.info({ mail: message }, `mail to ${message.to}: ${message.subject}`);
      });
    fastify.decorate('mailer', { send: transport });
  },
  { name: 'mailer' },
);
