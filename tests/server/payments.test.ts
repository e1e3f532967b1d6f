import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, orderEvents, orderPayments, paymentWebhookEvents, users } from '../../server/src/db/schema.js';
import { razorpayGateway, razorpaySignature } from '../../server/src/lib/payments/razorpay.js';
import { PAYMENT_CALLBACK_PATH, PAYMENT_WEBHOOK_PATH } from '../../server/src/plugins/payment-repository.js';
import {
  type RazorpayStandIn,
  type SignedWebhook,
  STAND_IN_KEYS,
  startRazorpayStandIn,
} from '../support/razorpay-stand-in.js';
import {
  createShopper,
  createStaff,
  productNamed,
  setStock,
  stockOf,
  USER_API,
  validAddress,
  type Shopper,
} from './shop-helpers.js';
import { createTestApp, type TestApp } from './test-app.js';

const MINUTE = 60_000;
const PRODUCT = 'Golden Era Bollywood Poster Set';

let standIn: RazorpayStandIn;
let testApp: TestApp;

beforeAll(async () => {
  standIn = await startRazorpayStandIn();
  testApp = await createTestApp({
    paymentGateway: razorpayGateway(
      { ...STAND_IN_KEYS, apiUrl: standIn.url, checkoutUrl: standIn.checkoutUrl },
      // A gateway slower than this is taken as down (10 s in production).
      { timeoutMs: 400 },
    ),
  });
});
afterAll(async () => {
  await testApp?.close();
  await standIn?.close();
});

const app = () => testApp.app;

function call(method: 'GET' | 'POST', path: string, who: Shopper | null, body?: unknown) {
  return app().inject({
    method,
    url: `${USER_API}${path}`,
    headers: who?.headers ?? {},
    ...(body === undefined ? {} : { payload: body as object }),
  });
}

interface PlacedOnline {
  id: number;
  total: number;
  gatewayOrderId: string;
  checkout: { action: string; fields: Record<string, string> };
}

async function placeOnline(who: Shopper, quantity = 1, name = PRODUCT): Promise<PlacedOnline> {
  const product = await productNamed(app(), name);
  expect((await call('POST', '/addToCart', who, { product_id: product.id, quantity })).statusCode).toBe(200);
  const response = await call('POST', '/completeOrder', who, { address: validAddress, payment_method: 'online' });
  expect(response.statusCode, response.body).toBe(201);
  const order = response.json().data;
  return {
    id: order.id,
    total: order.total,
    gatewayOrderId: order.payment.checkout.fields.order_id,
    checkout: order.payment.checkout,
  };
}

