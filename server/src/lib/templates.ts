import type { StaffOrder } from '../../../src/contract/admin.js';
import type { PosterTransition } from '../../../src/contract/casting.js';
import { counted, type InEach, inEach, isOne, type Language } from './language.js';
import { formatIndianDate, formatRupees } from './money.js';
import { indiaTime, type MailRecipient } from './notify.js';
import type { MailAttachment } from '../plugins/mailer.js';

/**
 * The words of every notice and mail CineVerse sends, each a function of its data, in English and in Hindi: a notice's
 * title and body (the notification centre's line, and the mail that repeats it), a mail's subject and text. Code
 * never writes them inline; `lib/tell.ts` delivers them in the reader's language. A notice is written in every
 * language (`InEach`), as it is made before its readers are looked up; a mail to a member is written in its
 * recipient's `language`; a mail to an address in every language, the door choosing
 * (docs/manual/languages-in-mail.md). Names, titles, order numbers, amounts and links are data, never translated.
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
  /** Files sent with it (a calendar invitation). */
  attachments?: MailAttachment[];
}

/** Who a mail greets, in their language: the member, or a minor's guardian (`ward` is then the minor's profile name). */
type Greeted = Pick<MailRecipient, 'name' | 'ward' | 'language'>;

/** The greeting that opens a mail. */
const hello = (language: Language, name: string) => (language === 'hi' ? `नमस्ते ${name},` : `Hello ${name},`);

/** The signature that closes a mail. */
const TEAM: InEach<string> = { en: 'The CineVerse team', hi: 'CineVerse टीम' };

/** The line a guardian reads before a notice about their ward. */
const forWard = (to: Greeted) => {
  if (!to.ward) return '';
  return to.language === 'hi'
    ? `आप ${to.ward} के अभिभावक हैं, इसलिए यह सूचना आपको भेजी गई है: `
    : `For ${to.ward}, whose guardian you are: `;
};

/** A sentence's full stop: Hindi ends it with a danda. */
const STOP: InEach<string> = { en: '.', hi: '।' };

// ---------------------------------------------------------------------------------------------------------------
// A notice by mail: the notice's own words with a greeting and its link.

