import { pathInLanguage } from '@/contract/languages';
import { getLocale } from '@/paraglide/runtime';

/** A page's address in the language of the page being shown: what its card and structured data name (og:url). */
export function pageAddress(path: string): string {
  return pathInLanguage(path, getLocale());
}
