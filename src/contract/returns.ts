import { z } from 'zod/mini';
import { withWebScheme } from './couriers';

/**
 * Returns and grievances. A delivered order's items may be returned (or a problem with them reported) within the
 * refund policy's 30 days of delivery; every complaint is a grievance ticket with the clocks of the Consumer
 * Protection (E-Commerce) Rules 2020, Rule 4(5): acknowledged within 48 hours, resolved within a month of receipt.
 */

export const returnReasons = ['damaged', 'defective', 'wrong_item', 'not_as_shown', 'size', 'other'] as const;
export type ReturnReason = (typeof returnReasons)[number];

export const returnResolutions = ['refund', 'replacement'] as const;
export type ReturnResolution = (typeof returnResolutions)[number];

export const returnStatuses = [
  'requested',
  'approved',
  'rejected',
  'pickup_scheduled',
  'received',
  'refunded',
  'replaced',
] as const;
export type ReturnStatus = (typeof returnStatuses)[number];

/** The moves staff may make: the state only moves forward; rejected, refunded and replaced are final. */
export const returnTransitions: Record<ReturnStatus, readonly ReturnStatus[]> = {
  requested: ['approved', 'rejected'],
  approved: ['pickup_scheduled', 'received'],
  pickup_scheduled: ['received'],
  received: ['refunded', 'replaced'],
  rejected: [],
  refunded: [],
  replaced: [],
};

/** Photos a shopper may add to one return. */
export const RETURN_PHOTOS_MAX = 5;

const optionalText = (max: number, field: string) =>
  z.optional(z.string().check(z.trim(), z.maxLength(max, `${field} must be at most ${max} characters`)));

export const returnRequestSchema = z.object({
  /** The order's lines (by their position in the order's `items`, from 0) and how many of each. */
  items: z
    .array(
      z.object({
        line: z.int('line must be a whole number').check(z.gte(0, 'line must be a whole number')),
        quantity: z.int('Choose how many').check(z.gte(1, 'Choose how many')),
      }),
    )
    .check(z.minLength(1, 'Choose the items to return')),
  reason: z.enum(returnReasons, { error: 'Choose what is wrong' }),
  details: optionalText(1000, 'details'),
  resolution: z.enum(returnResolutions, { error: 'Choose a refund or a replacement' }),
  photos: z.optional(z.array(z.string().check(z.maxLength(200))).check(z.maxLength(RETURN_PHOTOS_MAX))),
});
export type ReturnRequestInput = z.input<typeof returnRequestSchema>;

export const returnSchema = z.object({
  id: z.int(),
  order_id: z.int(),
  status: z.enum(returnStatuses),
  reason: z.enum(returnReasons),
  details: z.string(),
  resolution: z.enum(returnResolutions),
  items: z.array(z.object({ line: z.int(), name: z.string(), quantity: z.int(), price: z.int() })),
  /** Addresses of the photos (served only to the shopper and staff). */
  photos: z.array(z.string()),
  pickup: z.nullable(
    z.object({
      courier: z.string(),
      tracking_id: z.string(),
      tracking_url: z.nullable(z.string()),
      date: z.string(),
    }),
  ),
  restocked: z.nullable(z.boolean()),
  refund_amount: z.nullable(z.int()),
  /** What the returned items cost the shopper (less their share of a coupon), in paise: a refund's default. */
  items_total: z.int(),
  ticket: z.nullable(z.string()),
  created_at: z.string(),
  history: z.array(z.object({ status: z.enum(returnStatuses), at: z.string(), note: z.nullable(z.string()) })),
});
export type OrderReturn = z.infer<typeof returnSchema>;

export const returnResponseSchema = z.object({ data: returnSchema });
export const returnListSchema = z.object({ data: z.array(returnSchema) });

export const returnPhotoResponseSchema = z.object({ data: z.object({ name: z.string(), url: z.string() }) });

