import { describe, expect, it } from 'vitest';
import type { StaffOrder } from '../../src/contract/admin.js';
import { orderStatuses } from '../../src/contract/order-statuses.js';
import { posterTransitions } from '../../src/contract/casting.js';
import { counted, type Language, LANGUAGES } from '../../server/src/lib/language.js';
import { formatIndianDate, formatRupees } from '../../server/src/lib/money.js';
import { indiaTime } from '../../server/src/lib/notify.js';
import * as templates from '../../server/src/lib/templates.js';
import type { MailText, NoticeText } from '../../server/src/lib/templates.js';

/**
 * Every template, rendered with sample data in each language. The data is Latin on purpose (names and titles are
 * data, written as members write them): whatever Latin is left once the data, links and the brand are taken out of
 * a Hindi text is English the template forgot to translate.
 */

const DATA = {
  name: 'Priya Sharma',
  ward: 'Aarav Menon',
  call: 'Monsoon Letters',
  role: 'Lead Dancer',
  place: 'Filmistan Studio, Goregaon',
  profile: 'Sana Iyer Films',
  reason: 'Documents checked by staff',
  message: 'Can you come for a reading on Saturday?',
  product: 'Golden Era Poster Set',
  item: 'Film Strip Bookmark Pack',
  coupon: 'FILMY10',
  courier: 'India Post',
  trackingId: 'EE123456789IN',
  reference: 'UPI-4455',
  note: 'Packed with care',
  addressName: 'Ravi Kumar',
  line1: '12 Linking Road',
  line2: 'Bandra West',
  city: 'Mumbai',
  state: 'Maharashtra',
  pincode: '400050',
  phone: '9876543210',
  ip: '203.0.113.9',
  ticket: 'GRV-2627-000123',
  invoice: 'CV/2627/000123',
  complaint: 'Return of items of order #4521',
};
const SITE = 'https://cineverse.test';
const LINK = `${SITE}/guardian#token123`;
const AT = new Date('2026-12-05T05:30:00Z');

const to = (language: Language) => ({ name: DATA.name, language });
const guardian = (language: Language) => ({ name: DATA.name, ward: DATA.ward, language });

const order = (status: StaffOrder['status'], tracking: boolean): StaffOrder => ({
  id: 4521,
  status,
  payment_method: 'cod',
  payment: null,
  address: {
    name: DATA.addressName,
    phone: DATA.phone,
    line1: DATA.line1,
    line2: DATA.line2,
    city: DATA.city,
    state: DATA.state,
    pincode: DATA.pincode,
  },
  items: [
    {
      product_id: 1,
      name: DATA.item,
      image: 'x.webp',
      price: 49_900,
      mrp: 59_900,
      quantity: 2,
      line_total: 99_800,
      perishable: false,
    },
  ],
  subtotal: 99_800,
  discount: 9_980,
  shipping: 0,
  round_off: -20,
  total: 12_345_600,
  coupon_code: DATA.coupon,
  created_at: AT.toISOString(),
  cancelled_at: null,
  can_cancel: true,
  cancel_blocked_reason: null,
  report_problem_until: null,
  tracking: tracking ? { courier: DATA.courier, tracking_id: DATA.trackingId, tracking_url: `${SITE}/track` } : null,
  delivery_estimate: { earliest: '2026-12-02', latest: '2026-12-09' },
  refunds: [],
  refunded_total: 500_000,
  history: [],
  customer: { id: 1, name: DATA.name, email: 'priya@example.in', phone: null },
});
const refund = { amount: 250_000, reference: DATA.reference };

type Words = NoticeText | MailText;

const callbackEvents = [
  'offered',
  'confirmed',
  'changed',
  'cancelled',
  'reminder',
  'taken',
  'released',
  'freed',
] as const;
const slotAtStudio = {
  start: AT,
  minutes: 20,
  place: DATA.place,
  videoLink: null,
  mapLink: `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(DATA.place)}`,
  contact: DATA.name,
  instructions: DATA.message,
};
const slotOnVideo = { ...slotAtStudio, place: null, mapLink: null, videoLink: `${SITE}/meet`, instructions: '' };

