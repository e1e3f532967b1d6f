import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import { courierTrackingUrl } from '../../../src/contract/couriers.js';
import {
  ACKNOWLEDGE_ALERT_HOURS,
  acknowledgeBy,
  DEMO_GRIEVANCE_OFFICER,
  financialYear,
  type GrievanceKind,
  type GrievanceOfficer,
  type GrievanceTicket,
  type OrderReturn,
  RESOLVE_ALERT_DAYS,
  resolveBy,
  type ReturnRequestInput,
  returnTransitions,
  type ReturnTransition,
  ticketNumber,
} from '../../../src/contract/returns.js';
import type { Role } from '../../../src/contract/roles.js';
import type { Database } from '../db/client.js';
import {
  grievanceCounters,
  grievanceOfficer,
  grievanceTickets,
  orderEvents,
  orderItems,
  orders,
  returnEvents,
  returnItems,
  returnPhotos,
  returnRequests,
  users,
} from '../db/schema.js';
import { restoreStock } from '../lib/variant-stock.js';
import { mailAddress, tell } from '../lib/tell.js';
import { grievanceAnswerMail, grievanceDueNotice, grievanceReceivedMail, returnNotice } from '../lib/templates.js';
import { HttpError } from './error-handler.js';
import { reportProblemUntil } from './order-repository.js';

/** The folder of the store that keeps shoppers' return photos (never served publicly). */
export const RETURN_PHOTOS_FOLDER = 'returns';

declare module 'fastify' {
  interface FastifyInstance {
    returnRepository: {
      /**
       * The shopper's return of items of their delivered order, within 30 days of delivery: 404 when the order is not
       * theirs, 409 outside the window, 400 naming the field for a quantity above what remains to return.
       */
      requestReturn(tx: Database, userId: number, orderId: number, input: ReturnRequestInput): Promise<OrderReturn>;
      /** An order's returns, oldest first; `userId` null for staff. */
      listReturns(executor: Database, orderId: number, userId: number | null): Promise<OrderReturn[]>;
      /** Moves a return one step forward (`returnTransitions`): 409 for any other move, 400 naming a missing field. */
      transitionReturn(
        tx: Database,
        returnId: number,
        input: ReturnTransition,
      ): Promise<{ before: OrderReturn; after: OrderReturn }>;
      /** Keeps an uploaded photo as the shopper's own until a return names it. */
      keepPhoto(tx: Database, userId: number, name: string): Promise<void>;
      /** Whether the user (the shopper who sent it, or staff) may see the photo. */
      maySeePhoto(name: string, user: { id: number; role: string }): Promise<boolean>;
      /** Opens a grievance ticket in `tx` and queues its acknowledgement mail; its number. */
      openGrievance(tx: Database, input: GrievanceInput): Promise<string>;
      /** Tickets, the one due first first; resolved ones last. */
      /**
       * Tickets for staff of `role`: a personal-data request (its member's details and words) only for admins, who
       * alone may answer it.
       */
      listGrievances(open: boolean | undefined, role: Role): Promise<GrievanceTicket[]>;
      /** Staff's acknowledgement or resolution with words mailed to the complainant: 409 when already done. */
      answerGrievance(
        tx: Database,
        ticketId: number,
        step: 'acknowledged' | 'resolved',
        note: string,
        role: Role,
      ): Promise<GrievanceTicket>;
      /** The hourly upkeep's part: alerts staff once per ticket and clock when it is near. The alerts sent. */
      alertNearClocks(tx: Database, now?: Date): Promise<number>;
      getOfficer(): Promise<GrievanceOfficer>;
      setOfficer(
        tx: Database,
        officer: GrievanceOfficer,
      ): Promise<{ before: GrievanceOfficer; after: GrievanceOfficer }>;
    };
  }
}

export interface GrievanceInput {
  kind: GrievanceKind;
  userId: number | null;
  name: string;
  email: string | null;
  /** What the complaint is about, in the complainant's words or ours. */
  about: string;
  orderId?: number | null;
  returnId?: number | null;
  contactMessageId?: number | null;
}

type ReturnRow = typeof returnRequests.$inferSelect;
type TicketRow = typeof grievanceTickets.$inferSelect;

