/**
 * Money and dates written out by hand rather than with Intl: the first Intl formatter a page builds loads its locale
 * data, tens of milliseconds on a mid-range phone, in the middle of the first render of a price. Each follows the
 * page's language (Hindi month names on a Hindi page); money is written alike in both, with Latin digits, as Indian
 * apps write it in Hindi too.
 */
import type { Language } from '@/contract/languages';
import { getLocale } from '@/paraglide/runtime';

/** Indian digit grouping: the last three digits, then pairs: 1234567 -> "12,34,567". */
function groupIndian(whole: number): string {
  const digits = String(whole);
  if (digits.length <= 3) return digits;
  const pairs = digits.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',');
  return `${pairs},${digits.slice(-3)}`;
}

/** Integer paise as Indian rupees: 12345600 -> "₹1,23,456"; paise shown only when there are some (₹12.50). */
export function formatInr(paise: number): string {
  const whole = Math.abs(Math.round(paise));
  const rest = whole % 100;
  const sign = paise < 0 && whole > 0 ? '-' : '';
  return `${sign}₹${groupIndian(Math.floor(whole / 100))}${rest ? `.${String(rest).padStart(2, '0')}` : ''}`;
}

/** The short month names of Indian English (CLDR's en-IN, as Intl writes them). */
export const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'];

/** Hindi's month names, whole, as Hindi readers write a date (CLDR's hi: "28 नवंबर 2026"). */
const HINDI_MONTHS = ['जनवरी', 'फ़रवरी', 'मार्च', 'अप्रैल', 'मई', 'जून', 'जुलाई', 'अगस्त', 'सितंबर', 'अक्तूबर', 'नवंबर', 'दिसंबर'];

/** The name of month `index` (0 for January) as a date in `language` writes it. */
export function monthName(index: number, language: Language = getLocale()): string {
  return (language === 'hi' ? HINDI_MONTHS : MONTHS)[index] ?? '';
}

/** An ISO time as Indian readers write a date, in the device's time zone: "22 Nov 2026", "22 नवंबर 2026". */
export function formatDate(iso: string, language: Language = getLocale()): string {
  const date = new Date(iso);
  return `${date.getDate()} ${monthName(date.getMonth(), language)} ${date.getFullYear()}`;
}

/** Date and time as Indian readers write it: 24 Nov 2026, 5:07 pm. */
export function formatDateTime(iso: string, language: Language = getLocale()): string {
  const date = new Date(iso);
  const hours = date.getHours();
  const minutes = String(date.getMinutes()).padStart(2, '0');
  return `${formatDate(iso, language)}, ${hours % 12 || 12}:${minutes} ${hours < 12 ? 'am' : 'pm'}`;
}

/** The share of the MRP saved, rounded down: 1299 of 1799 -> 27. */
export function percentOff(mrp: number, price: number): number {
  return mrp > price ? Math.floor(((mrp - price) * 100) / mrp) : 0;
}
