import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  /** What the mail is about (`order`, `password-reset`...), for the log: `mail` when not said. */
  kind?: string;
  subject: string;
  text: string;
  /** Files sent with it (a calendar invitation): kept in the outbox with the mail. */
  attachments?: MailAttachment[] | undefined;
}

/**
 * A file sent with a mail, its content as text (`text/calendar; method=REQUEST` for an invitation), or as base64 with
 * `encoding` (a PDF).
 */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: string;
  encoding?: 'base64';
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
  /**
   * Without a transport, the log holds the mail's subject and text (development). In production (`NODE_ENV=production`)
   * it names the kind and recipient only: a reset link, a message or a child's name must not sit in a log that
   * operators, log shippers and backups keep.
   */
  logBodies?: boolean;
}

/** Sends through an SMTP server with Nodemailer; a refusal or a lost connection throws, and the mail is retried. */
function smtpTransport(url: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport(url);
  return async (message) => {
    await transporter.sendMail({
      from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      ...(message.attachments?.length ? { attachments: message.attachments } : {}),
    });
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
        const kind = message.kind ?? 'mail';
        if (options.logBodies ?? true) {
          // Until an SMTP server is configured, the development log is the outbox: a developer follows a reset link.
          fastify.log.info({ mail: { ...message, kind } }, `mail (${kind}) to ${message.to}: ${message.subject}`);
        } else {
          fastify.log.warn(
            { mail: { kind, to: message.to } },
            `mail (${kind}) to ${message.to} not sent: SMTP_URL is not set`,
          );
        }
      });
    fastify.decorate('mailer', { send: transport });
  },
  { name: 'mailer' },
);
