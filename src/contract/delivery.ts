/**
 * When an order should arrive, by the shipping policy: it is processed (dispatched) in 1–3 business days and
 * delivered 5–10 working days after dispatch. Business days are the shop's team's, Monday to Friday; working days
 * are the couriers', Monday to Saturday, and neither counts the three national holidays, on which offices and
 * couriers across India close (`NATIONAL_HOLIDAYS`). Days are calendar days in India (UTC+5:30, no daylight saving);
 * the states' own festival holidays are not counted out. The server gives an order its estimate; the checkout shows
 * the one of an order placed now.
 */
export const PROCESSING_BUSINESS_DAYS = { min: 1, max: 3 } as const;
export const TRANSIT_WORKING_DAYS = { min: 5, max: 10 } as const;

/** The first and last day the parcel is expected, as `YYYY-MM-DD` in India. */
export interface DeliveryEstimate {
  earliest: string;
  latest: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const INDIA_OFFSET_MS = 330 * 60 * 1000;

/** The day in India an instant falls on, as the UTC midnight of that date (so that its weekday is `getUTCDay`). */
function indiaDay(at: Date): Date {
  const shifted = new Date(at.getTime() + INDIA_OFFSET_MS);
  return new Date(Date.UTC(shifted.getUTCFullYear(), shifted.getUTCMonth(), shifted.getUTCDate()));
}

const isoDay = (day: Date) => day.toISOString().slice(0, 10);

/** Republic Day, Independence Day and Gandhi Jayanti, as `MM-DD`: the same date every year. */
export const NATIONAL_HOLIDAYS = ['01-26', '08-15', '10-02'] as const;

const isHoliday = (day: Date) => (NATIONAL_HOLIDAYS as readonly string[]).includes(isoDay(day).slice(5));
const isBusinessDay = (day: Date) => day.getUTCDay() >= 1 && day.getUTCDay() <= 5 && !isHoliday(day);
const isWorkingDay = (day: Date) => day.getUTCDay() !== 0 && !isHoliday(day);

/** The `count`th day after `day` that `counts`. */
function after(day: Date, count: number, counts: (day: Date) => boolean): Date {
  let next = day;
  for (let left = count; left > 0;) {
    next = new Date(next.getTime() + DAY_MS);
    if (counts(next)) left -= 1;
  }
  return next;
}

/** Today in India, as `YYYY-MM-DD`: an estimate whose latest day is before it is late. */
export function indiaToday(now = new Date()): string {
  return isoDay(indiaDay(now));
}

/** The estimate of an order placed at `placedAt` and not yet dispatched. */
export function estimateFromOrder(placedAt: Date): DeliveryEstimate {
  const day = indiaDay(placedAt);
  return {
    earliest: isoDay(
      after(after(day, PROCESSING_BUSINESS_DAYS.min, isBusinessDay), TRANSIT_WORKING_DAYS.min, isWorkingDay),
    ),
    latest: isoDay(
      after(after(day, PROCESSING_BUSINESS_DAYS.max, isBusinessDay), TRANSIT_WORKING_DAYS.max, isWorkingDay),
    ),
  };
}

/** The estimate of an order dispatched at `shippedAt`. */
export function estimateFromDispatch(shippedAt: Date): DeliveryEstimate {
  const day = indiaDay(shippedAt);
  return {
    earliest: isoDay(after(day, TRANSIT_WORKING_DAYS.min, isWorkingDay)),
    latest: isoDay(after(day, TRANSIT_WORKING_DAYS.max, isWorkingDay)),
  };
}

/**
 * The estimate of an order placed at `placedAt` to a zone whose couriers take `transit` working days (staff set them
 * per zone): processed in 1–3 business days, then in transit.
 */
export function estimateForTransit(placedAt: Date, transit: { min: number; max: number }): DeliveryEstimate {
  const day = indiaDay(placedAt);
  return {
    earliest: isoDay(after(after(day, PROCESSING_BUSINESS_DAYS.min, isBusinessDay), transit.min, isWorkingDay)),
    latest: isoDay(after(after(day, PROCESSING_BUSINESS_DAYS.max, isBusinessDay), transit.max, isWorkingDay)),
  };
}
