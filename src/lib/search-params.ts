import { z } from 'zod/mini';

/**
 * The address's search, read and written as plain text (`?verified=true&page=2`): every value reaches the routes
 * as the text in the address, and each route's check turns it into what it needs. The router's default would write
 * a text that looks like a number or `true` in quotes (`?search=%222024%22`), and read a hand-written `?search=2024`
 * as a number, which the checks below would drop (docs/decisions/2026-11-27-search-in-the-address.md).
 */
export function parseSearch(text: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(text));
}

export function stringifySearch(search: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) if (value !== undefined) params.set(key, String(value));
  const text = params.toString();
  return text && `?${text}`;
}

/** A search or path parameter left out when it is missing or invalid: a mistyped link still opens the page. */
export function lenient<T extends z.ZodMiniType>(schema: T) {
  return z.catch(z.optional(schema), undefined);
}

/** Free text in the address bar: trimmed, and at most `max` characters. */
export const searchText = (max: number) => z.string().check(z.trim(), z.maxLength(max));

/** A page number of a paged list. */
export const pageNumber = z.coerce.number().check(z.int(), z.gte(1), z.lte(10_000));

/**
 * Search parameters checked loosely: the routes' configuration is in the code every visitor starts with, so it holds
 * one small function instead of a schema per screen; each screen takes a value from a list with `oneOf`. Text (at
 * most 200 characters, trimmed) and whole numbers (1 to 100,000) under the names given; anything missing or
 * malformed is left out.
 */
export function pickSearch<Text extends string, Numeric extends string>(
  search: Record<string, unknown>,
  texts: readonly Text[],
  numbers: readonly Numeric[],
): Partial<Record<Text, string> & Record<Numeric, number>> {
  // Every name is set, to undefined when left out: the router keeps the address's own value of a name missing here.
  const found: Record<string, string | number | undefined> = {};
  for (const key of [...texts, ...numbers]) found[key] = undefined;
  for (const key of texts) {
    const value = search[key];
    if (typeof value === 'string' && value.trim() && value.length <= 200) found[key] = value.trim();
  }
  for (const key of numbers) {
    const value = Number(search[key]);
    if (Number.isInteger(value) && value >= 1 && value <= 100_000) found[key] = value;
  }
  return found as Partial<Record<Text, string> & Record<Numeric, number>>;
}

/** The search parameters of the back office's lists. */
export const adminSearch = (search: Record<string, unknown>) =>
  pickSearch(search, ['search', 'status', 'role', 'entity', 'type', 'category', 'from', 'to'], ['page', 'actor']);
export type AdminSearch = ReturnType<typeof adminSearch>;

/** The network directory's search parameters (`/category/{name}`). */
export const directorySearch = (search: Record<string, unknown>) =>
  pickSearch(search, ['search', 'craft', 'language', 'city', 'gender', 'sort', 'verified'], ['page', 'age']);
export type DirectorySearch = ReturnType<typeof directorySearch>;

/** `/auditions`' search parameters. */
export const castingSearch = (search: Record<string, unknown>) =>
  pickSearch(search, ['city', 'language', 'gender', 'type', 'paid', 'closing_soon'], ['page', 'age']);
export type CastingSearch = ReturnType<typeof castingSearch>;

/** The applicant list's search parameters (`/me/casting-calls/{id}`). */
export const applicantSearch = (search: Record<string, unknown>) =>
  pickSearch(search, ['status', 'city', 'language', 'verified', 'brief', 'sort'], ['page', 'role']);
export type ApplicantSearch = ReturnType<typeof applicantSearch>;

/** `value` when it is one of `options`, else undefined. */
export function oneOf<T extends string>(options: readonly T[], value: string | undefined): T | undefined {
  return options.includes(value as T) ? (value as T) : undefined;
}
