import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { PAYMENT_CALLBACK_PATH, PAYMENT_WEBHOOK_PATH } from '../../plugins/payment-repository.js';

/** The routes' paths below their prefix (`/backend/api/api/v1`). */
const relative = (path: string) => path.replace(/^\/backend\/api\/api\/v1/, '');

/**
 * Online payments: whether they are offered (the checkout asks), the checkout's answer posted back by the shopper's
 * browser (redirect checkout's `callback_url`), and the gateway's webhooks. The last two are proved by their
 * signatures, not by a sign-in: the browser comes from the gateway's page, and the webhook from its servers.
 */
const paymentRoutes: FastifyPluginAsyncZod<{ publicUrl: string }> = async (fastify, options) => {
  const { payments } = fastify;

  // Both bodies are read as they came: the webhook's signature is over its exact bytes, and the callback is a form.
  fastify.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  fastify.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  fastify.get(
    '/payments/options',
    {
      schema: {
        tags: ['orders'],
        summary:
          'Which ways to pay the checkout offers: online (UPI, card, net banking) only when the gateway is set up',
        response: { 200: z.object({ data: z.object({ online: z.boolean() }) }) },
      },
    },
    async () => ({ data: { online: payments.offered } }),
  );

  fastify.post(relative(PAYMENT_CALLBACK_PATH), { schema: { hide: true } }, async (request, reply) => {
    const fields = (typeof request.body === 'object' && request.body ? request.body : {}) as Record<string, string>;
    const { orderId, outcome } = await payments.callback(fields);
    const hinted = Number((request.query as { order?: string }).order);
    const id = orderId ?? (Number.isInteger(hinted) && hinted > 0 ? hinted : null);
    // Back to the order's page, which shows what the server knows; the word only chooses the greeting.
    return reply.redirect(
      id === null ? `${options.publicUrl}/orders` : `${options.publicUrl}/orders/${id}?payment=${outcome}`,
      303,
    );
  });

  fastify.post(relative(PAYMENT_WEBHOOK_PATH), { schema: { hide: true } }, async (request) => {
    const raw = typeof request.body === 'string' ? request.body : '';
    const header = (name: string) => {
      const value = request.headers[name];
      return Array.isArray(value) ? value[0] : value;
    };
    const result = await payments.webhook(raw, header('x-razorpay-signature'), header('x-razorpay-event-id'));
    return { status: 'ok', result };
  });
};

export default paymentRoutes;
