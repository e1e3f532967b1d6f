/**
 * Where online payments go: an order is made at the gateway for the order's total, the shopper pays on the gateway's
 * own checkout page (a redirect: the PWA loads no third-party script), and the gateway tells us by a signed callback
 * through the shopper's browser and by signed webhooks; we ask it too (reconciliation) and refund through it.
 * One adapter speaks Razorpay's HTTP API (`razorpay.ts`); tests run it against a loopback stand-in of that API.
 */

/** A payment as the gateway reports it (Razorpay's payment entity, the fields we use). */
export interface GatewayPayment {
  /** `pay_…` */
  id: string;
  /** The gateway's order it pays (`order_…`). */
  orderId: string;
  /** Paise. */
  amount: number;
  currency: string;
  /** created, authorized, captured, refunded or failed. */
  status: string;
  /** upi, card, netbanking, wallet… */
  method: string | null;
  /** Why a failed payment failed, in the gateway's words. */
  errorDescription: string | null;
}

export interface GatewayRefund {
  /** `rfnd_…` */
  id: string;
  paymentId: string;
  amount: number;
  /** pending, processed or failed. */
  status: string;
}

/** The form the shopper's browser posts to the gateway's checkout page. */
export interface CheckoutForm {
  action: string;
  fields: Record<string, string>;
}

export interface PaymentGateway {
  readonly name: 'razorpay';
  /** The checkout page's origin: the app's form-action allows it. */
  readonly checkoutOrigin: string;
  /** Makes the gateway's order for `amount` paise, named by our `receipt`; its id goes to the checkout. */
  createOrder(input: { amount: number; receipt: string; notes?: Record<string, string> }): Promise<{ id: string }>;
  /** Every payment attempt on the gateway's order, oldest first. */
  orderPayments(gatewayOrderId: string): Promise<GatewayPayment[]>;
  fetchPayment(paymentId: string): Promise<GatewayPayment>;
  /**
   * Refunds `amount` paise of a captured payment. `idempotencyKey` (10 or more of letters, digits, `-` and `_`) makes a
   * retry of the same refund return the refund already made instead of paying twice.
   */
  refund(paymentId: string, input: { amount: number; idempotencyKey: string }): Promise<GatewayRefund>;
  /** The redirect checkout's form for a gateway order. */
  checkoutForm(input: {
    gatewayOrderId: string;
    amount: number;
    description: string;
    callbackUrl: string;
    cancelUrl: string;
    prefill: { name: string; contact: string; email: string | null };
  }): CheckoutForm;
  /** Whether the checkout callback's signature is the gateway's for our stored order id and its payment id. */
  verifyCheckout(input: { gatewayOrderId: string; paymentId: string; signature: string }): boolean;
  /** Whether a webhook's `X-Razorpay-Signature` is the gateway's for these exact bytes. */
  verifyWebhook(rawBody: string, signature: string): boolean;
}

/**
 * The gateway did not do what was asked: `unreachable` when no answer came in time (the request may still have been
 * done: retry with the same idempotency key), `refused` when it answered with an error.
 */
export class GatewayError extends Error {
  constructor(
    readonly reason: 'unreachable' | 'refused',
    message: string,
    readonly status: number | null = null,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'GatewayError';
  }
}

/** The Razorpay account payments go through (RAZORPAY_* in the environment; docs/operations/payments.md). */
export interface PaymentSettings {
  /** RAZORPAY_KEY_ID: `rzp_live_…` or `rzp_test_…`; public (it goes to the checkout form). */
  keyId: string;
  /** RAZORPAY_KEY_SECRET: the API's Basic auth password; signs the checkout callback. */
  keySecret: string;
  /** RAZORPAY_WEBHOOK_SECRET: the secret set on the Dashboard's webhook; signs webhooks. */
  webhookSecret: string;
  /** RAZORPAY_API_URL: `https://api.razorpay.com` unless set (a stand-in's address in tests). */
  apiUrl: string;
  /** RAZORPAY_CHECKOUT_URL: the hosted checkout form's address, `https://api.razorpay.com/v1/checkout/embedded`. */
  checkoutUrl: string;
}
