import { describe, expect, it } from 'vitest';
import {
  LOGIN_DELAY_STEP_MS,
  LOGIN_FREE_FAILURES,
  LOGIN_MAX_FAILURES,
  LOGIN_WINDOW_MS,
  LoginThrottle,
} from '../../server/src/lib/login-throttle';

describe('login throttle', () => {
  it('lets the first failures through at once, then adds a growing delay, then refuses', () => {
    let now = 1_000_000;
    const throttle = new LoginThrottle(() => now);
    const keys = ['email:a@example.in'];
    for (let failure = 0; failure < LOGIN_MAX_FAILURES; failure += 1) {
      const verdict = throttle.check(keys);
      expect(verdict).toEqual({
        allowed: true,
        delayMs: Math.max(0, failure - LOGIN_FREE_FAILURES) * LOGIN_DELAY_STEP_MS,
      });
      throttle.recordFailure(keys);
      now += 1000;
    }
    const refused = throttle.check(keys);
    expect(refused.allowed).toBe(false);
    // The oldest failure leaves the window 15 minutes after it happened.
    if (!refused.allowed) expect(refused.retryAfterSeconds).toBe(LOGIN_WINDOW_MS / 1000 - LOGIN_MAX_FAILURES);
    now += LOGIN_WINDOW_MS;
    expect(throttle.check(keys)).toEqual({ allowed: true, delayMs: 0 });
  });

  it('judges by the strictest key and forgets an email after a success', () => {
    const throttle = new LoginThrottle(() => 0);
    for (let failure = 0; failure < LOGIN_MAX_FAILURES; failure += 1) throttle.recordFailure(['ip:1.2.3.4']);
    expect(throttle.check(['email:b@example.in', 'ip:1.2.3.4']).allowed).toBe(false);
    expect(throttle.check(['email:b@example.in', 'ip:5.6.7.8']).allowed).toBe(true);
    throttle.recordFailure(['email:c@example.in']);
    throttle.recordFailure(['email:c@example.in']);
    throttle.recordFailure(['email:c@example.in']);
    expect(throttle.check(['email:c@example.in'])).toEqual({ allowed: true, delayMs: LOGIN_DELAY_STEP_MS });
    throttle.clear('email:c@example.in');
    expect(throttle.check(['email:c@example.in'])).toEqual({ allowed: true, delayMs: 0 });
  });
});
