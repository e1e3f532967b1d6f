import type { OrderStatus } from '@/contract/orders';
import { orderStatus_cancelled } from '@/paraglide/messages/orderstatus_cancelled1.js';
import { orderStatus_confirmed } from '@/paraglide/messages/orderstatus_confirmed1.js';
import { orderStatus_delivered } from '@/paraglide/messages/orderstatus_delivered1.js';
import { orderStatus_placed } from '@/paraglide/messages/orderstatus_placed1.js';
import { orderStatus_refunded } from '@/paraglide/messages/orderstatus_refunded1.js';
import { orderStatus_shipped } from '@/paraglide/messages/orderstatus_shipped1.js';
import { pay_statusAwaiting } from '@/paraglide/messages/pay_statusawaiting1.js';
import { pay_statusExpired } from '@/paraglide/messages/pay_statusexpired1.js';

/**
 * How an order status reads to people, shopper and staff alike, in the page's language (read when shown: the module
 * is shared by renders in both languages).
 */
export const statusLabels: Record<OrderStatus, string> = {
  get placed() {
    return orderStatus_placed();
  },
  get confirmed() {
    return orderStatus_confirmed();
  },
  get shipped() {
    return orderStatus_shipped();
  },
  get delivered() {
    return orderStatus_delivered();
  },
  get refunded() {
    return orderStatus_refunded();
  },
  get cancelled() {
    return orderStatus_cancelled();
  },
  get awaiting_payment() {
    return pay_statusAwaiting();
  },
  get expired() {
    return pay_statusExpired();
  },
};
