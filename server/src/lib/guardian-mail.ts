import type { MailMessage } from '../plugins/mailer.js';

/**
 * The mail a minor's guardian receives from CineVerse itself (notices about the minor go through `notify`). Links
 * carry their token after `#`: a browser never sends that part to a server, so it stays out of logs and referrers.
 */
export const guardianMail = {
  /** Asks the guardian to confirm (or refuse) a minor's profile; the same link withdraws consent later. */
  confirm: (to: { email: string; name: string }, ward: string, link: string): MailMessage => ({
    to: to.email,
    kind: 'guardian',
    subject: `Please confirm ${ward}’s CineVerse profile`,
    text: [
      `Hello ${to.name},`,
      '',
      `${ward} has made a profile on CineVerse, a network of the Indian film industry, and named you as their parent or guardian.`,
      'Members under 18 are never shown in public. Once you confirm, they may apply to casting calls, and the people who post those calls may write to you (never to them) about their applications.',
      '',
      `Confirm, or leave it unconfirmed, on this page: ${link}`,
      'Keep this mail: the same page lets you withdraw your consent at any time, which hides the profile and withdraws its applications.',
      '',
      'If you do not know this child, do nothing: the profile can do nothing without you.',
      '',
      'The CineVerse team',
    ].join('\n'),
  }),

  /** A poster's message about the minor's application, with the link where the guardian reads and answers it. */
  posterMessage: (
    to: { email: string; name: string },
    about: { ward: string; poster: string; call: string; role: string },
    message: string,
    link: string,
  ): MailMessage => ({
    to: to.email,
    kind: 'guardian',
    subject: `${about.poster} wrote about ${about.ward}’s application on CineVerse`,
    text: [
      `Hello ${to.name},`,
      '',
      `${about.poster}, who posted the casting call “${about.call}”, wrote to you about ${about.ward}’s application for ${about.role}:`,
      '',
      message,
      '',
      `Read the conversation and answer on this page (no account needed): ${link}`,
      `${about.ward} does not receive this message.`,
      '',
      'The CineVerse team',
    ].join('\n'),
  }),
};
