import { z } from 'zod/mini';

/** Every error the API answers: a message a person can read, and the field at fault when there is one. */
export const errorResponseSchema = z.object({
  message: z.string(),
  field: z.optional(z.string()),
  /** A machine-readable reason when the client can act on it (`email_not_confirmed`: offer to resend the link). */
  code: z.optional(z.string()),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/** The largest id a table holds (PostgreSQL's integer): a larger one names nothing, and is refused as invalid. */
export const MAX_ID = 2_147_483_647;
