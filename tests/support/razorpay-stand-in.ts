import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { razorpaySignature } from '../../server/src/lib/payments/razorpay.js';

/** The Razorpay account the stand-in and the app under test share. */
export const STAND_IN_KEYS = {
  keyId: 'rzp_test_StandIn0001',
  keySecret: 'stand-in-key-secret-0001',
  webhookSecret: 'stand-in-webhook-secret-0001',
};

export type PaymentMethodChoice = 'upi' | 'card' | 'netbanking';

interface StandInOrder {
  id: string;
  entity: 'order';
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: string;
  receipt: string;
  status: 'created' | 'attempted' | 'paid';
  attempts: number;
  notes: Record<string, string>;
  created_at: number;
}

interface StandInPayment {
  id: string;
  entity: 'payment';
  amount: number;
  currency: string;
  status: 'captured' | 'failed' | 'refunded';
  order_id: string;
  method: PaymentMethodChoice;
  captured: boolean;
  amount_refunded: number;
  error_code: string | null;
  error_description: string | null;
  created_at: number;
}

interface StandInRefund {
  id: string;
  entity: 'refund';
  amount: number;
  currency: string;
  payment_id: string;
  status: 'processed';
  speed_processed: 'normal';
  created_at: number;
}

/** A webhook as Razorpay sends it: the exact bytes and the headers that go with them. */
export interface SignedWebhook {
  eventId: string;
  event: string;
  body: string;
  headers: Record<string, string>;
}

/** The fields the checkout posts to our callback_url. */
export type CheckoutCallback = Record<string, string>;

/**
 * A failure the stand-in answers instead of the API's answer: an error status, no answer at all (slow), or the
 * request done but its answer lost (the connection hangs after the work).
 */
export type GatewayFailure = { status: number } | 'no-answer' | 'answer-lost';

export interface RazorpayStandIn {
  /** `http://127.0.0.1:<port>`, for RAZORPAY_API_URL. */
  url: string;
  /** The hosted checkout's address, for RAZORPAY_CHECKOUT_URL. */
  checkoutUrl: string;
  orders: Map<string, StandInOrder>;
  payments: Map<string, StandInPayment>;
  refunds: StandInRefund[];
  /** Where webhooks go when a payment is made through the checkout page (none: kept in `sent` only). */
  webhookUrl: string | undefined;
  /** Every webhook made, in the order made. */
  sent: SignedWebhook[];
  /** The next `count` API requests (1 by default) get `failure`. */
  failNext(failure: GatewayFailure, count?: number): void;
  /** Forgets the failures not answered yet. */
  clearFailures(): void;
  /**
   * Pays the gateway order as a shopper on the checkout page would: a captured payment (or a failed one), its
   * webhooks made (and posted to `webhookUrl` when `deliver`), and the callback fields the browser would post back.
   */
  pay(
    gatewayOrderId: string,
    options?: { method?: PaymentMethodChoice; fail?: boolean; deliver?: boolean },
  ): Promise<{ payment: StandInPayment; callback: CheckoutCallback; webhooks: SignedWebhook[] }>;
  close(): Promise<void>;
}

const now = () => Math.floor(Date.now() / 1000);
/** Razorpay's ids: a prefix and 14 letters and digits. */
const idOf = (prefix: string) =>
  `${prefix}_${randomBytes(12)
    .toString('base64')
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, 14)}`;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * A loopback stand-in of Razorpay, as its documentation gives it: the REST API under `/v1` with Basic auth (key id
 * and secret; anything else is 401), Orders (`POST /v1/orders`, `GET /v1/orders/:id`, `GET /v1/orders/:id/payments`),
 * Payments (`GET /v1/payments/:id`), Refunds (`POST /v1/payments/:id/refund`, idempotent by `X-Refund-Idempotency`:
 * the same key and body give the same refund, another body 400), the hosted checkout page (`POST
 * /v1/checkout/embedded` with key_id, order_id, callback_url: UPI, card or net banking) that posts
 * `razorpay_payment_id`, `razorpay_order_id` and `razorpay_signature` (HMAC-SHA256 of `order_id|payment_id` with the
 * key secret) back to callback_url, and webhooks (`payment.captured`, `order.paid`, `payment.failed`) signed with the
 * webhook secret over the raw body in `X-Razorpay-Signature`, with `x-razorpay-event-id`.
 */
