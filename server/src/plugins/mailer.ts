import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';

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
  /** `smtp://user:pass@host:587` or `smtps://...`: mail goes out through that server (`SMTP_URL`). */
  smtpUrl?: string | undefined;
  /** The sender of every mail (`MAIL_FROM`). */
  from?: string | undefined;
}

/** Sends through an SMTP server with Nodemailer; a refusal or a lost connection throws, and the mail is retried. */
function smtpTransport(url: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport(url);
  return async (message) => {
    await transporter.sendMail({ from, to: message.to, subject: message.subject, text: message.text });
  };
}

export default fp<MailerOptions>(
  async (fastify, options) => {
    const transport: MailTransport =
      options.transport ??
      (options.smtpUrl
        ? smtpTransport(options.smtpUrl, options.from ?? 'CineVerse <no-reply@cineverse.in>')
        : undefined) ??
      (async (message) => {
        // Until an SMTP server is configured, the log is the outbox: an operator can pass a reset link on.
        fastify.log.info({ mail: message }, `mail to ${message.to}: ${message.subject}`);
      });
    fastify.decorate('mailer', { send: transport });
  },
  { name: 'mailer' },
);