export const returnTransitionSchema = z.object({
  to: z.enum(returnStatuses, { error: `to must be one of ${returnStatuses.join(', ')}` }),
  note: optionalText(1000, 'note'),
  courier: optionalText(100, 'courier'),
  tracking_id: optionalText(100, 'tracking_id'),
  tracking_url: z.optional(
    z.pipe(
      z.pipe(
        z.string().check(z.trim(), z.maxLength(500, 'tracking_url must be at most 500 characters')),
        z.transform(withWebScheme),
      ),
      z.string().check(z.regex(/^$|^https?:\/\/\S+$/i, 'Enter a link starting with https://')),
    ),
  ),
  /** The pick-up's day in India. */
  pickup_date: z.optional(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter the pick-up date'))),
  /** On receipt: whether the items go back into stock. */
  restock: z.optional(z.boolean()),
  /** On refund: paise paid back (the returned items' price unless given) and the payment's reference. */
  refund_amount: z.optional(
    z.int('refund_amount must be a whole number of paise').check(z.gte(1, 'Refund at least ₹1')),
  ),
  refund_reference: optionalText(100, 'refund_reference'),
});
export type ReturnTransition = z.input<typeof returnTransitionSchema>;

export const grievanceKinds = ['return', 'order_message', 'data_request'] as const;
export type GrievanceKind = (typeof grievanceKinds)[number];

/** Rule 4(5): receipt acknowledged within 48 hours. */
export const ACKNOWLEDGE_HOURS = 48;
/** Staff are alerted when this many hours of the acknowledgement clock remain. */
export const ACKNOWLEDGE_ALERT_HOURS = 12;
/** Staff are alerted when this many days of the month to resolve remain. */
export const RESOLVE_ALERT_DAYS = 5;

export const grievanceTicketSchema = z.object({
  id: z.int(),
  number: z.string(),
  kind: z.enum(grievanceKinds),
  name: z.string(),
  email: z.nullable(z.string()),
  subject: z.string(),
  order_id: z.nullable(z.int()),
  return_id: z.nullable(z.int()),
  created_at: z.string(),
  acknowledge_by: z.string(),
  resolve_by: z.string(),
  acknowledged_at: z.nullable(z.string()),
  acknowledgement: z.nullable(z.string()),
  resolved_at: z.nullable(z.string()),
  resolution: z.nullable(z.string()),
  /** The clock due first of those still running, or null once resolved. */
  next_due: z.nullable(z.string()),
});
export type GrievanceTicket = z.infer<typeof grievanceTicketSchema>;

export const grievanceListSchema = z.object({ data: z.array(grievanceTicketSchema) });
export const grievanceResponseSchema = z.object({ data: grievanceTicketSchema });
export const grievanceListQuerySchema = z.object({
  open: z.optional(z.enum(['true', 'false'])),
});

export const grievanceAnswerSchema = z.object({
  note: z.string().check(z.trim(), z.minLength(1, 'Write to the shopper'), z.maxLength(2000)),
});

export const dataRequestKinds = ['export', 'correction', 'deletion'] as const;
export const dataRequestSchema = z.object({
  kind: z.enum(dataRequestKinds, { error: 'Choose what you are asking for' }),
  details: optionalText(2000, 'details'),
});
export const dataRequestResponseSchema = z.object({ data: z.object({ ticket: z.string() }) });

export const grievanceOfficerSchema = z.object({
  name: z.string().check(z.trim(), z.minLength(1, 'Enter the name'), z.maxLength(200)),
  designation: z.string().check(z.trim(), z.minLength(1, 'Enter the designation'), z.maxLength(200)),
  phone: z.string().check(z.trim(), z.minLength(1, 'Enter the phone'), z.maxLength(50)),
  email: z.string().check(z.trim(), z.email('Enter a valid email'), z.maxLength(200)),
  address: z.string().check(z.trim(), z.minLength(1, 'Enter the address'), z.maxLength(1000)),
});
export type GrievanceOfficer = z.infer<typeof grievanceOfficerSchema>;
export const grievanceOfficerResponseSchema = z.object({ data: grievanceOfficerSchema });

/** The officer shown until staff set theirs (a demo's). */
export const DEMO_GRIEVANCE_OFFICER: GrievanceOfficer = {
  name: 'Kavita Rao',
  designation: 'Grievance Officer',
  phone: '+91 22 4000 1234',
  email: 'grievances@cineverse.in',
  address: 'CineVerse, 4th Floor, Film City Road, Goregaon East, Mumbai, Maharashtra 400065',
};

/** The financial year (April to March, India time) of `at`, as its two years' last digits: `2627`. */
export function financialYear(at: Date): string {
  const india = new Date(at.getTime() + 5.5 * 60 * 60 * 1000);
  const year = india.getUTCMonth() >= 3 ? india.getUTCFullYear() : india.getUTCFullYear() - 1;
  return `${String(year % 100).padStart(2, '0')}${String((year + 1) % 100).padStart(2, '0')}`;
}

/** A ticket's number: `GRV-2627-000123`. */
export function ticketNumber(year: string, serial: number): string {
  return `GRV-${year}-${String(serial).padStart(6, '0')}`;
}

/** When a complaint received at `at` must be acknowledged. */
export function acknowledgeBy(at: Date): Date {
  return new Date(at.getTime() + ACKNOWLEDGE_HOURS * 60 * 60 * 1000);
}

/**
 * When it must be resolved: a calendar month after receipt (India time), on the month's last day when the next month
 * is shorter (31 January → 28 or 29 February).
 */
export function resolveBy(at: Date): Date {
  const offset = 5.5 * 60 * 60 * 1000;
  const india = new Date(at.getTime() + offset);
  const day = india.getUTCDate();
  const next = new Date(india);
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + 1);
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, lastDay));
  return new Date(next.getTime() - offset);
}
