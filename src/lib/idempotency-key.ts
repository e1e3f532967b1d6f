/** A new Idempotency-Key for one user action: every retry of that action sends the same key. */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}
