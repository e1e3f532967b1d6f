import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Page } from '@playwright/test';
import * as casting from '../../src/contract/casting';
import * as catalog from '../../src/contract/catalog';
import * as contact from '../../src/contract/contact';
import * as coupons from '../../src/contract/coupons';
import * as delivery from '../../src/contract/delivery';
import * as notifications from '../../src/contract/notifications';
import * as orderStatuses from '../../src/contract/order-statuses';
import * as orders from '../../src/contract/orders';
import * as profiles from '../../src/contract/profiles';
import * as roles from '../../src/contract/roles';
import * as user from '../../src/contract/user';

/** A string a reader of the page meets, and where: `text`, an attribute's name, or `document title`. */
export interface SeenString {
  where: string;
  text: string;
}

/**
 * Every string a reader of the page meets: the text of rendered, visible elements (text a screen reader reads from
 * a visually hidden element too), the aria-label, title, placeholder and alt of visible elements, and the document's
 * title. Elements marked `translate="no"` hold what is not the product's to translate (members' own words).
 */
export function visibleStrings(page: Page): Promise<SeenString[]> {
  return page.evaluate(() => {
    const seen: { where: string; text: string }[] = [{ where: 'document title', text: document.title }];
    const skipped = 'script, style, noscript, template, [translate="no"]';
    const shown = (element: Element) =>
      element.checkVisibility({ visibilityProperty: true }) && element.closest(skipped) === null;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? '';
      const parent = node.parentElement;
      if (text && parent && shown(parent)) seen.push({ where: `<${parent.localName}>`, text });
    }
    for (const name of ['aria-label', 'title', 'placeholder', 'alt']) {
      for (const element of document.body.querySelectorAll(`[${name}]`)) {
        const text = element.getAttribute(name)?.trim() ?? '';
        if (text && shown(element)) seen.push({ where: `${name} of <${element.localName}>`, text });
      }
    }
    return seen;
  });
}

/**
 * Words in Latin letters a Hindi reader may meet as they are: the product's name and brand names (kept in Latin
 * letters in every language), the abbreviations Indian Hindi writes in Latin letters (DOP on a film set, a union's
 * CINTAA), the keyboard's Enter as the key says it, and the times of day as CLDR's Hindi writes them too ("11:59 pm").
 */
export const keptWords = new Set([
  'CineVerse',
  'UPI',
  'WhatsApp',
  'YouTube',
  'Instagram',
  'Facebook',
  'LinkedIn',
  'Google',
  'Maps',
  'Android',
  'iPhone',
  'Chrome',
  'Razorpay',
  'Paytm',
  'PhonePe',
  'GPay',
  'RuPay',
  'Visa',
  'Mastercard',
  'IMDb',
  'MSG91',
  'OTP',
  'PIN',
  'GST',
  // The goods' tax code and a stock-keeping unit's code are written so in Hindi too.
  'HSN',
  'SKU',
  'GSTIN',
  'PAN',
  'IFSC',
  'SMS',
  'PDF',
  'JPEG',
  'PNG',
  'WebP',
  'MB',
  'KB',
  'px',
  'ID',
  'IP',
  'DOP',
  'CINTAA',
  'CSV',
  'Enter',
  'am',
  'pm',
]);

/**
 * The contract's machine codes (`short`, `delivered`, `actor`): the product must say each in words, so a code the
 * database holds is not members' content. Read from the lists of codes the contract's modules export.
 */
const machineCodes = new Set(
  [casting, catalog, contact, coupons, delivery, notifications, orderStatuses, orders, profiles, roles, user]
    .flatMap((module) => Object.values(module))
    .filter(
      (value): value is readonly string[] => Array.isArray(value) && value.every((item) => typeof item === 'string'),
    )
    .flat(),
);

/**
 * Members' and staff's own words as the database holds them: every text of every table of a copy of the data folder
 * `dataDir` (its embedded database), with the strings of JSON columns, the contract's codes and snake_case codes
 * aside.
 */
