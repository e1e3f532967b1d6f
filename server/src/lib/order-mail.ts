import type { StaffOrder } from '../../../src/contract/admin.js';
import type { MailMessage } from '../plugins/mailer.js';
import { formatIndianDate, formatRupees } from './money.js';

/** A refund just recorded: what was paid back and the payment's reference. */
export interface RecordedRefund {
  amount: number;
  reference: string;
}

/** When the parcel is expected, as the mail and the notice say it: "between 2 Dec 2026 and 9 Dec 2026". */
function expectedDelivery(order: Pick<StaffOrder, 'delivery_estimate'>): string | null {
  const estimate = order.delivery_estimate;
  if (!estimate) return null;
  const day = (isoDay: string) => formatIndianDate(new Date(isoDay));
  return `between ${day(estimate.earliest)} and ${day(estimate.latest)}`;
}

/**
 * The line and subject of an order's status, for its mail and the notification centre; `refund` when the move recorded
 * one (a part of the total leaves the order delivered).
 */
export function orderNotice(
  order: Pick<StaffOrder, 'id' | 'status' | 'total' | 'refunded_total' | 'delivery_estimate'>,
  refund: RecordedRefund | null = null,
): { title: string; body: string } {
  const number = `#${order.id}`;
  if (refund && order.status !== 'refunded') {
    return {
      title: `Part of order ${number} refunded`,
      body:
        `We have refunded ${formatRupees(refund.amount)} for your order ${number}: ` +
        `${formatRupees(order.refunded_total)} of its ${formatRupees(order.total)} so far.`,
    };
  }
  const expected = expectedDelivery(order);
  const lines: Record<StaffOrder['status'], string> = {
    placed:
      `Your order ${number} has been placed. Pay ${formatRupees(order.total)} in cash on delivery` +
      (expected ? `; it is expected ${expected}.` : '.'),
    confirmed: `Your order ${number} is confirmed and is being packed.`,
    shipped: `Your order ${number} is on its way.`,
    delivered: `Your order ${number} has been delivered. We hope you enjoy it.`,
    refunded: `We have refunded ${refund ? formatRupees(refund.amount) : 'you'} for your order ${number}.`,
    cancelled: `Your order ${number} has been cancelled. Nothing is due for it.`,
  };
  const subjects: Record<StaffOrder['status'], string> = {
    placed: `Order ${number} placed`,
    confirmed: `Order ${number} confirmed`,
    shipped: `Order ${number} shipped`,
    delivered: `Order ${number} delivered`,
    refunded: `Order ${number} refunded`,
    cancelled: `Order ${number} cancelled`,
  };
  return { title: subjects[order.status], body: lines[order.status] };
}

/** What was ordered and where it goes, for the mail that says the order is placed. */
function orderDetails(order: StaffOrder): string[] {
  const { address } = order;
  return [
    'Items:',
    ...order.items.map((item) => `${item.quantity} × ${item.name}: ${formatRupees(item.line_total)}`),
    ...(order.discount > 0 ? [`Coupon ${order.coupon_code ?? ''}: −${formatRupees(order.discount)}`] : []),
    `Shipping: ${order.shipping === 0 ? 'Free' : formatRupees(order.shipping)}`,
    '',
    'Delivery address:',
    address.name,
    address.line1,
    ...(address.line2 ? [address.line2] : []),
    `${address.city}, ${address.state} ${address.pincode}`,
    `Phone ${address.phone}`,
  ];
}

/**
 * The mail a shopper gets when they place an order (its items, address, total and expected delivery) and when it
 * moves on: confirmed, shipped (with tracking), delivered, refunded in part or in full (with the payment's
 * reference), cancelled.
 */
export function orderMail(
  order: StaffOrder,
  note: string | null,
  publicUrl: string,
  refund: RecordedRefund | null = null,
): MailMessage {
  const link = `${publicUrl}/orders/${order.id}`;
  const { title, body } = orderNotice(order, refund);
  const expected = expectedDelivery(order);
  const tracking = order.tracking
    ? [
        `Courier: ${order.tracking.courier}`,
        `Tracking ID: ${order.tracking.tracking_id}`,
        ...(order.tracking.tracking_url ? [`Track it: ${order.tracking.tracking_url}`] : []),
      ]
    : [];
  const text = [
    `Hello ${order.customer.name},`,
    '',
    body,
    ...(order.status === 'placed' ? ['', ...orderDetails(order)] : []),
    ...(order.status === 'shipped' ? ['', ...tracking] : []),
    ...(expected ? ['', `Expected delivery: ${expected}`] : []),
    ...(refund ? ['', `Payment reference: ${refund.reference}`] : []),
    ...(note ? ['', note] : []),
    '',
    `Order total: ${formatRupees(order.total)} (cash on delivery)`,
    ...(order.status === 'placed' ? ['We will mail you the courier and tracking link when it ships.'] : []),
    `See your order: ${link}`,
    '',
    'CineVerse',
  ].join('\n');
  return { to: order.customer.email, kind: 'order', subject: title, text };
}
