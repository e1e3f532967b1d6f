import { randomUUID } from 'node:crypto';
import { and, asc, count, eq, inArray, notExists } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { orderEvents, orderPayments, orders, productVariants, products } from '../../server/src/db/schema.js';
import { PAYMENT_CALLBACK_PATH, PAYMENT_WEBHOOK_PATH } from '../../server/src/plugins/payment-repository.js';
import type { RazorpayStandIn } from './razorpay-stand-in.js';

const USER_API = '/backend/api/api/user/v1';

/** What the webhook budget ends with: every paid order paid once, none lost. */
export interface PaymentBudgetFigures {
  orders: number;
  /** Distinct signed webhooks (one `payment.captured` a payment). */
  webhooks: number;
  /** Webhook deliveries sent (each webhook `copies` times, shuffled with the callbacks). */
  deliveries: number;
  /** Callbacks that reached us (the other tabs were closed before theirs). */
  callbacks: number;
  closedTabs: number;
  /** Orders paid before the reconciliation pass, and found paid by it. */
  paidBeforeReconciliation: number;
  foundByReconciliation: number;
  paid: number;
  /** Orders placed more than once (more than one `placed` step) or paid by two payments. */
  duplicates: number;
  /** Orders the gateway took money for that are not paid with us. */
  lost: number;
  /** Answers other than 200 (webhook) and 303 (callback). */
  refusals: number;
  /** How long the shuffled deliveries took, in ms. */
  deliveryMs: number;
}

/** A small seeded random source: the same shuffle every run. */
function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The webhook budget: `orderCount` orders paid online, each paid on the gateway; its `payment.captured` webhook
 * sent `copies` times and the callbacks of all but `closedShare` of the tabs, all shuffled together and sent
 * `concurrency` at a time; then one reconciliation pass (as the job runs it 10 minutes on). Counts duplicate and lost
 * paid orders.
 */
export async function runPaymentBudget(
  app: FastifyInstance,
  standIn: RazorpayStandIn,
  { orderCount = 1000, copies = 3, closedShare = 0.1, concurrency = 8, seed = 56 } = {},
): Promise<PaymentBudgetFigures> {
  const random = seeded(seed);
  // A shopper per order: one shopper may keep only a few orders waiting for their payment at once.
  const shopper = async () => {
    const user = await app.accountRepository.createUser({
      name: 'Budget Shopper',
      email: `budget-${randomUUID()}@example.in`,
      phone: null,
      passwordHash: 'not-a-usable-hash',
    });
    return { authorization: `Bearer ${await app.accountRepository.issueToken(user!.id)}` };
  };
  // A product sold as one: added to the cart by its id alone.
  const [product] = await app.db
    .select()
    .from(products)
    .where(
      and(
        eq(products.active, true),
        notExists(app.db.select().from(productVariants).where(eq(productVariants.productId, products.id))),
      ),
    )
    .orderBy(asc(products.id))
    .limit(1);
  await app.db
    .update(products)
    .set({ stock: orderCount * 2 })
    .where(eq(products.id, product!.id));

  const placed: { id: number; gatewayOrderId: string }[] = [];
  for (let index = 0; index < orderCount; index += 1) {
    const headers = await shopper();
    const added = await app.inject({
      method: 'POST',
      url: `${USER_API}/addToCart`,
      headers,
      payload: { product_id: product!.id, quantity: 1 },
    });
    if (added.statusCode !== 200) throw new Error(`addToCart answered ${added.statusCode}: ${added.body}`);
    const response = await app.inject({
      method: 'POST',
      url: `${USER_API}/completeOrder`,
      headers,
      payload: {
        address: {
          name: 'Budget Shopper',
          phone: '9820012345',
          line1: '12, Film City Road',
          line2: '',
          city: 'Mumbai',
          state: 'Maharashtra',
          pincode: '400065',
        },
        payment_method: 'online',
      },
    });
    if (response.statusCode !== 201) throw new Error(`completeOrder answered ${response.statusCode}: ${response.body}`);
    const order = response.json().data;
    placed.push({ id: order.id, gatewayOrderId: order.payment.checkout.fields.order_id });
  }

  const methods = ['upi', 'card', 'netbanking'] as const;
  type Delivery = { kind: 'webhook' | 'callback'; send: () => Promise<number> };
  const deliveries: Delivery[] = [];
  let closedTabs = 0;
  for (const [index, order] of placed.entries()) {
    const { callback, webhooks } = await standIn.pay(order.gatewayOrderId, { method: methods[index % 3] });
    const hook = webhooks.find((item) => item.event === 'payment.captured')!;
    for (let copy = 0; copy < copies; copy += 1) {
      deliveries.push({
        kind: 'webhook',
        send: async () =>
          (await app.inject({ method: 'POST', url: PAYMENT_WEBHOOK_PATH, headers: hook.headers, payload: hook.body }))
            .statusCode,
      });
    }
    if (random() < closedShare) {
      closedTabs += 1;
      continue;
    }
    deliveries.push({
      kind: 'callback',
      send: async () =>
        (
          await app.inject({
            method: 'POST',
            url: `${PAYMENT_CALLBACK_PATH}?order=${order.id}`,
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            payload: new URLSearchParams(callback).toString(),
          })
        ).statusCode,
    });
  }
  for (let index = deliveries.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1));
    [deliveries[index], deliveries[other]] = [deliveries[other]!, deliveries[index]!];
  }

  let refusals = 0;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < deliveries.length) {
        const delivery = deliveries[next]!;
        next += 1;
        const status = await delivery.send();
        if (status !== (delivery.kind === 'webhook' ? 200 : 303)) refusals += 1;
      }
    }),
  );
  const deliveryMs = performance.now() - started;

  const ids = placed.map((order) => order.id);
  const paidCount = async () =>
    (
      await app.db
        .select({ n: count() })
        .from(orders)
        .innerJoin(orderPayments, eq(orderPayments.orderId, orders.id))
        .where(and(inArray(orders.id, ids), eq(orders.status, 'placed'), eq(orderPayments.status, 'paid')))
    )[0]!.n;
  const paidBeforeReconciliation = await paidCount();
  // One pass, as the job makes it once the orders have waited 10 minutes.
  const pass = await app.payments.reconcile(new Date(Date.now() + 11 * 60_000));
  const paid = await paidCount();

  const placedSteps = await app.db
    .select({ orderId: orderEvents.orderId, n: count() })
    .from(orderEvents)
    .where(and(inArray(orderEvents.orderId, ids), eq(orderEvents.status, 'placed')))
    .groupBy(orderEvents.orderId);
  const duplicates = placedSteps.filter((row) => row.n > 1).length;
  const paidOnGateway = placed.filter((order) =>
    [...standIn.payments.values()].some((payment) => payment.order_id === order.gatewayOrderId && payment.captured),
  ).length;
  return {
    orders: orderCount,
    webhooks: orderCount,
    deliveries: deliveries.filter((delivery) => delivery.kind === 'webhook').length,
    callbacks: deliveries.filter((delivery) => delivery.kind === 'callback').length,
    closedTabs,
    paidBeforeReconciliation,
    foundByReconciliation: pass.paid,
    paid,
    duplicates,
    lost: paidOnGateway - paid,
    refusals,
    deliveryMs,
  };
}
