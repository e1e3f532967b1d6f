import type { OrderStatus } from '@/contract/orders';

/** How an order status reads to people, shopper and staff alike. */
export const statusLabels: Record<OrderStatus, string> = {
  placed: 'Placed',
  confirmed: 'Confirmed',
  shipped: 'Shipped',
  delivered: 'Delivered',
  refunded: 'Refunded',
  cancelled: 'Cancelled',
};
