/**
 * A refusal of the server, or a text of the contract's schemas, in the page's language. English pages show the
 * server's English as it came (it is the words); other languages show the words of its code (src/lib/error-words.ts,
 * loaded only once a refusal is to be shown), and the server's English for a code this app does not know.
 */
import { BASE_LANGUAGE } from '@/contract/languages';
import { getLocale } from '@/paraglide/runtime';

type Words = typeof import('./error-words');

let words: Words | null = null;
let loading: Promise<void> | null = null;

/** Loads the refusals' words once, on a page not in English; a failed load (offline) leaves the English. */
export function loadRefusalWords(): Promise<void> {
  if (getLocale() === BASE_LANGUAGE) return Promise.resolve();
  loading ??= import('./error-words').then(
    (module) => {
      words = module;
    },
    () => {
      loading = null;
    },
  );
  return loading;
}

/** The words for a refusal's code in the page's language; the server's message when there are none. */
export function refusalText(message: string, code?: string, params?: Record<string, string>): string {
  if (!code || getLocale() === BASE_LANGUAGE) return message;
  return words?.wordsOf(code, params) ?? message;
}

/** A contract schema's English text in the page's language (the text itself when it has no code or words yet). */
export function contractText(english: string): string {
  if (getLocale() === BASE_LANGUAGE || !words) return english;
  return words.wordsFor(english);
}