export async function storedTexts(dataDir: string): Promise<string[]> {
  const copy = await fs.mkdtemp(path.join(os.tmpdir(), 'cineverse-words-'));
  try {
    await fs.cp(path.join(dataDir, 'pglite'), copy, { recursive: true });
    await fs.rm(path.join(copy, 'postmaster.pid'), { force: true });
    const db = new PGlite(copy, { extensions: { pg_trgm } });
    try {
      const columns = await db.query<{ table_name: string; column_name: string; data_type: string }>(
        `SELECT table_name, column_name, data_type FROM information_schema.columns
          WHERE table_schema = 'public' AND data_type IN ('text', 'character varying', 'jsonb', 'json')`,
      );
      // What the product writes for itself (mails, cached answers, tokens, counters) is nobody's content: its
      // English is the product's own words, the very words a Hindi page must not show.
      const productsOwn = new Set([
        'mail_outbox',
        'idempotency_keys',
        'attempt_counters',
        'auth_tokens',
        'phone_codes',
        'password_reset_tokens',
        'known_devices',
        'sign_in_links',
        'email_confirmation_tokens',
        'contact_claim_tokens',
        'sent_messages',
        'conversation_mails',
      ]);
      const texts = new Set<string>();
      const add = (value: unknown): void => {
        if (typeof value === 'string') {
          const text = value.trim();
          if (text.length >= 2 && !machineCodes.has(text) && !/^[a-z0-9]+_[a-z0-9_]+$/.test(text)) texts.add(text);
        } else if (Array.isArray(value)) value.forEach(add);
        else if (value && typeof value === 'object') Object.values(value).forEach(add);
      };
      for (const { table_name: table, column_name: column, data_type: type } of columns.rows) {
        if (productsOwn.has(table) || table.startsWith('__') || table.startsWith('pgboss')) continue;
        const rows = await db.query<{ value: string | null }>(
          `SELECT DISTINCT "${column}"::text AS value FROM "${table}"`,
        );
        for (const { value } of rows.rows) {
          if (value !== null) add(type.startsWith('json') ? JSON.parse(value) : value);
        }
      }
      return [...texts];
    } finally {
      await db.close();
    }
  } finally {
    await fs.rm(copy, { recursive: true, force: true });
  }
}

/** Members' words, longest first: a longer text is taken out of a string before a shorter one inside it. */
export class MemberContent {
  private texts: string[];

  constructor(texts: Iterable<string>) {
    this.texts = [...new Set(texts)].sort((a, b) => b.length - a.length);
  }

  /** A copy that also knows `texts` (what a test typed itself: a new member's name, their headline). */
  with(...texts: string[]): MemberContent {
    return new MemberContent([...this.texts, ...texts]);
  }

  /**
   * `text` without the members' words in it; empty when it is an excerpt of one (cut with "…"). Only an excerpt:
   * a short label ("Cancel") that happens to be inside some member's long text is still the product's word.
   */
  strip(text: string): string {
    let rest = text;
    for (const piece of this.texts) if (rest.includes(piece)) rest = rest.split(piece).join(' ');
    if (!/(…|\.\.\.)\s*$/u.test(rest)) return rest;
    const left = rest.replace(/[….\s]+$/u, '').trim();
    if (left.length >= 2 && this.texts.some((piece) => piece.includes(left))) return '';
    return rest;
  }
}

/** Latin-letter words of `text` a Hindi reader should not meet: addresses, mail addresses and kept words aside. */
export function englishWordsIn(text: string): string[] {
  const plain = text
    .replace(/\S+@\S+/g, ' ')
    .replace(/https?:\/\/\S+/g, ' ')
    .replace(/\b[\w-]+\.(in|com|org|net)\b\S*/g, ' ');
  return (plain.match(/[A-Za-z][A-Za-z’'-]*[A-Za-z]/g) ?? []).filter((word) => !keptWords.has(word));
}

/**
 * What a Hindi reader of the page meets in English: each string holding a word in Latin letters that is neither
 * members' content (`content`) nor a kept word, as `where: "string"`.
 */
export async function englishOnScreen(page: Page, content: MemberContent): Promise<string[]> {
  const found = new Set<string>();
  for (const { where, text } of await visibleStrings(page)) {
    const words = englishWordsIn(content.strip(text));
    if (words.length) found.add(`${where}: "${text}" (${words.join(' ')})`);
  }
  return [...found];
}
