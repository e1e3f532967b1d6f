import { z } from 'zod/mini';
import { pageQuerySchema } from './admin';
import { pageMetaSchema } from './catalog';
import { MAX_ID } from './common';

/**
 * The audit log's answers. A module of its own, which the app imports only as types: `z.unknown()` (the values
 * before and after, any JSON) would add a kind of schema to the zod code that every visitor downloads.
 */

/** One record of the audit log. */
export const auditEntrySchema = z.object({
  id: z.int(),
  actor_id: z.nullable(z.int()),
  actor_name: z.nullable(z.string()),
  at: z.string(),
  action: z.string(),
  entity: z.string(),
  entity_id: z.nullable(z.string()),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditListQuerySchema = z.object({
  ...pageQuerySchema.shape,
  actor: z.optional(
    z.coerce
      .number()
      .check(
        z.int('actor must be a user id'),
        z.gte(1, 'actor must be a user id'),
        z.lte(MAX_ID, 'actor must be a user id'),
      ),
  ),
  entity: z.optional(z.string().check(z.maxLength(50, 'entity must be at most 50 characters'))),
});
export const auditListResponseSchema = z.object({ data: z.array(auditEntrySchema), meta: pageMetaSchema });
