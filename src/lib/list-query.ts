import { z } from 'zod/mini';

/**
 * The query string of a list call (`?city=Pune&page=2`): the values set, and with the call's query schema only those
 * that it names and that pass their own check in it. The public lists' filters come from the address unchecked but
 * for their kind (text or number; their lists of values stay out of the start), so a mistyped or outdated link
 * (`?sort=bogus`, `?gender=x`) lists without that filter instead of failing the whole list. The back office's routes
 * narrow their filters themselves.
 */
export function listQuery(values: Record<string, unknown>, schema?: z.ZodMiniObject): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || value === null || value === '') continue;
    const field = schema?.shape[key];
    if (schema && !(field && z.safeParse(field, value).success)) continue;
    search.set(key, String(value));
  }
  const text = search.toString();
  return text && `?${text}`;
}
