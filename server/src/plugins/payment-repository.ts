import { createHash } from 'node:crypto';
import { and, asc, eq, lte } from 'drizzle-orm';
import fp from 'fastify-plugin';
import { PAYMENT_HOLD_MINUTES } from '../../../src/contract/orders.js';
import type { Database } from '../db/client.js';
import { orderPayments, orders, paymentWebhookEvents } from '../db/schema.js';
import { QUEUES } from '../lib/jobs.js';
import {
  type CheckoutForm,
  GatewayError,
  type GatewayPayment,
  type GatewayRefund,
  type PaymentGateway,
} from '../lib/payments/gateway.js';
import { paymentOf } from '../lib/payments/razorpay.js';
import { HttpError } from './error-handler.js';

type OrderRow = typeof orders.$inferSelect;
type OrderPaymentRow = typeof orderPayments.$inferSelect;

/** Where the gateway posts the checkout's answer (through the shopper's browser) and its webhooks. */
export const PAYMENT_CALLBACK_PATH = '/backend/api/api/v1/payments/razorpay/callback';
export const PAYMENT_WEBHOOK_PATH = '/backend/api/api/v1/payments/razorpay/webhook';
/** An order still waiting this long is asked about at the gateway (the shopper may have closed the tab). */
export const RECONCILE_AFTER_MINUTES = 10;
const MINUTE_MS = 60_000;
/** Every minute, on the job queue's schedule (one process runs it). */
const RECONCILE_CRON = '* * * * *';

/** What one reconciliation pass did. */
export interface ReconcileFigures {
  asked: number;
  paid: number;
  expired: number;
  /** Orders the gateway did not answer about (asked again at the next pass). */
  unanswered: number;
}

/** What became of a payment the gateway reported. */
type Settled = 'paid' | 'already' | 'late-refunded' | 'mismatch' | 'unknown';

declare module 'fastify' {
  interface FastifyInstance {
    payments: {
      /** Whether paying online is offered (the gateway's keys are set). */
      readonly offered: boolean;
      /** Makes the gateway's order for a new online order's total, in `tx`: 502 when the gateway fails. */
      open(tx: Database, order: OrderRow): Promise<OrderPaymentRow>;
      /** The redirect checkout's form for an order waiting for its payment (null without a gateway). */
      checkoutForm(order: OrderRow, payment: OrderPaymentRow): CheckoutForm | null;
      /**
       * Refunds `amount` of a paid order's payment through the gateway; `sequence` is the refund's number among the
       * order's refunds, which makes its idempotency key. 502 when the gateway does not take it.
       */
      refund(payment: OrderPaymentRow, amount: number, sequence: number): Promise<GatewayRefund>;
      /** The checkout's answer posted by the shopper's browser: paid (verified), failed, or unverified. */
      callback(fields: Record<string, string>): Promise<{ orderId: number | null; outcome: 'paid' | 'failed' }>;
      /** A webhook: 400 unless signed with the webhook secret; each event id applied once. */
      webhook(
        rawBody: string,
        signature: string | undefined,
        eventId: string | undefined,
      ): Promise<'applied' | 'duplicate' | 'ignored'>;
      /**
       * Asks the gateway about every order waiting for its payment for RECONCILE_AFTER_MINUTES (paid: placed) and lets
       * go those past their time (expired). `now` is a later moment in tests.
       */
      reconcile(now?: Date): Promise<ReconcileFigures>;
    };
  }
}

export interface PaymentRepositoryOptions {
  /** The gateway (Razorpay's adapter), when its keys are set; without one only cash on delivery is offered. */
  gateway?: PaymentGateway | undefined;
  publicUrl: string;
}

/**
 * Online payments through the gateway: an order paid online waits (`awaiting_payment`, its stock held) for
 * PAYMENT_HOLD_MINUTES; it is paid when a verified callback, a verified webhook or the gateway's answer to the
 * reconciliation job says so, whichever comes first, and only once; then it is placed. A payment that comes after
 * the order expired is honoured when its stock is still there, else refunded (docs/decisions/2026-11-28-online-payments.md).
 */
