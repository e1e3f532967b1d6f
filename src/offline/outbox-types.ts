/**
 * The outbox's shapes. The outbox keeps what a person did on this device until the server has it; it knows no
 * feature: each feature describes its kind of entry (`OutboxKind`) and the outbox stores, merges and sends it.
 */

/** Whose entry it is: a signed-in user's (sent only with that user's session), or anyone's (a contact message). */
export type OutboxOwner = `user:${number}` | 'anyone';

export const ownerOfUser = (userId: number): OutboxOwner => `user:${userId}`;

export interface OutboxEntry<Payload = unknown> {
  id?: number;
  /** The `OutboxKind` that made it, by name. */
  kind: string;
  owner: OutboxOwner;
  /**
   * Entries of one lane are sent one at a time, in the order made; lanes are sent side by side (the cart's lane is
   * its product: a product's edits keep their order, different products overlap).
   */
  lane: string;
  payload: Payload;
  /** Made when the person acted and kept across retries, so the server applies the entry once. */
  idempotencyKey: string;
  createdAt: number;
  /** Sends tried so far; an entry that may have reached the server (attempts > 0) is never merged into. */
  attempts: number;
  /** Not before this time (ms since epoch): the backoff after a failed send. */
  nextAttemptAt: number;
}

/**
 * An action the app tried to send at once before it recorded it (a form sent online first): the entry keeps the
 * Idempotency-Key made when the person pressed the button, so the replay is the same request to the server.
 */
export interface FirstAttempt {
  idempotencyKey: string;
  /**
   * A request went out (and failed on the network): the server may have it, its answer lost on the way back. Such an
   * entry is sent again as it is, never merged with another.
   */
  sent: boolean;
}

/** How a new entry combines with the last unsent entry of its kind in its lane. */
export type MergeResult<Payload> =
  /** Keep both: the new one is added after it. */
  | { type: 'append' }
  /** The queued entry now carries this payload, and no entry is added. */
  | { type: 'replace'; payload: Payload }
  /** The two cancel out: the queued entry is deleted and nothing added. */
  | { type: 'cancel' }
  /** The new one changes nothing beyond what is queued. */
  | { type: 'drop' };

/** What one replay run shares between the sends of its entries (a feature keeps the server's latest answer there). */
export type ReplayRun = Map<string, unknown>;

/**
 * A feature's kind of entry: how it is queued (its lane, its merge rule) and sent. `Context` is what the app gives
 * the sends (its query cache, for instance); the outbox passes it along without looking at it.
 */
export interface OutboxKind<Payload, Context = unknown> {
  name: string;
  /** 'user': recorded only while signed in, and sent only with that user's session. */
  owner: 'user' | 'anyone';
  laneOf(payload: Payload): string;
  /** Default: every entry is kept. */
  merge?(previous: Payload, next: Payload): MergeResult<Payload>;
  /**
   * True while the entry waits for something still on its way from this device (an application for its self-tape):
   * it is not sent, nor are the entries behind it in its lane; other lanes go on. Told again by `wakeOutbox`.
   */
  held?(payload: Payload): Promise<boolean>;
  /** Sends one entry; resolves once the server has it, rejects with the API's error. */
  send(payload: Payload, call: { idempotencyKey: string; run: ReplayRun; context: Context }): Promise<void>;
  /**
   * After a batch in which entries of this kind were acknowledged or refused for good (and so deleted), and once
   * more (`finished`) when the run ends: the moment to show the server's answers.
   */
  settled?(run: ReplayRun, context: Context, finished: boolean): void;
  /**
   * What the person is told when the server has the entry, for an action they were told is waiting on the device
   * (a message, an application); none for edits that show as done anyway (the cart).
   */
  delivered?(payload: Payload): { title: string; message: string };
  /** What the person is told when the server refuses an entry for good. */
  refusal(payload: Payload, reason: string): { title: string; message: string };
  /** The title of the notice when the entry could not even be kept on the device. */
  notKept: string;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a list of kinds of different payloads
export type AnyOutboxKind<Context = unknown> = OutboxKind<any, Context>;
