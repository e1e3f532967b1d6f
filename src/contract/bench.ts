import { z } from 'zod/mini';
import { MAX_ID } from './common';
import { MAX_LINE_QUANTITY } from './cart';

const idSchema = z.number().check(z.int(), z.gte(1), z.lte(MAX_ID));

/**
 * The write floor's request (`POST /backend/api/bench/write-floor`, only with BENCH_WRITE_FLOOR=1): what a keyed cart
 * write writes, with the shopper named in the body instead of signed in. With `product_id`, an add to the cart; with
 * `line_id`, a line's quantity set, as a bench takes a line back down.
 */
export const writeFloorRequestSchema = z.object({
  user_id: idSchema,
  product_id: z.optional(idSchema),
  line_id: z.optional(idSchema),
  quantity: z.number().check(z.int(), z.gte(1), z.lte(MAX_LINE_QUANTITY)),
});
