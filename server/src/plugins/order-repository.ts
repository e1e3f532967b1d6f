import { and, asc, count, desc, eq, gte, ilike, inArray, like, lt, or, type SQL, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import {
  CANCEL_WINDOW_DAYS,
  MAX_ORDERS_AWAITING_PAYMENT,
  PAYMENT_HOLD_MINUTES,
  REPORT_PROBLEM_DAYS,
  orderTotals,
  type Order,
  type OrderList,
  type OrderStatus,
} from '../../../src/contract/orders.js';
import { courierTrackingUrl } from '../../../src/contract/couriers.js';
import {
  orderTransitions,
  type OrderTransition,
  type StaffOrder,
  type StaffOrderListQuery,
  type staffOrderSummarySchema,
} from '../../../src/contract/admin.js';
import type { PageMeta } from '../../../src/contract/catalog.js';
import { type DeliveryEstimate, estimateFromDispatch, estimateFromOrder } from '../../../src/contract/delivery.js';
import type { Address } from '../../../src/contract/user.js';
import type { z } from 'zod/mini';
import type { Database } from '../db/client.js';
import {
  cartItems,
  couponRedemptions,
  orderEvents,
  orderItems,
  orderPayments,
  orderRefunds,
  orders,
  products,
  productVariants,
  users,
} from '../db/schema.js';
import { restoreStock, takeStock } from '../lib/variant-stock.js';
import { csvFile } from '../lib/csv.js';
import { issueCreditNote, issueInvoice } from '../lib/invoices.js';
import { likePattern } from '../lib/like-pattern.js';
import { type Notice, tell } from '../lib/tell.js';
import { orderMail, orderNotice, type RecordedRefund } from '../lib/templates.js';
import { formatRupees } from '../lib/money.js';
import type { CheckoutForm } from '../lib/payments/gateway.js';
import { HttpError } from './error-handler.js';

/**
 * Orders: placed from the cart in one transaction (prices, discount and shipping recomputed from the database,
 * stock taken with a guarded decrement, items copied), listed, shown and cancelled by their owner only.
 */
declare module 'fastify' {
  interface FastifyInstance {
    orderRepository: {
      placeOrder(
        tx: Database,
        userId: number,
        input: {
          address: Address;
          paymentMethod: 'cod' | 'online';
          couponCode: string | undefined;
          /** The total the shopper was shown: another total refuses the order (409 on expected_total). */
          expectedTotal?: number | undefined;
          /** Keep the address in the profile too, unless it is saved already or the profile is full. */
          saveAddress?: boolean;
        },
      ): Promise<Order>;
      listOrders(userId: number, query: { page: number; per_page: number; status?: OrderStatus }): Promise<OrderList>;
      /** The user's order, or null when it is not theirs (or does not exist). */
      getOrder(executor: Database, userId: number, orderId: number): Promise<Order | null>;
      cancelOrder(tx: Database, userId: number, orderId: number): Promise<Order>;
      /**
       * Every shopper's orders, newest first, for staff: by status, order number, the shopper's email or phone, and
       * the days in India they were placed on.
       */
      listStaffOrders(query: StaffOrderListQuery): Promise<{ data: StaffOrderSummary[]; meta: PageMeta }>;
      /** The same orders, every page, as a CSV file: one line an order, money in rupees. */
      staffOrdersCsv(query: Omit<StaffOrderListQuery, 'page' | 'per_page'>): Promise<string>;
      getStaffOrder(executor: Database, orderId: number): Promise<StaffOrder | null>;
      /**
       * Moves an order one step of the state machine (`orderTransitions`), in `tx`: 409 for any other move, 400 when
       * shipping lacks the courier or tracking ID, or a refund its amount (at most what remains of the total) or
       * reference. A refund of part of what remains is recorded and leaves the order delivered.
       * Cancelling gives the stock and the coupon use back. The shopper's mail about it is queued in the same
       * transaction.
       */
      transitionOrder(
        tx: Database,
        orderId: number,
        input: OrderTransition,
      ): Promise<{ before: StaffOrder; after: StaffOrder }>;
      /**
       * Pays back `amount` paise of a delivered order, in `tx` (the one way other parts refund): a prepaid order's
       * through the gateway (its refund id is the reference; an idempotency key per refund of the order, so a retry
       * never pays twice), a cash-on-delivery order's recorded with staff's `reference`. The order is refunded when
       * the refunds reach its total; the shopper is told. 400/409 as `transitionOrder`; 502 when the gateway fails.
       */
      refundOrder(
        tx: Database,
        orderId: number,
        input: { amount: number; note?: string; reference?: string },
      ): Promise<{ before: StaffOrder; after: StaffOrder }>;
      /**
       * An online order's payment arrived: an order awaiting it is placed; an expired one is placed again when all its
       * stock can be taken again (a late payment honoured), else nothing changes and false is answered (the payment is
       * to be refunded). The shopper is told. Any other status: nothing changes (true: already placed).
       */
      settlePaid(tx: Database, orderId: number, note: string | null): Promise<boolean>;
      /** An order still awaiting its payment is let go: its stock and coupon use given back, the shopper told. */
      expireOrder(tx: Database, orderId: number): Promise<boolean>;
      /** Records a refund made outside a staff move (a late payment given back) and tells the shopper. */
      recordGatewayRefund(
        tx: Database,
        orderId: number,
        refund: { amount: number; reference: string; note: string },
      ): Promise<void>;
    };
  }
}

const DAY_MS = 24 * 60 * 60 * 1000;
const INDIA_OFFSET_MS = 5.5 * 60 * 60 * 1000;
/** Orders read at a time for a CSV export. */
const CSV_PAGE = 500;

/** Midnight in India at the start of `day` (`2026-12-31`), `days` later. */
function startOfIndiaDay(day: string, days: number): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) - INDIA_OFFSET_MS + days * DAY_MS);
}