/** Who is alerted of a ticket's clocks: shop managers for the shop's complaints, admins for personal data. */
const alertedRole: Record<GrievanceKind, Role> = {
  return: 'shop_manager',
  order_message: 'shop_manager',
  data_request: 'admin',
};

/** The address a return photo is served at, to its shopper and staff. */
export const returnPhotoUrl = (name: string) => `/backend/api/api/user/v1/returns/photos/${name}`;

function ticketOf(row: TicketRow): GrievanceTicket {
  const ackBy = acknowledgeBy(row.createdAt);
  const resBy = resolveBy(row.createdAt);
  const nextDue = row.resolvedAt ? null : row.acknowledgedAt ? resBy : ackBy;
  return {
    id: row.id,
    number: row.number,
    kind: row.kind,
    name: row.name,
    email: row.email,
    subject: row.subject,
    order_id: row.orderId,
    return_id: row.returnId,
    created_at: row.createdAt.toISOString(),
    acknowledge_by: ackBy.toISOString(),
    resolve_by: resBy.toISOString(),
    acknowledged_at: row.acknowledgedAt?.toISOString() ?? null,
    acknowledgement: row.acknowledgement,
    resolved_at: row.resolvedAt?.toISOString() ?? null,
    resolution: row.resolution,
    next_due: nextDue?.toISOString() ?? null,
  };
}

