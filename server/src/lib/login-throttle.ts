/**
 * The login throttle's policy. Attempts are counted in the database before the password is checked
 * (plugins/attempt-counter.ts), over 15 minutes per account and address (or per known device) and per account, and
 * over an hour per address; a right password takes its attempt back. From the third failure on, each further attempt
 * is answered a little later (never more than a second); after ten failures for one account from one address (or one
 * device) attempts from there are refused with a wait time, without checking the password. Failures for one account
 * never refuse another account, and failures from elsewhere never refuse the account's owner: they only make a right
 * password from a device the account never signed in from answer with a mailed sign-in link.
 */
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
/** Failures answered at full speed. */
export const LOGIN_FREE_FAILURES = 2;
/** Extra delay per failure past the free ones, and its ceiling: slows guessing without hurting a typo. */
export const LOGIN_DELAY_STEP_MS = 100;
export const LOGIN_MAX_DELAY_MS = 1000;
/** Failures after which attempts (for one account from one address or device) are refused until the window ends. */
export const LOGIN_MAX_FAILURES = 10;
/**
 * Failures for one account from anywhere, within LOGIN_WINDOW_MS, after which the account counts as being guessed
 * at: a right password from a device it never signed in from is answered with a mailed sign-in link.
 */
export const ACCOUNT_GUESSED_FAILURES = 10;
/** The window of the address-wide count. */
export const ADDRESS_WINDOW_MS = 60 * 60 * 1000;
/**
 * Failed logins per address per hour answered at full speed; past them every login from the address waits
 * LOGIN_MAX_DELAY_MS, and none is refused. An office of 200 people who each mistype twice a day stays far below.
 */
export const ADDRESS_FREE_FAILURES = 300;

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

/** The delay only (never a refusal) for counts that may slow an attempt but must not stop it. */
export function loginDelayMs(attempts: number): number {
  const earlierFailures = attempts - 1;
  return Math.min(LOGIN_MAX_DELAY_MS, Math.max(0, earlierFailures - LOGIN_FREE_FAILURES) * LOGIN_DELAY_STEP_MS);
}

/** The delay of an attempt from an address with `attempts` attempts in the hour, this one included. */
export function addressDelayMs(attempts: number): number {
  return attempts - 1 >= ADDRESS_FREE_FAILURES ? LOGIN_MAX_DELAY_MS : 0;
}

/** Whether an account with `attempts` attempts in its window, this one included, is being guessed at. */
export function isGuessedAt(attempts: number): boolean {
  return attempts - 1 >= ACCOUNT_GUESSED_FAILURES;
}
