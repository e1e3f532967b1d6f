import type { Product } from '@/contract/catalog';
import type { ContactMessageInput } from '@/contract/contact';

/** A change the user made to their cart or wishlist, in product terms (line ids exist only on the server). */
export type OutboxAction =
  /** `wasPresent`: the product was already in the cart when the user added it (an add then remove then cancels out only when it was not). */
  | { kind: 'cart.add'; productId: number; quantity: number; wasPresent: boolean }
  | { kind: 'cart.set'; productId: number; quantity: number }
  | { kind: 'cart.remove'; productId: number }
  | { kind: 'wishlist.add'; productId: number; wasPresent: boolean }
  | { kind: 'wishlist.remove'; productId: number };

export interface OutboxEntry {
  id?: number;
  /** Whose change it is: entries of another account are never sent with this one's token. */
  userId: number;
  action: OutboxAction;
  /** The product as the user saw it, to show the change before the server answers and to name it in messages. */
  product: Product;
  /** Made when the user acted and kept across retries, so the server applies the change once. */
  idempotencyKey: string;
  createdAt: number;
  /** Sends tried so far; an entry that may have reached the server (attempts > 0) is never merged into. */
  attempts: number;
  /** Not before this time (ms since epoch): the backoff after a failed send. */
  nextAttemptAt: number;
}

/** A contact message written while offline; anyone may send one, signed in or not. */
export interface ContactOutboxEntry {
  id?: number;
  message: ContactMessageInput;
  idempotencyKey: string;
  createdAt: number;
  attempts: number;
  nextAttemptAt: number;
}
