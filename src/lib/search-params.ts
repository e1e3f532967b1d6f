import { z } from 'zod/mini';

/** A search or path parameter left out when it is missing or invalid: a mistyped link still opens the page. */
export function lenient<T extends z.ZodMiniType>(schema: T) {
  return z.catch(z.optional(schema), undefined);
}

/** Free text in the address bar: trimmed, and at most `max` characters. */
export const searchText = (max: number) => z.string().check(z.trim(), z.maxLength(max));

/** A page number of a paged list. */
export const pageNumber = z.coerce.number().check(z.int(), z.gte(1), z.lte(10_000));
