import { z } from 'zod/mini';
import { stringifySearch } from './search-params';

/**
 * The query string of a list call (`?city=Pune&page=2`): the values set, and with the call's query schema only those
 * that it names and that pass their own check in it. The public lists' filters come from the address unchecked but
 * for their kind (text or number; their lists of values stay out of the start), so a mistyped or outdated link
 * (`?sort=bogus`, `?gender=x`) lists without that filter instead of failing the whole list. The back office's routes
 * narrow their filters themselves.
 */
export function listQuery(values: Record<string, unknown>, schema?: z.ZodMiniObject): string {
  const sent = Object.entries(values).filter(([key, value]) => {
    if (value === undefined || value === null || value === '') return false;
    const field = schema?.shape[key];
    return !schema || (field !== undefined && z.safeParse(field, value).success);
  });
  return stringifySearch(Object.fromEntries(sent));
}