/** Each exported template (every key of the grouped ones) and what it writes in `language` from the sample data. */
const samples: Record<string, (language: Language) => Words[]> = {
  noticeMail: (language) => [
    templates.noticeMail(to(language), { title: DATA.call, body: DATA.message, link: '/me' }, SITE),
    templates.noticeMail(guardian(language), { title: DATA.call, body: DATA.message, link: '/me' }, SITE),
  ],
  waitingNotice: (language) => Object.values(templates.waitingNotice).map((write) => write(DATA.profile)[language]),
  profileDecisionNotice: (language) =>
    (['verify', 'refuse', 'hide', 'approve'] as const).map(
      (action) => templates.profileDecisionNotice(action, DATA.reason)[language],
    ),
  profileDecisionMail: (language) =>
    (['verify', 'refuse', 'hide', 'approve'] as const).flatMap((action) => [
      templates.profileDecisionMail(action, to(language), DATA.reason),
      templates.profileDecisionMail(action, guardian(language), DATA.reason),
    ]),
  applicationMovedNotice: (language) => [
    ...posterTransitions.map((move) => templates.applicationMovedNotice(move, DATA.call, DATA.role)[language]),
    templates.applicationMovedNotice('callback', DATA.call, DATA.role, { at: AT, place: DATA.place })[language],
    templates.applicationMovedNotice('callback', DATA.call, DATA.role, { at: AT, place: null })[language],
  ],
  callClosedNotice: (language) => [1, 14].map((days) => templates.callClosedNotice(DATA.call, days)[language]),
  callClosesSoonNotice: (language) =>
    [1, 3].map((waiting) => templates.callClosesSoonNotice(DATA.call, waiting, AT)[language]),
  savedCallClosesNotice: (language) => [templates.savedCallClosesNotice(DATA.call, AT)[language]],
  rolesForYouNotice: (language) =>
    [0, 2].map((more) => templates.rolesForYouNotice([{ title: DATA.call, deadline: AT }], more)[language]),
  tapeRequestNotice: (language) => [
    templates.tapeRequestNotice(DATA.call, DATA.role, AT, DATA.message)[language],
    templates.tapeRequestNotice(DATA.call, DATA.role, AT, '')[language],
  ],
  newApplicantsNotice: (language) => [templates.newApplicantsNotice(DATA.call, DATA.name, DATA.role)[language]],
  callbackAnsweredNotice: (language) =>
    (['accepted', 'declined'] as const).flatMap((answer) => [
      templates.callbackAnsweredNotice(answer, DATA.name, DATA.role, DATA.call)[language],
      templates.callbackAnsweredNotice(answer, undefined, DATA.role, DATA.call)[language],
    ]),
  callWithdrawnNotice: (language) => [templates.callWithdrawnNotice(DATA.call)[language]],
  callbackNotice: (language) =>
    callbackEvents.flatMap((event) => [
      templates.callbackNotice(event, DATA.call, DATA.role, AT)[language],
      templates.callbackNotice(event, DATA.call, DATA.role, null)[language],
    ]),
  callbackMail: (language) =>
    callbackEvents.flatMap((event) =>
      [to(language), guardian(language)].map((reader) =>
        templates.callbackMail(
          reader,
          event,
          templates.callbackNotice(event, DATA.call, DATA.role, AT)[language],
          [slotAtStudio, slotOnVideo],
          `${SITE}/me/applications`,
        ),
      ),
    ),
  callbackAnswerNotice: (language) => [
    templates.callbackAnswerNotice({ slot: AT }, DATA.name, DATA.role, DATA.call)[language],
    templates.callbackAnswerNotice({ note: DATA.message }, DATA.name, DATA.role, DATA.call)[language],
  ],
  callPublishedNotice: (language) => [templates.callPublishedNotice(DATA.call)[language]],
  callUnpublishedNotice: (language) => [
    templates.callUnpublishedNotice(DATA.call, DATA.reason)[language],
    templates.callUnpublishedNotice(DATA.call, null)[language],
  ],
  tapeFailureWords: (language) =>
    (['not_video', 'too_long', 'not_processed'] as const).flatMap((failure) =>
      [600, 90, 61, 1].map((seconds) => {
        const words = templates.tapeFailureWords(failure, seconds)[language];
        return { title: words, body: words };
      }),
    ),
  tapeReadyNotice: (language) => [templates.tapeReadyNotice(DATA.role, DATA.call)[language]],
  tapeArrivedNotice: (language) => [templates.tapeArrivedNotice(DATA.name, DATA.role, DATA.call)[language]],
  tapeFailedNotice: (language) => [
    templates.tapeFailedNotice(DATA.role, DATA.call, templates.tapeFailureWords('too_long', 120))[language],
  ],
  orderNotice: (language) => [
    ...orderStatuses.map((status) => templates.orderNotice(order(status, false))[language]),
    templates.orderNotice(order('delivered', false), refund)[language],
    templates.orderNotice(order('refunded', false), refund)[language],
  ],
  orderMail: (language) => [
    ...orderStatuses.flatMap((status) => [
      templates.orderMail(order(status, status === 'shipped'), DATA.note, SITE, null, to(language)),
      templates.orderMail(order(status, status === 'shipped'), null, SITE, null, guardian(language)),
    ]),
    templates.orderMail(order('delivered', false), null, SITE, refund, to(language)),
  ],
  backInStockNotice: (language) => [templates.backInStockNotice(DATA.product)[language]],
  messageNotice: (language) => [templates.messageNotice(DATA.name, DATA.profile, DATA.message)[language]],
  answerNotice: (language) => [templates.answerNotice(DATA.name, DATA.message)[language]],
  messageMail: (language) => [
    templates.messageMail(to(language), DATA.name, DATA.profile, DATA.message, SITE),
    templates.messageMail(guardian(language), DATA.name, DATA.profile, DATA.message, SITE),
  ],
  answerMail: (language) => [templates.answerMail(to(language), DATA.name, DATA.message, SITE)],
  gatheredMessagesMail: (language) =>
    [1, 4].flatMap((count) => [
      templates.gatheredMessagesMail(to(language), DATA.name, count, DATA.message, SITE),
      templates.gatheredMessagesMail(guardian(language), DATA.name, count, DATA.message, SITE),
    ]),
  guardianAnsweredNotice: (language) => [templates.guardianAnsweredNotice(DATA.ward, DATA.message)[language]],
  guardianMail: (language) => [
    templates.guardianMail.confirm(to(language), DATA.ward, LINK)[language],
    templates.guardianMail.posterMessage(
      to(language),
      { ward: DATA.ward, poster: DATA.profile, call: DATA.call, role: DATA.role },
      DATA.message,
      LINK,
    )[language],
  ],
  accountMail: (language) => [
    templates.accountMail.confirmEmail(to(language), LINK, 48)[language],
    templates.accountMail.passwordChanged(to(language))[language],
    templates.accountMail.signInLink(to(language), LINK, DATA.ip, 15)[language],
    templates.accountMail.passwordReset(to(language), LINK, 30)[language],
    templates.accountMail.contactClaim(to(language), LINK, 24)[language],
  ],
  returnNotice: (language) =>
    (['requested', 'approved', 'rejected', 'pickup_scheduled', 'received', 'refunded', 'replaced'] as const).flatMap(
      (step) => [
        templates.returnNotice(4521, step, {
          ticket: DATA.ticket,
          note: DATA.note,
          pickup: { courier: DATA.courier, trackingId: DATA.trackingId, date: AT },
        })[language],
        templates.returnNotice(4521, step, { ticket: null, note: null })[language],
      ],
    ),
  grievanceReceivedMail: (language) => [
    templates.grievanceReceivedMail(DATA.name, DATA.ticket, DATA.complaint, AT, SITE)[language],
  ],
  grievanceAnswerMail: (language) => [
    templates.grievanceAnswerMail(DATA.name, DATA.ticket, 'acknowledged', DATA.note)[language],
    templates.grievanceAnswerMail(DATA.name, DATA.ticket, 'resolved', DATA.note)[language],
  ],
  invoiceAttachedLine: (language) => [
    { subject: DATA.invoice, text: templates.invoiceAttachedLine(language, DATA.invoice) },
  ],
  grievanceDueNotice: (language) => [
    templates.grievanceDueNotice(DATA.ticket, 'acknowledge', AT)[language],
    templates.grievanceDueNotice(DATA.ticket, 'resolve', AT)[language],
  ],
};

