import { describe, expect, it } from 'vitest';
import { calendarDate, isCalendarDate, recordId, storedWholeNumber } from '@/contract/fields';
import { z } from 'zod/mini';

describe('a date on the calendar', () => {
  it('is a real day from 1900 on, with or without a time of day', () => {
    for (const value of ['2026-11-28', '2028-02-29', '2000-02-29', '1900-01-01', '2026-12-31T23:59:59+05:30']) {
      expect(isCalendarDate(value), value).toBe(true);
    }
  });

  it('is never a 13th month, a 30 February, the year 1 or a 25th hour', () => {
    for (const value of [
      '2026-13-45',
      '2026-02-30',
      '2027-02-29',
      '1900-02-29',
      '0001-01-01',
      '2026-00-10',
      '2026-04-31',
      '2026-12-05T24:00:00+05:30',
      '2026-12-05T11:60',
      'tomorrow',
    ]) {
      expect(isCalendarDate(value), value).toBe(false);
    }
  });

  it('is refused as "not a date", naming the field', () => {
    const schema = z.string().check(calendarDate('from'));
    expect(schema.safeParse('2026-02-30').error?.issues[0]?.message).toBe('from is not a date on the calendar');
  });
});

describe('numbers the database stores', () => {
  it('stop at its integer, 2,147,483,647', () => {
    expect(recordId('ids').safeParse(2_147_483_647).success).toBe(true);
    expect(recordId('ids').safeParse(2_147_483_648).error?.issues[0]?.message).toBe('ids must be at most 2147483647');
    expect(recordId('ids').safeParse(0).success).toBe(false);
    expect(storedWholeNumber('value', 1).safeParse(1e20).success).toBe(false);
    expect(storedWholeNumber('min_order', 0).safeParse(0).success).toBe(true);
  });
});
