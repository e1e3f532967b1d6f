import { z } from 'zod/mini';
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
