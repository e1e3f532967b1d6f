import { z } from 'zod/mini';

/** A search or path parameter left out when it is missing or invalid: a mistyped link still opens the page. */
export function lenient<T extends z.ZodMiniType>(schema: T) {
  return z.catch(z.optional(schema), undefined);
}

/** Free text in the address bar: trimmed, and at most `max` characters. */
export const searchText = (max: number) => z.string().check(z.trim(), z.maxLength(max));

/** A page number of a paged list. */
export const pageNumber = z.coerce.number().check(z.int(), z.gte(1), z.lte(10_000));

/** The search parameters of the back office's lists. */
export interface AdminSearch {
  page?: number;
  actor?: number;
  search?: string;
  status?: string;
  role?: string;
  entity?: string;
  type?: string;
  category?: string;
}

/**
 * The back office's search parameters, checked loosely: the routes' configuration is in the code every visitor
 * starts with, so it holds one small function instead of a schema per screen; each screen takes a value from a list
 * with `oneOf`. Anything missing or malformed is left out.
 */
export function adminSearch(search: Record<string, unknown>): AdminSearch {
  const found: AdminSearch = {};
  for (const key of ['search', 'status', 'role', 'entity', 'type', 'category'] as const) {
    const value = search[key];
    if (typeof value === 'string' && value.trim() && value.length <= 200) found[key] = value.trim();
  }
  for (const key of ['page', 'actor'] as const) {
    const value = Number(search[key]);
    if (Number.isInteger(value) && value >= 1 && value <= 100_000) found[key] = value;
  }
  return found;
}

/** `value` when it is one of `options`, else undefined. */
export function oneOf<T extends string>(options: readonly T[], value: string | undefined): T | undefined {
  return options.includes(value as T) ? (value as T) : undefined;
}
