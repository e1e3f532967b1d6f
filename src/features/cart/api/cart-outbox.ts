/**
 * Cart edits as outbox entries: in product terms, a product and its size or colour (line ids exist only on the
 * server, and are looked up in its cart when the edit is sent), merged as they are queued, and applied to the
 * server's cart for display.
 */
import type { QueryClient } from '@tanstack/react-query';
import { cartSchema, type Cart } from '@/contract/cart';
import type { Product } from '@/contract/catalog';
import { unitPrice, type ProductVariant } from '@/contract/variants';
import { apiPaths, apiRequest } from '@/lib/api-client';
import { accountKeys } from '@/lib/shop-query-keys';
import type { MergeResult, OutboxEntry, OutboxKind, ReplayRun } from '@/offline/outbox-types';
import { getCart } from './get-cart';
import { cart_not_kept } from '@/paraglide/messages/cart_not_kept.js';
import { cart_not_saved } from '@/paraglide/messages/cart_not_saved.js';

/** Every action names a product and, for one with sizes or colours, the one picked (`variantId`; none: null). */
export type CartAction =
  /** `wasPresent`: the product was already in the cart (an add then a removal cancel out only when it was not). */
  | { kind: 'cart.add'; productId: number; variantId?: number | null; quantity: number; wasPresent: boolean }
  | { kind: 'cart.set'; productId: number; variantId?: number | null; quantity: number }
  | { kind: 'cart.remove'; productId: number; variantId?: number | null };

export interface CartEdit {
  action: CartAction;
  /** The product as the user saw it, to show the edit before the server answers and to name it in messages. */
  product: Product;
  /** Its size or colour as the user saw it, when it has them. */
  variant?: ProductVariant | null;
}

/** Whether a cart line is the one of `action`'s product and variant. */
export function isLineOf(line: { product_id: number; variant_id: number | null }, action: CartAction): boolean {
  return line.product_id === action.productId && line.variant_id === (action.variantId ?? null);
}

/** How a new edit of a product combines with the one queued for it. */
export function mergeCartEdits(previous: CartEdit, next: CartEdit): MergeResult<CartEdit> {
  const replace = (action: CartAction): MergeResult<CartEdit> => ({
    type: 'replace',
    payload: { ...previous, action },
  });
  const before = previous.action;
  const after = next.action;
  if (before.kind === 'cart.add') {
    if (after.kind === 'cart.add') return replace({ ...before, quantity: before.quantity + after.quantity });
    if (after.kind === 'cart.set')
      return before.wasPresent ? replace(after) : replace({ ...before, quantity: after.quantity });
    return before.wasPresent ? replace(after) : { type: 'cancel' };
  }
  if (before.kind === 'cart.set') {
    if (after.kind === 'cart.add') return replace({ ...before, quantity: before.quantity + after.quantity });
    return replace(after);
  }
  // After a removal, adding or setting leaves exactly that quantity in the cart, whatever the server had.
  if (after.kind === 'cart.remove') return { type: 'drop' };
  return replace({
    kind: 'cart.set',
    productId: after.productId,
    variantId: after.variantId,
    quantity: after.quantity,
  });
}

/** The server's cart as this run last saw it. */
async function serverCart(run: ReplayRun): Promise<Cart> {
  const cart = (run.get('cart') as Cart | undefined) ?? (await getCart());
  run.set('cart', cart);
  return cart;
}

export const cartOutbox: OutboxKind<CartEdit, { queryClient: QueryClient }> = {
  name: 'cart',
  owner: 'user',
  // One lane per product and variant: two sizes of a product are two lines, edited apart.
  laneOf: (edit) =>
    edit.action.variantId
      ? `product:${edit.action.productId}:${edit.action.variantId}`
      : `product:${edit.action.productId}`,
  merge: mergeCartEdits,
  async send({ action }, { idempotencyKey, run }) {
    const call = { auth: true, idempotencyKey, schema: cartSchema } as const;
    const add = (quantity: number) =>
      apiRequest(apiPaths.userApi('/addToCart'), {
        ...call,
        method: 'POST',
        body: { product_id: action.productId, quantity, ...(action.variantId ? { variant_id: action.variantId } : {}) },
      });
    if (action.kind === 'cart.add') {
      run.set('cart', await add(action.quantity));
      return;
    }
    const line = (await serverCart(run)).data.find((item) => isLineOf(item, action));
    if (action.kind === 'cart.set') {
      run.set(
        'cart',
        line
          ? await apiRequest(apiPaths.userApi(`/cart/${line.id}`), {
              ...call,
              method: 'PUT',
              body: { quantity: action.quantity },
            })
          : await add(action.quantity),
      );
      return;
    }
    // Already gone: the removal is done.
    if (!line) return;
    run.set('cart', await apiRequest(apiPaths.userApi(`/removeFromCart/${line.id}`), { ...call, method: 'DELETE' }));
  },
  settled(run, { queryClient }, finished) {
    // The server's latest answer, shown at once: the older copy, without the deleted entries, would briefly lack
    // those edits. Once the run ends the cart is fetched again: the server is the truth.
    const cart = run.get('cart') as Cart | undefined;
    if (cart) queryClient.setQueryData(accountKeys.cart(), cart);
    if (finished) void queryClient.invalidateQueries({ queryKey: accountKeys.cart() });
  },
  refusal: ({ product, variant }, reason) => ({
    title: cart_not_saved({ name: variant ? `${product.name} (${variant.label})` : product.name }),
    message: reason,
  }),
  // Read when shown, in the page's language.
  get notKept() {
    return cart_not_kept();
  },
};

/** The cart as the user should see it: the server's cart with the queued edits applied, totals recomputed. */
export function applyCartEdits(cart: Cart | undefined, entries: readonly OutboxEntry<CartEdit>[]): Cart | undefined {
  if (!cart && entries.length === 0) return cart;
  let lines = [...(cart?.data ?? [])];
  for (const entry of entries) {
    const { action } = entry.payload;
    const existing = lines.find((line) => isLineOf(line, action));
    if (action.kind === 'cart.remove') {
      lines = lines.filter((line) => !isLineOf(line, action));
      continue;
    }
    const quantity = action.kind === 'cart.add' ? (existing?.quantity ?? 0) + action.quantity : action.quantity;
    const product = existing?.product ?? entry.payload.product;
    const variant = existing?.variant ?? entry.payload.variant ?? null;
    const line = {
      // A line the server has not seen yet gets a negative id, which no server id can equal.
      id: existing?.id ?? -(entry.id ?? entry.createdAt),
      product_id: action.productId,
      quantity,
      line_total: unitPrice(product, variant) * quantity,
      product,
      variant_id: variant?.id ?? null,
      variant,
    };
    lines = existing ? lines.map((other) => (other === existing ? line : other)) : [...lines, line];
  }
  return {
    data: lines,
    subtotal: lines.reduce((sum, line) => sum + line.line_total, 0),
    item_count: lines.reduce((sum, line) => sum + line.quantity, 0),
  };
}
