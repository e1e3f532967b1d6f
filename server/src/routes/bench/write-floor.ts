import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { writeFloorRequestSchema } from '../../../../src/contract/bench.js';
import { rowsOf } from '../../db/client.js';
import { HttpError } from '../../plugins/error-handler.js';
import { idempotencyKeyOf, storeAnswers } from '../../plugins/idempotency.js';

/**
 * The write floor, for the bench only (registered with BENCH_WRITE_FLOOR=1, never otherwise): the database work of
 * a keyed cart write and nothing else. One transaction of its own runs the statement of an add to the cart (or of a
 * line's quantity set) and stores the answer under the request's Idempotency-Key, as `addToCart` does; no sign-in,
 * no batch, no look-up of the key, no checks of the answer. `addToCart`'s latency is judged beside this one's, measured in the same run on the same database
 * (docs/decisions/2026-11-28-write-floor.md).
 */
const writeFloorRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const { cartRepository, db } = fastify;
  fastify.log.warn('BENCH_WRITE_FLOOR=1: POST /backend/api/bench/write-floor writes to any cart without a sign-in');

  fastify.post(
    '/bench/write-floor',
    { schema: { hide: true, body: writeFloorRequestSchema } },
    async (request, reply) => {
      const key = idempotencyKeyOf(request);
      if (key === undefined) throw new HttpError(400, 'Send an Idempotency-Key', 'Idempotency-Key');
      const { user_id: userId, product_id: productId, line_id: lineId, quantity } = request.body;
      if ((productId === undefined) === (lineId === undefined)) {
        throw new HttpError(400, 'Send either product_id or line_id', 'product_id');
      }
      const { statement } =
        productId === undefined
          ? cartRepository.setQuantity(userId, lineId!, quantity)
          : cartRepository.addToCart(userId, productId, quantity);
      const cart = await db.transaction(async (tx) => {
        const [row] = rowsOf<{ cart: string | null }>(await tx.execute(statement));
        if (!row?.cart)
          throw new HttpError(409, 'Not written: no such product or line, or past the line’s limit', 'quantity');
        const answer = { userId, key, fingerprint: 'write-floor', statusCode: 200, response: row.cart };
        if (rowsOf(await tx.execute(storeAnswers([answer]))).length === 0) {
          throw new HttpError(422, 'This Idempotency-Key was already used', 'Idempotency-Key');
        }
        return row.cart;
      });
      return reply.type('application/json; charset=utf-8').send(cart);
    },
  );
};

export default writeFloorRoutes;