export default fp<{ publicUrl?: string }>(
  async (fastify, options) => {
    const { db } = fastify;
    const publicUrl = options.publicUrl ?? 'http://localhost:8080';

    /** The order's lines, in the order's own order (their position is the `line` a return names). */
    const linesOf = (executor: Database, orderId: number) =>
      executor.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id));

    async function returnsOf(executor: Database, rows: ReturnRow[]): Promise<OrderReturn[]> {
      if (rows.length === 0) return [];
      const ids = rows.map((row) => row.id);
      const [items, events, tickets, lines] = await Promise.all([
        executor.select().from(returnItems).where(inArray(returnItems.returnId, ids)).orderBy(asc(returnItems.id)),
        executor
          .select()
          .from(returnEvents)
          .where(inArray(returnEvents.returnId, ids))
          .orderBy(asc(returnEvents.at), asc(returnEvents.id)),
        executor
          .select({ returnId: grievanceTickets.returnId, number: grievanceTickets.number })
          .from(grievanceTickets)
          .where(inArray(grievanceTickets.returnId, ids)),
        linesOf(executor, rows[0]!.orderId),
      ]);
      // What the items cost the shopper: their prices less their share of the order's coupon discount.
      const [order] = await executor
        .select({ subtotal: orders.subtotal, discount: orders.discount })
        .from(orders)
        .where(eq(orders.id, rows[0]!.orderId));
      const paidShare = (value: number) =>
        order && order.subtotal > 0 ? Math.round((value * (order.subtotal - order.discount)) / order.subtotal) : value;
      return rows.map((row) => {
        const own = items
          .filter((item) => item.returnId === row.id)
          .map((item) => {
            const line = lines.findIndex((orderLine) => orderLine.id === item.orderItemId);
            const orderLine = lines[line]!;
            return { line, name: orderLine.name, quantity: item.quantity, price: orderLine.price };
          });
        return {
          id: row.id,
          order_id: row.orderId,
          status: row.status,
          reason: row.reason,
          details: row.details,
          resolution: row.resolution,
          items: own,
          photos: row.photos.map(returnPhotoUrl),
          pickup:
            row.courier && row.trackingId && row.pickupDate
              ? {
                  courier: row.courier,
                  tracking_id: row.trackingId,
                  tracking_url: row.trackingUrl,
                  date: row.pickupDate,
                }
              : null,
          restocked: row.restocked,
          refund_amount: row.refundAmount,
          items_total: paidShare(own.reduce((sum, item) => sum + item.price * item.quantity, 0)),
          ticket: tickets.find((ticket) => ticket.returnId === row.id)?.number ?? null,
          created_at: row.createdAt.toISOString(),
          history: events
            .filter((event) => event.returnId === row.id)
            .map((event) => ({ status: event.status, at: event.at.toISOString(), note: event.note })),
        };
      });
    }

    async function oneReturn(executor: Database, returnId: number): Promise<OrderReturn> {
      const rows = await executor.select().from(returnRequests).where(eq(returnRequests.id, returnId));
      const [found] = await returnsOf(executor, rows);
      if (!found) throw new HttpError(404, 'There is no such return');
      return found;
    }

    /**
     * The one way a return's money goes back: the order's refund (`order_refunds`, the shopper told of it), as staff
     * record any refund. Prepaid orders' refunds go back through the payment gateway from that same path.
     */
    async function refundReturn(
      tx: Database,
      orderId: number,
      refund: { amount: number; reference: string | undefined; note: string | null },
    ): Promise<void> {
      await fastify.orderRepository.refundOrder(tx, orderId, {
        amount: refund.amount,
        ...(refund.reference ? { reference: refund.reference } : {}),
        ...(refund.note ? { note: refund.note } : {}),
      });
    }

    async function tellShopper(tx: Database, row: ReturnRow, step: ReturnRow['status'], note: string | null) {
      if (row.userId === null) return;
      const [ticket] = await tx
        .select({ number: grievanceTickets.number })
        .from(grievanceTickets)
        .where(eq(grievanceTickets.returnId, row.id));
      const pickup =
        step === 'pickup_scheduled' && row.courier && row.trackingId && row.pickupDate
          ? { courier: row.courier, trackingId: row.trackingId, date: new Date(`${row.pickupDate}T12:00:00+05:30`) }
          : undefined;
      await tell(tx, {
        userId: row.userId,
        kind: 'order',
        words: returnNotice(row.orderId, step, { ticket: ticket?.number ?? null, note, pickup }),
        link: `/orders/${row.orderId}`,
        mail: { site: publicUrl },
      });
    }

    /** Closes the return's ticket's clocks when staff first answer (acknowledged) and at its last step (resolved). */
    async function answerTicketOfReturn(tx: Database, returnId: number, final: boolean, note: string | null) {
      const words = note ?? 'Your return has moved on: see your order.';
      await tx
        .update(grievanceTickets)
        .set({ acknowledgedAt: sql`now()`, acknowledgement: words })
        .where(and(eq(grievanceTickets.returnId, returnId), isNull(grievanceTickets.acknowledgedAt)));
      if (final) {
        await tx
          .update(grievanceTickets)
          .set({ resolvedAt: sql`now()`, resolution: words })
          .where(and(eq(grievanceTickets.returnId, returnId), isNull(grievanceTickets.resolvedAt)));
      }
    }

    async function openGrievance(tx: Database, input: GrievanceInput): Promise<string> {
      const year = financialYear(new Date());
      // One guarded counter row a year: two complaints at once wait on it and never share a number.
      const [counter] = await tx
        .insert(grievanceCounters)
        .values({ financialYear: year, last: 1 })
        .onConflictDoUpdate({
          target: grievanceCounters.financialYear,
          set: { last: sql`${grievanceCounters.last} + 1` },
        })
        .returning({ last: grievanceCounters.last });
      const number = ticketNumber(year, counter!.last);
      const [row] = await tx
        .insert(grievanceTickets)
        .values({
          number,
          kind: input.kind,
          userId: input.userId,
          name: input.name,
          email: input.email,
          subject: input.about.slice(0, 300),
          orderId: input.orderId ?? null,
          returnId: input.returnId ?? null,
          contactMessageId: input.contactMessageId ?? null,
        })
        .returning();
      // The receipt with its number goes by the mail outbox's job, within a minute of the commit.
      await mailAddress(
        tx,
        input.email,
        'grievance',
        grievanceReceivedMail(input.name, number, row!.subject, resolveBy(row!.createdAt), publicUrl),
        input.userId ?? undefined,
      );
      return number;
    }

    async function officer(executor: Database): Promise<GrievanceOfficer> {
      const [row] = await executor.select().from(grievanceOfficer).where(eq(grievanceOfficer.id, 1));
      if (!row) return DEMO_GRIEVANCE_OFFICER;
      const { name, designation, phone, email, address } = row;
      return { name, designation, phone, email, address };
    }

    fastify.decorate('returnRepository', {
      async requestReturn(tx, userId, orderId, input) {
        const [order] = await tx
          .select()
          .from(orders)
          .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
          .for('update');
        if (!order) throw new HttpError(404, 'There is no such order');
        const events = await tx.select().from(orderEvents).where(eq(orderEvents.orderId, orderId));
        if (!reportProblemUntil(order, events)) {
          throw new HttpError(409, 'Items can be returned only within 30 days of delivery');
        }
        if (input.reason === 'other' && !input.details?.trim()) {
          throw new HttpError(400, 'Tell us what is wrong', 'details');
        }
        const lines = await linesOf(tx, orderId);
        // What was returned already (every return not refused) counts against what was ordered.
        const earlier = await tx
          .select({ orderItemId: returnItems.orderItemId, quantity: returnItems.quantity })
          .from(returnItems)
          .innerJoin(returnRequests, eq(returnRequests.id, returnItems.returnId))
          .where(and(eq(returnRequests.orderId, orderId), sql`${returnRequests.status} <> 'rejected'`));
        const chosen = new Map<number, number>();
        for (const item of input.items) {
          const line = lines[item.line];
          if (!line) throw new HttpError(400, 'Choose items of this order', 'items');
          chosen.set(line.id, (chosen.get(line.id) ?? 0) + item.quantity);
        }
        for (const [lineId, quantity] of chosen) {
          const line = lines.find((orderLine) => orderLine.id === lineId)!;
          const returned = earlier
            .filter((item) => item.orderItemId === lineId)
            .reduce((sum, item) => sum + item.quantity, 0);
          if (quantity > line.quantity - returned) {
            throw new HttpError(400, `Return at most ${line.quantity - returned} of ${line.name}`, 'items');
          }
        }
        const photos = [...new Set(input.photos ?? [])];
        if (photos.length > 0) {
          const owned = await tx
            .select({ name: returnPhotos.name })
            .from(returnPhotos)
            .where(
              and(inArray(returnPhotos.name, photos), eq(returnPhotos.userId, userId), isNull(returnPhotos.returnId)),
            );
          if (owned.length !== photos.length) throw new HttpError(400, 'Upload the photos again', 'photos');
        }
        const [row] = await tx
          .insert(returnRequests)
          .values({
            orderId,
            userId,
            reason: input.reason,
            details: input.details?.trim() ?? '',
            resolution: input.resolution,
            photos,
          })
          .returning();
        await tx
          .insert(returnItems)
          .values([...chosen].map(([orderItemId, quantity]) => ({ returnId: row!.id, orderItemId, quantity })));
        await tx.insert(returnEvents).values({ returnId: row!.id, status: 'requested' });
        if (photos.length > 0) {
          await tx.update(returnPhotos).set({ returnId: row!.id }).where(inArray(returnPhotos.name, photos));
        }
        const [shopper] = await tx
          .select({ name: users.name, email: users.email })
          .from(users)
          .where(eq(users.id, userId));
        await openGrievance(tx, {
          kind: 'return',
          userId,
          name: shopper?.name ?? order.address.name,
          email: shopper?.email ?? null,
          about: `Return of items of order #${orderId}`,
          orderId,
          returnId: row!.id,
        });
        await tellShopper(tx, row!, 'requested', null);
        return oneReturn(tx, row!.id);
      },

      async listReturns(executor, orderId, userId) {
        const rows = await executor
          .select()
          .from(returnRequests)
          .where(
            and(eq(returnRequests.orderId, orderId), userId === null ? undefined : eq(returnRequests.userId, userId)),
          )
          .orderBy(asc(returnRequests.createdAt), asc(returnRequests.id));
        return returnsOf(executor, rows);
      },

      async transitionReturn(tx, returnId, input) {
        const [row] = await tx.select().from(returnRequests).where(eq(returnRequests.id, returnId)).for('update');
        if (!row) throw new HttpError(404, 'There is no such return');
        const before = await oneReturn(tx, returnId);
        const allowed = returnTransitions[row.status];
        if (!allowed.includes(input.to)) {
          throw new HttpError(
            409,
            allowed.length === 0
              ? `This return is ${row.status}: it cannot change any more`
              : `A return that is ${row.status} can only become ${allowed.join(' or ')}`,
            'to',
          );
        }
        if (
          (input.to === 'refunded' || input.to === 'replaced') &&
          row.resolution !== (input.to === 'refunded' ? 'refund' : 'replacement')
        ) {
          throw new HttpError(409, `The shopper asked for a ${row.resolution}`, 'to');
        }
        const note = input.note ? input.note : null;
        const changes: Partial<typeof returnRequests.$inferInsert> = { status: input.to };
        if (input.to === 'rejected' && !note) throw new HttpError(400, 'Tell the shopper why', 'note');
        if (input.to === 'pickup_scheduled') {
          if (!input.courier) throw new HttpError(400, 'Enter the courier', 'courier');
          if (!input.tracking_id) throw new HttpError(400, 'Enter the tracking ID', 'tracking_id');
          if (!input.pickup_date) throw new HttpError(400, 'Enter the pick-up date', 'pickup_date');
          changes.courier = input.courier;
          changes.trackingId = input.tracking_id;
          changes.trackingUrl = input.tracking_url || courierTrackingUrl(input.courier, input.tracking_id);
          changes.pickupDate = input.pickup_date;
        }
        if (input.to === 'received') {
          const restock = input.restock ?? false;
          changes.restocked = restock;
          if (restock) {
            const lines = await linesOf(tx, row.orderId);
            const items = await tx.select().from(returnItems).where(eq(returnItems.returnId, returnId));
            const back = items
              .map((item) => ({ item, line: lines.find((line) => line.id === item.orderItemId)! }))
              .sort((a, b) => a.line.productId - b.line.productId);
            for (const { item, line } of back) {
              // Back to its size's stock too (a sized product's stock is the sum of its sizes').
              await restoreStock(
                tx,
                { productId: line.productId, variantId: line.variantId, quantity: item.quantity },
                publicUrl,
              );
            }
          }
        }
        if (input.to === 'refunded') {
          // A cash-on-delivery order's refund needs staff's reference of the payment; a prepaid one's is the gateway's.
          const order = await fastify.orderRepository.getStaffOrder(tx, row.orderId);
          const remaining = order!.total - order!.refunded_total;
          const amount = input.refund_amount ?? Math.min(before.items_total, remaining);
          changes.refundAmount = amount;
          await refundReturn(tx, row.orderId, {
            amount,
            reference: input.refund_reference,
            note: note ?? `Return of ${before.items.map((item) => `${item.quantity} × ${item.name}`).join(', ')}`,
          });
        }
        const [updated] = await tx
          .update(returnRequests)
          .set(changes)
          .where(eq(returnRequests.id, returnId))
          .returning();
        await tx.insert(returnEvents).values({ returnId, status: input.to, note });
        await answerTicketOfReturn(tx, returnId, allowed.length > 0 && returnTransitions[input.to].length === 0, note);
        // The refund path tells the shopper of the money itself; every other step is told here.
        if (input.to !== 'refunded') await tellShopper(tx, updated!, input.to, note);
        return { before, after: await oneReturn(tx, returnId) };
      },

      async keepPhoto(tx, userId, name) {
        await tx.insert(returnPhotos).values({ name, userId });
      },

      async maySeePhoto(name, user) {
        if (user.role !== 'customer') return ['shop_manager', 'admin'].includes(user.role);
        const [row] = await db.select().from(returnPhotos).where(eq(returnPhotos.name, name));
        return row?.userId === user.id;
      },

      openGrievance,

      async listGrievances(open, role) {
        const rows = await db
          .select()
          .from(grievanceTickets)
          .where(
            and(
              open === undefined
                ? undefined
                : open
                  ? isNull(grievanceTickets.resolvedAt)
                  : sql`${grievanceTickets.resolvedAt} is not null`,
              role === 'admin' ? undefined : sql`${grievanceTickets.kind} <> 'data_request'`,
            ),
          )
          .orderBy(asc(grievanceTickets.createdAt))
          .limit(500);
        const tickets = rows.map(ticketOf);
        // What is due first comes first; resolved tickets after every open one, the latest resolved first.
        return tickets.sort((a, b) => {
          if (a.next_due && b.next_due) return a.next_due.localeCompare(b.next_due);
          if (a.next_due) return -1;
          if (b.next_due) return 1;
          return (b.resolved_at ?? '').localeCompare(a.resolved_at ?? '');
        });
      },

      async answerGrievance(tx, ticketId, step, note, role) {
        const [row] = await tx.select().from(grievanceTickets).where(eq(grievanceTickets.id, ticketId)).for('update');
        if (!row) throw new HttpError(404, 'There is no such ticket');
        if (role !== 'admin' && alertedRole[row.kind] !== role) {
          throw new HttpError(403, 'Your account is not allowed to do this');
        }
        if (step === 'acknowledged' && row.acknowledgedAt)
          throw new HttpError(409, 'This ticket is already acknowledged');
        if (row.resolvedAt) throw new HttpError(409, 'This ticket is already resolved');
        const [updated] = await tx
          .update(grievanceTickets)
          .set(
            step === 'acknowledged'
              ? { acknowledgedAt: sql`now()`, acknowledgement: note }
              : {
                  resolvedAt: sql`now()`,
                  resolution: note,
                  // Resolving answers the complaint too.
                  acknowledgedAt: row.acknowledgedAt ?? sql`now()`,
                  acknowledgement: row.acknowledgement ?? note,
                },
          )
          .where(eq(grievanceTickets.id, ticketId))
          .returning();
        await mailAddress(
          tx,
          row.email,
          'grievance',
          grievanceAnswerMail(row.name, row.number, step, note),
          row.userId ?? undefined,
        );
        return ticketOf(updated!);
      },

      async alertNearClocks(tx, now = new Date()) {
        const ackFrom = new Date(now.getTime() - (48 - ACKNOWLEDGE_ALERT_HOURS) * 60 * 60 * 1000);
        // Claimed with a guarded update: however many upkeeps run, each ticket's clock alerts once.
        const ackNear = await tx
          .update(grievanceTickets)
          .set({ ackAlertedAt: now })
          .where(
            and(
              isNull(grievanceTickets.acknowledgedAt),
              isNull(grievanceTickets.resolvedAt),
              isNull(grievanceTickets.ackAlertedAt),
              lte(grievanceTickets.createdAt, ackFrom),
            ),
          )
          .returning();
        const open = await tx
          .select()
          .from(grievanceTickets)
          .where(and(isNull(grievanceTickets.resolvedAt), isNull(grievanceTickets.resolveAlertedAt)));
        const resolveSoon = open.filter(
          (row) => resolveBy(row.createdAt).getTime() - RESOLVE_ALERT_DAYS * 24 * 60 * 60 * 1000 <= now.getTime(),
        );
        const resolveNear =
          resolveSoon.length === 0
            ? []
            : await tx
                .update(grievanceTickets)
                .set({ resolveAlertedAt: now })
                .where(
                  and(
                    inArray(
                      grievanceTickets.id,
                      resolveSoon.map((row) => row.id),
                    ),
                    isNull(grievanceTickets.resolveAlertedAt),
                  ),
                )
                .returning();
        const alerts = [
          ...ackNear.map((row) => ({ row, clock: 'acknowledge' as const, due: acknowledgeBy(row.createdAt) })),
          ...resolveNear.map((row) => ({ row, clock: 'resolve' as const, due: resolveBy(row.createdAt) })),
        ];
        if (alerts.length === 0) return 0;
        const staff = await tx
          .select({ id: users.id, role: users.role })
          .from(users)
          .where(and(inArray(users.role, ['shop_manager', 'admin']), isNull(users.disabledAt)));
        await tell(
          tx,
          alerts.flatMap(({ row, clock, due }) =>
            staff
              .filter((member) => member.role === alertedRole[row.kind])
              .map((member) => ({
                userId: member.id,
                kind: 'order' as const,
                words: grievanceDueNotice(row.number, clock, due),
                link: '/admin/grievances',
              })),
          ),
        );
        return alerts.length;
      },

      getOfficer: () => officer(db),

      async setOfficer(tx, input) {
        const before = await officer(tx);
        await tx
          .insert(grievanceOfficer)
          .values({ id: 1, ...input })
          .onConflictDoUpdate({ target: grievanceOfficer.id, set: { ...input, updatedAt: sql`now()` } });
        return { before, after: input };
      },
    });
  },
  { name: 'return-repository', dependencies: ['database', 'order-repository'] },
);
