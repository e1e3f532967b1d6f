import { sql } from 'drizzle-orm';
import { fromDrizzle, type DrizzleTransactionLike, type PgBoss, type SendOptions } from 'pg-boss';
import type { Database } from '../db/client.js';

/** The job queues (plugins/job-queue.ts creates them; each is worked by the plugin named beside it). */
export const QUEUES = {
  /** Sends the due mail of the outbox (plugins/mail-sender.ts). */
  mail: 'mail',
  /** The hourly upkeep (plugins/upkeep.ts). */
  upkeep: 'upkeep',
  /** Tells the decisions whose 10 s to undo have passed (plugins/decision-teller.ts). */
  decisions: 'decisions',
  /** Writes a notice to many members, a chunk at a time (plugins/notice-fan-out.ts). */
  notices: 'notices',
  /** Sends one notice to one browser by Web Push (plugins/push-repository.ts). */
  push: 'push',
  /** Tells members each morning of new calls matching their saved filters (plugins/roles-for-you.ts). */
  roles: 'roles',
  /** Makes the share card (Open Graph image) of a call or a profile (plugins/share-cards.ts). */
  cards: 'cards',
  /** Makes a self-tape's renditions and poster frame (plugins/tape-transcoder.ts). */
  tapes: 'tapes',
  /** Draws a tax invoice's or credit note's PDF and sends the shipping mail with it (plugins/invoices.ts). */
  invoices: 'invoices',
  /** Each minute: asks the gateway about online orders still waiting, and lets go the unpaid (plugins/payment-repository.ts). */
  payments: 'payments',
} as const;

export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

/**
 * The job queues running in this process. A job is written in the caller's transaction by any of them: each writes
 * the same row through `tx`, so the job exists only if that transaction commits.
 */
const running = new Set<PgBoss>();

export function jobQueueStarted(boss: PgBoss): void {
  running.add(boss);
}

export function jobQueueStopped(boss: PgBoss): void {
  running.delete(boss);
}

/** Whether a job queue runs in this process (a command-line tool has none). */
export function hasJobQueue(): boolean {
  return running.size > 0;
}

/** Queues the job `name` in the transaction `tx`: it is done only if that commits. */
export async function enqueue(
  tx: Database,
  name: QueueName,
  data: object,
  options: Omit<SendOptions, 'db'> = {},
): Promise<void> {
  const boss = [...running].at(-1);
  if (!boss) throw new Error(`No job queue runs in this process to take a "${name}" job`);
  await boss.send(name, data, { ...options, db: fromDrizzle(tx as unknown as DrizzleTransactionLike, sql) });
}

/** Queues, in `tx`, the job that tells the poster's decisions at `tellAt`, once their time to undo has passed. */
export async function tellDecisionsAt(tx: Database, tellAt: Date): Promise<void> {
  await enqueue(tx, QUEUES.decisions, {}, { startAfter: tellAt });
}

/** What a share card is of (lib/share-cards.ts). */
export type CardSubject = 'call' | 'profile';

/** Queues, in `tx`, the job that makes (or removes) the share cards of a call or a profile once `tx` commits. */
export async function queueShareCard(tx: Database, subject: CardSubject, id: number): Promise<void> {
  // A command-line tool (the seed, a restore) runs no job queue: the cards are made at the next edit.
  if (hasJobQueue()) await enqueue(tx, QUEUES.cards, { subject, id });
}
