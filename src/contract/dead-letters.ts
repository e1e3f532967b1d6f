import { z } from 'zod/mini';
import { pageMetaSchema } from './catalog';

/**
 * A mail given up on after its last try (a dead letter), as the back office lists it for admins, who can send it
 * again. Its text stays on the server: it may hold a member's link or message.
 */
export const deadLetterSchema = z.object({
  id: z.int(),
  to: z.string(),
  subject: z.string(),
  /** What the mail is about (`order`, `password-reset`, `application`...). */
  kind: z.string(),
  /** Tries made. */
  tries: z.int(),
  last_error: z.nullable(z.string()),
  /** When it was queued, and when it was last tried (ISO). */
  queued_at: z.string(),
  last_tried_at: z.string(),
});
export type DeadLetter = z.infer<typeof deadLetterSchema>;
export const deadLetterListResponseSchema = z.object({ data: z.array(deadLetterSchema), meta: pageMetaSchema });
/** A dead letter sent back to the mail queue: tried again at once, with a fresh set of tries. */
export const deadLetterRetryResponseSchema = z.object({ data: z.object({ id: z.int(), queued: z.boolean() }) });
