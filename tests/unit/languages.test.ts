import { describe, expect, it } from 'vitest';
import { languageOfPath, pathInLanguage, pathWithoutLanguage, preferredLanguage } from '@/contract/languages';
import { isPagePath, isServerRenderedPath } from '@/contract/page-routes';
import { formatDate, formatDateTime, formatInr } from '@/lib/money';
import { plural, pluralCategory } from '@/lib/plural';
import { m } from '@/paraglide/messages';

describe('numbers, money and dates per language', () => {
  it('writes money as Indians read it, with Latin digits, in both languages', () => {
    expect(formatInr(12345600)).toBe('₹1,23,456');
    expect(formatInr(1234567800)).toBe('₹1,23,45,678');
    expect(formatInr(1250)).toBe('₹12.50');
  });

  it('writes dates with Hindi month names in Hindi and English ones in English', () => {
    // Noon UTC: the same day in every time zone a test machine may have.
    expect(formatDate('2026-11-28T12:00:00Z', 'hi')).toBe('28 नवंबर 2026');
    expect(formatDate('2026-11-28T12:00:00Z', 'en')).toBe('28 Nov 2026');
    expect(formatDate('2026-02-03T12:00:00Z', 'hi')).toBe('3 फ़रवरी 2026');
    expect(formatDateTime('2026-10-05T12:00:00Z', 'hi')).toMatch(/^5 अक्तूबर 2026, \d{1,2}:00 [ap]m$/);
  });

  it('treats 0 and 1 alike in Hindi, unlike English, by Intl.PluralRules', () => {
    expect(pluralCategory(0, 'hi')).toBe('one');
    expect(pluralCategory(1, 'hi')).toBe('one');
    expect(pluralCategory(2, 'hi')).toBe('other');
    expect(pluralCategory(0, 'en')).toBe('other');
    expect(pluralCategory(1, 'en')).toBe('one');
    const forms = { one: m.auditions_count_one, other: m.auditions_count_other };
    expect(plural(0, forms, 'en')).toBe('0 open calls');
    expect(plural(1, forms, 'en')).toBe('1 open call');
    expect(plural(0, { one: ({ count }) => `${count}: one`, other: ({ count }) => `${count}: other` }, 'hi')).toBe(
      '0: one',
    );
  });

  it('compiles each message in both languages', () => {
    expect(m.nav_auditions({}, { locale: 'en' })).toBe('Auditions');
    expect(m.nav_auditions({}, { locale: 'hi' })).toBe('ऑडिशन');
    expect(m.auditions_apply_by({ date: '28 नवंबर 2026' }, { locale: 'hi' })).toBe('आवेदन की आख़िरी तारीख़: 28 नवंबर 2026');
  });
});

describe('addresses in each language', () => {
  it('reads the language from the prefix, and keeps English at the spec’s own paths', () => {
    expect(languageOfPath('/hi/shop')).toBe('hi');
    expect(languageOfPath('/hi')).toBe('hi');
    expect(languageOfPath('/shop')).toBe('en');
    expect(languageOfPath('/hindi-films')).toBe('en');
    expect(pathWithoutLanguage('/hi/auditions/1')).toBe('/auditions/1');
    expect(pathWithoutLanguage('/hi/')).toBe('/');
    expect(pathInLanguage('/auditions?city=Pune', 'hi')).toBe('/hi/auditions?city=Pune');
    expect(pathInLanguage('/', 'hi')).toBe('/hi/');
    expect(pathInLanguage('/hi/shop/3', 'en')).toBe('/shop/3');
    expect(pathInLanguage('/hi/', 'en')).toBe('/');
  });

  it('never points the switch at another site, whatever the address it is on', () => {
    expect(pathInLanguage('//evil.example/', 'en')).toBe('/evil.example/');
    expect(pathInLanguage('/hi//evil.example/x?y=1', 'en')).toBe('/evil.example/x?y=1');
    expect(pathInLanguage('///evil.example', 'hi')).toBe('/hi/evil.example');
  });

  it('knows every page under /hi too, and renders the public ones on the server', () => {
    for (const path of ['/hi', '/hi/', '/hi/shop', '/hi/auditions/1', '/hi/login', '/hi/admin/orders']) {
      expect(isPagePath(path), path).toBe(true);
    }
    expect(isPagePath('/hi/no/such/page')).toBe(false);
    expect(isServerRenderedPath('/hi/auditions')).toBe(true);
    expect(isServerRenderedPath('/hi/login')).toBe(false);
  });

  it('reads the preferred of our languages from Accept-Language', () => {
    expect(preferredLanguage('hi-IN,hi;q=0.9,en-US;q=0.8,en;q=0.7')).toBe('hi');
    expect(preferredLanguage('en-IN,en;q=0.9,hi;q=0.8')).toBe('en');
    expect(preferredLanguage('mr-IN,hi;q=0.5')).toBe('hi');
    expect(preferredLanguage('fr-FR')).toBeNull();
    expect(preferredLanguage(undefined)).toBeNull();
  });
});