/** The sample of a grouped template must write each of its keys: how many each group has. */
const groups = [
  [templates.waitingNotice, 5],
  [templates.guardianMail, 2],
  [templates.accountMail, 5],
] as const;

const texts = (words: Words): string[] =>
  'subject' in words ? [words.subject, words.text] : [words.title, words.body];

/** What is left of a Hindi text once its data, links, amounts and the brand are taken out: English, if any. */
function latinLeftIn(text: string): string[] {
  let rest = text.replace(/https?:\/\/\S+/g, ' ');
  for (const value of Object.values(DATA).sort((a, b) => b.length - a.length)) rest = rest.split(value).join(' ');
  rest = rest.split('CineVerse').join(' ');
  return rest.match(/[A-Za-z]{2,}/g) ?? [];
}

describe('every notice and mail in English and in Hindi', () => {
  it('has a sample for every template the module exports, and for every key of the grouped ones', () => {
    const exported = Object.entries(templates)
      .filter(([, value]) => typeof value === 'function' || typeof value === 'object')
      .map(([name]) => name)
      .sort();
    expect(Object.keys(samples).sort()).toEqual(exported);
    for (const [group, size] of groups) expect(Object.keys(group)).toHaveLength(size);
  });

  for (const [name, write] of Object.entries(samples)) {
    it(`${name} writes every word in both languages`, () => {
      const english = write('en').flatMap(texts);
      const hindi = write('hi').flatMap(texts);
      expect(hindi).toHaveLength(english.length);
      for (const text of [...english, ...hindi]) {
        expect(text.trim(), name).not.toBe('');
        expect(text, name).not.toMatch(/undefined|null|NaN|\[object/);
      }
      for (const [index, text] of hindi.entries()) {
        expect(latinLeftIn(text), `${name}: English left in "${text}"`).toEqual([]);
        // Only a text that is all data (a call's title as a notice's body) reads the same in both languages.
        if (text !== english[index]) expect(text, name).toMatch(/[\u0900-\u097F]/);
      }
      for (const text of english) expect(text, name).not.toMatch(/[\u0900-\u097F]/);
    });
  }
});

describe('numbers, money, dates and counts as Indian readers read them', () => {
  it('writes rupees in Indian grouping with Latin digits in both languages', () => {
    expect(formatRupees(12_345_600, 'en')).toBe('₹1,23,456');
    expect(formatRupees(12_345_600, 'hi')).toBe('₹1,23,456');
    expect(formatRupees(12_345_650, 'hi')).toBe('₹1,23,456.50');
  });

  it('names the month in Hindi, with Latin digits, and says the time is India’s', () => {
    expect(formatIndianDate(AT, 'en')).toBe('5 Dec 2026');
    expect(formatIndianDate(AT, 'hi')).toBe('5 दिसंबर 2026');
    expect(indiaTime(AT, 'en')).toBe('5 Dec 2026, 11:00 am (India time)');
    expect(indiaTime(AT, 'hi')).toBe('5 दिसंबर 2026, सुबह 11:00 बजे (भारतीय समय)');
    expect(indiaTime(new Date('2026-12-05T14:00:00Z'), 'hi')).toBe('5 दिसंबर 2026, शाम 7:30 बजे (भारतीय समय)');
  });

  it('counts by Intl.PluralRules: Hindi writes 0 like 1, English like 2', () => {
    const hindi = { one: 'नया संदेश', other: 'नए संदेश' };
    expect([0, 1, 2].map((count) => counted('hi', count, hindi))).toEqual(['0 नया संदेश', '1 नया संदेश', '2 नए संदेश']);
    const english = { one: 'day', other: 'days' };
    expect([0, 1, 2].map((count) => counted('en', count, english))).toEqual(['0 days', '1 day', '2 days']);
    const mail = (count: number) =>
      templates.gatheredMessagesMail({ name: DATA.name, language: 'hi' }, DATA.name, count, DATA.message, SITE);
    expect(mail(1).text).toContain('1 नया संदेश लिखा है');
    expect(mail(3).text).toContain('3 नए संदेश लिखे हैं');
    expect(LANGUAGES).toEqual(['en', 'hi']);
  });
});
