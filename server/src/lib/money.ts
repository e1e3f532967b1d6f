import { type Language, LOCALES } from './language.js';

/**
 * Paise as rupees for messages the server writes, e.g. 123456700 -> "₹12,34,567", in Indian grouping in either
 * language (Latin digits, as Indian apps write amounts in Hindi too).
 */
export function formatRupees(paise: number, language: Language = 'en'): string {
  return new Intl.NumberFormat(LOCALES[language], {
    style: 'currency',
    currency: 'INR',
    numberingSystem: 'latn',
    minimumFractionDigits: paise % 100 === 0 ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(paise / 100);
}

/**
 * A date as Indian readers write it, in India's time zone: "22 Nov 2026", and in Hindi with the month's Hindi name
 * in full ("22 नवंबर 2026"; its short form ends in an abbreviation mark few readers use).
 */
export function formatIndianDate(date: Date, language: Language = 'en'): string {
  return new Intl.DateTimeFormat(LOCALES[language], {
    day: 'numeric',
    month: language === 'hi' ? 'long' : 'short',
    year: 'numeric',
    timeZone: 'Asia/Kolkata',
    numberingSystem: 'latn',
  }).format(date);
}