/** The mail of a notice that has no mail of its own: its title and body, and its link on the site `site`. */
export function noticeMail(to: Greeted, notice: NoticeText & { link: string }, site: string): MailText {
  const address = site.replace(/\/+$/, '');
  return {
    subject: to.ward ? `${to.ward}: ${notice.title}` : notice.title,
    text: `${hello(to.language, to.name)}\n\n${forWard(to)}${notice.title}${STOP[to.language]}\n${notice.body}\n\n${address}${notice.link}\n\n${TEAM[to.language]}`,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Moderators: an item starts to wait in the queue.

/** Where in the moderation queue each kind of waiting item is decided. */
export type WaitingKind = 'verification' | 'report' | 'held' | 'calls' | 'reported-calls';

const waitingWords: InEach<Record<WaitingKind, (what: string) => NoticeText>> = {
  en: {
    verification: (what) => ({ title: 'A verification request waits', body: `${what} asks to be verified.` }),
    report: (what) => ({ title: 'A profile was reported', body: `${what}: a member reported it.` }),
    held: (what) => ({
      title: 'A new organisation waits for review',
      body: `${what} is not listed until a moderator approves it.`,
    }),
    calls: (what) => ({ title: 'A casting call waits to be published', body: what }),
    'reported-calls': (what) => ({ title: 'A casting call was reported', body: `${what}: a member reported it.` }),
  },
  hi: {
    verification: (what) => ({
      title: 'सत्यापन का एक अनुरोध इंतज़ार में है',
      body: `${what} ने सत्यापन का अनुरोध किया है।`,
    }),
    report: (what) => ({ title: 'एक प्रोफ़ाइल की शिकायत आई है', body: `${what}: एक सदस्य ने इसकी शिकायत की है।` }),
    held: (what) => ({
      title: 'एक नई संस्था समीक्षा के इंतज़ार में है',
      body: `जब तक कोई मॉडरेटर मंज़ूरी न दे, ${what} डायरेक्टरी में नहीं दिखेगी।`,
    }),
    calls: (what) => ({ title: 'एक कास्टिंग कॉल प्रकाशित होने के इंतज़ार में है', body: what }),
    'reported-calls': (what) => ({
      title: 'एक कास्टिंग कॉल की शिकायत आई है',
      body: `${what}: एक सदस्य ने इसकी शिकायत की है।`,
    }),
  },
};

/** The notice for each kind of item that starts to wait; `what` names the profile or the call. */
export const waitingNotice = Object.fromEntries(
  (Object.keys(waitingWords.en) as WaitingKind[]).map((kind) => [
    kind,
    (what: string) => inEach((language) => waitingWords[language][kind](what)),
  ]),
) as Record<WaitingKind, (what: string) => InEach<NoticeText>>;

// ---------------------------------------------------------------------------------------------------------------
// A member's profile: a moderator's decision.

export type ProfileDecision = 'verify' | 'refuse' | 'hide' | 'approve';

const profileDecisionWords: InEach<Record<ProfileDecision, (name: string, reason: string) => MailText>> = {
  en: {
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
  },
  hi: {
    verify: (name, reason) => ({
      subject: 'आपकी CineVerse प्रोफ़ाइल सत्यापित हो गई है',
      text: `नमस्ते ${name},\n\nअब आपकी प्रोफ़ाइल पर सत्यापित होने का बैज दिखता है: ${reason}।\n\nCineVerse टीम`,
    }),
    refuse: (name, reason) => ({
      subject: 'CineVerse पर सत्यापन का आपका अनुरोध',
      text: `नमस्ते ${name},\n\nहम आपकी प्रोफ़ाइल सत्यापित नहीं कर सके: ${reason}।\nयह बात सुलझ जाने के बाद आप "मेरी प्रोफ़ाइल" से फिर से अनुरोध कर सकते हैं।\n\nCineVerse टीम`,
    }),
    hide: (name, reason) => ({
      subject: 'आपकी CineVerse प्रोफ़ाइल छिपा दी गई है',
      text: `नमस्ते ${name},\n\nएक मॉडरेटर ने आपकी प्रोफ़ाइल सबसे छिपा दी है: ${reason}।\nअगर आपको लगता है कि यह ग़लती है, तो इस मेल का जवाब दें।\n\nCineVerse टीम`,
    }),
    approve: (name, reason) => ({
      subject: 'आपकी CineVerse प्रोफ़ाइल डायरेक्टरी में दिखने लगी है',
      text: `नमस्ते ${name},\n\nएक मॉडरेटर ने आपकी प्रोफ़ाइल जाँच ली है और अब यह डायरेक्टरी में दिखती है: ${reason}।\n\nCineVerse टीम`,
    }),
  },
};

/** The notice of a moderator's decision on the member's profile: the mail's subject, and the reason. */
export const profileDecisionNotice = (action: ProfileDecision, reason: string): InEach<NoticeText> =>
  inEach((language) => ({ title: profileDecisionWords[language][action]('', reason).subject, body: reason }));

/** The mail of a moderator's decision on the member's profile (to a minor's guardian, with a line saying so). */
export function profileDecisionMail(action: ProfileDecision, to: Greeted, reason: string): MailText {
  const mail = profileDecisionWords[to.language][action](to.name, reason);
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
): InEach<NoticeText> {
  return inEach((language) => {
    const notice: Record<PosterTransition, NoticeText> =
      language === 'hi'
        ? {
            viewed: { title: 'आपका आवेदन देखा गया', body: `${call} में ${role} की भूमिका` },
            shortlisted: { title: 'आपको शॉर्टलिस्ट किया गया है', body: `${call} में ${role} की भूमिका` },
            callback: { title: 'आपको कॉलबैक मिला है', body: `${call} में ${role} की भूमिका` },
            selected: { title: 'आपका चयन हो गया है', body: `${call} में ${role} की भूमिका: बधाई हो!` },
            not_selected: {
              title: 'इस बार आपका चयन नहीं हुआ',
              body: `${call} में ${role} की भूमिका: आवेदन करने के लिए धन्यवाद`,
            },
          }
        : {
            viewed: { title: 'Your application was viewed', body: `${role} in ${call}` },
            shortlisted: { title: 'You are shortlisted', body: `${role} in ${call}` },
            callback: { title: 'You have a callback', body: `${role} in ${call}` },
            selected: { title: 'You are selected', body: `${role} in ${call}: congratulations!` },
            not_selected: { title: 'Not selected this time', body: `${role} in ${call}: thank you for applying` },
          };
    const { title, body } = notice[to];
    if (to !== 'callback' || !callback) return { title, body };
    const when = indiaTime(callback.at, language);
    return language === 'hi'
      ? {
          title,
          body: `${body}: ${when}${callback.place ? `, ${callback.place} में` : ''}। कृपया स्वीकार करें या मना करें।`,
        }
      : {
          title,
          body: `${body}: ${when}${callback.place ? ` at ${callback.place}` : ''}. Please accept or decline.`,
        };
  });
}

/** The poster asks an applicant for a self-tape for `role` in `call`, by the end of `deadline` (India time). */
export const tapeRequestNotice = (call: string, role: string, deadline: Date, note: string): InEach<NoticeText> => ({
  en: {
    title: 'The poster asks you for a self-tape',
    body: `${role} in ${call}: send it by ${formatIndianDate(deadline, 'en')} (India time).${note ? ` ${note}` : ''}`,
  },
  hi: {
    title: 'पोस्ट करने वाले ने आपसे सेल्फ़-टेप माँगा है',
    body: `${call} में ${role} की भूमिका: कृपया ${formatIndianDate(deadline, 'hi')} (भारतीय समय) तक भेज दें।${note ? ` ${note}` : ''}`,
  },
});

/** The poster's call was closed by the upkeep, `days` after its deadline. */
export const callClosedNotice = (call: string, days: number): InEach<NoticeText> => ({
  en: {
    title: 'Your casting call is closed',
    body: `${call}: its deadline passed ${counted('en', days, { one: 'day', other: 'days' })} ago, so its open roles were closed and everyone still waiting was told "not selected"`,
  },
  hi: {
    title: 'आपकी कास्टिंग कॉल बंद हो गई है',
    body: `${call}: इसकी आख़िरी तारीख़ ${days} दिन पहले निकल गई, इसलिए इसकी खुली भूमिकाएँ बंद कर दी गईं और जो अब भी इंतज़ार कर रहे थे, उन्हें बता दिया गया कि उनका चयन नहीं हुआ`,
  },
});

/** The poster's call closes by itself at `closesAt`, and `waiting` applicants still wait. */
export const callClosesSoonNotice = (call: string, waiting: number, closesAt: Date): InEach<NoticeText> => ({
  en: {
    title: 'Your casting call closes soon',
    body: `${call}: ${isOne('en', waiting) ? `${waiting} applicant is` : `${waiting} applicants are`} still waiting. Decide by ${indiaTime(closesAt)}, or set a later deadline: then its open roles are closed and everyone still waiting is told "not selected"`,
  },
  hi: {
    title: 'आपकी कास्टिंग कॉल जल्द बंद होगी',
    body: `${call}: ${waiting} आवेदक अब भी इंतज़ार कर ${isOne('hi', waiting) ? 'रहा है' : 'रहे हैं'}। ${indiaTime(closesAt, 'hi')} तक फ़ैसला करें या आख़िरी तारीख़ आगे बढ़ाएँ: उसके बाद इसकी खुली भूमिकाएँ बंद हो जाएँगी और जो अब भी इंतज़ार कर रहे हैं, उन्हें बता दिया जाएगा कि उनका चयन नहीं हुआ`,
  },
});

/** A call the member saved, and has not applied to, closes at `deadline`. */
export const savedCallClosesNotice = (call: string, deadline: Date): InEach<NoticeText> => ({
  en: {
    title: 'A call you saved closes soon',
    body: `${call}: applications close on ${indiaTime(deadline)}, and you have not applied`,
  },
  hi: {
    title: 'आपकी सहेजी हुई एक कॉल जल्द बंद होगी',
    body: `${call}: आवेदन ${indiaTime(deadline, 'hi')} को बंद होंगे, और आपने अभी तक आवेदन नहीं किया है`,
  },
});

/** The poster hears of a new applicant (once an hour per call at most). */
export const newApplicantsNotice = (call: string, applicant: string, role: string): InEach<NoticeText> => ({
  en: { title: 'New applicants for your casting call', body: `${call}: ${applicant} applied for ${role}` },
  hi: {
    title: 'आपकी कास्टिंग कॉल के लिए नए आवेदक',
    body: `${call}: ${applicant} ने ${role} की भूमिका के लिए आवेदन किया है`,
  },
});

/** The applicant answered the poster's callback. */
export const callbackAnsweredNotice = (
  answer: 'accepted' | 'declined',
  applicant: string | undefined,
  role: string,
  call: string,
): InEach<NoticeText> => ({
  en: {
    title: `Callback ${answer}`,
    body: `${applicant ?? 'An applicant'} ${answer} the callback for ${role} in ${call}`,
  },
  hi:
    answer === 'accepted'
      ? {
          title: 'कॉलबैक स्वीकार किया गया',
          body: `${applicant ?? 'एक आवेदक'} ने ${call} में ${role} की भूमिका का कॉलबैक स्वीकार कर लिया है`,
        }
      : {
          title: 'कॉलबैक के लिए मना किया गया',
          body: `${applicant ?? 'एक आवेदक'} ने ${call} में ${role} की भूमिका के कॉलबैक के लिए मना कर दिया है`,
        },
});

/** A call the member applied to went down with its poster's profile. */
export const callWithdrawnNotice = (call: string): InEach<NoticeText> => ({
  en: {
    title: 'A casting call you applied to was withdrawn',
    body: `${call}: it is no longer on CineVerse, so your application is closed.`,
  },
  hi: {
    title: 'जिस कास्टिंग कॉल पर आपने आवेदन किया था, वह हटा ली गई है',
    body: `${call}: अब यह CineVerse पर नहीं है, इसलिए आपका आवेदन बंद कर दिया गया है।`,
  },
});

/** A moderator published the poster's call. */
export const callPublishedNotice = (call: string): InEach<NoticeText> => ({
  en: { title: 'Your casting call is published', body: call },
  hi: { title: 'आपकी कास्टिंग कॉल प्रकाशित हो गई है', body: call },
});

/** A moderator unpublished the poster's call, with `reason`. */
export const callUnpublishedNotice = (call: string, reason: string | null): InEach<NoticeText> => ({
  en: {
    title: 'Your casting call was unpublished',
    body: `${call}${reason ? `: ${reason}` : ''}. Edit it and it goes back to a moderator.`,
  },
  hi: {
    title: 'आपकी कास्टिंग कॉल का प्रकाशन रोक दिया गया है',
    body: `${call}${reason ? `: ${reason}` : ''}। इसमें बदलाव करने पर यह फिर से किसी मॉडरेटर के पास जाएगी।`,
  },
});

/** Why a self-tape could not be used: not a video, longer than its role takes, or not made after every try. */
export type TapeFailure = 'not_video' | 'too_long' | 'not_processed';

/** The words of a tape's `failure` for its owner (`maxSeconds`: the role's limit). */
export const tapeFailureWords = (failure: TapeFailure, maxSeconds: number): InEach<string> => {
  const minutes = Math.floor(maxSeconds / 60);
  const seconds = maxSeconds % 60;
  const limit: InEach<string> = {
    en: [
      minutes ? counted('en', minutes, { one: 'minute', other: 'minutes' }) : '',
      seconds ? counted('en', seconds, { one: 'second', other: 'seconds' }) : '',
    ]
      .filter(Boolean)
      .join(' '),
    hi: [minutes ? `${minutes} मिनट` : '', seconds ? `${seconds} सेकंड` : ''].filter(Boolean).join(' '),
  };
  switch (failure) {
    case 'not_video':
      return {
        en: 'The file is not a video we can play',
        hi: 'यह फ़ाइल ऐसा वीडियो नहीं है जिसे हम चला सकें',
      };
    case 'too_long':
      return {
        en: `The tape is longer than this role takes (${limit.en})`,
        hi: `यह टेप इस भूमिका की सीमा (${limit.hi}) से लंबा है`,
      };
    default:
      return {
        en: 'The tape could not be prepared for playing',
        hi: 'यह टेप चलाने के लिए तैयार नहीं किया जा सका',
      };
  }
};

/** The owner's self-tape for `role` of `call` can be played now. */
export const tapeReadyNotice = (role: string, call: string): InEach<NoticeText> => ({
  en: { title: 'Your self-tape is ready', body: `${role} in ${call}: the tape has been prepared and can be played` },
  hi: {
    title: 'आपका सेल्फ़-टेप तैयार है',
    body: `${call} में ${role}: टेप तैयार हो गया है और अब चलाया जा सकता है`,
  },
});

/** The self-tape the poster asked `applicant` for (for `role` of `call`) has arrived and can be played. */
export const tapeArrivedNotice = (applicant: string, role: string, call: string): InEach<NoticeText> => ({
  en: {
    title: 'A self-tape has arrived',
    body: `${applicant}'s self-tape for ${role} in ${call} is ready to watch among the applicants`,
  },
  hi: {
    title: 'एक सेल्फ़-टेप आ गया है',
    body: `${call} में ${role} के लिए ${applicant} का सेल्फ़-टेप आवेदकों में देखने के लिए तैयार है`,
  },
});

/** The owner's self-tape for `role` of `call` could not be used, for `reason` (`tapeFailureWords`). */
export const tapeFailedNotice = (role: string, call: string, reason: InEach<string>): InEach<NoticeText> => ({
  en: {
    title: 'Your self-tape could not be used',
    body: `${role} in ${call}: ${reason.en}. Please record it again or choose another file.`,
  },
  hi: {
    title: 'आपका सेल्फ़-टेप इस्तेमाल नहीं हो सका',
    body: `${call} में ${role}: ${reason.hi}। कृपया इसे फिर से रिकॉर्ड करें या कोई दूसरी फ़ाइल चुनें।`,
  },
});

// ---------------------------------------------------------------------------------------------------------------
// The shop: orders and the wishlist.

/** A refund just recorded: what was paid back and the payment's reference. */
export interface RecordedRefund {
  amount: number;
  reference: string;
}

/**
 * When the parcel is expected, as the mail and the notice say it: "between 2 Dec 2026 and 9 Dec 2026", in Hindi
 * "2 दिसंबर 2026 से 9 दिसंबर 2026 के बीच".
 */
function expectedDelivery(order: Pick<StaffOrder, 'delivery_estimate'>, language: Language): string | null {
  const estimate = order.delivery_estimate;
  if (!estimate) return null;
  const day = (isoDay: string) => formatIndianDate(new Date(isoDay), language);
  return language === 'hi'
    ? `${day(estimate.earliest)} से ${day(estimate.latest)} के बीच`
    : `between ${day(estimate.earliest)} and ${day(estimate.latest)}`;
}

/**
 * The line and subject of an order's status, for its mail and the notification centre; `refund` when the move recorded
 * one (a part of the total leaves the order delivered).
 */
export function orderNotice(
  order: Pick<StaffOrder, 'id' | 'status' | 'total' | 'refunded_total' | 'delivery_estimate'> & {
    payment_method?: StaffOrder['payment_method'];
  },
  refund: RecordedRefund | null = null,
): InEach<NoticeText> {
  const number = `#${order.id}`;
  const online = order.payment_method === 'online';
  return inEach((language) => {
    const rupees = (paise: number) => formatRupees(paise, language);
    const expected = expectedDelivery(order, language);
    if (language === 'hi') {
      if (refund && order.status === 'expired') {
        return {
          title: `ऑर्डर ${number} का भुगतान लौटाया गया`,
          body:
            `आपका भुगतान ऑर्डर ${number} का समय निकल जाने के बाद पहुँचा और तब तक उसका सामान ख़त्म हो चुका था, ` +
            `इसलिए हमने ${rupees(refund.amount)} उसी तरीक़े से लौटा दिए हैं जिससे आपने भुगतान किया था।`,
        };
      }
      if (refund && order.status !== 'refunded') {
        return {
          title: `ऑर्डर ${number} का कुछ हिस्सा रिफ़ंड हुआ`,
          body:
            `हमने आपके ऑर्डर ${number} के ${rupees(refund.amount)} रिफ़ंड कर दिए हैं: ` +
            `अब तक इसके ${rupees(order.total)} में से ${rupees(order.refunded_total)} लौटाए जा चुके हैं।`,
        };
      }
      const lines: Record<StaffOrder['status'], string> = {
        placed:
          (online
            ? `आपका ऑर्डर ${number} दर्ज हो गया है और उसके ${rupees(order.total)} का भुगतान मिल गया है`
            : `आपका ऑर्डर ${number} दर्ज हो गया है। डिलीवरी के समय ${rupees(order.total)} नक़द चुकाएँ`) +
          (expected ? `; यह ${expected} पहुँचने की उम्मीद है।` : '।'),
        awaiting_payment: `आपका ऑर्डर ${number} ${rupees(order.total)} के भुगतान का इंतज़ार कर रहा है: 15 मिनट के अंदर भुगतान करें।`,
        expired:
          `आपके ऑर्डर ${number} का भुगतान 15 मिनट में नहीं मिला, इसलिए ऑर्डर छोड़ दिया गया है और ` +
          'आपसे कोई रक़म नहीं ली गई। इसका सामान फिर से दुकान में है।',
        confirmed: `आपका ऑर्डर ${number} पक्का हो गया है और पैक किया जा रहा है।`,
        shipped: `आपका ऑर्डर ${number} रास्ते में है।`,
        delivered: `आपका ऑर्डर ${number} पहुँच गया है। उम्मीद है कि यह आपको पसंद आएगा।`,
        refunded: refund
          ? `हमने आपके ऑर्डर ${number} के ${rupees(refund.amount)} रिफ़ंड कर दिए हैं।`
          : `हमने आपके ऑर्डर ${number} की रक़म रिफ़ंड कर दी है।`,
        cancelled: `आपका ऑर्डर ${number} रद्द कर दिया गया है। इसके लिए आपको कुछ नहीं चुकाना है।`,
      };
      const subjects: Record<StaffOrder['status'], string> = {
        placed: `ऑर्डर ${number} दर्ज हुआ`,
        confirmed: `ऑर्डर ${number} पक्का हुआ`,
        shipped: `ऑर्डर ${number} भेज दिया गया`,
        delivered: `ऑर्डर ${number} पहुँच गया`,
        refunded: `ऑर्डर ${number} का रिफ़ंड हुआ`,
        cancelled: `ऑर्डर ${number} रद्द हुआ`,
        awaiting_payment: `ऑर्डर ${number} भुगतान के इंतज़ार में`,
        expired: `ऑर्डर ${number} का भुगतान नहीं मिला`,
      };
      return { title: subjects[order.status], body: lines[order.status] };
    }
    if (refund && order.status === 'expired') {
      return {
        title: `Payment for order ${number} refunded`,
        body:
          `Your payment reached us after order ${number} had been let go, and its items had sold out meanwhile, ` +
          `so we have refunded ${rupees(refund.amount)} to the way you paid.`,
      };
    }
    if (refund && order.status !== 'refunded') {
      return {
        title: `Part of order ${number} refunded`,
        body:
          `We have refunded ${rupees(refund.amount)} for your order ${number}: ` +
          `${rupees(order.refunded_total)} of its ${rupees(order.total)} so far.`,
      };
    }
    const lines: Record<StaffOrder['status'], string> = {
      placed:
        (online
          ? `Your order ${number} has been placed and its payment of ${rupees(order.total)} received`
          : `Your order ${number} has been placed. Pay ${rupees(order.total)} in cash on delivery`) +
        (expected ? `; it is expected ${expected}.` : '.'),
      awaiting_payment: `Your order ${number} is waiting for its payment of ${rupees(order.total)}: pay within 15 minutes.`,
      expired:
        `Your order ${number} was not paid within 15 minutes, so it has been let go and nothing was charged. ` +
        'Its items are back in the shop.',
      confirmed: `Your order ${number} is confirmed and is being packed.`,
      shipped: `Your order ${number} is on its way.`,
      delivered: `Your order ${number} has been delivered. We hope you enjoy it.`,
      refunded: `We have refunded ${refund ? rupees(refund.amount) : 'you'} for your order ${number}.`,
      cancelled: `Your order ${number} has been cancelled. Nothing is due for it.`,
    };
    const subjects: Record<StaffOrder['status'], string> = {
      placed: `Order ${number} placed`,
      confirmed: `Order ${number} confirmed`,
      shipped: `Order ${number} shipped`,
      delivered: `Order ${number} delivered`,
      refunded: `Order ${number} refunded`,
      cancelled: `Order ${number} cancelled`,
      awaiting_payment: `Order ${number} waiting for payment`,
      expired: `Order ${number} not paid`,
    };
    return { title: subjects[order.status], body: lines[order.status] };
  });
}

/** The labels of an order's mail. */
const orderWords = {
  en: {
    items: 'Items:',
    coupon: 'Coupon',
    shipping: 'Shipping',
    free: 'Free',
    address: 'Delivery address:',
    phone: 'Phone',
    courier: 'Courier',
    trackingId: 'Tracking ID',
    track: 'Track it',
    expected: 'Expected delivery',
    reference: 'Payment reference',
    total: (total: string) => `Order total: ${total} (cash on delivery)`,
    paidTotal: (total: string) => `Order total: ${total} (paid online)`,
    willMail: 'We will mail you the courier and tracking link when it ships.',
    see: 'See your order',
  },
  hi: {
    items: 'सामान:',
    coupon: 'कूपन',
    shipping: 'डिलीवरी शुल्क',
    free: 'मुफ़्त',
    address: 'डिलीवरी का पता:',
    phone: 'फ़ोन',
    courier: 'कूरियर',
    trackingId: 'ट्रैकिंग आईडी',
    track: 'ट्रैक करें',
    expected: 'डिलीवरी की अनुमानित तारीख़',
    reference: 'भुगतान का संदर्भ',
    total: (total: string) => `ऑर्डर की कुल रक़म: ${total} (कैश ऑन डिलीवरी)`,
    paidTotal: (total: string) => `ऑर्डर की कुल रक़म: ${total} (ऑनलाइन चुकाई गई)`,
    willMail: 'ऑर्डर भेजे जाने पर हम आपको कूरियर का नाम और ट्रैकिंग लिंक मेल करेंगे।',
    see: 'अपना ऑर्डर देखें',
  },
} satisfies InEach<unknown>;

/** What was ordered and where it goes, for the mail that says the order is placed. */
function orderDetails(order: StaffOrder, language: Language): string[] {
  const { address } = order;
  const words = orderWords[language];
  const rupees = (paise: number) => formatRupees(paise, language);
  return [
    words.items,
    ...order.items.map(
      (item) =>
        `${item.quantity} × ${item.name}${item.variant_label ? ` (${item.variant_label})` : ''}: ${rupees(item.line_total)}`,
    ),
    ...(order.discount > 0 ? [`${words.coupon} ${order.coupon_code ?? ''}: −${rupees(order.discount)}`] : []),
    `${words.shipping}: ${order.shipping === 0 ? words.free : rupees(order.shipping)}`,
    '',
    words.address,
    address.name,
    address.line1,
    ...(address.line2 ? [address.line2] : []),
    `${address.city}, ${address.state} ${address.pincode}`,
    `${words.phone} ${address.phone}`,
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
  const { language } = to;
  const words = orderWords[language];
  const link = `${site}/orders/${order.id}`;
  const { title, body } = orderNotice(order, refund)[language];
  const expected = expectedDelivery(order, language);
  const tracking = order.tracking
    ? [
        `${words.courier}: ${order.tracking.courier}`,
        `${words.trackingId}: ${order.tracking.tracking_id}`,
        ...(order.tracking.tracking_url ? [`${words.track}: ${order.tracking.tracking_url}`] : []),
      ]
    : [];
  const text = [
    hello(language, to.name),
    '',
    `${forWard(to)}${body}`,
    ...(order.status === 'placed' ? ['', ...orderDetails(order, language)] : []),
    ...(order.status === 'shipped' ? ['', ...tracking] : []),
    ...(expected ? ['', `${words.expected}: ${expected}`] : []),
    ...(refund ? ['', `${words.reference}: ${refund.reference}`] : []),
    ...(note ? ['', note] : []),
    '',
    (order.payment_method === 'online' ? words.paidTotal : words.total)(formatRupees(order.total, language)),
    ...(order.status === 'placed' ? [words.willMail] : []),
    `${words.see}: ${link}`,
    '',
    'CineVerse',
  ].join('\n');
  return { subject: to.ward ? `${to.ward}: ${title}` : title, text };
}

/** A product in the member's wishlist can be ordered again. */
export const backInStockNotice = (product: string): InEach<NoticeText> => ({
  en: { title: `${product} is back in stock`, body: 'It is in your wishlist: order it before it runs out again' },
  hi: {
    title: `${product} फिर से स्टॉक में है`,
    body: 'यह आपकी विशलिस्ट में है: दोबारा ख़त्म होने से पहले इसे ऑर्डर कर लें',
  },
});

// ---------------------------------------------------------------------------------------------------------------
// Messages between members, and with a minor's guardian.

/** The start of a message as its notice shows it: its first 140 characters, on one line. */
function excerpt(message: string): string {
  const line = message.replace(/\s+/g, ' ').trim();
  return line.length > 140 ? `${line.slice(0, 139)}…` : line;
}

/** `sender` wrote to the member's profile `profile`. */
export const messageNotice = (sender: string, profile: string, message: string): InEach<NoticeText> => ({
  en: { title: `${sender} wrote to ${profile}`, body: excerpt(message) },
  hi: { title: `${sender} ने ${profile} को लिखा`, body: excerpt(message) },
});

/** `answerer` answered in a conversation. */
export const answerNotice = (answerer: string, message: string): InEach<NoticeText> => ({
  en: { title: `${answerer} answered`, body: excerpt(message) },
  hi: { title: `${answerer} ने जवाब दिया`, body: excerpt(message) },
});

/** The mail of a first message of the hour to a profile: its text, the sender's details kept private. */
export const messageMail = (to: Greeted, sender: string, profile: string, message: string, site: string): MailText =>
  to.language === 'hi'
    ? {
        subject: `${sender} ने CineVerse पर ${profile} को लिखा`,
        text:
          `नमस्ते ${to.name},\n\n${sender} ने ${to.ward ? `${to.ward} को लिखा है, जिनके अभिभावक आप हैं` : 'आपकी प्रोफ़ाइल पर लिखा है'}:\n\n` +
          `${message}\n\nजब तक आप जवाब नहीं देते, उनकी संपर्क जानकारी निजी रहती है; जवाब देने के लिए CineVerse (${site}) में साइन इन करें, या इसे ऐसे ही छोड़ दें।\n\nCineVerse टीम`,
      }
    : {
        subject: `${sender} wrote to ${profile} on CineVerse`,
        text:
          `Hello ${to.name},\n\n${sender} wrote to ${to.ward ? `${to.ward}, whose guardian you are` : 'your profile'}:\n\n` +
          `${message}\n\nTheir contact details stay private until you answer; sign in to CineVerse (${site}) to answer it, or leave it.\n\nThe CineVerse team`,
      };

/** The mail of a first answer of the hour in a conversation. */
export const answerMail = (to: Greeted, answerer: string, message: string, site: string): MailText =>
  to.language === 'hi'
    ? {
        subject: `${answerer} ने CineVerse पर जवाब दिया`,
        text: `नमस्ते ${to.name},\n\n${message}\n\nजवाब देने के लिए CineVerse (${site}) में साइन इन करें।\n\nCineVerse टीम`,
      }
    : {
        subject: `${answerer} answered on CineVerse`,
        text: `Hello ${to.name},\n\n${message}\n\nSign in to CineVerse (${site}) to answer.\n\nThe CineVerse team`,
      };

/** The mail that gathers the `count` messages `from` wrote within an hour of the last one mailed; `latest` is quoted. */
export const gatheredMessagesMail = (
  to: Greeted,
  from: string,
  count: number,
  latest: string,
  site: string,
): MailText => {
  if (to.language === 'hi') {
    const one = isOne('hi', count);
    const messages = counted('hi', count, { one: 'नया संदेश', other: 'नए संदेश' });
    return {
      subject: `CineVerse पर ${from} से ${messages}`,
      text:
        `नमस्ते ${to.name},\n\nहमारे पिछले ईमेल के बाद ${from} ने ${to.ward ? `${to.ward} को, जिनके अभिभावक आप हैं, ` : ''}${messages} ${one ? 'लिखा है' : 'लिखे हैं'}। सबसे नया:\n\n` +
        `${latest}\n\nसारे संदेश पढ़ने और जवाब देने के लिए CineVerse (${site}) में साइन इन करें।\n\nCineVerse टीम`,
    };
  }
  const one = isOne('en', count);
  const what = one ? 'a new message' : `${count} new messages`;
  return {
    subject: `${counted('en', count, { one: 'new message', other: 'new messages' })} from ${from} on CineVerse`,
    text:
      `Hello ${to.name},\n\n${from} wrote ${what}${to.ward ? ` to ${to.ward}, whose guardian you are` : ''} since our last email. The latest:\n\n` +
      `${latest}\n\nSign in to CineVerse (${site}) to read them all and answer.\n\nThe CineVerse team`,
  };
};

/** A minor applicant's guardian answered the poster's message. */
export const guardianAnsweredNotice = (ward: string, message: string): InEach<NoticeText> => {
  const body = message.length > 140 ? `${message.slice(0, 139)}…` : message;
  return {
    en: { title: `${ward}’s guardian answered`, body },
    hi: { title: `${ward} के अभिभावक ने जवाब दिया`, body },
  };
};

/**
 * The mail a minor's guardian receives from CineVerse itself (notices about the minor go through `tell`, to the
 * guardian by the same rule), in every language: `mailAddress` sends the reader's. Links carry their token after
 * `#`: a browser never sends that part to a server, so it stays out of logs and referrers.
 */
export const guardianMail = {
  /** Asks the guardian to confirm (or refuse) a minor's profile; the same link withdraws consent later. */
  confirm: (to: { name: string }, ward: string, link: string): InEach<MailText> => ({
    en: {
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
    },
    hi: {
      subject: `कृपया CineVerse पर ${ward} की प्रोफ़ाइल की पुष्टि करें`,
      text: [
        `नमस्ते ${to.name},`,
        '',
        `${ward} ने भारतीय फ़िल्म उद्योग के नेटवर्क CineVerse पर एक प्रोफ़ाइल बनाई है और अपने माता-पिता या अभिभावक के रूप में आपका नाम दिया है।`,
        '18 साल से कम उम्र के सदस्य कभी भी सबको नहीं दिखाए जाते। आपकी पुष्टि के बाद वे कास्टिंग कॉल पर आवेदन कर सकेंगे, और कॉल पोस्ट करने वाले लोग उनके आवेदनों के बारे में आपको (उन्हें कभी नहीं) लिख सकेंगे।',
        '',
        `इस पेज पर पुष्टि करें, या बिना पुष्टि के छोड़ दें: ${link}`,
        'यह मेल सँभालकर रखें: इसी पेज से आप कभी भी अपनी सहमति वापस ले सकते हैं, जिससे प्रोफ़ाइल छिप जाएगी और उसके आवेदन वापस ले लिए जाएँगे।',
        '',
        'अगर आप इस बच्चे को नहीं जानते, तो कुछ न करें: आपके बिना यह प्रोफ़ाइल कुछ नहीं कर सकती।',
        '',
        'CineVerse टीम',
      ].join('\n'),
    },
  }),

  /** A poster's message about the minor's application, with the link where the guardian reads and answers it. */
  posterMessage: (
    to: { name: string },
    about: { ward: string; poster: string; call: string; role: string },
    message: string,
    link: string,
  ): InEach<MailText> => ({
    en: {
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
    },
    hi: {
      subject: `${about.poster} ने CineVerse पर ${about.ward} के आवेदन के बारे में लिखा`,
      text: [
        `नमस्ते ${to.name},`,
        '',
        `कास्टिंग कॉल “${about.call}” पोस्ट करने वाले ${about.poster} ने ${about.role} की भूमिका के लिए ${about.ward} के आवेदन के बारे में आपको लिखा है:`,
        '',
        message,
        '',
        `इस पेज पर बातचीत पढ़ें और जवाब दें (खाते की ज़रूरत नहीं): ${link}`,
        `${about.ward} को यह संदेश नहीं भेजा जाता।`,
        '',
        'CineVerse टीम',
      ].join('\n'),
    },
  }),
};

// ---------------------------------------------------------------------------------------------------------------
// The account: mail to the address the account holder gave, about the account itself, in every language
// (`mailAddress` sends the reader's).

export const accountMail = {
  /** A new link that confirms the account's email address, working for `hours`. */
  confirmEmail: (to: { name: string }, link: string, hours: number): InEach<MailText> => ({
    en: {
      subject: 'Confirm your email for CineVerse',
      text: [
        `Hello ${to.name},`,
        '',
        'Open this link to confirm that this email address is yours:',
        '',
        link,
        '',
        `The link works for ${counted('en', hours / 24, { one: 'day', other: 'days' })}. Until you confirm, you can browse and shop, but not write to members, apply to casting calls or post them.`,
        'If you did not open a CineVerse account, ignore this email: nothing is linked to your address.',
      ].join('\n'),
    },
    hi: {
      subject: 'CineVerse के लिए अपने ईमेल की पुष्टि करें',
      text: [
        `नमस्ते ${to.name},`,
        '',
        'यह ईमेल पता आपका ही है, इसकी पुष्टि के लिए यह लिंक खोलें:',
        '',
        link,
        '',
        `यह लिंक ${hours / 24} दिन तक काम करेगा। पुष्टि होने तक आप साइट देख सकते हैं और ख़रीदारी कर सकते हैं, लेकिन सदस्यों को लिखना, कास्टिंग कॉल पर आवेदन करना या कॉल पोस्ट करना पुष्टि के बाद ही हो सकेगा।`,
        'अगर आपने CineVerse पर खाता नहीं खोला है, तो इस ईमेल को अनदेखा करें: आपके पते से कुछ भी नहीं जुड़ा है।',
      ].join('\n'),
    },
  }),

  /** The account's password was changed, and its other devices logged out. */
  passwordChanged: (to: { name: string }): InEach<MailText> => ({
    en: {
      subject: 'Your CineVerse password was changed',
      text: [
        `Hello ${to.name},`,
        '',
        'The password of your CineVerse account was changed, and every other device signed in to it was logged out.',
        '',
        'If it was not you, choose a new password with "Forgot your password?" on the login page, and write to us.',
      ].join('\n'),
    },
    hi: {
      subject: 'आपका CineVerse पासवर्ड बदल दिया गया है',
      text: [
        `नमस्ते ${to.name},`,
        '',
        'आपके CineVerse खाते का पासवर्ड बदल दिया गया है, और जिन दूसरे डिवाइसों पर यह खाता खुला था, उन सब से लॉग आउट कर दिया गया है।',
        '',
        'अगर यह आपने नहीं किया, तो लॉगिन पेज पर "पासवर्ड भूल गए?" से नया पासवर्ड चुनें, और हमें लिखें।',
      ].join('\n'),
    },
  }),

  /** A login from a new device, after many wrong passwords, is finished by this link (from `address`). */
  signInLink: (to: { name: string }, link: string, address: string, minutes: number): InEach<MailText> => ({
    en: {
      subject: 'Your CineVerse sign-in link',
      text: [
        `Hello ${to.name},`,
        '',
        `Many wrong passwords have been tried for your CineVerse account, so a login from a device it has not used before (this one came from ${address}) is finished by mail. Open this link to sign in:`,
        '',
        link,
        '',
        `The link works once, within ${counted('en', minutes, { one: 'minute', other: 'minutes' })}, and marks the device as yours.`,
        'If you did not just log in, someone knows your password: choose a new one with "Forgot password?" on the login page.',
      ].join('\n'),
    },
    hi: {
      subject: 'आपका CineVerse साइन-इन लिंक',
      text: [
        `नमस्ते ${to.name},`,
        '',
        `आपके CineVerse खाते पर कई बार ग़लत पासवर्ड आज़माए गए हैं, इसलिए किसी नए डिवाइस से लॉगिन (यह लॉगिन ${address} से आया है) मेल के ज़रिए पूरा होता है। साइन इन करने के लिए यह लिंक खोलें:`,
        '',
        link,
        '',
        `यह लिंक ${minutes} मिनट के अंदर सिर्फ़ एक बार काम करेगा, और इस डिवाइस को आपका डिवाइस मान लेगा।`,
        'अगर आपने अभी लॉगिन नहीं किया, तो किसी और को आपका पासवर्ड पता है: लॉगिन पेज पर "पासवर्ड भूल गए?" से नया पासवर्ड चुनें।',
      ].join('\n'),
    },
  }),

  /** The link that chooses a new password, working once within `minutes`. */
  passwordReset: (to: { name: string }, link: string, minutes: number): InEach<MailText> => ({
    en: {
      subject: 'Choose a new CineVerse password',
      text: [
        `Hello ${to.name},`,
        '',
        'Someone (we hope you) asked to choose a new password for your CineVerse account. Open this link to choose it:',
        '',
        link,
        '',
        `The link works once, within ${counted('en', minutes, { one: 'minute', other: 'minutes' })}. Choosing a new password logs you out everywhere.`,
        'If you did not ask for it, ignore this email: your password stays as it is.',
      ].join('\n'),
    },
    hi: {
      subject: 'अपना नया CineVerse पासवर्ड चुनें',
      text: [
        `नमस्ते ${to.name},`,
        '',
        'किसी ने (हमें उम्मीद है कि आपने ही) आपके CineVerse खाते के लिए नया पासवर्ड चुनना चाहा है। नया पासवर्ड चुनने के लिए यह लिंक खोलें:',
        '',
        link,
        '',
        `यह लिंक ${minutes} मिनट के अंदर सिर्फ़ एक बार काम करेगा। नया पासवर्ड चुनते ही आप हर जगह से लॉग आउट हो जाएँगे।`,
        'अगर आपने यह नहीं माँगा, तो इस ईमेल को अनदेखा करें: आपका पासवर्ड जैसा है वैसा ही रहेगा।',
      ].join('\n'),
    },
  }),

  /** The link that attaches the messages sent from the contact page while signed out, working for `hours`. */
  contactClaim: (to: { name: string }, link: string, hours: number): InEach<MailText> => ({
    en: {
      subject: 'Attach your messages to your CineVerse account',
      text: [
        `Hello ${to.name},`,
        '',
        'You asked to see, in your CineVerse account, the messages you sent us from the contact page while signed out with this email address. Open this link to attach them:',
        '',
        link,
        '',
        `The link works once, within ${counted('en', hours, { one: 'hour', other: 'hours' })}. If you did not ask for it, ignore this email: nothing changes.`,
        '',
        'The CineVerse team',
      ].join('\n'),
    },
    hi: {
      subject: 'अपने संदेश अपने CineVerse खाते से जोड़ें',
      text: [
        `नमस्ते ${to.name},`,
        '',
        'आपने साइन आउट रहते हुए इस ईमेल पते से संपर्क पेज के ज़रिए हमें जो संदेश भेजे थे, उन्हें आप अपने CineVerse खाते में देखना चाहते हैं। उन्हें जोड़ने के लिए यह लिंक खोलें:',
        '',
        link,
        '',
        `यह लिंक ${hours} घंटे के अंदर सिर्फ़ एक बार काम करेगा। अगर आपने यह नहीं माँगा, तो इस ईमेल को अनदेखा करें: कुछ नहीं बदलेगा।`,
        '',
        'CineVerse टीम',
      ].join('\n'),
    },
  }),
};

// ---------------------------------------------------------------------------------------------------------------
// Roles for you: the daily digest of new calls that match a member's saved filters.

/** The calls of one digest (at most DIGEST_CALLS named, `more` counted), each with its deadline. */
export const rolesForYouNotice = (calls: { title: string; deadline: Date }[], more: number): InEach<NoticeText> => {
  const total = calls.length + more;
  const named = (language: Language, applyBy: string) =>
    calls.map((call) => `${call.title} (${applyBy} ${formatIndianDate(call.deadline, language)})`).join('; ');
  return {
    en: {
      title: isOne('en', total) ? 'A new casting call for you' : `${total} new casting calls for you`,
      body: `${named('en', 'apply by')}${more > 0 ? `; and ${more} more` : ''}. They match the filters you saved on the auditions page, where you can change or delete them`,
    },
    hi: {
      title: isOne('hi', total) ? 'आपके लिए एक नई कास्टिंग कॉल' : `आपके लिए ${total} नई कास्टिंग कॉल`,
      body: `${named('hi', 'आवेदन की आख़िरी तारीख़')}${more > 0 ? `; साथ में ${more} और कॉल` : ''}। ये उन फ़िल्टरों से मेल खाती हैं जो आपने ऑडिशन पेज पर सहेजे हैं; वहीं आप उन्हें बदल या हटा सकते हैं`,
    },
  };
};
// Callback slots: offered, confirmed, changed, cancelled, and the reminder of the day before.

/** What a callback mail says of one slot. */
export interface SlotWords {
  start: Date;
  minutes: number;
  place: string | null;
  videoLink: string | null;
  mapLink: string | null;
  contact: string;
  instructions: string;
}

/** What happened to a callback, as its mails and notices name it. */
export type CallbackEvent =
  'offered' | 'confirmed' | 'changed' | 'cancelled' | 'reminder' | 'taken' | 'released' | 'freed';

/** The lines of a slot in a mail: when (India time), how long, where or the video call, whom to ask. */
function slotLines(slot: SlotWords, language: Language): string {
  const lines =
    language === 'hi'
      ? [
          `समय: ${indiaTime(slot.start, 'hi')}, ${slot.minutes} मिनट`,
          ...(slot.place ? [`जगह: ${slot.place}`] : []),
          ...(slot.mapLink ? [`नक्शा: ${slot.mapLink}`] : []),
          ...(slot.videoLink ? [`वीडियो कॉल: ${slot.videoLink}`] : []),
          `संपर्क: ${slot.contact}`,
          ...(slot.instructions ? [`निर्देश: ${slot.instructions}`] : []),
        ]
      : [
          `When: ${indiaTime(slot.start)}, ${slot.minutes} minutes`,
          ...(slot.place ? [`Where: ${slot.place}`] : []),
          ...(slot.mapLink ? [`Map: ${slot.mapLink}`] : []),
          ...(slot.videoLink ? [`Video call: ${slot.videoLink}`] : []),
          `Contact: ${slot.contact}`,
          ...(slot.instructions ? [`Instructions: ${slot.instructions}`] : []),
        ];
  return lines.join('\n');
}

/** The notice of a callback event to the applicant: `when` is the slot's time, when there is one slot. */
export const callbackNotice = (
  event: CallbackEvent,
  call: string,
  role: string,
  when: Date | null,
): InEach<NoticeText> =>
  inEach((language) => {
    const at = when ? indiaTime(when, language) : '';
    if (language === 'hi') {
      const what = `${call} में ${role} की भूमिका`;
      return {
        offered: { title: 'कॉलबैक के लिए समय चुनें', body: `${what}: अपने लिए एक समय चुनें या कोई दूसरा समय माँगें` },
        confirmed: { title: 'आपका कॉलबैक तय हो गया', body: `${what}: ${at}` },
        changed: { title: 'आपके कॉलबैक में बदलाव हुआ है', body: `${what}: ${at}` },
        cancelled: { title: 'आपका कॉलबैक रद्द कर दिया गया', body: `${what}: ${at}` },
        reminder: { title: 'कल आपका कॉलबैक है', body: `${what}: ${at}` },
        taken: {
          title: 'कॉलबैक का एक समय भर गया',
          body: `${what}: ${at} का समय किसी दूसरे आवेदक ने ले लिया है। कोई दूसरा समय चुनें या माँगें`,
        },
        released: {
          title: 'आपका कॉलबैक अब कैलेंडर में नहीं है',
          body: `${what}: यह आवेदन अब कॉलबैक पर नहीं है, इसलिए ${at ? `${at} का ` : ''}समय छोड़ दिया गया है`,
        },
        freed: {
          title: 'कॉलबैक का एक समय फिर से खाली है',
          body: `${what}: ${at} का समय अब खाली है। चाहें तो इसे चुन लें`,
        },
      }[event];
    }
    const what = `${role} in ${call}`;
    return {
      offered: { title: 'Pick a time for your callback', body: `${what}: pick a slot, or ask for another time` },
      confirmed: { title: 'Your callback is confirmed', body: `${what}: ${at}` },
      changed: { title: 'Your callback has changed', body: `${what}: ${at}` },
      cancelled: { title: 'Your callback is cancelled', body: `${what}: ${at}` },
      reminder: { title: 'Your callback is tomorrow', body: `${what}: ${at}` },
      taken: {
        title: 'A callback time was taken',
        body: `${what}: another applicant took ${at}. Pick another time, or ask for one`,
      },
      released: {
        title: 'Your callback is off the calendar',
        body: `${what}: this application is no longer at a callback, so ${at ? `the time ${at} is` : 'its times are'} given up`,
      },
      freed: {
        title: 'A callback time is free again',
        body: `${what}: ${at} is free now. Pick it if it suits you`,
      },
    }[event];
  });

/** The mail of a callback event to the applicant: the notice, each slot's lines, and the link to answer. */
export function callbackMail(
  to: Greeted,
  event: CallbackEvent,
  notice: NoticeText,
  slots: SlotWords[],
  link: string,
): MailText {
  const hi = to.language === 'hi';
  const closing =
    event === 'cancelled' || event === 'released'
      ? hi
        ? '\n\nसंलग्न कैलेंडर फ़ाइल से यह समय आपके कैलेंडर से हट जाता है।'
        : '\n\nThe calendar file attached takes this time off your calendar.'
      : hi
        ? event === 'taken'
          ? `\n\nदूसरा समय चुनने के लिए: ${link}\nसंलग्न कैलेंडर फ़ाइल से यह समय आपके कैलेंडर से हट जाता है।`
          : event === 'offered' || event === 'freed'
            ? `\n\nसमय चुनने के लिए: ${link}\nसंलग्न कैलेंडर फ़ाइल से ये समय आपके कैलेंडर में जुड़ जाते हैं।`
            : `\n\nआपके आवेदन: ${link}\nसंलग्न कैलेंडर फ़ाइल से यह कॉलबैक आपके कैलेंडर में जुड़ जाता है।`
        : event === 'taken'
          ? `\n\nPick another time: ${link}\nThe calendar file attached takes this time off your calendar.`
          : event === 'offered' || event === 'freed'
            ? `\n\nPick your time: ${link}\nThe calendar file attached adds these times to your calendar.`
            : `\n\nYour applications: ${link}\nThe calendar file attached keeps your calendar up to date.`;
  return {
    subject: to.ward ? `${to.ward}: ${notice.title}` : notice.title,
    text: `${hello(to.language, to.name)}\n\n${forWard(to)}${notice.title}${STOP[to.language]}\n${notice.body}\n\n${slots
      .map((slot) => slotLines(slot, to.language))
      .join('\n\n')}${closing}\n\n${TEAM[to.language]}`,
  };
}

/** The poster hears that an applicant confirmed a slot, or asked for another time. */
export const callbackAnswerNotice = (
  answer: { slot: Date } | { note: string },
  applicant: string,
  role: string,
  call: string,
): InEach<NoticeText> =>
  'slot' in answer
    ? {
        en: {
          title: 'A callback is confirmed',
          body: `${applicant} confirmed ${indiaTime(answer.slot)} for ${role} in ${call}`,
        },
        hi: {
          title: 'एक कॉलबैक तय हुआ',
          body: `${applicant} ने ${call} में ${role} की भूमिका के लिए ${indiaTime(answer.slot, 'hi')} का समय तय किया है`,
        },
      }
    : {
        en: {
          title: 'An applicant asks for another callback time',
          body: `${applicant} (${role} in ${call}): ${answer.note}`,
        },
        hi: {
          title: 'एक आवेदक ने कॉलबैक के लिए दूसरा समय माँगा है',
          body: `${applicant} (${call} में ${role} की भूमिका): ${answer.note}`,
        },
      };

/** The line a shipping mail ends with when its tax invoice is attached. */
export function invoiceAttachedLine(language: Language, number: string): string {
  return language === 'hi'
    ? `इस ऑर्डर का टैक्स इनवॉइस (जीएसटी बीजक) ${number} इस मेल के साथ पीडीएफ़ फ़ाइल में लगा है; इसे आप अपने ऑर्डर के पेज से भी डाउनलोड कर सकते हैं।`
    : `The tax invoice ${number} for this order is attached as a PDF; you can also download it from your order's page.`;
}
// ---------------------------------------------------------------------------------------------------------------
// Returns and grievances.

/** A return's step as the shopper hears it (`ReturnStatus` of src/contract/returns.ts). */
export type ReturnStep =
  'requested' | 'approved' | 'rejected' | 'pickup_scheduled' | 'received' | 'refunded' | 'replaced';

/** The shopper's notice of a step of their return of items of order `orderId`; `ticket` its grievance number. */
export function returnNotice(
  orderId: number,
  step: ReturnStep,
  details: { ticket: string | null; note: string | null; pickup?: { courier: string; trackingId: string; date: Date } },
): InEach<NoticeText> {
  const number = `#${orderId}`;
  return inEach((language) => {
    const note = details.note ? ` ${details.note}` : '';
    const pickup = details.pickup;
    if (language === 'hi') {
      const ticket = details.ticket ? ` (शिकायत संख्या ${details.ticket})` : '';
      const lines: Record<ReturnStep, NoticeText> = {
        requested: {
          title: `ऑर्डर ${number} की वापसी का अनुरोध मिला`,
          body: `हमें आपका अनुरोध मिल गया है${ticket}। हम जल्द ही इसे देखकर आपको बताएँगे।`,
        },
        approved: { title: `ऑर्डर ${number} की वापसी मंज़ूर हुई`, body: `आपका अनुरोध मंज़ूर हो गया है।${note}` },
        rejected: { title: `ऑर्डर ${number} की वापसी मंज़ूर नहीं हुई`, body: `हम यह वापसी नहीं ले सकते।${note}` },
        pickup_scheduled: {
          title: `ऑर्डर ${number} का पिक-अप तय हुआ`,
          body: pickup
            ? `${pickup.courier} ${formatIndianDate(pickup.date, 'hi')} को सामान लेने आएगा (ट्रैकिंग आईडी ${pickup.trackingId})।${note}`
            : `सामान लेने का दिन तय हो गया है।${note}`,
        },
        received: { title: `ऑर्डर ${number} का लौटाया सामान मिल गया`, body: `हमें आपका लौटाया सामान मिल गया है।${note}` },
        refunded: { title: `ऑर्डर ${number} की वापसी का रिफ़ंड हुआ`, body: `आपकी वापसी का रिफ़ंड कर दिया गया है।${note}` },
        replaced: {
          title: `ऑर्डर ${number} का बदला हुआ सामान भेज दिया गया`,
          body: `बदला हुआ सामान आपको भेज दिया गया है।${note}`,
        },
      };
      return lines[step];
    }
    const ticket = details.ticket ? ` (grievance ${details.ticket})` : '';
    const lines: Record<ReturnStep, NoticeText> = {
      requested: {
        title: `Return requested for order ${number}`,
        body: `We have your request${ticket}. We will look at it and tell you soon.`,
      },
      approved: { title: `Return approved for order ${number}`, body: `Your return has been approved.${note}` },
      rejected: { title: `Return not approved for order ${number}`, body: `We cannot take this return.${note}` },
      pickup_scheduled: {
        title: `Pick-up booked for order ${number}`,
        body: pickup
          ? `${pickup.courier} will collect the items on ${formatIndianDate(pickup.date, 'en')} (tracking ID ${pickup.trackingId}).${note}`
          : `The pick-up is booked.${note}`,
      },
      received: {
        title: `Returned items received for order ${number}`,
        body: `We have received the items you returned.${note}`,
      },
      refunded: { title: `Return refunded for order ${number}`, body: `Your return has been refunded.${note}` },
      replaced: { title: `Replacement sent for order ${number}`, body: `Your replacement is on its way.${note}` },
    };
    return lines[step];
  });
}

/** The mail acknowledging a complaint's receipt, with its ticket number and the clocks the law sets. */
export const grievanceReceivedMail = (
  name: string,
  ticket: string,
  subject: string,
  resolveBy: Date,
  site: string,
): InEach<MailText> => ({
  en: {
    subject: `We have received your complaint ${ticket}`,
    text: [
      hello('en', name),
      '',
      `We have received your complaint and given it the number ${ticket}: "${subject}".`,
      `Our grievance officer will reply within 48 hours and resolve it by ${formatIndianDate(resolveBy, 'en')}.`,
      'Quote this number when you write to us about it.',
      '',
      `Our grievance officer: ${site.replace(/\/+$/, '')}/grievance-officer`,
      '',
      TEAM.en,
    ].join('\n'),
  },
  hi: {
    subject: `आपकी शिकायत ${ticket} हमें मिल गई है`,
    text: [
      hello('hi', name),
      '',
      `आपकी शिकायत हमें मिल गई है और इसे संख्या ${ticket} दी गई है: "${subject}"।`,
      `हमारे शिकायत अधिकारी 48 घंटे में जवाब देंगे और ${formatIndianDate(resolveBy, 'hi')} तक इसका समाधान करेंगे।`,
      'इसके बारे में लिखते समय कृपया यह संख्या बताएँ।',
      '',
      `हमारे शिकायत अधिकारी: ${site.replace(/\/+$/, '')}/hi/grievance-officer`,
      '',
      TEAM.hi,
    ].join('\n'),
  },
});

/** Staff's words on a complaint: its acknowledgement, or its resolution. */
export const grievanceAnswerMail = (
  name: string,
  ticket: string,
  step: 'acknowledged' | 'resolved',
  words: string,
): InEach<MailText> => ({
  en: {
    subject:
      step === 'acknowledged' ? `Your complaint ${ticket}: we are on it` : `Your complaint ${ticket} is resolved`,
    text: [hello('en', name), '', words, '', TEAM.en].join('\n'),
  },
  hi: {
    subject:
      step === 'acknowledged'
        ? `आपकी शिकायत ${ticket}: हम इस पर काम कर रहे हैं`
        : `आपकी शिकायत ${ticket} का समाधान हो गया`,
    text: [hello('hi', name), '', words, '', TEAM.hi].join('\n'),
  },
});

/** Staff hear that a complaint's clock is near: its acknowledgement (48 hours) or resolution (a month). */
export const grievanceDueNotice = (
  ticket: string,
  clock: 'acknowledge' | 'resolve',
  due: Date,
): InEach<NoticeText> => ({
  en: {
    title:
      clock === 'acknowledge' ? `Acknowledge ${ticket} by ${indiaTime(due)}` : `Resolve ${ticket} by ${indiaTime(due)}`,
    body:
      clock === 'acknowledge'
        ? 'The law gives 48 hours to acknowledge a complaint.'
        : 'The law gives a month to resolve a complaint.',
  },
  hi: {
    title:
      clock === 'acknowledge'
        ? `${ticket} की पावती ${indiaTime(due, 'hi')} तक दें`
        : `${ticket} का समाधान ${indiaTime(due, 'hi')} तक करें`,
    body:
      clock === 'acknowledge'
        ? 'क़ानून के अनुसार शिकायत की पावती 48 घंटे में देनी होती है।'
        : 'क़ानून के अनुसार शिकायत का समाधान एक महीने में करना होता है।',
  },
});