/** A moment as people in India write it, sortable: `2026-12-31 18:05`. */
function indiaMinute(date: Date): string {
  return new Date(date.getTime() + INDIA_OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ');
}

type StaffOrderSummary = z.infer<typeof staffOrderSummarySchema>;

type OrderRow = typeof orders.$inferSelect;
type OrderItemRow = typeof orderItems.$inferSelect;
type OrderEventRow = typeof orderEvents.$inferSelect;
type OrderRefundRow = typeof orderRefunds.$inferSelect;
type OrderPaymentRow = typeof orderPayments.$inferSelect;
type FoundOrder = {
  row: OrderRow;
  items: OrderItemRow[];
  events: OrderEventRow[];
  refunds: OrderRefundRow[];
  payment: OrderPaymentRow | null;
};

/** The order number a staff search names (`6`, `#6`, `# 6`), or null. */
export function searchedOrderNumber(search: string): number | null {
  const digits = /^#?\s*(\d{1,9})$/.exec(search.trim())?.[1];
  return digits === undefined ? null : Number(digits);
}

/**
 * The digits to look for in the 10-digit phones kept, when a staff search is a phone however written (`+91 98765
 * 43210`, `098765-43210`, `98765 43210`, or a part of one): the country code or trunk 0 of a whole number dropped.
 * Null for a search that is not a phone, or too short to be more than an order number.
 */
export function searchedPhone(search: string): string | null {
  if (!/^[\d\s()+.-]+$/.test(search)) return null;
  const digits = search.replace(/\D/g, '');
  if (digits.length < 4) return null;
  if (digits.length === 12 && digits.startsWith('91')) return digits.slice(2);
  if (digits.length === 11 && digits.startsWith('0')) return digits.slice(1);
  return digits;
}

/** Why an order cannot be cancelled now, or null when it can: the refund policy's rules. */
export function cancelBlockedReason(
  order: Pick<OrderRow, 'status' | 'createdAt'>,
  items: Pick<OrderItemRow, 'perishable'>[],
  now = new Date(),
): string | null {
  if (order.status === 'awaiting_payment') {
    return 'This order is waiting for its payment: it is let go by itself if not paid in 15 minutes';
  }
  if (order.status === 'expired') return 'This order was not paid in time and has been let go';
  if (order.status === 'cancelled') return 'This order is already cancelled';
  if (order.status === 'refunded') return 'This order has been refunded';
  if (order.status === 'shipped' || order.status === 'delivered') {
    return 'This order has shipped and can no longer be cancelled';
  }
  if (now.getTime() - order.createdAt.getTime() > CANCEL_WINDOW_DAYS * DAY_MS) {
    return `Orders can be cancelled only within ${CANCEL_WINDOW_DAYS} days of being placed`;
  }
  if (items.some((item) => item.perishable)) return 'Orders with perishable items cannot be cancelled';
  return null;
}

/** Until when a delivered order's items may be reported (the refund policy's 30 days from delivery), or null. */
export function reportProblemUntil(
  order: Pick<OrderRow, 'status'>,
  events: Pick<OrderEventRow, 'status' | 'at'>[],
  now = new Date(),
): Date | null {
  const delivered = events.findLast((event) => event.status === 'delivered');
  if (order.status !== 'delivered' || !delivered) return null;
  const until = new Date(delivered.at.getTime() + REPORT_PROBLEM_DAYS * DAY_MS);
  return until > now ? until : null;
}

/** When the parcel is expected: from the order's day until it is dispatched, then from the dispatch. */
function deliveryEstimate(
  order: Pick<OrderRow, 'status' | 'createdAt'>,
  events: Pick<OrderEventRow, 'status' | 'at'>[],
): DeliveryEstimate | null {
  if (order.status === 'placed' || order.status === 'confirmed') return estimateFromOrder(order.createdAt);
  if (order.status !== 'shipped') return null;
  return estimateFromDispatch(events.findLast((event) => event.status === 'shipped')?.at ?? order.createdAt);
}

/** What shipping records besides the status: the courier and tracking. */
function shippingOfMove(input: OrderTransition) {
  if (input.to !== 'shipped') return {};
  if (!input.courier) throw new HttpError(400, 'Enter the courier', 'courier');
  if (!input.tracking_id) throw new HttpError(400, 'Enter the tracking ID', 'tracking_id');
  // Without a link, a courier of the list gets its own tracking page's, so the shopper can always follow the parcel.
  const trackingUrl = input.tracking_url || courierTrackingUrl(input.courier, input.tracking_id);
  return { courier: input.courier, trackingId: input.tracking_id, trackingUrl };
}

/** What remains to be paid back of an order, in paise: its total less the refunds recorded so far. */
function refundable(order: Pick<OrderRow, 'total'>, refunds: Pick<OrderRefundRow, 'amount'>[]): number {
  return order.total - refunds.reduce((sum, refund) => sum + refund.amount, 0);
}

/** A refund's amount and reference, checked against what remains of the total: 400 naming the field otherwise. */
function refundOfMove(input: OrderTransition, remaining: number, online = false) {
  if (input.refund_amount === undefined) throw new HttpError(400, 'Enter the amount refunded', 'refund_amount');
  if (input.refund_amount > remaining) {
    throw new HttpError(
      400,
      `Refund at most what remains of the order's total, ${formatRupees(remaining)}`,
      'refund_amount',
    );
  }
  // At least ₹1 for a part; what remains may be less after earlier parts, and must still close the order.
  if (input.refund_amount < 100 && input.refund_amount !== remaining) {
    throw new HttpError(
      400,
      `Refund at least ₹1, or all that remains of the order's total, ${formatRupees(remaining)}`,
      'refund_amount',
    );
  }
  // A prepaid order's refund goes through the gateway, whose refund id becomes the reference.
  if (online) return { amount: input.refund_amount, reference: '' };
  if (!input.refund_reference) {
    throw new HttpError(400, 'Enter the reference of the payment (UPI or bank transfer)', 'refund_reference');
  }
  return { amount: input.refund_amount, reference: input.refund_reference };
}

function toOrder(
  { row, items, events, refunds, payment }: FoundOrder,
  checkout: (row: OrderRow, payment: OrderPaymentRow) => CheckoutForm | null,
): Order {
  const reason = cancelBlockedReason(row, items);
  return {
    id: row.id,
    status: row.status,
    payment_method: row.paymentMethod,
    payment: payment
      ? {
          status: payment.status,
          method: payment.method,
          gateway_payment_id: payment.gatewayPaymentId,
          expires_at: payment.expiresAt.toISOString(),
          paid_at: payment.paidAt?.toISOString() ?? null,
          last_error: payment.status === 'created' ? payment.lastError : null,
          checkout: payment.status === 'created' && row.status === 'awaiting_payment' ? checkout(row, payment) : null,
        }
      : null,
    address: row.address,
    items: items.map((item) => ({
      product_id: item.productId,
      name: item.name,
      image: item.image,
      price: item.price,
      mrp: item.mrp,
      quantity: item.quantity,
      line_total: item.price * item.quantity,
      perishable: item.perishable,
      // Absent for a product sold as one.
      ...(item.variantLabel === null
        ? {}
        : { variant_id: item.variantId, variant_kind: item.variantKind!, variant_label: item.variantLabel }),
    })),
    subtotal: row.subtotal,
    discount: row.discount,
    shipping: row.shipping,
    round_off: row.total - (row.subtotal - row.discount + row.shipping),
    total: row.total,
    coupon_code: row.couponCode,
    created_at: row.createdAt.toISOString(),
    cancelled_at: row.cancelledAt?.toISOString() ?? null,
    can_cancel: reason === null,
    cancel_blocked_reason: reason,
    report_problem_until: reportProblemUntil(row, events)?.toISOString() ?? null,
    tracking:
      row.courier !== null && row.trackingId !== null
        ? { courier: row.courier, tracking_id: row.trackingId, tracking_url: row.trackingUrl }
        : null,
    delivery_estimate: deliveryEstimate(row, events),
    refunds: refunds.map((refund) => ({
      amount: refund.amount,
      reference: refund.reference,
      note: refund.note,
      at: refund.at.toISOString(),
    })),
    refunded_total: row.total - refundable(row, refunds),
    history: events.map((event) => ({ status: event.status, at: event.at.toISOString(), note: event.note })),
  };
}

export default fp<{ publicUrl?: string }>(
  async (fastify, options) => {
    const { db } = fastify;
    const publicUrl = options.publicUrl ?? 'http://localhost:8080';

    /** The notice of an order's step to its shopper `userId`, with its mail (`refund` when the step recorded one). */
    const orderNoticeOf = (
      userId: number,
      order: StaffOrder,
      note: string | null,
      refund: RecordedRefund | null = null,
    ): Notice => ({
      userId,
      kind: 'order',
      words: orderNotice(order, refund),
      link: `/orders/${order.id}`,
      mail: { write: (to) => orderMail(order, note, publicUrl, refund, to) },
      // Of an order's steps, its shipping alone reaches the shopper's phone (Web Push): the parcel is on its way.
      push: order.status === 'shipped',
    });

    /** An order with its items and history; `userId` null for staff, who see every order. */
    async function getOrder(executor: Database, userId: number | null, orderId: number, lock = false) {
      const query = executor
        .select()
        .from(orders)
        .where(and(eq(orders.id, orderId), userId === null ? undefined : eq(orders.userId, userId)))
        .limit(1);
      const [row] = lock ? await query.for('update') : await query;
      if (!row) return null;
      const [items, events, refunds, payments] = await Promise.all([
        executor.select().from(orderItems).where(eq(orderItems.orderId, row.id)).orderBy(asc(orderItems.id)),
        executor
          .select()
          .from(orderEvents)
          .where(eq(orderEvents.orderId, row.id))
          .orderBy(asc(orderEvents.at), asc(orderEvents.id)),
        executor
          .select()
          .from(orderRefunds)
          .where(eq(orderRefunds.orderId, row.id))
          .orderBy(asc(orderRefunds.at), asc(orderRefunds.id)),
        executor.select().from(orderPayments).where(eq(orderPayments.orderId, row.id)),
      ]);
      return { row, items, events, refunds, payment: payments[0] ?? null };
    }

    /** The gateway's checkout form of an order waiting for its payment (payments plugin). */
    const checkoutOf = (row: OrderRow, payment: OrderPaymentRow) => fastify.payments.checkoutForm(row, payment);

    async function staffOrder(executor: Database, orderId: number): Promise<StaffOrder | null> {
      const found = await getOrder(executor, null, orderId);
      return found ? staffOrderOf(executor, found) : null;
    }

    /** An order already read, with its shopper. */
    async function staffOrderOf(executor: Database, found: FoundOrder): Promise<StaffOrder> {
      const [customer] = await executor
        .select({ id: users.id, name: users.name, email: users.email, phone: users.phone })
        .from(users)
        .where(eq(users.id, found.row.userId));
      return { ...toOrder(found, checkoutOf), customer: customer! };
    }

    /** The list rows of `orders`: their item count and the first item as the cover, in one query for all. */
    /** The staff list's filters; 400 on `to` when the days are the wrong way round. */
    function staffOrderWhere({ status, search, from, to }: Omit<StaffOrderListQuery, 'page' | 'per_page'>) {
      const conditions: SQL[] = [];
      if (status) conditions.push(eq(orders.status, status));
      if (search) {
        const orderNumber = searchedOrderNumber(search);
        const pattern = likePattern(search);
        const phone = searchedPhone(search);
        conditions.push(
          or(
            orderNumber === null ? undefined : eq(orders.id, orderNumber),
            ilike(users.email, pattern),
            ilike(users.phone, pattern),
            // Phones are kept as 10 digits: the account's, and the one given for the delivery.
            phone === null ? undefined : like(users.phone, likePattern(phone)),
            phone === null ? undefined : like(sql`${orders.address}->>'phone'`, likePattern(phone)),
          )!,
        );
      }
      if (from && to && from > to) throw new HttpError(400, 'The last day cannot be before the first', 'to');
      if (from) conditions.push(gte(orders.createdAt, startOfIndiaDay(from, 0)));
      if (to) conditions.push(lt(orders.createdAt, startOfIndiaDay(to, 1)));
      return conditions.length > 0 ? and(...conditions) : undefined;
    }

    /**
     * Orders `where` finds, newest first, with their shopper's name and email: `limit` from `offset`. The order
     * numbered `first` (the number searched for) comes before the others, which matched only a phone or email.
     */
    function staffOrderPage(where: SQL | undefined, limit: number, offset: number, first: number | null = null) {
      return db
        .select({ order: orders, customerName: users.name, customerEmail: users.email })
        .from(orders)
        .innerJoin(users, eq(users.id, orders.userId))
        .where(where)
        .orderBy(
          ...(first === null ? [] : [sql`case when ${orders.id} = ${first} then 0 else 1 end`]),
          desc(orders.createdAt),
          desc(orders.id),
        )
        .limit(limit)
        .offset(offset);
    }

    /** The items of the orders `orderIds`, in the order they were added. */
    async function itemsOf(orderIds: number[]): Promise<OrderItemRow[]> {
      if (orderIds.length === 0) return [];
      return db.select().from(orderItems).where(inArray(orderItems.orderId, orderIds)).orderBy(asc(orderItems.id));
    }

    async function summariesOf(rows: OrderRow[]): Promise<OrderList['data']> {
      const items = await itemsOf(rows.map((row) => row.id));
      return rows.map((row) => {
        const own = items.filter((item) => item.orderId === row.id);
        return {
          id: row.id,
          status: row.status,
          total: row.total,
          item_count: own.reduce((sum, item) => sum + item.quantity, 0),
          created_at: row.createdAt.toISOString(),
          cover_image: own[0]?.image ?? '',
          cover_name: own[0]?.name ?? '',
        };
      });
    }

    /** Cancels a locked order: the stock comes back and the coupon use is given back, in product order like checkout. */
    async function cancelLocked(
      tx: Database,
      found: FoundOrder,
      note: string | null,
      to: 'cancelled' | 'expired' = 'cancelled',
    ): Promise<OrderRow> {
      // A paid online order is paid back in full through the gateway before its stock comes back.
      if (to === 'cancelled') await refundPaidOnline(tx, found, refundable(found.row, found.refunds), note);
      const [cancelled] = await tx
        .update(orders)
        .set(to === 'cancelled' ? { status: 'cancelled', cancelledAt: sql`now()` } : { status: 'expired' })
        .where(eq(orders.id, found.row.id))
        .returning();
      if (!cancelled) throw new Error('The order was not cancelled');
      for (const item of [...found.items].sort(
        (a, b) => a.productId - b.productId || (a.variantId ?? 0) - (b.variantId ?? 0),
      )) {
        await restoreStock(tx, item, publicUrl);
      }
      await tx.delete(couponRedemptions).where(eq(couponRedemptions.orderId, found.row.id));
      await tx.insert(orderEvents).values({ orderId: found.row.id, status: to, note });
      // An order cancelled after its invoice was issued gets a credit note for what is not yet credited.
      if (to === 'cancelled') await issueCreditNote(tx, found.row.id, null);
      return cancelled;
    }

    /**
     * Pays back `amount` of a paid online order through the gateway and records it (its refund id the reference):
     * null for any other order. The gateway's idempotency key is the order's and the refund's number among its
     * refunds, so the same refund tried again (a timeout, a retried request) is the gateway's same refund.
     */
    async function refundPaidOnline(
      tx: Database,
      found: FoundOrder,
      remaining: number,
      note: string | null,
      amount = remaining,
    ): Promise<{ amount: number; reference: string } | null> {
      if (found.row.paymentMethod !== 'online' || found.payment?.status !== 'paid' || amount <= 0) return null;
      const refund = await fastify.payments.refund(found.payment, amount, found.refunds.length + 1);
      // What the gateway paid back is recorded, not what was asked: a retry under the same key after a lost answer
      // (with another amount typed meanwhile) gets the refund already made, and the books follow the money.
      const paid = Math.min(refund.amount, remaining);
      if (paid !== amount) {
        fastify.log.warn({ orderId: found.row.id, asked: amount, refunded: refund.amount }, 'a refund already made');
      }
      const [recorded] = await tx
        .insert(orderRefunds)
        .values({ orderId: found.row.id, amount: paid, reference: refund.id, gatewayRefundId: refund.id, note })
        .returning({ id: orderRefunds.id });
      // Each refund of an invoiced order is a credit note against its invoice.
      await issueCreditNote(tx, found.row.id, { id: recorded!.id, amount: paid });
      return { amount: paid, reference: refund.id };
    }

    /**
     * Refuses an online order to a shopper who already has MAX_ORDERS_AWAITING_PAYMENT waiting for their payment
     * (one past its hold is as good as let go): each holds its stock, and unpaid orders in a row would keep it from
     * everyone else. Counted with the shopper's row locked, so two checkouts at once cannot both pass.
     */
    async function refuseManyUnpaid(tx: Database, userId: number): Promise<void> {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
      const [waiting] = await tx
        .select({ count: count() })
        .from(orders)
        .where(
          and(
            eq(orders.userId, userId),
            eq(orders.status, 'awaiting_payment'),
            gte(orders.createdAt, new Date(Date.now() - PAYMENT_HOLD_MINUTES * 60_000)),
          ),
        );
      if ((waiting?.count ?? 0) >= MAX_ORDERS_AWAITING_PAYMENT) {
        throw new HttpError(
          429,
          `You have ${MAX_ORDERS_AWAITING_PAYMENT} orders waiting for their payment: pay one of them, or wait until it is let go ${PAYMENT_HOLD_MINUTES} minutes after it was placed`,
          'payment_method',
        );
      }
    }

    fastify.decorate('orderRepository', {
      async placeOrder(tx, userId, input) {
        if (input.paymentMethod === 'online') await refuseManyUnpaid(tx, userId);
        const lines = await tx
          .select({
            quantity: cartItems.quantity,
            productId: products.id,
            name: products.name,
            images: products.images,
            price: products.price,
            mrp: products.mrp,
            perishable: products.perishable,
            active: products.active,
            variantId: productVariants.id,
            variantKind: productVariants.kind,
            variantLabel: productVariants.label,
            variantPrice: productVariants.price,
          })
          .from(cartItems)
          .innerJoin(products, eq(products.id, cartItems.productId))
          .leftJoin(productVariants, eq(productVariants.id, cartItems.variantId))
          .where(eq(cartItems.userId, userId))
          // One order of locking for every order: two checkouts never wait on each other in a cycle.
          .orderBy(asc(products.id), asc(productVariants.id))
          .then((rows) =>
            // A variant's own price, decided here from the database like every price, never from the request.
            rows.map((row) => ({
              ...row,
              price: row.variantPrice ?? row.price,
              lineName: row.variantLabel === null ? row.name : `${row.name} (${row.variantLabel})`,
            })),
          );
        if (lines.length === 0) throw new HttpError(409, 'Your cart is empty');
        const gone = lines.find((line) => !line.active);
        if (gone) throw new HttpError(409, `${gone.lineName} is no longer available; remove it from your cart`);
        // A line put in the cart before its product came in sizes names none: it would take the product's stock
        // alone, apart from its sizes'. The shopper picks one first.
        const unsized = lines.filter((line) => line.variantId === null);
        if (unsized.length > 0) {
          const [sized] = await tx
            .select({ productId: productVariants.productId })
            .from(productVariants)
            .where(
              inArray(
                productVariants.productId,
                unsized.map((line) => line.productId),
              ),
            )
            .limit(1);
          const line = sized && unsized.find((candidate) => candidate.productId === sized.productId);
          if (line) {
            throw new HttpError(
              409,
              `${line.name} now comes in sizes or colours: remove it from your cart and add the one you want`,
            );
          }
        }

        const subtotal = lines.reduce((sum, line) => sum + line.price * line.quantity, 0);
        const coupon = input.couponCode
          ? await fastify.couponRepository.evaluate(tx, {
              userId,
              code: input.couponCode,
              subtotal,
              field: 'coupon_code',
              lock: true,
            })
          : null;
        const totals = orderTotals(subtotal, coupon?.discount ?? 0);
        if (input.expectedTotal !== undefined && input.expectedTotal !== totals.total) {
          throw new HttpError(
            409,
            `The total is now ${formatRupees(totals.total)}, not the ${formatRupees(input.expectedTotal)} you saw: check the order summary and place the order again`,
            'expected_total',
          );
        }

        for (const line of lines) {
          // Guarded decrement: the row is only changed while enough stock remains, so stock never goes below zero.
          const { refused, stock } = await takeStock(tx, line);
          if (refused) {
            throw new HttpError(
              409,
              stock <= 0
                ? `${line.lineName} is out of stock; remove it from your cart`
                : `Only ${stock} of ${line.lineName} left in stock; lower the quantity in your cart`,
            );
          }
        }

        const online = input.paymentMethod === 'online';
        if (online && !fastify.payments.offered) {
          throw new HttpError(409, 'Paying online is not available now: choose cash on delivery', 'payment_method');
        }
        const [order] = await tx
          .insert(orders)
          .values({
            userId,
            // Paid online, the order waits for its payment, its stock held (taken above) until it expires.
            status: online ? 'awaiting_payment' : 'placed',
            paymentMethod: input.paymentMethod,
            address: { ...input.address, line2: input.address.line2 ?? '' },
            subtotal,
            discount: totals.discount,
            shipping: totals.shipping,
            total: totals.total,
            couponId: coupon?.couponId ?? null,
            couponCode: coupon?.code ?? null,
          })
          .returning();
        if (!order) throw new Error('The order was not stored');
        const items = await tx
          .insert(orderItems)
          .values(
            lines.map((line) => ({
              orderId: order.id,
              productId: line.productId,
              name: line.name,
              image: line.images[0] ?? '',
              price: line.price,
              mrp: line.mrp,
              quantity: line.quantity,
              perishable: line.perishable,
              variantId: line.variantId,
              variantKind: line.variantKind,
              variantLabel: line.variantLabel,
            })),
          )
          .returning();
        if (coupon) await tx.insert(couponRedemptions).values({ couponId: coupon.couponId, userId, orderId: order.id });
        const events = await tx.insert(orderEvents).values({ orderId: order.id, status: order.status }).returning();
        await tx.delete(cartItems).where(eq(cartItems.userId, userId));
        if (input.saveAddress) await fastify.accountRepository.keepAddress(tx, userId, input.address);
        // The gateway's order for the total decided here; if the gateway fails, nothing of the order is kept.
        const payment = online ? await fastify.payments.open(tx, order) : null;
        const placed = await staffOrderOf(tx, { row: order, items, events, refunds: [], payment });
        // The shopper hears at once what was ordered, where it goes, what to pay and when it should come, by mail
        // and in the notification centre, as at every later step; an online order once it is paid.
        if (!online) await tell(tx, orderNoticeOf(userId, placed, null));
        const { customer: _customer, ...placedOrder } = placed;
        return placedOrder;
      },

      async listOrders(userId, query) {
        const where = and(eq(orders.userId, userId), query.status ? eq(orders.status, query.status) : undefined);
        const [totalRows, rows] = await Promise.all([
          db.select({ total: count() }).from(orders).where(where),
          db
            .select()
            .from(orders)
            .where(where)
            .orderBy(desc(orders.createdAt), desc(orders.id))
            .limit(query.per_page)
            .offset((query.page - 1) * query.per_page),
        ]);
        return {
          data: await summariesOf(rows),
          meta: { page: query.page, per_page: query.per_page, total: totalRows[0]?.total ?? 0 },
        };
      },

      async getOrder(executor, userId, orderId) {
        const found = await getOrder(executor, userId, orderId);
        return found ? toOrder(found, checkoutOf) : null;
      },

      async listStaffOrders(query) {
        const { page, per_page } = query;
        const where = staffOrderWhere(query);
        const [totalRows, rows] = await Promise.all([
          db.select({ total: count() }).from(orders).innerJoin(users, eq(users.id, orders.userId)).where(where),
          staffOrderPage(
            where,
            per_page,
            (page - 1) * per_page,
            query.search ? searchedOrderNumber(query.search) : null,
          ),
        ]);
        const summaries = await summariesOf(rows.map(({ order }) => order));
        return {
          data: summaries.map((summary, index) => ({
            ...summary,
            customer_name: rows[index]!.customerName,
            customer_email: rows[index]!.customerEmail,
          })),
          meta: { page, per_page, total: totalRows[0]?.total ?? 0 },
        };
      },

      async staffOrdersCsv(query) {
        const where = staffOrderWhere(query);
        const rows: (string | number | null)[][] = [];
        const rupees = (paise: number | null) => (paise === null ? null : (paise / 100).toFixed(2));
        for (let offset = 0; ; offset += CSV_PAGE) {
          const page = await staffOrderPage(where, CSV_PAGE, offset);
          const ids = page.map(({ order }) => order.id);
          const [items, refunds] = await Promise.all([
            itemsOf(ids),
            ids.length === 0
              ? []
              : db.select().from(orderRefunds).where(inArray(orderRefunds.orderId, ids)).orderBy(asc(orderRefunds.id)),
          ]);
          const refundsOf = (orderId: number) => refunds.filter((refund) => refund.orderId === orderId);
          const refundedOf = (orderId: number) =>
            refundsOf(orderId).length === 0 ? null : refundsOf(orderId).reduce((sum, refund) => sum + refund.amount, 0);
          for (const { order, customerName: name, customerEmail: email } of page) {
            const own = items.filter((item) => item.orderId === order.id);
            rows.push([
              order.id,
              indiaMinute(order.createdAt),
              order.status,
              name,
              email,
              order.address.phone,
              order.address.city,
              order.address.state,
              order.address.pincode,
              own
                .map((item) => `${item.quantity} × ${item.name}${item.variantLabel ? ` (${item.variantLabel})` : ''}`)
                .join('; '),
              own.reduce((sum, item) => sum + item.quantity, 0),
              rupees(order.subtotal),
              rupees(order.discount),
              order.couponCode,
              rupees(order.shipping),
              rupees(order.total),
              order.paymentMethod === 'cod' ? 'Cash on delivery' : order.paymentMethod,
              order.courier,
              order.trackingId,
              rupees(refundedOf(order.id)),
              refundsOf(order.id)
                .map((refund) => refund.reference)
                .join('; ') || null,
            ]);
          }
          if (page.length < CSV_PAGE) break;
        }
        return csvFile(
          [
            'Order',
            'Placed (India)',
            'Status',
            'Shopper',
            'Email',
            'Delivery phone',
            'City',
            'State',
            'PIN code',
            'Items',
            'Quantity',
            'Subtotal (₹)',
            'Discount (₹)',
            'Coupon',
            'Shipping (₹)',
            'Total (₹)',
            'Payment',
            'Courier',
            'Tracking ID',
            'Refunded (₹)',
            'Refund reference',
          ],
          rows,
        );
      },

      getStaffOrder: (executor, orderId) => staffOrder(executor, orderId),

      async transitionOrder(tx, orderId, input) {
        const found = await getOrder(tx, null, orderId, true);
        if (!found) throw new HttpError(404, 'There is no such order');
        const before = await staffOrderOf(tx, found);
        const from = found.row.status;
        if (!orderTransitions[from].includes(input.to)) {
          const allowed = orderTransitions[from];
          throw new HttpError(
            409,
            allowed.length === 0
              ? `This order is ${from}: it cannot change any more`
              : `An order that is ${from} can only become ${allowed.join(' or ')}`,
            'to',
          );
        }
        const note = input.note ? input.note : null;
        let refund: { amount: number; reference: string } | null = null;
        if (input.to === 'cancelled') {
          await cancelLocked(tx, found, note);
        } else if (input.to === 'refunded') {
          const remaining = refundable(found.row, found.refunds);
          refund = refundOfMove(input, remaining, found.row.paymentMethod === 'online');
          const online = await refundPaidOnline(tx, found, remaining, note, refund.amount);
          if (online) refund = online;
          else {
            const [recorded] = await tx
              .insert(orderRefunds)
              .values({ orderId, ...refund, note })
              .returning({ id: orderRefunds.id });
            // Each refund of an invoiced order is a credit note against its invoice.
            await issueCreditNote(tx, orderId, { id: recorded!.id, amount: refund.amount });
          }
          // Only the refund that reaches the total ends the order; before it, the shopper may still report a problem.
          if (refund.amount === remaining) {
            await tx.update(orders).set({ status: 'refunded' }).where(eq(orders.id, orderId));
            await tx.insert(orderEvents).values({ orderId, status: 'refunded', note });
          }
        } else {
          await tx
            .update(orders)
            .set({ status: input.to, ...shippingOfMove(input) })
            .where(eq(orders.id, orderId));
          await tx.insert(orderEvents).values({ orderId, status: input.to, note });
        }
        // Shipping issues the tax invoice (once the shop's GSTIN is set); its PDF is drawn by a job, which then sends
        // the shipping mail with it attached.
        const invoiced = input.to === 'shipped' ? await issueInvoice(tx, orderId, { note }) : null;
        const after = (await staffOrder(tx, orderId))!;
        // Mailed to the shopper (a minor's to their guardian); the centre keeps a line of it.
        const notice = orderNoticeOf(found.row.userId, after, note, refund);
        if (invoiced) delete notice.mail;
        await tell(tx, notice);
        return { before, after };
      },

      async cancelOrder(tx, userId, orderId) {
        const found = await getOrder(tx, userId, orderId, true);
        if (!found) throw new HttpError(404, 'There is no such order');
        const reason = cancelBlockedReason(found.row, found.items);
        if (reason) throw new HttpError(409, reason);
        await cancelLocked(tx, found, null);
        const after = (await staffOrder(tx, orderId))!;
        // The shopper cancelled it: a mail, and no line in their centre.
        await tell(tx, { ...orderNoticeOf(userId, after, null), centre: false });
        const { customer: _customer, ...order } = after;
        return order;
      },

      refundOrder(tx, orderId, { amount, note, reference }) {
        return fastify.orderRepository.transitionOrder(tx, orderId, {
          to: 'refunded',
          refund_amount: amount,
          refund_reference: reference,
          note,
        });
      },

      async settlePaid(tx, orderId, note) {
        const found = await getOrder(tx, null, orderId, true);
        if (!found) return false;
        if (found.row.status === 'expired') {
          // A late payment: honoured only when every item can be taken from stock again, as at checkout. The rows
          // are locked and checked first, so a short item takes nothing and the payment is refunded instead.
          const items = [...found.items].sort((a, b) => a.productId - b.productId);
          const productStock = await tx
            .select({ id: products.id, stock: products.stock })
            .from(products)
            .where(
              inArray(
                products.id,
                items.map((item) => item.productId),
              ),
            )
            .orderBy(asc(products.id))
            .for('update');
          const variantIds = items.flatMap((item) => (item.variantId === null ? [] : [item.variantId]));
          const variantStock =
            variantIds.length === 0
              ? []
              : await tx
                  .select({ id: productVariants.id, stock: productVariants.stock })
                  .from(productVariants)
                  .where(inArray(productVariants.id, variantIds))
                  .orderBy(asc(productVariants.id))
                  .for('update');
          const short = items.some(
            (item) =>
              (productStock.find((product) => product.id === item.productId)?.stock ?? 0) < item.quantity ||
              (item.variantId !== null &&
                (variantStock.find((variant) => variant.id === item.variantId)?.stock ?? 0) < item.quantity),
          );
          if (short) return false;
          for (const item of items) {
            await takeStock(tx, { productId: item.productId, variantId: item.variantId, quantity: item.quantity });
          }
          if (found.row.couponId !== null) {
            await tx
              .insert(couponRedemptions)
              .values({ couponId: found.row.couponId, userId: found.row.userId, orderId });
          }
        } else if (found.row.status !== 'awaiting_payment') {
          return true;
        }
        await tx.update(orders).set({ status: 'placed' }).where(eq(orders.id, orderId));
        await tx.insert(orderEvents).values({ orderId, status: 'placed', note });
        const after = (await staffOrder(tx, orderId))!;
        await tell(tx, orderNoticeOf(found.row.userId, after, null));
        return true;
      },

      async expireOrder(tx, orderId) {
        const found = await getOrder(tx, null, orderId, true);
        if (found?.row.status !== 'awaiting_payment') return false;
        await cancelLocked(tx, found, null, 'expired');
        const after = (await staffOrder(tx, orderId))!;
        await tell(tx, orderNoticeOf(found.row.userId, after, null));
        return true;
      },

      async recordGatewayRefund(tx, orderId, refund) {
        const found = await getOrder(tx, null, orderId, true);
        if (!found) return;
        await tx.insert(orderRefunds).values({
          orderId,
          amount: refund.amount,
          reference: refund.reference,
          gatewayRefundId: refund.reference,
          note: refund.note,
        });
        const after = (await staffOrder(tx, orderId))!;
        await tell(tx, orderNoticeOf(found.row.userId, after, null, refund));
      },
    });
  },
  { name: 'order-repository', dependencies: ['database', 'coupon-repository', 'account-repository'] },
);
