/**
 * An order's states, in the order an order moves through them (refunded after delivery, or cancelled). Apart from
 * the schemas: the orders page's address (?status=) checks it, and that check is part of the first load of every
 * page.
 */
export const orderStatuses = [
  'placed',
  'confirmed',
  'shipped',
  'delivered',
  'refunded',
  'cancelled',
  /** Paid online: waiting for the gateway's word, its stock held for 15 minutes (PAYMENT_HOLD_MINUTES). */
  'awaiting_payment',
  /** Not paid in time: its stock went back to the shop. */
  'expired',
] as const;
export type OrderStatus = (typeof orderStatuses)[number];
