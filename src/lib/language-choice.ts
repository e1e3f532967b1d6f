/**
 * The language chosen on this device: by the switch in the header or footer, or taken from the member's account.
 * Kept in local storage and in a cookie of the same name for 400 days (the most browsers keep one), which the
 * server reads when the home page's plain address is asked for (docs/decisions/2026-11-28-hindi-addresses.md).
 */
import { asLanguage, LANGUAGE_CHOICE_KEY, type Language } from '@/contract/languages';

const COOKIE_MAX_AGE_SECONDS = 400 * 24 * 60 * 60; // 400 days: Chrome's limit for a cookie's lifetime

export function rememberedLanguage(): Language | null {
  try {
    return asLanguage(localStorage.getItem(LANGUAGE_CHOICE_KEY));
  } catch {
    // Storage refused (a private window's quota): the device remembers nothing.
    return null;
  }
}

export function rememberLanguage(language: Language): void {
  try {
    localStorage.setItem(LANGUAGE_CHOICE_KEY, language);
  } catch {
    // The cookie still carries it.
  }
  document.cookie = `${LANGUAGE_CHOICE_KEY}=${language}; path=/; max-age=${COOKIE_MAX_AGE_SECONDS}; samesite=lax`;
}
