import type { StaffOrder } from '../../../src/contract/admin.js';
import type { PosterTransition } from '../../../src/contract/casting.js';
import { formatIndianDate, formatRupees } from './money.js';
import { indiaTime, type MailRecipient } from './notify.js';

/**
 * The words of every notice and mail CineVerse sends, each a function of its data: a notice's title and body (the
 * notification centre's line, and the mail that repeats it), a mail's subject and text. Code never writes them
 * inline; `lib/tell.ts` delivers them. A language of its own is added here, template by template
 * (docs/decisions/2026-11-28-one-door-to-tell.md).
 */

/** A notice in the notification centre. */
export interface NoticeText {
  title: string;
  body: string;
}

/** A mail's words; its address and kind are the door's (`lib/tell.ts`). */
export interface MailText {
  subject: string;
  text: string;
}

/** Who a mail greets: the member, or a minor's guardian (`ward` is then the minor's profile name). */
type Greeted = Pick<MailRecipient, 'name' | 'ward'>;

/** The line a guardian reads before a notice about their ward. */
const forWard = (to: Greeted) => (to.ward ? `For ${to.ward}, whose guardian you are: ` : '');

// ---------------------------------------------------------------------------------------------------------------
// A notice by mail: the notice's own words with a greeting and its link.

/** The mail of a notice that has no mail of its own: its title and body, and its link on the site `site`. */
export function noticeMail(to: Greeted, notice: NoticeText & { link: string }, site: string): MailText {
  const address = site.replace(/\/+$/, '');
  return {
    subject: to.ward ? `${to.ward}: ${notice.title}` : notice.title,
    text: `Hello ${to.name},\n\n${forWard(to)}${notice.title}.\n${notice.body}\n\n${address}${notice.link}\n\nThe CineVerse team`,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Moderators: an item starts to wait in the queue.

/** Where in the moderation queue each kind of waiting item is decided. */
export type WaitingKind = 'verification' | 'report' | 'held' | 'calls' | 'reported-calls';

/** The notice for each kind of item that starts to wait; `what` names the profile or the call. */
export const waitingNotice: Record<WaitingKind, (what: string) => NoticeText> = {
  verification: (what) => ({ title: 'A verification request waits', body: `${what} asks to be verified.` }),
  report: (what) => ({ title: 'A profile was reported', body: `${what}: a member reported it.` }),
  held: (what) => ({
    title: 'A new organisation waits for review',
    body: `${what} is not listed until a moderator approves it.`,
  }),
  calls: (what) => ({ title: 'A casting call waits to be published', body: what }),
  'reported-calls': (what) => ({ title: 'A casting call was reported', body: `${what}: a member reported it.` }),
};

// ---------------------------------------------------------------------------------------------------------------
// A member's profile: a moderator's decision.

export type ProfileDecision = 'verify' | 'refuse' | 'hide' | 'approve';

const profileDecisionWords: Record<ProfileDecision, (name: string, reason: string) => MailText> = {
  verify: (name, reason) => ({
    subject: 'Your CineVerse profile is verified',
    text: `Hello ${name},\n\nYour profile now shows the verified badge: ${reason}.\n\nThe CineVerse team`,
  }),
  refuse: (name, reason) => ({
    subject: 'Your CineVerse verification request',
    text: `Hello ${name},\n\nWe could not verify your profile: ${reason}.\nYou can ask again from My profile once this is resolved.\n\nThe CineVerse team`,
  }),
  hide: (name, reason) => ({
    subject: 'Your CineVerse profile has been hidden',
    text: `Hello ${name},\n\nA moderator has hidden your profile from the public: ${reason}.\nReply to this mail if you think this is a mistake.\n\nThe CineVerse team`,
  }),
  approve: (name, reason) => ({
    subject: 'Your CineVerse profile is listed',
    text: `Hello ${name},\n\nA moderator has checked your profile and it is now listed in the directory: ${reason}.\n\nThe CineVerse team`,
  }),
};

/** The notice of a moderator's decision on the member's profile: the mail's subject, and the reason. */
export const profileDecisionNotice = (action: ProfileDecision, reason: string): NoticeText => ({
  title: profileDecisionWords[action]('', reason).subject,
  body: reason,
});

/** The mail of a moderator's decision on the member's profile (to a minor's guardian, with a line saying so). */
export function profileDecisionMail(action: ProfileDecision, to: Greeted, reason: string): MailText {
  const mail = profileDecisionWords[action](to.name, reason);
  return { subject: mail.subject, text: mail.text.replace(/\n\n/, `\n\n${forWard(to)}`) };
}

// ---------------------------------------------------------------------------------------------------------------
// Casting: applicants, posters and savers of calls.

/** An applicant's application moved on: `call` and `role` name it; a callback gives its time and place. */
export function applicationMovedNotice(
  to: PosterTransition,
  call: string,
  role: string,
  callback: { at: Date; place: string | null } | null = null,
): NoticeText {
  const notice: Record<PosterTransition, NoticeText> = {
    viewed: { title: 'Your application was viewed', body: `${role} in ${call}` },
    shortlisted: { title: 'You are shortlisted', body: `${role} in ${call}` },
    callback: { title: 'You have a callback', body: `${role} in ${call}` },
    selected: { title: 'You are selected', body: `${role} in ${call}: congratulations!` },
    not_selected: { title: 'Not selected this time', body: `${role} in ${call}: thank you for applying` },
  };
  const { title, body } = notice[to];
  return to === 'callback' && callback
    ? { title, body: `${body}: ${indiaTime(callback.at)} at ${callback.place}. Please accept or decline.` }
    : { title, body };
}

/** The poster's call was closed by the upkeep, `days` after its deadline. */
export const callClosedNotice = (call: string, days: number): NoticeText => ({
  title: 'Your casting call is closed',
  body: `${call}: its deadline passed ${days} days ago, so its open roles were closed and everyone still waiting was told "not selected"`,
});

/** The poster's call closes by itself at `closesAt`, and `waiting` applicants still wait. */
export const callClosesSoonNotice = (call: string, waiting: number, closesAt: Date): NoticeText => ({
  title: 'Your casting call closes soon',
  body: `${call}: ${waiting === 1 ? '1 applicant is' : `${waiting} applicants are`} still waiting. Decide by ${indiaTime(closesAt)}, or set a later deadline: then its open roles are closed and everyone still waiting is told "not selected"`,
});

/** A call the member saved, and has not applied to, closes at `deadline`. */
export const savedCallClosesNotice = (call: string, deadline: Date): NoticeText => ({
  title: 'A call you saved closes soon',
  body: `${call}: applications close on ${indiaTime(deadline)}, and you have not applied`,
});

/** The poster hears of a new applicant (once an hour per call at most). */
export const newApplicantsNotice = (call: string, applicant: string, role: string): NoticeText => ({
  title: 'New applicants for your casting call',
  body: `${call}: ${applicant} applied for ${role}`,
});

/** The applicant answered the poster's callback. */
export const callbackAnsweredNotice = (
  answer: string,
  applicant: string | undefined,
  role: string,
  call: string,
): NoticeText => ({
  title: `Callback ${answer}`,
  body: `${applicant ?? 'An applicant'} ${answer} the callback for ${role} in ${call}`,
});

/** A call the member applied to went down with its poster's profile. */
export const callWithdrawnNotice = (call: string): NoticeText => ({
  title: 'A casting call you applied to was withdrawn',
  body: `${call}: it is no longer on CineVerse, so your application is closed.`,
});

/** A moderator published the poster's call. */
export const callPublishedNotice = (call: string): NoticeText => ({
  title: 'Your casting call is published',
  body: call,
});

/** A moderator unpublished the poster's call, with `reason`. */
export const callUnpublishedNotice = (call: string, reason: string | null): NoticeText => ({
  title: 'Your casting call was unpublished',
  body: `${call}: ${reason}. Edit it and it goes back to a moderator.`,
});

// ---------------------------------------------------------------------------------------------------------------
// The shop: orders and the wishlist.

/** A refund just recorded: what was paid back and the payment's reference. */
export interface RecordedRefund {
  amount: number;
  reference: string;
}

/** When the parcel is expected, as the mail and the notice say it: "between 2 Dec 2026 and 9 Dec 2026". */
function expectedDelivery(order: Pick<StaffOrder, 'delivery_estimate'>): string | null {
  const estimate = order.delivery_estimate;
  if (!estimate) return null;
  const day = (isoDay: string) => formatIndianDate(new Date(isoDay));
  return `between ${day(estimate.earliest)} and ${day(estimate.latest)}`;
}

/**
 * The line and subject of an order's status, for its mail and the notification centre; `refund` when the move recorded
 * one (a part of the total leaves the order delivered).
 */
export function orderNotice(
  order: Pick<StaffOrder, 'id' | 'status' | 'total' | 'refunded_total' | 'delivery_estimate'>,
  refund: RecordedRefund | null = null,
): NoticeText {
  const number = `#${order.id}`;
  if (refund && order.status !== 'refunded') {
    return {
      title: `Part of order ${number} refunded`,
      body:
        `We have refunded ${formatRupees(refund.amount)} for your order ${number}: ` +
        `${formatRupees(order.refunded_total)} of its ${formatRupees(order.total)} so far.`,
    };
  }
  const expected = expectedDelivery(order);
  const lines: Record<StaffOrder['status'], string> = {
    placed:
      `Your order ${number} has been placed. Pay ${formatRupees(order.total)} in cash on delivery` +
      (expected ? `; it is expected ${expected}.` : '.'),
    confirmed: `Your order ${number} is confirmed and is being packed.`,
    shipped: `Your order ${number} is on its way.`,
    delivered: `Your order ${number} has been delivered. We hope you enjoy it.`,
    refunded: `We have refunded ${refund ? formatRupees(refund.amount) : 'you'} for your order ${number}.`,
    cancelled: `Your order ${number} has been cancelled. Nothing is due for it.`,
  };
  const subjects: Record<StaffOrder['status'], string> = {
    placed: `Order ${number} placed`,
    confirmed: `Order ${number} confirmed`,
    shipped: `Order ${number} shipped`,
    delivered: `Order ${number} delivered`,
    refunded: `Order ${number} refunded`,
    cancelled: `Order ${number} cancelled`,
  };
  return { title: subjects[order.status], body: lines[order.status] };
}

/** What was ordered and where it goes, for the mail that says the order is placed. */
function orderDetails(order: StaffOrder): string[] {
  const { address } = order;
  return [
    'Items:',
    ...order.items.map((item) => `${item.quantity} × ${item.name}: ${formatRupees(item.line_total)}`),
    ...(order.discount > 0 ? [`Coupon ${order.coupon_code ?? ''}: −${formatRupees(order.discount)}`] : []),
    `Shipping: ${order.shipping === 0 ? 'Free' : formatRupees(order.shipping)}`,
    '',
    'Delivery address:',
    address.name,
    address.line1,
    ...(address.line2 ? [address.line2] : []),
    `${address.city}, ${address.state} ${address.pincode}`,
    `Phone ${address.phone}`,
  ];
}

/**
 * The mail a shopper gets when they place an order (its items, address, total and expected delivery) and when it
 * moves on: confirmed, shipped (with tracking), delivered, refunded in part or in full (with the payment's
 * reference), cancelled. A minor's goes to their guardian, with a line saying whose order it is.
 */
export function orderMail(
  order: StaffOrder,
  note: string | null,
  site: string,
  refund: RecordedRefund | null,
  to: Greeted,
): MailText {
  const link = `${site}/orders/${order.id}`;
  const { title, body } = orderNotice(order, refund);
  const expected = expectedDelivery(order);
  const tracking = order.tracking
    ? [
        `Courier: ${order.tracking.courier}`,
        `Tracking ID: ${order.tracking.tracking_id}`,
        ...(order.tracking.tracking_url ? [`Track it: ${order.tracking.tracking_url}`] : []),
      ]
    : [];
  const text = [
    `Hello ${to.name},`,
    '',
    `${forWard(to)}${body}`,
    ...(order.status === 'placed' ? ['', ...orderDetails(order)] : []),
    ...(order.status === 'shipped' ? ['', ...tracking] : []),
    ...(expected ? ['', `Expected delivery: ${expected}`] : []),
    ...(refund ? ['', `Payment reference: ${refund.reference}`] : []),
    ...(note ? ['', note] : []),
    '',
    `Order total: ${formatRupees(order.total)} (cash on delivery)`,
    ...(order.status === 'placed' ? ['We will mail you the courier and tracking link when it ships.'] : []),
    `See your order: ${link}`,
    '',
    'CineVerse',
  ].join('\n');
  return { subject: to.ward ? `${to.ward}: ${title}` : title, text };
}

/** A product in the member's wishlist can be ordered again. */
export const backInStockNotice = (product: string): NoticeText => ({
  title: `${product} is back in stock`,
  body: 'It is in your wishlist: order it before it runs out again',
});

// ---------------------------------------------------------------------------------------------------------------
// Messages between members, and with a minor's guardian.

/** The start of a message as its notice shows it: its first 140 characters, on one line. */
function excerpt(message: string): string {
  const line = message.replace(/\s+/g, ' ').trim();
  return line.length > 140 ? `${line.slice(0, 139)}…` : line;
}

/** `sender` wrote to the member's profile `profile`. */
export const messageNotice = (sender: string, profile: string, message: string): NoticeText => ({
  title: `${sender} wrote to ${profile}`,
  body: excerpt(message),
});

/** `answerer` answered in a conversation. */
export const answerNotice = (answerer: string, message: string): NoticeText => ({
  title: `${answerer} answered`,
  body: excerpt(message),
});

/** The mail of a first message of the hour to a profile: its text, the sender's details kept private. */
export const messageMail = (to: Greeted, sender: string, profile: string, message: string, site: string): MailText => ({
  subject: `${sender} wrote to ${profile} on CineVerse`,
  text:
    `Hello ${to.name},\n\n${sender} wrote to ${to.ward ? `${to.ward}, whose guardian you are` : 'your profile'}:\n\n` +
    `${message}\n\nTheir contact details stay private until you answer; sign in to CineVerse (${site}) to answer it, or leave it.\n\nThe CineVerse team`,
});

/** The mail of a first answer of the hour in a conversation. */
export const answerMail = (to: Greeted, answerer: string, message: string, site: string): MailText => ({
  subject: `${answerer} answered on CineVerse`,
  text: `Hello ${to.name},\n\n${message}\n\nSign in to CineVerse (${site}) to answer.\n\nThe CineVerse team`,
});

/** The mail that gathers the `count` messages `from` wrote within an hour of the last one mailed; `latest` is quoted. */
export const gatheredMessagesMail = (
  to: Greeted,
  from: string,
  count: number,
  latest: string,
  site: string,
): MailText => {
  const what = count === 1 ? 'a new message' : `${count} new messages`;
  return {
    subject: `${count === 1 ? '1 new message' : `${count} new messages`} from ${from} on CineVerse`,
    text:
      `Hello ${to.name},\n\n${from} wrote ${what}${to.ward ? ` to ${to.ward}, whose guardian you are` : ''} since our last email. The latest:\n\n` +
      `${latest}\n\nSign in to CineVerse (${site}) to read them all and answer.\n\nThe CineVerse team`,
  };
};

/** A minor applicant's guardian answered the poster's message. */
export const guardianAnsweredNotice = (ward: string, message: string): NoticeText => ({
  title: `${ward}’s guardian answered`,
  body: message.length > 140 ? `${message.slice(0, 139)}…` : message,
});

/**
 * The mail a minor's guardian receives from CineVerse itself (notices about the minor go through `tell`, to the
 * guardian by the same rule). Links carry their token after `#`: a browser never sends that part to a server, so it
 * stays out of logs and referrers.
 */
export const guardianMail = {
  /** Asks the guardian to confirm (or refuse) a minor's profile; the same link withdraws consent later. */
  confirm: (to: { name: string }, ward: string, link: string): MailText => ({
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
    to: { name: string },
    about: { ward: string; poster: string; call: string; role: string },
    message: string,
    link: string,
  ): MailText => ({
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

// ---------------------------------------------------------------------------------------------------------------
// The account: mail to the address the account holder gave, about the account itself.

export const accountMail = {
  /** A new link that confirms the account's email address, working for `hours`. */
  confirmEmail: (to: { name: string }, link: string, hours: number): MailText => ({
    subject: 'Confirm your email for CineVerse',
    text: [
      `Hello ${to.name},`,
      '',
      'Open this link to confirm that this email address is yours:',
      '',
      link,
      '',
      `The link works for ${hours / 24} days. Until you confirm, you can browse and shop, but not write to members, apply to casting calls or post them.`,
      'If you did not open a CineVerse account, ignore this email: nothing is linked to your address.',
    ].join('\n'),
  }),

  /** The account's password was changed, and its other devices logged out. */
  passwordChanged: (to: { name: string }): MailText => ({
    subject: 'Your CineVerse password was changed',
    text: [
      `Hello ${to.name},`,
      '',
      'The password of your CineVerse account was changed, and every other device signed in to it was logged out.',
      '',
      'If it was not you, choose a new password with "Forgot your password?" on the login page, and write to us.',
    ].join('\n'),
  }),

  /** A login from a new device, after many wrong passwords, is finished by this link (from `address`). */
  signInLink: (to: { name: string }, link: string, address: string, minutes: number): MailText => ({
    subject: 'Your CineVerse sign-in link',
    text: [
      `Hello ${to.name},`,
      '',
      `Many wrong passwords have been tried for your CineVerse account, so a login from a device it has not used before (this one came from ${address}) is finished by mail. Open this link to sign in:`,
      '',
      link,
      '',
      `The link works once, within ${minutes} minutes, and marks the device as yours.`,
      'If you did not just log in, someone knows your password: choose a new one with "Forgot password?" on the login page.',
    ].join('\n'),
  }),

  /** The link that chooses a new password, working once within `minutes`. */
  passwordReset: (to: { name: string }, link: string, minutes: number): MailText => ({
    subject: 'Choose a new CineVerse password',
    text: [
      `Hello ${to.name},`,
      '',
      'Someone (we hope you) asked to choose a new password for your CineVerse account. Open this link to choose it:',
      '',
      link,
      '',
      `The link works once, within ${minutes} minutes. Choosing a new password logs you out everywhere.`,
      'If you did not ask for it, ignore this email: your password stays as it is.',
    ].join('\n'),
  }),

  /** The link that attaches the messages sent from the contact page while signed out, working for `hours`. */
  contactClaim: (to: { name: string }, link: string, hours: number): MailText => ({
    subject: 'Attach your messages to your CineVerse account',
    text: [
      `Hello ${to.name},`,
      '',
      'You asked to see, in your CineVerse account, the messages you sent us from the contact page while signed out with this email address. Open this link to attach them:',
      '',
      link,
      '',
      `The link works once, within ${hours} hours. If you did not ask for it, ignore this email: nothing changes.`,
      '',
      'The CineVerse team',
    ].join('\n'),
  }),
};
