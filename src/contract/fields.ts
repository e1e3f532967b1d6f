import { z } from 'zod/mini';
import { MAX_ID } from './common';
import { isEmailList, ONE_EMAIL_MESSAGE } from './email';

/**
 * Fields the back office's and the network's forms share. (A module of their own: the site's start code never
 * imports them.)
 */

/** Text that may be empty, trimmed, at most `max` characters. */
export const optionalText = (field: string, max: number) =>
  z._default(z.string().check(z.trim(), z.maxLength(max, `${field} must be at most ${max} characters`)), '');

/** Text that must be given: "Enter the {label}". */
export const requiredText = (field: string, label: string, max: number) =>
  z
    .string({ error: `Enter the ${label}` })
    .check(
      z.trim(),
      z.minLength(1, `Enter the ${label}`),
      z.maxLength(max, `${field} must be at most ${max} characters`),
    );

/** A phone number that may be left empty. */
export const optionalPhone = z._default(
  z.string().check(z.trim(), z.regex(/^$|^\+?[0-9 -]{6,20}$/, 'Enter a phone number of digits, spaces and -')),
  '',
);

/** An email address that may be left empty; one address, never a list. */
export const optionalEmail = z._default(
  z.string().check(
    z.trim(),
    z.refine((value) => !isEmailList(value), ONE_EMAIL_MESSAGE),
    z.regex(/^$|^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'Enter an email address like name@example.in'),
  ),
  '',
);

/** A website that may be left empty: http(s) only. */
export const optionalWebsite = z._default(
  z
    .string()
    .check(
      z.trim(),
      z.maxLength(300, 'website must be at most 300 characters'),
      z.regex(/^$|^https?:\/\/\S+$/i, 'Enter a link starting with https://'),
    ),
  '',
);

/** A record's number in a body: a whole number that PostgreSQL's integer holds (a larger one names nothing). */
export const recordId = (field: string) =>
  z
    .int({ error: `${field} must be a whole number` })
    .check(z.gte(1, `${field} must be 1 or more`), z.lte(MAX_ID, `${field} must be at most ${MAX_ID}`));

/** A count or an amount stored in an integer column: from `min` to the largest such column holds. */
export const storedWholeNumber = (field: string, min: number, tooSmall = `${field} must be ${min} or more`) =>
  z
    .int({ error: `${field} must be a whole number` })
    .check(z.gte(min, tooSmall), z.lte(MAX_ID, `${field} must be at most ${MAX_ID}`));

/**
 * True when a `YYYY-MM-DD` date, with any `THH:MM[:SS]` after it, is one on the calendar: not 2026-02-30 or
 * 2026-13-45, and not before 1900 (the year 1 is a slip of the keyboard, and JavaScript's dates read years below 100
 * as 1900 and more).
 */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2}))?)?/.exec(value);
  if (!match) return false;
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (year < 1900 || month < 1 || month > 12 || day < 1) return false;
  if (day > new Date(Date.UTC(year, month, 0)).getUTCDate()) return false;
  return hour <= 23 && minute <= 59 && second <= 59;
}

/** The check every date a client sends goes through after its format: refused as "not a date", naming the field. */
export const calendarDate = (field: string) =>
  z.refine<string>((value) => isCalendarDate(value), `${field} is not a date on the calendar`);
