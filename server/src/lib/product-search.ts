import { and, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { likePattern } from './like-pattern.js';

/**
 * Words shoppers use for the same thing, and spellings of one word: a search for one finds the others ("tshirt"
 * finds a tee, "poster" the wall art). Written as shoppers type them; compared without case, spaces or hyphens.
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

/** The word and its singular forms ("posters" → "poster", "accessories" → "accessory"), already squashed. */
function singulars(word: string): string[] {
  if (word.length <= 3) return [word];
  if (word.endsWith('ies')) return [`${word.slice(0, -3)}y`, word.slice(0, -1)];
  if (/(x|ch|sh|ss)es$/.test(word)) return [word.slice(0, -2)];
  if (word.endsWith('s') && !word.endsWith('ss')) return [word.slice(0, -1)];
  return [word];
}

/** The squashed forms one typed word (or phrase) may be found by: its singulars and, for a synonym, the others. */
function variantsOf(typed: string): string[] {
  const forms = singulars(squash(typed));
  const group = SYNONYMS.find((words) => words.some((word) => forms.includes(squash(word))));
  return [...new Set([...forms, ...(group ?? []).map(squash)])];
}

interface SearchWord {
  /** Squashed forms, any of which finds the word. */
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
 * The SQL condition of a search on `columns` (name, description, category): each word found in one of them, in
 * any case, whatever the spaces, hyphens and punctuation (`regexp_replace`, in PostgreSQL and PGlite alike); `%`
 * and `_` typed are literal. Undefined when the search has no word.
 */
export function searchCondition(search: string, columns: AnyPgColumn[]): SQL | undefined {
  const words = searchWords(search).map(({ variants, verbatim }) =>
    or(
      ...columns.flatMap((column) => [
        ...variants.map(
          (variant) => sql`regexp_replace(lower(${column}), '[^a-z0-9]+', '', 'g') like ${likePattern(variant)}`,
        ),
        ...(verbatim === null ? [] : [sql`${column} ilike ${likePattern(verbatim)}`]),
      ]),
    ),
  );
  return words.length === 0 ? undefined : and(...words);
}
