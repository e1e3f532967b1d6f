/**
 * Counts failed logins per email and per client address in memory, over a sliding 15-minute window. From the
 * third failure each further attempt is delayed a little more; from the tenth it is refused with a wait time. A
 * successful login clears its email's count. Memory is bounded: the oldest keys are dropped past MAX_KEYS.
 */
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
/** Failures answered at full speed. */
export const LOGIN_FREE_FAILURES = 2;
/** Extra delay per failure past the free ones, and its ceiling: slows guessing without hurting a typo. */
export const LOGIN_DELAY_STEP_MS = 100;
export const LOGIN_MAX_DELAY_MS = 1000;
/** Failures after which attempts are refused until the window moves on. */
export const LOGIN_MAX_FAILURES = 10;
const MAX_KEYS = 50_000;

export type ThrottleVerdict = { allowed: true; delayMs: number } | { allowed: false; retryAfterSeconds: number };

export class LoginThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(private readonly now: () => number = Date.now) {}

  private recent(key: string): number[] {
    const cutoff = this.now() - LOGIN_WINDOW_MS;
    const times = (this.failures.get(key) ?? []).filter((time) => time > cutoff);
    if (times.length === 0) this.failures.delete(key);
    else this.failures.set(key, times);
    return times;
  }

  /** What to do with an attempt for these keys (e.g. `email:x`, `ip:y`): the strictest key decides. */
  check(keys: string[]): ThrottleVerdict {
    let delayMs = 0;
    for (const key of keys) {
      const times = this.recent(key);
      if (times.length >= LOGIN_MAX_FAILURES) {
        const oldest = times[times.length - LOGIN_MAX_FAILURES] ?? this.now();
        return {
          allowed: false,
          retryAfterSeconds: Math.max(1, Math.ceil((oldest + LOGIN_WINDOW_MS - this.now()) / 1000)),
        };
      }
      const extra = Math.max(0, times.length - LOGIN_FREE_FAILURES) * LOGIN_DELAY_STEP_MS;
      delayMs = Math.max(delayMs, Math.min(LOGIN_MAX_DELAY_MS, extra));
    }
    return { allowed: true, delayMs };
  }

  recordFailure(keys: string[]): void {
    const time = this.now();
    for (const key of keys) {
      const times = this.recent(key);
      // Re-inserted so that the map's order is by last failure, and trimming drops the stalest keys.
      this.failures.delete(key);
      this.failures.set(key, [...times, time]);
    }
    while (this.failures.size > MAX_KEYS) {
      const oldestKey = this.failures.keys().next().value;
      if (oldestKey === undefined) break;
      this.failures.delete(oldestKey);
    }
  }

  clear(key: string): void {
    this.failures.delete(key);
  }
}