export async function startRazorpayStandIn(
  options: { keyId?: string; keySecret?: string; webhookSecret?: string; webhookUrl?: string; port?: number } = {},
): Promise<RazorpayStandIn> {
  const keyId = options.keyId ?? STAND_IN_KEYS.keyId;
  const keySecret = options.keySecret ?? STAND_IN_KEYS.keySecret;
  const webhookSecret = options.webhookSecret ?? STAND_IN_KEYS.webhookSecret;
  const orders = new Map<string, StandInOrder>();
  const payments = new Map<string, StandInPayment>();
  const refunds: StandInRefund[] = [];
  const refundKeys = new Map<string, { body: string; refund: StandInRefund }>();
  const failures: GatewayFailure[] = [];
  const hanging = new Set<ServerResponse>();
  const sent: SignedWebhook[] = [];

  const json = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };
  const error = (response: ServerResponse, status: number, description: string, field?: string) =>
    json(response, status, {
      error: { code: 'BAD_REQUEST_ERROR', description, source: 'NA', step: 'NA', reason: 'NA', metadata: {}, field },
    });
  const html = (response: ServerResponse, body: string) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Razorpay stand-in checkout</title>
<style>body{font-family:sans-serif;max-width:26rem;margin:1rem auto;padding:0 1rem}label{display:block;margin:.6rem 0}
button{font-size:1rem;padding:.6rem 1rem;margin-top:.6rem}</style></head><body>${body}</body></html>`);
  };

  function webhook(event: string, payment: StandInPayment): SignedWebhook {
    const order = orders.get(payment.order_id)!;
    const payload: Record<string, unknown> = { payment: { entity: payment } };
    if (event === 'order.paid') payload.order = { entity: order };
    const body = JSON.stringify({
      entity: 'event',
      account_id: 'acc_StandIn000001',
      event,
      contains: Object.keys(payload),
      payload,
      created_at: now(),
    });
    const eventId = idOf('evt');
    return {
      eventId,
      event,
      body,
      headers: {
        'content-type': 'application/json',
        'x-razorpay-signature': razorpaySignature(webhookSecret, body),
        'x-razorpay-event-id': eventId,
      },
    };
  }

  async function deliver(hooks: SignedWebhook[]) {
    if (!standIn.webhookUrl) return;
    for (const hook of hooks) {
      await fetch(standIn.webhookUrl, { method: 'POST', headers: hook.headers, body: hook.body }).catch(() => {});
    }
  }

  function pay(gatewayOrderId: string, method: PaymentMethodChoice, fail: boolean) {
    const order = orders.get(gatewayOrderId);
    if (!order) throw new Error(`No order ${gatewayOrderId}`);
    order.attempts += 1;
    const payment: StandInPayment = {
      id: idOf('pay'),
      entity: 'payment',
      amount: order.amount,
      currency: order.currency,
      status: fail ? 'failed' : 'captured',
      order_id: order.id,
      method,
      captured: !fail,
      amount_refunded: 0,
      error_code: fail ? 'BAD_REQUEST_ERROR' : null,
      error_description: fail ? 'Payment was declined by the bank' : null,
      created_at: now(),
    };
    payments.set(payment.id, payment);
    if (fail) {
      order.status = 'attempted';
      const callback = {
        'error[code]': 'BAD_REQUEST_ERROR',
        'error[description]': payment.error_description!,
        'error[source]': 'bank',
        'error[step]': 'payment_authorization',
        'error[reason]': 'payment_failed',
        'error[metadata][order_id]': order.id,
        'error[metadata][payment_id]': payment.id,
      };
      const hooks = [webhook('payment.failed', payment)];
      sent.push(...hooks);
      return { payment, callback, webhooks: hooks };
    }
    order.status = 'paid';
    order.amount_paid = order.amount;
    order.amount_due = 0;
    const callback = {
      razorpay_payment_id: payment.id,
      razorpay_order_id: order.id,
      razorpay_signature: razorpaySignature(keySecret, `${order.id}|${payment.id}`),
    };
    const hooks = [webhook('payment.captured', payment), webhook('order.paid', payment)];
    sent.push(...hooks);
    return { payment, callback, webhooks: hooks };
  }

  function checkoutPage(response: ServerResponse, form: URLSearchParams) {
    const order = orders.get(form.get('order_id') ?? '');
    if (form.get('key_id') !== keyId || !order) return error(response, 400, 'The id provided does not exist');
    const callbackUrl = form.get('callback_url') ?? '';
    const rupees = `₹${(order.amount / 100).toLocaleString('en-IN', { minimumFractionDigits: 2 })}`;
    html(
      response,
      `<h1>Pay ${escapeHtml(rupees)}</h1><p>${escapeHtml(form.get('name') ?? '')}: ${escapeHtml(form.get('description') ?? '')}</p>
