import { z } from 'zod/mini';

/** One entry of a category's directory: a person, a studio, a union, a location... */
export const directoryEntrySchema = z.object({
  id: z.int(),
  name: z.string(),
  city: z.string(),
  description: z.string(),
  /** A file in the `directory` upload folder; empty when there is none (a member's photo is in photo_url). */
  photo: z.string(),
  /** The member's profile, `/profiles/{handle}`, and its main photo's address (empty when there is none). */
  handle: z.optional(z.string()),
  photo_url: z.optional(z.string()),
  phone: z.string(),
  email: z.string(),
  website: z.string(),
});
export type DirectoryEntry = z.infer<typeof directoryEntrySchema>;

/** Entries per page when the client does not ask: two rows of three on a wide screen. */
export const DIRECTORY_PAGE_SIZE = 6;

export const directoryQuerySchema = z.object({
  /** Part of the name, any case. */
  search: z.optional(z.string().check(z.trim(), z.maxLength(100, 'search must be at most 100 characters'))),
  /** Exact city, any case. */
  city: z.optional(z.string().check(z.trim(), z.maxLength(100, 'city must be at most 100 characters'))),
  page: z._default(z.coerce.number().check(z.int(), z.gte(1, 'page must be 1 or more'), z.lte(10_000)), 1),
  pageSize: z._default(
    z.coerce.number().check(z.int(), z.gte(1), z.lte(48, 'pageSize must be at most 48')),
    DIRECTORY_PAGE_SIZE,
  ),
});
export type DirectoryQuery = z.infer<typeof directoryQuerySchema>;

export const directoryPageSchema = z.object({
  category: z.object({ id: z.int(), name: z.string(), description: z.string() }),
  /** Every city of the category, for the filter, whatever the current search. */
  cities: z.array(z.string()),
  entries: z.array(directoryEntrySchema),
  page: z.int(),
  pageSize: z.int(),
  total: z.int(),
  totalPages: z.int(),
});
export type DirectoryPage = z.infer<typeof directoryPageSchema>;
