/**
 * The login throttle's policy. Attempts are counted per email and per client address over 15 minutes, in the
 * database, before the password is checked (plugins/attempt-counter.ts); a right password takes its attempt back.
 * From the third failure on, each further attempt is answered a little later; after ten failures attempts are
 * refused with a wait time, without checking the password.
 */
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
/** Failures answered at full speed. */
export const LOGIN_FREE_FAILURES = 2;
/** Extra delay per failure past the free ones, and its ceiling: slows guessing without hurting a typo. */
export const LOGIN_DELAY_STEP_MS = 100;
export const LOGIN_MAX_DELAY_MS = 1000;
/** Failures after which attempts are refused until the window ends. */
export const LOGIN_MAX_FAILURES = 10;

export type ThrottleVerdict = { allowed: true; delayMs: number } | { allowed: false; retryAfterSeconds: number };

/**
 * What to do with an attempt, given each key's count of attempts in its window with this one included (the
 * earlier attempts still counted are failures: a success takes its attempt back). The strictest key decides.
 */
export function loginVerdict(counts: { attempts: number; retryAfterSeconds: number }[]): ThrottleVerdict {
  let delayMs = 0;
  let retryAfterSeconds = 0;
  for (const { attempts, retryAfterSeconds: wait } of counts) {
    const earlierFailures = attempts - 1;
    if (earlierFailures >= LOGIN_MAX_FAILURES) retryAfterSeconds = Math.max(retryAfterSeconds, wait);
    const extra = Math.max(0, earlierFailures - LOGIN_FREE_FAILURES) * LOGIN_DELAY_STEP_MS;
    delayMs = Math.max(delayMs, Math.min(LOGIN_MAX_DELAY_MS, extra));
  }
  return retryAfterSeconds > 0 ? { allowed: false, retryAfterSeconds } : { allowed: true, delayMs };
}
