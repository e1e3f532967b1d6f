/**
 * An order's states, in the order an order moves through them (refunded after delivery, or cancelled). Apart from
 * the schemas: the orders page's address (?status=) checks it, and that check is part of the first load of every
 * page.
 */
export const orderStatuses = ['placed', 'confirmed', 'shipped', 'delivered', 'refunded', 'cancelled'] as const;
export type OrderStatus = (typeof orderStatuses)[number];
