import type { Language } from '@/contract/languages';
import { getLocale } from '@/paraglide/runtime';

/**
 * A count's plural form in a language, by Intl.PluralRules (CLDR's rules): English says "1 call" but "0 calls",
 * Hindi treats 0 and 1 alike. A message with a count has a key per form (`auditions_count_one`, `..._other`).
 * Each language's rules are built once, when first asked for.
 */
const rules = new Map<Language, Intl.PluralRules>();

export function pluralCategory(count: number, language: Language = getLocale()): Intl.LDMLPluralRule {
  let rule = rules.get(language);
  if (!rule) rules.set(language, (rule = new Intl.PluralRules(language)));
  return rule.select(count);
}

/** The message of `count`'s form: `plural(n, { one: x_one, other: x_other })`; forms not given fall to other. */
export function plural(
  count: number,
  forms: { one: (inputs: { count: number }) => string; other: (inputs: { count: number }) => string },
  language: Language = getLocale(),
): string {
  const form = pluralCategory(count, language) === 'one' ? forms.one : forms.other;
  return form({ count });
}