/** The shopper's browser posting the checkout's answer back, as the gateway's page makes it. */
function postCallback(fields: Record<string, string>, orderId?: number) {
  return app().inject({
    method: 'POST',
    url: `${PAYMENT_CALLBACK_PATH}${orderId ? `?order=${orderId}` : ''}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
}

function postWebhook(hook: Pick<SignedWebhook, 'body' | 'headers'>) {
  return app().inject({ method: 'POST', url: PAYMENT_WEBHOOK_PATH, headers: hook.headers, payload: hook.body });
}

async function orderOf(who: Shopper, id: number) {
  const response = await call('GET', `/orders/${id}`, who);
  expect(response.statusCode).toBe(200);
  return response.json().data;
}

async function placedEvents(orderId: number) {
  return app()
    .db.select()
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.status, 'placed')));
}

describe('paying online through the gateway', () => {
  it('places an online order awaiting payment, its stock held, with the gateway order for the total the server decided', async () => {
    const shopper = await createShopper(app());
    const product = await productNamed(app(), PRODUCT);
    const before = await stockOf(app(), product.id);
    const order = await placeOnline(shopper, 2);
    const shown = await orderOf(shopper, order.id);
    expect(shown.status).toBe('awaiting_payment');
    expect(shown.payment_method).toBe('online');
    expect(shown.payment.status).toBe('created');
    expect(await stockOf(app(), product.id)).toBe(before - 2);
    // The gateway's order is for the server's total, and the checkout form names it as Razorpay's hosted checkout asks.
    expect(standIn.orders.get(order.gatewayOrderId)?.amount).toBe(shown.total);
    expect(order.checkout.action).toBe(standIn.checkoutUrl);
    expect(order.checkout.fields).toMatchObject({
      key_id: STAND_IN_KEYS.keyId,
      order_id: order.gatewayOrderId,
      amount: String(shown.total),
      currency: 'INR',
      callback_url: `https://cineverse.test${PAYMENT_CALLBACK_PATH}?order=${order.id}`,
    });
    expect(new Date(shown.payment.expires_at).getTime() - new Date(shown.created_at).getTime()).toBe(15 * MINUTE);
    // Nothing is paid: the order cannot be cancelled into a refund, and is not yet told as placed.
    expect(shown.can_cancel).toBe(false);
  });

  it('is paid by a verified checkout callback, and the shopper lands on the order page', async () => {
    const shopper = await createShopper(app());
    const order = await placeOnline(shopper);
    const { callback, payment } = await standIn.pay(order.gatewayOrderId, { method: 'upi' });
    const response = await postCallback(callback, order.id);
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`https://cineverse.test/orders/${order.id}?payment=paid`);
    const shown = await orderOf(shopper, order.id);
    expect(shown.status).toBe('placed');
    expect(shown.payment).toMatchObject({
      status: 'paid',
      method: 'upi',
      gateway_payment_id: payment.id,
      checkout: null,
    });
    // Told in their language, by mail, that it is paid and placed.
    const [account] = await app().db.select({ email: users.email }).from(users).where(eq(users.id, shopper.id));
    const mails = await app().db.select().from(mailOutbox).where(eq(mailOutbox.to, account!.email!));
    expect(mails.some((mail) => mail.text.includes('payment of') && mail.text.includes('(paid online)'))).toBe(true);
  });

  it('refuses a callback whose signature is not the gateway’s, and the order keeps waiting', async () => {
    const shopper = await createShopper(app());
    const order = await placeOnline(shopper);
    const { callback } = await standIn.pay(order.gatewayOrderId);
    const forged = [
      { ...callback, razorpay_signature: callback.razorpay_signature!.replace(/.$/, (c) => (c === '0' ? '1' : '0')) },
      // Signed with the webhook secret instead of the key secret.
      {
        ...callback,
        razorpay_signature: razorpaySignature(
          STAND_IN_KEYS.webhookSecret,
          `${callback.razorpay_order_id}|${callback.razorpay_payment_id}`,
        ),
      },
      { ...callback, razorpay_signature: 'short' },
      { ...callback, razorpay_payment_id: 'pay_SomeoneElses01' },
    ];
    for (const fields of forged) {
      const response = await postCallback(fields);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message: 'This payment could not be verified', code: 'pay_unverified' });
    }
    expect((await orderOf(shopper, order.id)).status).toBe('awaiting_payment');
  });

  it('is paid by a signed webhook applied once however often it comes, and refuses an unsigned one', async () => {
    const shopper = await createShopper(app());
    const order = await placeOnline(shopper);
    const { webhooks } = await standIn.pay(order.gatewayOrderId, { method: 'card' });
    const captured = webhooks.find((hook) => hook.event === 'payment.captured')!;

    const tampered = postWebhook({ ...captured, body: captured.body.replace('"card"', '"upi"') });
    expect((await tampered).statusCode).toBe(400);
    const unsigned = await postWebhook({
      body: captured.body,
      headers: { 'content-type': 'application/json', 'x-razorpay-event-id': captured.eventId },
    });
    expect(unsigned.statusCode).toBe(400);
    expect((await orderOf(shopper, order.id)).status).toBe('awaiting_payment');

    const first = await postWebhook(captured);
    expect(first.statusCode).toBe(200);
    expect(first.json().result).toBe('applied');
    const again = await postWebhook(captured);
    expect(again.json().result).toBe('duplicate');
    // order.paid for the same payment is another event: applied, and changes nothing.
    expect((await postWebhook(webhooks.find((hook) => hook.event === 'order.paid')!)).statusCode).toBe(200);
    const shown = await orderOf(shopper, order.id);
    expect(shown.status).toBe('placed');
    expect(shown.payment.method).toBe('card');
    expect(await placedEvents(order.id)).toHaveLength(1);
    const kept = await app()
      .db.select()
      .from(paymentWebhookEvents)
      .where(eq(paymentWebhookEvents.eventId, captured.eventId));
    expect(kept).toHaveLength(1);
  });

  it('moves only forward when webhooks come shuffled: a failed attempt after the payment leaves it paid', async () => {
    const shopper = await createShopper(app());
    const order = await placeOnline(shopper);
    const failed = await standIn.pay(order.gatewayOrderId, { fail: true });
    const paid = await standIn.pay(order.gatewayOrderId, { method: 'netbanking' });
    const deliveries = [...paid.webhooks].reverse().concat(failed.webhooks, paid.webhooks, failed.webhooks);
    for (const hook of deliveries) expect((await postWebhook(hook)).statusCode).toBe(200);
    // The callback of the paid attempt, after all of it.
    expect((await postCallback(paid.callback)).statusCode).toBe(303);
    const shown = await orderOf(shopper, order.id);
    expect(shown.status).toBe('placed');
    expect(shown.payment).toMatchObject({ status: 'paid', method: 'netbanking', last_error: null });
    expect(await placedEvents(order.id)).toHaveLength(1);
  });

  it('tells the shopper a failed payment may be tried again while the order waits', async () => {
    const shopper = await createShopper(app());
    const order = await placeOnline(shopper);
    const failed = await standIn.pay(order.gatewayOrderId, { fail: true });
    const response = await postCallback(failed.callback, order.id);
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`https://cineverse.test/orders/${order.id}?payment=failed`);
    for (const hook of failed.webhooks) await postWebhook(hook);
    const shown = await orderOf(shopper, order.id);
    expect(shown.status).toBe('awaiting_payment');
    expect(shown.payment.last_error).toBe('Payment was declined by the bank');
    expect(shown.payment.checkout.fields.order_id).toBe(order.gatewayOrderId);
  });

  it('places no order when the gateway answers 5xx or too slowly, and keeps the cart and stock as they were', async () => {
    const shopper = await createShopper(app());
    const product = await productNamed(app(), PRODUCT);
    expect((await call('POST', '/addToCart', shopper, { product_id: product.id, quantity: 1 })).statusCode).toBe(200);
    const stock = await stockOf(app(), product.id);
    for (const failure of [{ status: 503 }, 'no-answer'] as const) {
      standIn.failNext(failure);
      const response = await call('POST', '/completeOrder', shopper, {
        address: validAddress,
        payment_method: 'online',
      });
      expect(response.statusCode).toBe(502);
      expect(response.json()).toMatchObject({ code: 'pay_gateway_down', field: 'payment_method' });
      expect(await stockOf(app(), product.id)).toBe(stock);
      expect((await call('GET', '/getCartItems', shopper)).json().data).toHaveLength(1);
    }
    // Cash on delivery still works meanwhile.
    standIn.failNext({ status: 500 });
    const cod = await call('POST', '/completeOrder', shopper, { address: validAddress, payment_method: 'cod' });
    expect(cod.statusCode).toBe(201);
    standIn.clearFailures();
  });

  it('takes a verified callback as paid even when the gateway does not answer about the payment then', async () => {
    const shopper = await createShopper(app());
    const order = await placeOnline(shopper);
    const { callback } = await standIn.pay(order.gatewayOrderId);
    standIn.failNext({ status: 502 });
    expect((await postCallback(callback)).statusCode).toBe(303);
    expect((await orderOf(shopper, order.id)).status).toBe('placed');
  });

  it('finds paid, by the reconciliation job, an order whose tab was closed and whose webhooks did not come', async () => {
    const shopper = await createShopper(app());
    const order = await placeOnline(shopper);
    // Paid on the gateway's page; the tab closed before the callback, and no webhook arrived.
    const { payment } = await standIn.pay(order.gatewayOrderId, { method: 'upi' });
    const placedAt = new Date((await orderOf(shopper, order.id)).created_at).getTime();
    // Before 10 minutes the job leaves it alone.
    expect((await app().payments.reconcile(new Date(placedAt + 9 * MINUTE))).asked).toBe(0);
    // The gateway down for the whole pass: nothing changes, and nothing is lost.
    standIn.failNext({ status: 500 }, 1000);
    const down = await app().payments.reconcile(new Date(placedAt + 11 * MINUTE));
    standIn.clearFailures();
    expect(down.unanswered).toBe(down.asked);
    expect((await orderOf(shopper, order.id)).status).toBe('awaiting_payment');
    const pass = await app().payments.reconcile(new Date(placedAt + 11 * MINUTE));
    expect(pass.paid).toBeGreaterThanOrEqual(1);
    const shown = await orderOf(shopper, order.id);
    expect(shown.status).toBe('placed');
    expect(shown.payment.gateway_payment_id).toBe(payment.id);
  });

  it('lets an unpaid order expire after 15 minutes: the stock goes back and the shopper is told', async () => {
    const shopper = await createShopper(app());
    // A product of its own: the other tests' orders expire in the same pass.
    const product = await productNamed(app(), 'Film Reel Enamel Pin Set');
    const before = await stockOf(app(), product.id);
    const order = await placeOnline(shopper, 3, 'Film Reel Enamel Pin Set');
    expect(await stockOf(app(), product.id)).toBe(before - 3);
    const placedAt = new Date((await orderOf(shopper, order.id)).created_at).getTime();
    await app().payments.reconcile(new Date(placedAt + 12 * MINUTE));
    expect((await orderOf(shopper, order.id)).status).toBe('awaiting_payment');
    await app().payments.reconcile(new Date(placedAt + 15 * MINUTE + 1000));
    const shown = await orderOf(shopper, order.id);
    expect(shown.status).toBe('expired');
    expect(shown.payment.status).toBe('expired');
    expect(shown.payment.checkout).toBeNull();
    expect(await stockOf(app(), product.id)).toBe(before);
    const [account] = await app().db.select({ email: users.email }).from(users).where(eq(users.id, shopper.id));
    const mails = await app().db.select().from(mailOutbox).where(eq(mailOutbox.to, account!.email!));
    expect(mails.map((mail) => mail.subject)).toContain(`Order #${order.id} not paid`);
  });

  it('honours a payment after expiry while the stock is there, and refunds it through the gateway when it is not', async () => {
    const product = await productNamed(app(), PRODUCT);
    await setStock(app(), product.id, 50);
    const honoured = await createShopper(app());
    const refunded = await createShopper(app());
    const first = await placeOnline(honoured, 2);
    const second = await placeOnline(refunded, 2);
    const placedAt = new Date((await orderOf(honoured, first.id)).created_at).getTime();
    await app().payments.reconcile(new Date(placedAt + 16 * MINUTE));
    expect((await orderOf(honoured, first.id)).status).toBe('expired');
    expect((await orderOf(refunded, second.id)).status).toBe('expired');
    const stock = await stockOf(app(), product.id);

    // Paid late, stock still there: honoured, the stock taken again.
    const late = await standIn.pay(first.gatewayOrderId);
    for (const hook of late.webhooks) expect((await postWebhook(hook)).statusCode).toBe(200);
    const kept = await orderOf(honoured, first.id);
    expect(kept.status).toBe('placed');
    expect(kept.payment.status).toBe('paid');
    expect(await stockOf(app(), product.id)).toBe(stock - 2);

    // Paid late, sold out meanwhile: the whole payment goes back through the gateway, once.
    await setStock(app(), product.id, 1);
    const refundsBefore = standIn.refunds.length;
    const tooLate = await standIn.pay(second.gatewayOrderId);
    await postCallback(tooLate.callback);
    for (const hook of tooLate.webhooks) await postWebhook(hook);
    const gone = await orderOf(refunded, second.id);
    expect(gone.status).toBe('expired');
    expect(gone.payment.status).toBe('refunded');
    expect(standIn.refunds.slice(refundsBefore)).toEqual([
      expect.objectContaining({ payment_id: tooLate.payment.id, amount: second.total }),
    ]);
    expect(gone.refunds).toEqual([
      expect.objectContaining({ amount: second.total, reference: standIn.refunds.at(-1)!.id }),
    ]);
    expect(await stockOf(app(), product.id)).toBe(1);
  });

  it('refunds a prepaid order through the gateway, partly then fully, with one refund per request however often it is tried', async () => {
    const shopper = await createShopper(app());
    const manager = await createStaff(app(), 'shop_manager');
    const product = await productNamed(app(), PRODUCT);
    await setStock(app(), product.id, 50);
    const order = await placeOnline(shopper, 2);
    const { callback, payment } = await standIn.pay(order.gatewayOrderId);
    await postCallback(callback);
    const move = (body: object) =>
      app().inject({
        method: 'POST',
        url: `/backend/api/api/admin/v1/orders/${order.id}/transition`,
        headers: manager.headers,
        payload: body,
      });
    expect((await move({ to: 'confirmed' })).statusCode).toBe(200);
    expect((await move({ to: 'shipped', courier: 'Delhivery', tracking_id: 'DLV123' })).statusCode).toBe(200);
    expect((await move({ to: 'delivered' })).statusCode).toBe(200);

    // The gateway does the refund, and its answer is lost: the staff member is told to try again.
    standIn.failNext('answer-lost');
    const lost = await move({ to: 'refunded', refund_amount: 50_000, note: 'One poster was torn' });
    expect(lost.statusCode).toBe(502);
    expect(lost.json().code).toBe('pay_refund_failed');
    // Tried again: the same idempotency key gives the same refund, not a second one.
    const part = await move({ to: 'refunded', refund_amount: 50_000, note: 'One poster was torn' });
    expect(part.statusCode, part.body).toBe(200);
    const ofPayment = () => standIn.refunds.filter((refund) => refund.payment_id === payment.id);
    expect(ofPayment()).toHaveLength(1);
    expect(part.json().data.refunds).toEqual([
      expect.objectContaining({ amount: 50_000, reference: ofPayment()[0]!.id }),
    ]);
    expect(part.json().data.status).toBe('delivered');
    // The back office shows how it was paid.
    expect(part.json().data.payment).toMatchObject({ status: 'paid', method: 'upi', gateway_payment_id: payment.id });

    // The rest, through the one function other parts call.
    const rest = await app().db.transaction((tx) =>
      app().orderRepository.refundOrder(tx, order.id, { amount: order.total - 50_000, note: 'The rest' }),
    );
    expect(rest.after.status).toBe('refunded');
    expect(ofPayment().map((refund) => refund.amount)).toEqual([50_000, order.total - 50_000]);
  });

  it('gives a paid order cancelled before it ships back through the gateway', async () => {
    const shopper = await createShopper(app());
    const order = await placeOnline(shopper);
    const { callback, payment } = await standIn.pay(order.gatewayOrderId);
    await postCallback(callback);
    const response = await call('POST', `/orders/${order.id}/cancel`, shopper);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.status).toBe('cancelled');
    expect(standIn.refunds.filter((refund) => refund.payment_id === payment.id)).toEqual([
      expect.objectContaining({ amount: order.total }),
    ]);
  });

  it('shows an order and its payment to its shopper only', async () => {
    const shopper = await createShopper(app());
    const other = await createShopper(app());
    const order = await placeOnline(shopper);
    expect((await call('GET', `/orders/${order.id}`, other)).statusCode).toBe(404);
    expect((await call('POST', `/orders/${order.id}/cancel`, other)).statusCode).toBe(404);
    const rows = await app().db.select().from(orderPayments).where(eq(orderPayments.orderId, order.id));
    expect(rows).toHaveLength(1);
  });

  it('holds stock for at most 3 unpaid orders of one shopper; a fourth is refused until one is paid or let go', async () => {
    const shopper = await createShopper(app());
    const name = 'Mumbai Chai Masala Tin';
    const product = await productNamed(app(), name);
    await setStock(app(), product.id, 20);
    const waiting = [];
    for (let index = 0; index < 3; index += 1) waiting.push(await placeOnline(shopper, 1, name));
    const held = await stockOf(app(), product.id);
    expect((await call('POST', '/addToCart', shopper, { product_id: product.id, quantity: 1 })).statusCode).toBe(200);
    const fourth = await call('POST', '/completeOrder', shopper, { address: validAddress, payment_method: 'online' });
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toEqual({
      message:
        'You have 3 orders waiting for their payment: pay one of them, or wait until it is let go 15 minutes after it was placed',
      field: 'payment_method',
      code: 'pay_waiting_limit',
      params: { max: '3', minutes: '15' },
    });
    // Nothing more is held, and the cart keeps its line.
    expect(await stockOf(app(), product.id)).toBe(held);
    expect((await call('GET', '/getCartItems', shopper)).json().data).toHaveLength(1);
    // Another shopper's orders are theirs to count.
    await placeOnline(await createShopper(app()), 1, name);
    // Cash on delivery holds nothing for a payment: still open to them.
    const cod = await call('POST', '/completeOrder', shopper, { address: validAddress, payment_method: 'cod' });
    expect(cod.statusCode, cod.body).toBe(201);
    // One of the three paid: another online order may wait.
    const paid = waiting[0]!;
    const { callback } = await standIn.pay(paid.gatewayOrderId, { method: 'upi' });
    expect((await postCallback(callback, paid.id)).statusCode).toBe(303);
    expect((await orderOf(shopper, paid.id)).status).toBe('placed');
    await placeOnline(shopper, 1, name);
  });

  it('says online payment is offered', async () => {
    const response = await app().inject({ method: 'GET', url: '/backend/api/api/v1/payments/options' });
    expect(response.json()).toEqual({ data: { online: true } });
  });
});

describe('without the gateway’s keys', () => {
  it('offers only cash on delivery, and refuses an online order', async () => {
    const plain = await createTestApp();
    try {
      const options = await plain.app.inject({ method: 'GET', url: '/backend/api/api/v1/payments/options' });
      expect(options.json()).toEqual({ data: { online: false } });
      const shopper = await createShopper(plain.app);
      const product = await productNamed(plain.app, PRODUCT);
      await plain.app.inject({
        method: 'POST',
        url: `${USER_API}/addToCart`,
        headers: shopper.headers,
        payload: { product_id: product.id, quantity: 1 },
      });
      const response = await plain.app.inject({
        method: 'POST',
        url: `${USER_API}/completeOrder`,
        headers: shopper.headers,
        payload: { address: validAddress, payment_method: 'online' },
      });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ code: 'pay_unavailable', field: 'payment_method' });
      const webhook = await plain.app.inject({
        method: 'POST',
        url: PAYMENT_WEBHOOK_PATH,
        headers: { 'content-type': 'application/json', 'x-razorpay-signature': 'x' },
        payload: '{}',
      });
      expect(webhook.statusCode).toBe(409);
    } finally {
      await plain.close();
    }
  });
});
