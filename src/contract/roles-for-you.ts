import { z } from 'zod/mini';
import { callListQuerySchema } from './casting';

/**
 * "Roles for you": the auditions filters a member saves; the calls published later that match are told to them once,
 * in one digest a day at most (centre and mail).
 */

/** How many sets of filters a member keeps. */
export const MAX_SAVED_SEARCHES = 10;
/** The most calls one digest names: the rest are counted, and its link opens the list. */
export const DIGEST_CALLS = 5;
/** The digest goes out at this time each morning in India (09:00, written in UTC for the job queue's schedule). */
export const DIGEST_CRON = '30 3 * * *';

/** The filters of `/auditions` that a member can keep (its page is not one). */
export const savedSearchFiltersSchema = z.pick(callListQuerySchema, {
  city: true,
  language: true,
  gender: true,
  age: true,
  paid: true,
  type: true,
  closing_soon: true,
});
export type SavedSearchFilters = z.output<typeof savedSearchFiltersSchema>;

export const savedSearchSchema = z.object({
  id: z.int(),
  filters: savedSearchFiltersSchema,
  created_at: z.string(),
});
export type SavedSearch = z.infer<typeof savedSearchSchema>;
export const savedSearchResponseSchema = z.object({ data: savedSearchSchema });
export const savedSearchListResponseSchema = z.object({ data: z.array(savedSearchSchema) });

/** The filters in the order `/auditions` writes them, empty ones left out: the same filters are the same search. */
export function normalFilters(filters: SavedSearchFilters): SavedSearchFilters {
  const out: SavedSearchFilters = {};
  if (filters.city?.trim()) out.city = filters.city.trim();
  if (filters.language?.trim()) out.language = filters.language.trim();
  if (filters.gender) out.gender = filters.gender;
  if (filters.age !== undefined) out.age = filters.age;
  if (filters.paid === 'true') out.paid = 'true';
  if (filters.type) out.type = filters.type;
  if (filters.closing_soon === 'true') out.closing_soon = 'true';
  return out;
}

/** The `/auditions` address that shows the calls of these filters. */
export function auditionsPath(filters: SavedSearchFilters): string {
  const query = new URLSearchParams(
    Object.entries(normalFilters(filters)).map(([key, value]) => [key, String(value)]),
  ).toString();
  return query ? `/auditions?${query}` : '/auditions';
}