<form method="post" action="/v1/checkout/pay">
<input type="hidden" name="order_id" value="${escapeHtml(order.id)}">
<input type="hidden" name="callback_url" value="${escapeHtml(callbackUrl)}">
<fieldset><legend>Pay with</legend>
<label><input type="radio" name="method" value="upi" checked> UPI</label>
<label><input type="radio" name="method" value="card"> Card</label>
<label><input type="radio" name="method" value="netbanking"> Net banking</label>
</fieldset>
<label><input type="checkbox" name="fail" value="1"> Make this payment fail</label>
<button type="submit">Pay ${escapeHtml(rupees)}</button></form>`,
    );
  }

  async function paid(response: ServerResponse, form: URLSearchParams) {
    const method = (form.get('method') ?? 'upi') as PaymentMethodChoice;
    const outcome = pay(form.get('order_id') ?? '', method, form.get('fail') === '1');
    await deliver(outcome.webhooks);
    const fields = Object.entries(outcome.callback)
      .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
      .join('\n');
    // Razorpay sends the browser straight back; here the shopper presses the button, so a test can close the tab
    // between the payment and the callback.
    html(
      response,
      `<h1>${outcome.payment.status === 'captured' ? 'Payment successful' : 'Payment failed'}</h1>
<form method="post" action="${escapeHtml(form.get('callback_url') ?? '')}">${fields}
<button type="submit">Return to the shop</button></form>`,
    );
  }

  function api(request: IncomingMessage, response: ServerResponse, url: URL, raw: string) {
    const expected = `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString('base64')}`;
    if (request.headers.authorization !== expected) {
      return error(response, 401, 'Authentication failed');
    }
    const failure = failures.shift();
    if (failure === 'no-answer') {
      hanging.add(response);
      return;
    }
    if (failure === 'answer-lost') {
      hanging.add(response);
      // The work is done; the answer never leaves.
      const lost = { writeHead: () => lost, end: () => lost } as unknown as ServerResponse;
      return handle(request, lost, url, raw);
    }
    if (failure) return error(response, failure.status, 'The server encountered an error');
    return handle(request, response, url, raw);
  }

  function handle(request: IncomingMessage, response: ServerResponse, url: URL, raw: string) {
    let body: Record<string, unknown> = {};
    if (raw) {
      try {
        body = JSON.parse(raw) as Record<string, unknown>;
      } catch {
        return error(response, 400, 'Invalid JSON');
      }
    }
    const path = url.pathname;
    let match: RegExpExecArray | null;
    if (request.method === 'POST' && path === '/v1/orders') {
      if (!Number.isInteger(body.amount) || (body.amount as number) < 100) {
        return error(response, 400, 'The amount must be atleast INR 1.00', 'amount');
      }
      const order: StandInOrder = {
        id: idOf('order'),
        entity: 'order',
        amount: body.amount as number,
        amount_paid: 0,
        amount_due: body.amount as number,
        currency: (body.currency as string) ?? 'INR',
        receipt: (body.receipt as string) ?? '',
        status: 'created',
        attempts: 0,
        notes: (body.notes as Record<string, string>) ?? {},
        created_at: now(),
      };
      orders.set(order.id, order);
      return json(response, 200, order);
    }
    if (request.method === 'GET' && (match = /^\/v1\/orders\/([^/]+)\/payments$/.exec(path))) {
      if (!orders.has(match[1]!)) return error(response, 400, 'The id provided does not exist');
      const items = [...payments.values()].filter((payment) => payment.order_id === match![1]);
      return json(response, 200, { entity: 'collection', count: items.length, items });
    }
    if (request.method === 'GET' && (match = /^\/v1\/orders\/([^/]+)$/.exec(path))) {
      const order = orders.get(match[1]!);
      return order ? json(response, 200, order) : error(response, 400, 'The id provided does not exist');
    }
    if (request.method === 'GET' && (match = /^\/v1\/payments\/([^/]+)$/.exec(path))) {
      const payment = payments.get(match[1]!);
      return payment ? json(response, 200, payment) : error(response, 400, 'The id provided does not exist');
    }
    if (request.method === 'POST' && (match = /^\/v1\/payments\/([^/]+)\/refund$/.exec(path))) {
      const payment = payments.get(match[1]!);
      if (!payment) return error(response, 400, 'The id provided does not exist');
      const key = request.headers['x-refund-idempotency'];
      if (typeof key === 'string') {
        if (!/^[A-Za-z0-9_-]{10,}$/.test(key)) return error(response, 400, 'Invalid idempotency key');
        const earlier = refundKeys.get(key);
        if (earlier) {
          return earlier.body === raw
            ? json(response, 200, earlier.refund)
            : error(response, 400, 'Different request with the same idempotency key has already been processed.');
        }
      }
      if (payment.status !== 'captured' && payment.status !== 'refunded') {
        return error(response, 400, 'The payment has not been captured');
      }
      const amount = body.amount === undefined ? payment.amount - payment.amount_refunded : (body.amount as number);
      if (!Number.isInteger(amount) || amount < 100 || amount > payment.amount - payment.amount_refunded) {
        return error(response, 400, 'The refund amount provided is greater than amount captured', 'amount');
      }
      const refund: StandInRefund = {
        id: idOf('rfnd'),
        entity: 'refund',
        amount,
        currency: payment.currency,
        payment_id: payment.id,
        status: 'processed',
        speed_processed: 'normal',
        created_at: now(),
      };
      payment.amount_refunded += amount;
      if (payment.amount_refunded === payment.amount) payment.status = 'refunded';
      refunds.push(refund);
      if (typeof key === 'string') refundKeys.set(key, { body: raw, refund });
      return json(response, 200, refund);
    }
    return error(response, 404, 'The requested URL was not found on the server.');
  }

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const url = new URL(request.url ?? '/', 'http://stand-in');
      void (async () => {
        if (request.method === 'POST' && url.pathname === '/v1/checkout/embedded') {
          return checkoutPage(response, new URLSearchParams(raw));
        }
        if (request.method === 'POST' && url.pathname === '/v1/checkout/pay') {
          return paid(response, new URLSearchParams(raw));
        }
        return api(request, response, url, raw);
      })().catch((caught: unknown) => {
        if (!response.headersSent) error(response, 500, (caught as Error).message);
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;

  const standIn: RazorpayStandIn = {
    url,
    checkoutUrl: `${url}/v1/checkout/embedded`,
    orders,
    payments,
    refunds,
    webhookUrl: options.webhookUrl,
    sent,
    failNext(failure, count = 1) {
      for (let i = 0; i < count; i += 1) failures.push(failure);
    },
    clearFailures() {
      failures.length = 0;
    },
    async pay(gatewayOrderId, { method = 'upi', fail = false, deliver: send = false } = {}) {
      const outcome = pay(gatewayOrderId, method, fail);
      if (send) await deliver(outcome.webhooks);
      return outcome;
    },
    async close() {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return standIn;
}
