/**
 * The languages CineVerse writes its notices and mail in: a member's `users.language` ('en' or 'hi'). Words are written
 * in every language when they are made, and the reader's are chosen where they are delivered (`lib/tell.ts`), so a
 * notice can wait in a job without knowing who reads it (docs/decisions/2026-11-28-notice-language.md).
 */
export const LANGUAGES = ['en', 'hi'] as const;

export type Language = (typeof LANGUAGES)[number];

/** The same words in each language. */
export type InEach<T> = Record<Language, T>;

/** Writes `write`'s words in every language. */
export const inEach = <T>(write: (language: Language) => T): InEach<T> => ({ en: write('en'), hi: write('hi') });

/** The language of a stored `users.language`: English for anything else (an account with none, a missing row). */
export const readsIn = (stored: string | null | undefined): Language => (stored === 'hi' ? 'hi' : 'en');

/** The locale a language formats numbers and dates with: Indian English, and Hindi in India. */
export const LOCALES: InEach<string> = { en: 'en-IN', hi: 'hi-IN' };

/**
 * `count` and the word it counts, in the form `Intl.PluralRules` gives `language` (Hindi writes 0 like 1, English
 * like 2): `counted('en', 1, { one: 'day', other: 'days' })` is "1 day".
 */
export function counted(language: Language, count: number, forms: { one: string; other: string }): string {
  return `${count} ${isOne(language, count) ? forms.one : forms.other}`;
}

/** Whether `count` takes the singular in `language`. */
export const isOne = (language: Language, count: number): boolean =>
  new Intl.PluralRules(LOCALES[language]).select(count) === 'one';
