import { ApiError, NetworkError } from '@/lib/api-client';

/** What the replayer does after a send fails. */
export type ReplayDecision = 'retry' | 'wait-for-login' | 'drop' | 'done';

/**
 * A network error, a timeout, a rate limit or a 5xx may succeed later: retry with backoff. A 401 keeps every entry
 * until the user logs in again. Any other 4xx (product gone, out of stock, invalid) never will: drop it and tell
 * the user.
 */
export function decideAfterFailure(error: unknown): ReplayDecision {
  if (error instanceof NetworkError) return 'retry';
  if (error instanceof ApiError) {
    if (error.status === 401) return 'wait-for-login';
    // The key was used for this edit in another form (a resend after the cart moved on): the server has it.
    if (error.status === 422 && error.field === 'Idempotency-Key') return 'done';
    // The first send with this key is still being handled: ask again shortly.
    if (error.status === 409 && error.serverMessage.includes('Idempotency-Key')) return 'retry';
    if (error.status >= 500 || error.status === 408 || error.status === 429) return 'retry';
    return 'drop';
  }
  // A bug or an unexpected answer shape: retrying will not fix it, but dropping would lose the edit; retry slowly.
  return 'retry';
}

/** 1 s, 2 s, 4 s ... capped at 60 s, after the given number of attempts. */
export function backoffMs(attempts: number): number {
  return Math.min(60_000, 1000 * 2 ** Math.max(0, attempts - 1));
}
