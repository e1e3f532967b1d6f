/**
 * Answers that arrive already written as JSON: the database builds some answers in the contract's exact shape (the
 * cart), and writing that text again, once to store it for its Idempotency-Key and once to send it, was a sixth of
 * what a cart write allocated. Such a value carries its text: the idempotency record stores it and the response
 * serializer sends it as it is (in the server tests, after checking it against the route's schema).
 * See docs/decisions/2026-11-26-answers-written-once.md.
 */
const texts = new WeakMap<object, string>();

/** `value`, known to be written as `text` (JSON of exactly the fields its contract sends). */
export function withJsonText<T extends object>(value: T, text: string): T {
  texts.set(value, text);
  return value;
}

/** The text `value` came with, undefined when it was not given one. */
export function jsonTextOf(value: unknown): string | undefined {
  return value !== null && typeof value === 'object' ? texts.get(value) : undefined;
}