export default fp<PaymentRepositoryOptions>(
  async (fastify, options) => {
    const { db, jobs } = fastify;
    const { gateway, publicUrl } = options;
    let reconciling: Promise<ReconcileFigures> | null = null;

    function needGateway(): PaymentGateway {
      if (!gateway) throw new HttpError(409, 'Paying online is not available now: choose cash on delivery');
      return gateway;
    }

    /**
     * Applies a payment the gateway reported for its order `gatewayOrderId`, in `tx`, with the payment row locked:
     * only a captured (or, from a verified callback, authorised) payment of the exact amount counts; state only
     * moves forward (created → paid, expired → paid or refunded).
     */
    async function settle(tx: Database, payment: GatewayPayment): Promise<Settled> {
      const [row] = await tx
        .select()
        .from(orderPayments)
        .where(eq(orderPayments.gatewayOrderId, payment.orderId))
        .for('update');
      if (!row) return 'unknown';
      if (payment.amount !== row.amount || payment.currency !== 'INR') {
        fastify.log.warn(
          { orderId: row.orderId, paymentId: payment.id, amount: payment.amount, expected: row.amount },
          'a payment of another amount than the order total was not taken as paying it',
        );
        return 'mismatch';
      }
      if (row.status === 'paid' || row.status === 'refunded') return 'already';
      const paid = { gatewayPaymentId: payment.id, method: payment.method, paidAt: new Date() };
      if (await fastify.orderRepository.settlePaid(tx, row.orderId, null)) {
        await tx
          .update(orderPayments)
          .set({ status: 'paid', ...paid })
          .where(eq(orderPayments.orderId, row.orderId));
        return 'paid';
      }
      // Expired, and its stock is gone: the money goes back in full (the key makes a retry the same refund).
      const refund = await needGateway()
        .refund(payment.id, { amount: payment.amount, idempotencyKey: `${payment.id}-late` })
        .catch((error: unknown) => {
          fastify.log.warn({ err: error, orderId: row.orderId }, 'the gateway did not take a late payment refund');
          throw new HttpError(502, 'The payment service did not take the refund: try again in a few minutes');
        });
      await tx
        .update(orderPayments)
        .set({ status: 'refunded', ...paid })
        .where(eq(orderPayments.orderId, row.orderId));
      await fastify.orderRepository.recordGatewayRefund(tx, row.orderId, {
        amount: payment.amount,
        reference: refund.id,
        note: 'Paid after the time to pay, when the items had sold out: refunded in full',
      });
      return 'late-refunded';
    }

    async function reconcileOne(row: OrderPaymentRow, now: Date, figures: ReconcileFigures) {
      figures.asked += 1;
      let found: GatewayPayment[] | null = null;
      try {
        found = await needGateway().orderPayments(row.gatewayOrderId);
      } catch (error) {
        figures.unanswered += 1;
        fastify.log.warn({ err: error, orderId: row.orderId }, 'the gateway did not answer about a waiting order');
      }
      const captured = found?.find((payment) => payment.status === 'captured');
      if (captured) {
        const settled = await db.transaction((tx) => settle(tx, captured));
        if (settled === 'paid') figures.paid += 1;
        return;
      }
      if (row.expiresAt > now) return;
      // Past its time (and the gateway knows of no payment, or did not answer): let go. A payment that still comes is
      // a late one.
      const expired = await db.transaction(async (tx) => {
        const [locked] = await tx
          .select()
          .from(orderPayments)
          .where(eq(orderPayments.orderId, row.orderId))
          .for('update');
        if (locked?.status !== 'created') return false;
        await tx.update(orderPayments).set({ status: 'expired' }).where(eq(orderPayments.orderId, row.orderId));
        return fastify.orderRepository.expireOrder(tx, row.orderId);
      });
      if (expired) figures.expired += 1;
    }

    async function reconcile(now = new Date()): Promise<ReconcileFigures> {
      const figures: ReconcileFigures = { asked: 0, paid: 0, expired: 0, unanswered: 0 };
      if (!gateway) return figures;
      const waiting = await db
        .select()
        .from(orderPayments)
        .where(
          and(
            eq(orderPayments.status, 'created'),
            lte(orderPayments.createdAt, new Date(now.getTime() - RECONCILE_AFTER_MINUTES * MINUTE_MS)),
          ),
        )
        .orderBy(asc(orderPayments.createdAt));
      for (const row of waiting) await reconcileOne(row, now, figures);
      return figures;
    }

    fastify.decorate('payments', {
      offered: gateway !== undefined,

      async open(tx, order) {
        let made: { id: string };
        try {
          made = await needGateway().createOrder({
            amount: order.total,
            receipt: `order_${order.id}`,
            notes: { order: String(order.id) },
          });
        } catch (error) {
          if (!(error instanceof GatewayError)) throw error;
          fastify.log.warn({ err: error }, 'the gateway did not make an order');
          throw new HttpError(
            502,
            'The payment service did not answer, so the order was not placed: try again, or choose cash on delivery',
            'payment_method',
          );
        }
        const [row] = await tx
          .insert(orderPayments)
          .values({
            orderId: order.id,
            gateway: 'razorpay',
            gatewayOrderId: made.id,
            amount: order.total,
            expiresAt: new Date(order.createdAt.getTime() + PAYMENT_HOLD_MINUTES * MINUTE_MS),
          })
          .returning();
        return row!;
      },

      checkoutForm(order, payment) {
        if (!gateway) return null;
        return gateway.checkoutForm({
          gatewayOrderId: payment.gatewayOrderId,
          amount: payment.amount,
          description: `Order #${order.id}`,
          callbackUrl: `${publicUrl}${PAYMENT_CALLBACK_PATH}?order=${order.id}`,
          cancelUrl: `${publicUrl}/orders/${order.id}`,
          prefill: { name: order.address.name, contact: order.address.phone, email: null },
        });
      },

      async refund(payment, amount, sequence) {
        try {
          return await needGateway().refund(payment.gatewayPaymentId!, {
            amount,
            idempotencyKey: `${payment.gatewayPaymentId}-refund-${sequence}`,
          });
        } catch (error) {
          if (!(error instanceof GatewayError)) throw error;
          fastify.log.warn({ err: error, orderId: payment.orderId }, 'the gateway did not take a refund');
          throw new HttpError(502, 'The payment service did not take the refund: try again in a few minutes');
        }
      },

      async callback(fields) {
        const paymentId = fields.razorpay_payment_id;
        const gatewayOrderId = fields.razorpay_order_id;
        const signature = fields.razorpay_signature;
        if (!paymentId || !gatewayOrderId || !signature) {
          // A failed payment: the shopper goes back to the order, which may still be paid until it expires. The
          // unsigned words are not kept (the signed `payment.failed` webhook brings them).
          const failedOrder = fields['error[metadata][order_id]'];
          const [row] = failedOrder
            ? await db.select().from(orderPayments).where(eq(orderPayments.gatewayOrderId, failedOrder))
            : [];
          return { orderId: row?.orderId ?? null, outcome: 'failed' };
        }
        const [row] = await db.select().from(orderPayments).where(eq(orderPayments.gatewayOrderId, gatewayOrderId));
        // Checked against the gateway order id we stored, never one only the request names.
        if (!row || !needGateway().verifyCheckout({ gatewayOrderId: row.gatewayOrderId, paymentId, signature })) {
          throw new HttpError(400, 'This payment could not be verified');
        }
        // The signature binds the payment to our gateway order, whose amount was fixed when it was made: if the
        // gateway does not answer now, the payment is still ours, for that amount.
        const payment = await needGateway()
          .fetchPayment(paymentId)
          .catch((error: unknown) => {
            fastify.log.warn({ err: error, orderId: row.orderId }, 'the gateway did not answer about a paid order');
            return null;
          });
        if (payment && (payment.orderId !== row.gatewayOrderId || payment.status === 'failed')) {
          throw new HttpError(400, 'This payment could not be verified');
        }
        await db.transaction((tx) =>
          settle(
            tx,
            payment ?? {
              id: paymentId,
              orderId: row.gatewayOrderId,
              amount: row.amount,
              currency: 'INR',
              status: 'authorized',
              method: null,
              errorDescription: null,
            },
          ),
        );
        return { orderId: row.orderId, outcome: 'paid' };
      },

      async webhook(rawBody, signature, eventId) {
        if (!signature || !needGateway().verifyWebhook(rawBody, signature)) {
          throw new HttpError(400, 'This payment could not be verified');
        }
        let event: {
          event?: string;
          payload?: { payment?: { entity?: Parameters<typeof paymentOf>[0] } };
        };
        try {
          event = JSON.parse(rawBody) as typeof event;
        } catch {
          throw new HttpError(400, 'This payment could not be verified');
        }
        const name = event.event ?? 'unknown';
        const id = eventId || createHash('sha256').update(rawBody).digest('hex');
        return db.transaction(async (tx) => {
          // The event is kept in the transaction that applies it: a retry after a failure applies it then, a retry
          // after success finds it and does nothing.
          const [fresh] = await tx
            .insert(paymentWebhookEvents)
            .values({ eventId: id, event: name })
            .onConflictDoNothing()
            .returning();
          if (!fresh) return 'duplicate';
          const entity = event.payload?.payment?.entity;
          if (!entity) return 'ignored';
          const payment = paymentOf(entity);
          if ((name === 'payment.captured' || name === 'order.paid') && payment.status === 'captured') {
            await settle(tx, payment);
            return 'applied';
          }
          if (name === 'payment.failed') {
            await tx
              .update(orderPayments)
              .set({ lastError: payment.errorDescription ?? 'The payment failed' })
              .where(and(eq(orderPayments.gatewayOrderId, payment.orderId), eq(orderPayments.status, 'created')));
            return 'applied';
          }
          return 'ignored';
        });
      },

      async reconcile(now) {
        const run = reconcile(now);
        reconciling = run;
        try {
          return await run;
        } finally {
          if (reconciling === run) reconciling = null;
        }
      },
    });

    if (gateway) {
      await jobs.work(QUEUES.payments, async () => {
        await fastify.payments.reconcile();
      });
      await jobs.schedule(QUEUES.payments, RECONCILE_CRON);
    }
    fastify.addHook('onClose', async () => {
      await reconciling?.catch(() => {});
    });
  },
  { name: 'payment-repository', dependencies: ['database', 'job-queue', 'order-repository'] },
);
