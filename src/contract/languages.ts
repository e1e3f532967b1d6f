/**
 * The languages the product is read in, and how a page's address says which: English at the spec's own paths
 * (`/shop`), every other language under a prefix of its code (`/hi/shop`). Shared by the server, which routes and
 * renders pages by it, and the app, whose entry imports it: it imports nothing (no schema library in the entry).
 */
export const languages = ['en', 'hi'] as const;
export type Language = (typeof languages)[number];

/** The language of the spec's own addresses, and of a member who chose none. */
export const BASE_LANGUAGE: Language = 'en';

/** Each language's name in its own script, as the switch offers it. */
export const languageNames: Record<Language, string> = { en: 'English', hi: 'हिन्दी' };

/** `/hi/shop` -> hi; `/shop` -> en. */
export function languageOfPath(pathname: string): Language {
  for (const language of languages) {
    if (language === BASE_LANGUAGE) continue;
    if (pathname === `/${language}` || pathname.startsWith(`/${language}/`)) return language;
  }
  return BASE_LANGUAGE;
}

/** The path without its language prefix: `/hi/shop` -> `/shop`, `/hi` and `/hi/` -> `/`. */
export function pathWithoutLanguage(pathname: string): string {
  const language = languageOfPath(pathname);
  if (language === BASE_LANGUAGE) return pathname;
  return pathname.slice(language.length + 1) || '/';
}

/** The same page in `language`: `/shop?x=1` in hi -> `/hi/shop?x=1`; `/hi/` in en -> `/`. */
export function pathInLanguage(path: string, language: Language): string {
  const [pathname = '/', ...rest] = path.split(/(?=[?#])/);
  // `//evil.example/` (an address such as `/hi//evil.example/`) would be another site's: one leading slash only.
  const bare = pathWithoutLanguage(pathname).replace(/^\/+/, '/');
  const prefixed = language === BASE_LANGUAGE ? bare : bare === '/' ? `/${language}/` : `/${language}${bare}`;
  return prefixed + rest.join('');
}

/** The router's base path of a language: '' for English, `/hi` for Hindi. */
export function basepathOf(language: Language): string {
  return language === BASE_LANGUAGE ? '' : `/${language}`;
}

/** The name of the cookie (and local storage key) that holds the language chosen on this device. */
export const LANGUAGE_CHOICE_KEY = 'cv-language';

/** `en` or `hi` from an untrusted string (a cookie, storage), else null. */
export function asLanguage(value: string | null | undefined): Language | null {
  return (languages as readonly string[]).includes(value ?? '') ? (value as Language) : null;
}

/**
 * The language an Accept-Language header prefers among ours, by its q values (`hi-IN,hi;q=0.9,en;q=0.8` -> hi), or
 * null when it names none of them.
 */
export function preferredLanguage(header: string | undefined): Language | null {
  let best: { language: Language; q: number } | null = null;
  for (const part of (header ?? '').split(',')) {
    const [tag = '', ...params] = part.trim().split(';');
    const language = asLanguage(tag.trim().toLowerCase().split('-')[0]);
    if (!language) continue;
    const qParam = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (Number.isFinite(q) && q > 0 && (!best || q > best.q)) best = { language, q };
  }
  return best?.language ?? null;
}
