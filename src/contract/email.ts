import { z } from 'zod/mini';

/** What a field that takes one email address says when it is given several. */
export const ONE_EMAIL_MESSAGE = 'Enter one email address, not a list';

/**
 * True when `value` holds more than one address ("a@x.in, b@y.in", "a@x.in;b@y.in", "a@x.in b@y.in"): a mail sent
 * to it would reach every one of them, so no field that takes one address may store it.
 */
export function isEmailList(value: string): boolean {
  const trimmed = value.trim();
  return /[,;\s]/.test(trimmed) || (trimmed.match(/@/g)?.length ?? 0) > 1;
}

/**
 * One email address, trimmed and lower-cased, at most 254 characters; a list of addresses is refused with
 * ONE_EMAIL_MESSAGE. `label` starts the messages ("Email is required").
 */
export function singleEmailSchema(label = 'Email') {
  return z.pipe(
    z.pipe(
      z.string({ error: `${label} is required` }).check(
        z.trim(),
        z.minLength(1, `${label} is required`),
        z.maxLength(254, `${label} must be at most 254 characters`),
        z.refine((value) => !isEmailList(value), ONE_EMAIL_MESSAGE),
      ),
      z.email('Invalid email address'),
    ),
    z.transform((value: string) => value.toLowerCase()),
  );
}
