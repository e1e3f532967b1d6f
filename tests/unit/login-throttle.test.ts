import { describe, expect, it } from 'vitest';
import { addressDelayMs, isGuessedAt, loginDelayMs, loginVerdict } from '../../server/src/lib/login-throttle';

/** The verdict for an attempt that comes after `failures` failures in the window, with `wait` seconds left of it. */
const after = (failures: number, wait = 600) => loginVerdict([{ attempts: failures + 1, retryAfterSeconds: wait }]);

describe('login throttle policy (README: third failure slowed, 100 ms per failure, at most 1 s, 429 from the tenth)', () => {
  it('answers the first attempts at once, then 100 ms later per failure, at most 1 s', () => {
    expect(after(0)).toEqual({ allowed: true, delayMs: 0 });
    expect(after(1)).toEqual({ allowed: true, delayMs: 0 });
    expect(after(2)).toEqual({ allowed: true, delayMs: 0 });
    expect(after(3)).toEqual({ allowed: true, delayMs: 100 });
    expect(after(5)).toEqual({ allowed: true, delayMs: 300 });
    expect(after(9)).toEqual({ allowed: true, delayMs: 700 });
  });

  it('refuses every attempt after ten failures, with the time left in the window', () => {
    expect(after(10, 840)).toEqual({ allowed: false, retryAfterSeconds: 840 });
    expect(after(150, 12)).toEqual({ allowed: false, retryAfterSeconds: 12 });
  });

  it('lets the strictest key decide', () => {
    expect(
      loginVerdict([
        { attempts: 1, retryAfterSeconds: 900 },
        { attempts: 11, retryAfterSeconds: 300 },
      ]),
    ).toEqual({ allowed: false, retryAfterSeconds: 300 });
    expect(
      loginVerdict([
        { attempts: 5, retryAfterSeconds: 900 },
        { attempts: 30, retryAfterSeconds: 900 },
      ]).allowed,
    ).toBe(false);
    expect(
      loginVerdict([
        { attempts: 2, retryAfterSeconds: 900 },
        { attempts: 9, retryAfterSeconds: 900 },
      ]),
    ).toEqual({ allowed: true, delayMs: 600 });
  });
});

describe('address-wide slowing and accounts being guessed at (README: 300 failures an hour per address)', () => {
  it('slows an address by a second past 300 failures in its hour, and never refuses it', () => {
    expect(addressDelayMs(1)).toBe(0);
    expect(addressDelayMs(300)).toBe(0);
    expect(addressDelayMs(301)).toBe(1000);
    expect(addressDelayMs(100_000)).toBe(1000);
  });

  it('slows an account’s attempts from elsewhere by at most a second', () => {
    expect(loginDelayMs(3)).toBe(0);
    expect(loginDelayMs(5)).toBe(200);
    expect(loginDelayMs(500)).toBe(1000);
  });

  it('counts an account as guessed at from its tenth failure in the window', () => {
    expect(isGuessedAt(10)).toBe(false);
    expect(isGuessedAt(11)).toBe(true);
  });
});
