import { z } from 'zod/mini';

/**
 * The query string of a list call (`?city=Pune&page=2`): the values that the call's query schema names, each kept
 * when its own check in that schema passes. Filters come from the address, so a mistyped or outdated link
 * (`?sort=bogus`, `?page=abc`) lists without that filter instead of failing the whole list.
 */
export function listQuery(schema: z.ZodMiniObject, values: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    const field = schema.shape[key];
    if (value === undefined || value === null || value === '' || !field) continue;
    if (z.safeParse(field, value).success) search.set(key, String(value));
  }
  const text = search.toString();
  return text && `?${text}`;
}
