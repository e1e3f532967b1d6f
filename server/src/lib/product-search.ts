import { and, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { likePattern, wordStartPattern } from './like-pattern.js';

/**
 * Words shoppers use for the same thing, and spellings of one word: a search for one finds the others ("tshirt"
 * finds a tee, "poster" the wall art). Written as shoppers type them; each is looked for with its spaces and
 * hyphens and without ("t shirt" and "tshirt" alike).
 */
const SYNONYMS: readonly (readonly string[])[] = [
  ['tee', 't-shirt', 'tshirt', 'shirt'],
  ['hoodie', 'hoody', 'sweatshirt'],
  ['poster', 'wall art'],
  ['mug', 'cup'],
  ['notebook', 'diary', 'journal'],
  ['cap', 'hat'],
  ['tote', 'bag'],
  ['theatre', 'theater'],
  ['colour', 'color'],
  ['jewellery', 'jewelry'],
  ['catalogue', 'catalog'],
];

/** Lower case, letters and digits only: "T-Shirt", "t shirt" and "tshirt" read alike. */
export function squash(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** Lower case, runs of anything but letters and digits as one space: "Director’s T-Shirt" → "director s t shirt". */
function spaced(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** The word and its singular forms ("posters" → "poster", "accessories" → "accessory"), already squashed. */
function singulars(word: string): string[] {
  if (word.length <= 3) return [word];
  if (word.endsWith('ies')) return [`${word.slice(0, -3)}y`, word.slice(0, -1)];
  if (/(x|ch|sh|ss)es$/.test(word)) return [word.slice(0, -2)];
  if (word.endsWith('s') && !word.endsWith('ss')) return [word.slice(0, -1)];
  return [word];
}

/**
 * The forms one typed word (or phrase) may be found by, each at the start of a word: its singulars, the word as
 * typed with its punctuation as spaces ("die-cast"), and for a synonym the others, with their spaces and without.
 */
function variantsOf(typed: string): string[] {
  const forms = singulars(squash(typed));
  const group = SYNONYMS.find((words) => words.some((word) => forms.includes(squash(word))));
  const others = (group ?? []).flatMap((word) => [squash(word), spaced(word)]);
  return [...new Set([...forms, spaced(typed), ...others])].filter((form) => form !== '');
}

interface SearchWord {
  /** Forms (letters, digits, single spaces), any of which finds the word at the start of a word. */
  variants: string[];
  /** The word as typed, looked for as it is. */
  verbatim: string | null;
}

/**
 * What a search looks for: a list of alternatives per word, every word to be found. A phrase that is a synonym as a
 * whole ("t shirts", "wall art") is one word. Words of other scripts than Latin (a Hindi name) and punctuation
 * alone ("&", "%") are looked for as typed (`verbatim`).
 */
export function searchWords(search: string): SearchWord[] {
  const phrase = variantsOf(search);
  if (/\s|-/.test(search.trim()) && SYNONYMS.some((words) => words.some((word) => phrase.includes(squash(word))))) {
    return [{ variants: phrase, verbatim: null }];
  }
  return search
    .split(/\s+/)
    .filter((word) => word !== '')
    .map((word): SearchWord => {
      // eslint-disable-next-line no-control-regex -- anything beyond ASCII is another script
      if (/[^\x00-\x7f]/.test(word) || squash(word) === '') return { variants: [], verbatim: word };
      return { variants: variantsOf(word), verbatim: null };
    });
}

/**
 * The SQL condition of a search on `columns` (name, description, category): each word found in one of them at the
 * start of a word, in any case, punctuation read as a space (`regexp_replace`, in PostgreSQL and PGlite alike), so
 * that "hat" does not find "with a turning"; `%` and `_` typed are literal. Undefined when the search has no word.
 */
export function searchCondition(search: string, columns: AnyPgColumn[]): SQL | undefined {
  const words = searchWords(search).map(({ variants, verbatim }) =>
    or(
      ...columns.flatMap((column) => [
        ...variants.map(
          (variant) =>
            sql`(' ' || regexp_replace(lower(${column}), '[^a-z0-9]+', ' ', 'g')) like ${wordStartPattern(variant)}`,
        ),
        ...(verbatim === null ? [] : [sql`${column} ilike ${likePattern(verbatim)}`]),
      ]),
    ),
  );
  return words.length === 0 ? undefined : and(...words);
}
