import type { Cart, Wishlist } from '@/contract/cart';
import type { OutboxAction, OutboxEntry } from './outbox-types';

export type MergeResult =
  /** Append the new action as a new entry. */
  | { type: 'append' }
  /** Replace the action of an existing, never-sent entry. */
  | { type: 'replace'; id: number; action: OutboxAction }
  /** The two edits cancel out: delete the existing entry and do not add the new one. */
  | { type: 'cancel'; id: number }
  /** The new edit changes nothing beyond what is already queued. */
  | { type: 'drop' };

function domain(action: OutboxAction): 'cart' | 'wishlist' {
  return action.kind.startsWith('cart') ? 'cart' : 'wishlist';
}

/**
 * How a new edit combines with what is queued for the same product. Only the last entry for that product is
 * considered, and only when it has never been sent: a sent body must stay as it was, for its Idempotency-Key.
 */
export function mergeAction(queued: readonly OutboxEntry[], next: OutboxAction): MergeResult {
  const last = [...queued]
    .reverse()
    .find((entry) => domain(entry.action) === domain(next) && entry.action.productId === next.productId);
  if (!last || last.id === undefined || last.attempts > 0) return { type: 'append' };
  const previous = last.action;
  const id = last.id;

  if (previous.kind === 'cart.add') {
    if (next.kind === 'cart.add')
      return { type: 'replace', id, action: { ...previous, quantity: previous.quantity + next.quantity } };
    if (next.kind === 'cart.set') {
      return previous.wasPresent
        ? { type: 'replace', id, action: next }
        : { type: 'replace', id, action: { ...previous, quantity: next.quantity } };
    }
    if (next.kind === 'cart.remove')
      return previous.wasPresent ? { type: 'replace', id, action: next } : { type: 'cancel', id };
  }
  if (previous.kind === 'cart.set') {
    if (next.kind === 'cart.add')
      return { type: 'replace', id, action: { ...previous, quantity: previous.quantity + next.quantity } };
    if (next.kind === 'cart.set' || next.kind === 'cart.remove') return { type: 'replace', id, action: next };
  }
  if (previous.kind === 'cart.remove') {
    // Setting or adding after a removal leaves exactly that quantity in the cart, whatever the server had.
    if (next.kind === 'cart.add' || next.kind === 'cart.set') {
      return { type: 'replace', id, action: { kind: 'cart.set', productId: next.productId, quantity: next.quantity } };
    }
    if (next.kind === 'cart.remove') return { type: 'drop' };
  }
  if (previous.kind === 'wishlist.add') {
    if (next.kind === 'wishlist.add') return { type: 'drop' };
    if (next.kind === 'wishlist.remove')
      return previous.wasPresent ? { type: 'replace', id, action: next } : { type: 'cancel', id };
  }
  if (previous.kind === 'wishlist.remove') {
    if (next.kind === 'wishlist.remove') return { type: 'drop' };
    // It was on the wishlist before the removal, so the add that follows restores it: present either way.
    if (next.kind === 'wishlist.add') return { type: 'replace', id, action: { ...next, wasPresent: true } };
  }
  return { type: 'append' };
}

/** The cart as the user should see it: the server's cart with the queued edits applied, totals recomputed. */
export function applyCartEdits(cart: Cart | undefined, entries: readonly OutboxEntry[]): Cart | undefined {
  const cartEntries = entries.filter((entry) => domain(entry.action) === 'cart');
  if (!cart && cartEntries.length === 0) return cart;
  let lines = [...(cart?.data ?? [])];
  for (const entry of cartEntries) {
    const action = entry.action;
    const existing = lines.find((line) => line.product_id === action.productId);
    if (action.kind === 'cart.remove') {
      lines = lines.filter((line) => line.product_id !== action.productId);
      continue;
    }
    if (action.kind !== 'cart.add' && action.kind !== 'cart.set') continue;
    const quantity = action.kind === 'cart.add' ? (existing?.quantity ?? 0) + action.quantity : action.quantity;
    const product = existing?.product ?? entry.product;
    const line = {
      // A line the server has not seen yet gets a negative id, which no server id can equal.
      id: existing?.id ?? -(entry.id ?? entry.createdAt),
      product_id: action.productId,
      quantity,
      line_total: product.price * quantity,
      product,
    };
    lines = existing ? lines.map((other) => (other === existing ? line : other)) : [...lines, line];
  }
  return {
    data: lines,
    subtotal: lines.reduce((sum, line) => sum + line.line_total, 0),
    item_count: lines.reduce((sum, line) => sum + line.quantity, 0),
  };
}

/** The wishlist as the user should see it. */
export function applyWishlistEdits(
  wishlist: Wishlist | undefined,
  entries: readonly OutboxEntry[],
): Wishlist | undefined {
  const wishEntries = entries.filter((entry) => domain(entry.action) === 'wishlist');
  if (!wishlist && wishEntries.length === 0) return wishlist;
  let items = [...(wishlist?.data ?? [])];
  for (const entry of wishEntries) {
    const { productId } = entry.action;
    if (entry.action.kind === 'wishlist.remove') items = items.filter((item) => item.product_id !== productId);
    else if (!items.some((item) => item.product_id === productId)) {
      items = [...items, { id: -(entry.id ?? entry.createdAt), product_id: productId, product: entry.product }];
    }
  }
  return { data: items };
}
