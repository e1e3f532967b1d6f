import { z } from 'zod/mini';

/** Every error the API answers: a message a person can read (English), the field at fault, and the refusal's code. */
export const errorResponseSchema = z.object({
  message: z.string(),
  field: z.optional(z.string()),
  /** The refusal's machine code (src/contract/error-codes.ts); the client acts on some (`email_not_confirmed`). */
  code: z.optional(z.string()),
  /** The values the code's words carry (a count, a limit): src/contract/error-codes.ts. */
  params: z.optional(z.record(z.string(), z.string())),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/** The largest id a table holds (PostgreSQL's integer): a larger one names nothing, and is refused as invalid. */
export const MAX_ID = 2_147_483_647;
