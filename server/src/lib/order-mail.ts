import type { StaffOrder } from '../../../src/contract/admin.js';
import type { MailMessage } from '../plugins/mailer.js';
import { formatIndianDate, formatRupees } from './money.js';

/** The line and subject of an order's status, for its mail and the notification centre. */
export function orderNotice(order: Pick<StaffOrder, 'id' | 'status' | 'refund'>): { title: string; body: string } {
  const number = `#${order.id}`;
  const lines: Record<StaffOrder['status'], string> = {
    placed: `Your order ${number} has been placed.`,
    confirmed: `Your order ${number} is confirmed and is being packed.`,
    shipped: `Your order ${number} is on its way.`,
    delivered: `Your order ${number} has been delivered. We hope you enjoy it.`,
    refunded: `We have refunded ${order.refund ? formatRupees(order.refund.amount) : 'you'} for your order ${number}.`,
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

/**
 * The mail a shopper gets when staff move their order on: confirmed, shipped (with tracking), delivered, refunded (with
 * the payment's reference), cancelled.
 */
export function orderMail(order: StaffOrder, note: string | null, publicUrl: string): MailMessage {
  const link = `${publicUrl}/orders/${order.id}`;
  const { title, body } = orderNotice(order);
  const estimate = order.delivery_estimate;
  const day = (isoDay: string) => formatIndianDate(new Date(isoDay));
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
    ...(order.status === 'shipped' ? ['', ...tracking] : []),
    ...(estimate ? ['', `Expected delivery: between ${day(estimate.earliest)} and ${day(estimate.latest)}`] : []),
    ...(order.status === 'refunded' && order.refund ? ['', `Payment reference: ${order.refund.reference}`] : []),
    ...(note ? ['', note] : []),
    '',
    `Order total: ${formatRupees(order.total)} (cash on delivery)`,
    `See your order: ${link}`,
    '',
    'CineVerse',
  ].join('\n');
  return { to: order.customer.email, kind: 'order', subject: title, text };
}
