import { NetworkError } from './api-client';

/**
 * Whether a failed read is asked again (`failureCount` failures so far, up to `times` retries). Not while the
 * device says it is offline: a request that never left the device fails the same way a second later, and retrying
 * it held a page never seen on its spinner for seconds (1 s, 2 s, 4 s of backoff) before it said it was not saved.
 * The page's Try again asks again once the network is back.
 * On a network that takes requests and answers none, the browser still says online: those are retried.
 */
export function retryRead(failureCount: number, error: unknown, times = 3): boolean {
  if (error instanceof NetworkError && typeof navigator !== 'undefined' && navigator.onLine === false) return false;
  return failureCount < times;
}

/**
 * Whether a route's loader starts the page's read while its code loads: only while the device says it is online.
 * Offline the read fails at once, before the page has mounted, and the page's own query would ask a second time on
 * mounting; left to the page, it asks once and says at once that the page is not saved here.
 */
export function prefetchWorthIt(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}
