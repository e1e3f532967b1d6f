import { z } from 'zod/mini';
import { pageMetaSchema } from './catalog';

/** How many items wait in each tab of the moderation queue; `all` is their sum. */
export const moderationCountsSchema = z.object({
  all: z.int(),
  verification: z.int(),
  report: z.int(),
  held: z.int(),
  calls: z.int(),
  reported_calls: z.int(),
});
export type ModerationCounts = z.infer<typeof moderationCountsSchema>;

export const moderationHistoryQuerySchema = z.object({
  page: z._default(z.coerce.number().check(z.int(), z.gte(1, 'page must be 1 or more'), z.lte(10_000)), 1),
  per_page: z._default(
    z.coerce
      .number()
      .check(z.int(), z.gte(1, 'per_page must be 1 or more'), z.lte(100, 'per_page must be at most 100')),
    20,
  ),
});

/** A moderator's decision as the audit log recorded it, with the reason they gave. */
export const moderationHistoryEntrySchema = z.object({
  id: z.int(),
  at: z.string(),
  actor_name: z.nullable(z.string()),
  /** verify, refuse, hide, approve, publish, unpublish or dismiss. */
  action: z.string(),
  /** profile, casting_call, profile_report or call_reports. */
  entity: z.string(),
  entity_id: z.nullable(z.string()),
  /** A profile's @handle or a call's title. */
  subject: z.string(),
  reason: z.nullable(z.string()),
});
export type ModerationHistoryEntry = z.infer<typeof moderationHistoryEntrySchema>;
export const moderationHistoryResponseSchema = z.object({
  data: z.array(moderationHistoryEntrySchema),
  meta: pageMetaSchema,
});
