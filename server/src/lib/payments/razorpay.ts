import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  type CheckoutForm,
  GatewayError,
  type GatewayPayment,
  type GatewayRefund,
  type PaymentGateway,
  type PaymentSettings,
} from './gateway.js';

/** A gateway that has not answered in 10 s is taken as down; its webhooks and the reconciliation job catch up. */
export const GATEWAY_TIMEOUT_MS = 10_000;

/** HMAC-SHA256 in hex, as Razorpay signs. */
export function razorpaySignature(secret: string, text: string): string {
  return createHmac('sha256', secret).update(text, 'utf8').digest('hex');
}

/** Compares a signature in constant time: a wrong one tells an attacker nothing of where it went wrong. */
export function sameSignature(expected: string, given: string): boolean {
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(given, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

interface RazorpayPaymentEntity {
  id: string;
  order_id: string;
  amount: number;
  currency: string;
  status: string;
  method?: string | null;
  error_description?: string | null;
}

export function paymentOf(entity: RazorpayPaymentEntity): GatewayPayment {
  return {
    id: entity.id,
    orderId: entity.order_id,
    amount: entity.amount,
    currency: entity.currency,
    status: entity.status,
    method: entity.method ?? null,
    errorDescription: entity.error_description ?? null,
  };
}

/**
 * Razorpay's REST API (`/v1`, Basic auth with the key id and secret, JSON), as its documentation gives it: Orders
 * (`POST /v1/orders`, `GET /v1/orders/:id/payments`), Payments (`GET /v1/payments/:id`), Refunds (`POST
 * /v1/payments/:id/refund` with the `X-Refund-Idempotency` header), the hosted checkout's form (key_id, order_id,
 * callback_url…) and both signatures: HMAC-SHA256 of `order_id|payment_id` with the key secret for the checkout
 * callback, of the raw body with the webhook secret for webhooks.
 */
export function razorpayGateway(settings: PaymentSettings, { timeoutMs = GATEWAY_TIMEOUT_MS } = {}): PaymentGateway {
  const authorization = `Basic ${Buffer.from(`${settings.keyId}:${settings.keySecret}`).toString('base64')}`;

  async function call<T>(method: 'GET' | 'POST', path: string, body?: object, headers: Record<string, string> = {}) {
    let response: Response;
    try {
      response = await fetch(new URL(path, settings.apiUrl), {
        method,
        headers: {
          authorization,
          accept: 'application/json',
          ...(body ? { 'content-type': 'application/json' } : {}),
          ...headers,
        },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new GatewayError('unreachable', `Razorpay did not answer: ${(error as Error).message}`, null, {
        cause: error,
      });
    }
    const text = await response.text().catch(() => '');
    let answer: unknown = null;
    try {
      answer = JSON.parse(text);
    } catch {
      // Not JSON (a proxy's error page): judged by its status below.
    }
    if (!response.ok || answer === null) {
      const said = (answer as { error?: { description?: string } } | null)?.error?.description ?? text.slice(0, 200);
      throw new GatewayError('refused', `Razorpay answered ${response.status}: ${said}`, response.status);
    }
    return answer as T;
  }

  return {
    name: 'razorpay',
    checkoutOrigin: new URL(settings.checkoutUrl).origin,
    async createOrder({ amount, receipt, notes }) {
      const order = await call<{ id: string }>('POST', '/v1/orders', {
        amount,
        currency: 'INR',
        receipt,
        notes: notes ?? {},
      });
      return { id: order.id };
    },
    async orderPayments(gatewayOrderId) {
      const list = await call<{ items: RazorpayPaymentEntity[] }>(
        'GET',
        `/v1/orders/${encodeURIComponent(gatewayOrderId)}/payments`,
      );
      return list.items.map(paymentOf);
    },
    async fetchPayment(paymentId) {
      return paymentOf(await call<RazorpayPaymentEntity>('GET', `/v1/payments/${encodeURIComponent(paymentId)}`));
    },
    async refund(paymentId, { amount, idempotencyKey }) {
      const refund = await call<{ id: string; payment_id: string; amount: number; status: string }>(
        'POST',
        `/v1/payments/${encodeURIComponent(paymentId)}/refund`,
        { amount, speed: 'normal' },
        { 'x-refund-idempotency': idempotencyKey },
      );
      return { id: refund.id, paymentId: refund.payment_id, amount: refund.amount, status: refund.status };
    },
    checkoutForm({ gatewayOrderId, amount, description, callbackUrl, cancelUrl, prefill }): CheckoutForm {
      return {
        action: settings.checkoutUrl,
        fields: {
          key_id: settings.keyId,
          order_id: gatewayOrderId,
          amount: String(amount),
          currency: 'INR',
          name: 'CineVerse',
          description,
          callback_url: callbackUrl,
          cancel_url: cancelUrl,
          'prefill[name]': prefill.name,
          'prefill[contact]': `+91${prefill.contact}`,
          ...(prefill.email ? { 'prefill[email]': prefill.email } : {}),
        },
      };
    },
    verifyCheckout({ gatewayOrderId, paymentId, signature }) {
      return sameSignature(razorpaySignature(settings.keySecret, `${gatewayOrderId}|${paymentId}`), signature);
    },
    verifyWebhook(rawBody, signature) {
      return sameSignature(razorpaySignature(settings.webhookSecret, rawBody), signature);
    },
  };
}

export type { GatewayRefund };
