import { and, asc, count, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { ParsedCouponInput, StaffCoupon } from '../../../src/contract/admin.js';
import type { Coupon, UsableCoupon } from '../../../src/contract/coupons.js';
import { orderSaving } from '../../../src/contract/orders.js';
import type { Database } from '../db/client.js';
import { couponRedemptions, coupons } from '../db/schema.js';
import { formatIndianDate, formatRupees } from '../lib/money.js';
import { HttpError } from './error-handler.js';

/**
 * Coupon rules, decided here and only here: active flag, validity window, minimum order, total and per-user usage
 * limits (counted from redemptions), percent or flat discount capped by max_discount and never above the subtotal.
 */
declare module 'fastify' {
  interface FastifyInstance {
    couponRepository: {
      /**
       * Coupons the user could use today, each with the discount it gives on `subtotal` (their cart's), or null when
       * the cart is empty or below its minimum.
       */
      listUsable(userId: number, subtotal: number): Promise<UsableCoupon[]>;
      /**
       * The discount `code` gives this user on `subtotal`, or a 422 naming `field` with the reason it does not apply.
       * With `lock`, the coupon row is locked until the transaction ends, so usage limits hold under concurrency.
       */
      evaluate(
        tx: Database,
        input: { userId: number; code: string; subtotal: number; field: string; lock?: boolean },
      ): Promise<{ couponId: number; code: string; description: string; discount: number }>;
      /** Every coupon with its uses, for shop managers. */
      listStaffCoupons(): Promise<StaffCoupon[]>;
      createCoupon(tx: Database, input: ParsedCouponInput): Promise<StaffCoupon>;
      /** Changes a coupon; one already used keeps its code (orders name it). */
      updateCoupon(
        tx: Database,
        id: number,
        input: ParsedCouponInput,
      ): Promise<{ before: StaffCoupon; after: StaffCoupon }>;
    };
  }
}

type CouponRow = typeof coupons.$inferSelect;

export function couponDiscount(coupon: Pick<CouponRow, 'kind' | 'value' | 'maxDiscount'>, subtotal: number): number {
  const raw = coupon.kind === 'percent' ? Math.floor((subtotal * coupon.value) / 100) : coupon.value;
  const capped = coupon.maxDiscount === null ? raw : Math.min(raw, coupon.maxDiscount);
  return Math.max(0, Math.min(capped, subtotal));
}

/** The rules that hold across fields (400 naming the field that breaks them). */
function checkCouponRules(input: ParsedCouponInput): void {
  for (const field of ['starts_at', 'ends_at'] as const) {
    const value = input[field];
    if (value !== null && Number.isNaN(Date.parse(value))) {
      throw new HttpError(400, `${field} must be a date and time`, field);
    }
  }
  if (input.kind === 'percent' && input.value > 100) {
    throw new HttpError(400, 'A percent coupon takes at most 100 (%)', 'value');
  }
  if (input.starts_at && input.ends_at && Date.parse(input.ends_at) <= Date.parse(input.starts_at)) {
    throw new HttpError(400, 'The coupon must end after it starts', 'ends_at');
  }
  if (input.usage_limit !== null && input.per_user_limit !== null && input.per_user_limit > input.usage_limit) {
    throw new HttpError(400, 'The per-shopper limit cannot be above the total limit', 'per_user_limit');
  }
}

/**
 * A coupon's window may not be over when it is written: one that ended already would sit in the list as if on offer.
 * `keptEnd` is the end the coupon has now, which an edit may keep (to switch an expired coupon off or fix its text).
 */
function checkNotEnded(input: ParsedCouponInput, keptEnd: Date | null, now = new Date()): void {
  if (input.ends_at === null || Date.parse(input.ends_at) > now.getTime()) return;
  // The back office's form shows and sends times to the minute: the same minute is the end kept.
  const minute = (time: number) => Math.floor(time / 60_000);
  if (keptEnd && minute(keptEnd.getTime()) === minute(Date.parse(input.ends_at))) return;
  throw new HttpError(400, 'This end has passed: a coupon must end in the future', 'ends_at');
}

function couponValues(input: ParsedCouponInput) {
  checkCouponRules(input);
  return {
    code: input.code,
    description: input.description,
    kind: input.kind,
    value: input.value,
    minOrder: input.min_order,
    maxDiscount: input.max_discount,
    startsAt: input.starts_at ? new Date(input.starts_at) : null,
    endsAt: input.ends_at ? new Date(input.ends_at) : null,
    usageLimit: input.usage_limit,
    perUserLimit: input.per_user_limit,
    active: input.active,
  };
}

function staffCouponOf(row: CouponRow, uses: number): StaffCoupon {
  return {
    ...toCoupon(row),
    id: row.id,
    starts_at: row.startsAt?.toISOString() ?? null,
    usage_limit: row.usageLimit,
    per_user_limit: row.perUserLimit,
    active: row.active,
    uses,
  };
}

function toCoupon(row: CouponRow): Coupon {
  return {
    code: row.code,
    description: row.description,
    kind: row.kind,
    value: row.value,
    min_order: row.minOrder,
    max_discount: row.maxDiscount,
    ends_at: row.endsAt?.toISOString() ?? null,
  };
}

async function usage(executor: Database, couponId: number, userId: number) {
  const [row] = await executor
    .select({
      total: count(),
      mine: sql<number>`count(*) filter (where ${couponRedemptions.userId} = ${userId})`.mapWith(Number),
    })
    .from(couponRedemptions)
    .where(eq(couponRedemptions.couponId, couponId));
  return { total: row?.total ?? 0, mine: row?.mine ?? 0 };
}

export default fp(
  async (fastify) => {
    const { db } = fastify;

    fastify.decorate('couponRepository', {
      async listUsable(userId, subtotal) {
        const now = new Date();
        const rows = await db
          .select()
          .from(coupons)
          .where(
            and(
              eq(coupons.active, true),
              or(isNull(coupons.startsAt), lte(coupons.startsAt, now)),
              or(isNull(coupons.endsAt), gt(coupons.endsAt, now)),
            ),
          )
          .orderBy(asc(coupons.minOrder), asc(coupons.code));
        const usable: UsableCoupon[] = [];
        for (const row of rows) {
          const used = await usage(db, row.id, userId);
          if (row.usageLimit !== null && used.total >= row.usageLimit) continue;
          if (row.perUserLimit !== null && used.mine >= row.perUserLimit) continue;
          const applies = subtotal > 0 && subtotal >= row.minOrder;
          usable.push({
            ...toCoupon(row),
            saving: applies ? orderSaving(subtotal, couponDiscount(row, subtotal)) : null,
          });
        }
        return usable;
      },

      async evaluate(tx, { userId, code, subtotal, field, lock }) {
        const query = tx.select().from(coupons).where(eq(coupons.code, code.toUpperCase())).limit(1);
        const [coupon] = lock ? await query.for('update') : await query;
        const refuse = (message: string) => new HttpError(422, message, field);
        if (!coupon) throw refuse(`There is no coupon with the code ${code.toUpperCase()}`);
        if (!coupon.active) throw refuse(`Coupon ${coupon.code} is no longer active`);
        const now = new Date();
        if (coupon.startsAt && coupon.startsAt > now) {
          throw refuse(`Coupon ${coupon.code} can be used from ${formatIndianDate(coupon.startsAt)}`);
        }
        if (coupon.endsAt && coupon.endsAt <= now) {
          throw refuse(`Coupon ${coupon.code} expired on ${formatIndianDate(coupon.endsAt)}`);
        }
        if (subtotal <= 0) throw refuse('Add something to your cart before applying a coupon');
        if (subtotal < coupon.minOrder) {
          throw refuse(
            `Coupon ${coupon.code} needs an order of at least ${formatRupees(coupon.minOrder)}; add ${formatRupees(coupon.minOrder - subtotal)} more`,
          );
        }
        const used = await usage(tx, coupon.id, userId);
        if (coupon.usageLimit !== null && used.total >= coupon.usageLimit) {
          throw refuse(`Coupon ${coupon.code} has been fully redeemed`);
        }
        if (coupon.perUserLimit !== null && used.mine >= coupon.perUserLimit) {
          throw refuse(
            coupon.perUserLimit === 1
              ? `You have already used coupon ${coupon.code}`
              : `You have already used coupon ${coupon.code} ${coupon.perUserLimit} times, the most allowed`,
          );
        }
        return {
          couponId: coupon.id,
          code: coupon.code,
          description: coupon.description,
          discount: couponDiscount(coupon, subtotal),
        };
      },

      async listStaffCoupons() {
        const rows = await db
          .select({ coupon: coupons, uses: sql<number>`count(${couponRedemptions.id})::int` })
          .from(coupons)
          .leftJoin(couponRedemptions, eq(couponRedemptions.couponId, coupons.id))
          .groupBy(coupons.id)
          .orderBy(asc(coupons.code));
        return rows.map(({ coupon, uses }) => staffCouponOf(coupon, uses));
      },

      async createCoupon(tx, input) {
        const values = couponValues(input);
        checkNotEnded(input, null);
        const [row] = await tx.insert(coupons).values(values).onConflictDoNothing().returning();
        if (!row) throw new HttpError(409, 'A coupon with this code exists already', 'code');
        return staffCouponOf(row, 0);
      },

      async updateCoupon(tx, id, input) {
        const [current] = await tx.select().from(coupons).where(eq(coupons.id, id)).for('update');
        if (!current) throw new HttpError(404, 'There is no such coupon');
        const [{ uses }] = (await tx
          .select({ uses: count() })
          .from(couponRedemptions)
          .where(eq(couponRedemptions.couponId, id))) as [{ uses: number }];
        if (uses > 0 && input.code !== current.code) {
          throw new HttpError(409, 'This coupon has been used: its code stays (switch it off instead)', 'code');
        }
        const values = couponValues(input);
        checkNotEnded(input, current.endsAt);
        const [taken] = await tx.select({ id: coupons.id }).from(coupons).where(eq(coupons.code, input.code));
        if (taken && taken.id !== id) throw new HttpError(409, 'A coupon with this code exists already', 'code');
        const [row] = await tx.update(coupons).set(values).where(eq(coupons.id, id)).returning();
        return { before: staffCouponOf(current, uses), after: staffCouponOf(row!, uses) };
      },
    });
  },
  { name: 'coupon-repository', dependencies: ['database'] },
);
