import { describe, expect, it } from 'vitest';
import { estimateFromDispatch, estimateFromOrder, indiaToday } from '@/contract/delivery';

// The shipping policy: processed in 1–3 business days (Monday to Friday), delivered 5–10 working days (Monday to
// Saturday) after dispatch; days in India.
describe('when an order is expected', () => {
  it('counts from the order: 1–3 business days to dispatch, then 5–10 working days', () => {
    // Thursday 26 November 2026, 10 pm in India: dispatched Fri 27 Nov to Tue 1 Dec.
    expect(estimateFromOrder(new Date('2026-11-26T16:30:00Z'))).toEqual({
      earliest: '2026-12-03', // Thu: Sat 28, Mon 30, Tue 1, Wed 2, Thu 3
      latest: '2026-12-12', // Sat: ten working days after Tue 1 Dec
    });
  });

  it('takes the day in India, not in UTC: half past midnight on Friday is Friday', () => {
    expect(indiaToday(new Date('2026-11-26T19:00:00Z'))).toBe('2026-11-27');
    expect(indiaToday(new Date('2026-11-26T18:29:59Z'))).toBe('2026-11-26');
    // 19:00 UTC on Thursday is 00:30 on Friday 27 November in India: dispatched Mon 30 Nov to Wed 2 Dec.
    expect(estimateFromOrder(new Date('2026-11-26T19:00:00Z'))).toEqual({
      earliest: '2026-12-05', // Sat
      latest: '2026-12-14', // Mon: Sunday 13 is not a working day
    });
  });

  it('counts 5–10 working days from the dispatch once shipped', () => {
    // Saturday 28 November 2026, 10 am in India.
    expect(estimateFromDispatch(new Date('2026-11-28T04:30:00Z'))).toEqual({
      earliest: '2026-12-04', // Fri
      latest: '2026-12-10', // Thu
    });
  });

  it('skips the weekend for the shop and Sundays for the courier, across a month and a year', () => {
    // Friday 25 December 2026: dispatched Mon 28 to Wed 30 December.
    expect(estimateFromOrder(new Date('2026-12-25T06:00:00Z'))).toEqual({
      earliest: '2027-01-02', // Sat: Tue 29, Wed 30, Thu 31, Fri 1, Sat 2
      latest: '2027-01-11', // Mon
    });
  });

  it('counts neither Republic Day nor Independence Day nor Gandhi Jayanti, for the shop or the courier', () => {
    // Friday 22 January 2027, 10 am in India; Tuesday 26 January is Republic Day: dispatched Mon 25 to Thu 28.
    expect(estimateFromOrder(new Date('2027-01-22T04:30:00Z'))).toEqual({
      earliest: '2027-02-01', // Mon: Wed 27, Thu 28, Fri 29, Sat 30, Mon 1 after Mon 25
      latest: '2027-02-09', // Tue: ten working days after Thu 28 January
    });
    // Shipped on Friday 14 August 2026: Saturday 15 is Independence Day, Sunday 16 a Sunday.
    expect(estimateFromDispatch(new Date('2026-08-14T06:00:00Z')).earliest).toBe('2026-08-21'); // Mon 17 to Fri 21
    // Shipped on Thursday 1 October 2026: Friday 2 is Gandhi Jayanti.
    expect(estimateFromDispatch(new Date('2026-10-01T06:00:00Z')).earliest).toBe('2026-10-08'); // Sat 3, Mon 5 to Thu 8
  });
});
