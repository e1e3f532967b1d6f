import { useQuery } from '@tanstack/react-query';
import type { Cart } from '@/contract/cart';
import type { Product } from '@/contract/catalog';
import type { ProductVariant } from '@/contract/variants';
import { entriesOfKind } from '@/offline/outbox';
import { useOutboxRecorder, useOwnerEntries } from '@/offline/use-outbox';
import { applyCartEdits, cartOutbox } from './cart-outbox';
import { cartQueryOptions } from './get-cart';

/** The cart as the user should see it: the server's, with the edits still waiting to be sent applied. */
export function useDisplayedCart(enabled = true): {
  cart: Cart | undefined;
  /** The cart as the server has it, without the edits still waiting. */
  serverCart: Cart | undefined;
  /** Cart edits made on this device that the server does not have yet. */
  editsWaiting: number;
  isPending: boolean;
  error: Error | null;
  refetch: () => void;
} {
  const query = useQuery(cartQueryOptions(enabled));
  const entries = entriesOfKind(useOwnerEntries(cartOutbox, enabled), cartOutbox);
  const cart = applyCartEdits(query.data, entries);
  return {
    cart,
    serverCart: query.data,
    editsWaiting: entries.length,
    isPending: query.isPending && !cart,
    error: query.error,
    refetch: () => void query.refetch(),
  };
}

/**
 * Cart edits go to the outbox first and show at once; the replayer sends them when the network allows. The stock
 * shown with the product is checked by the components, so an impossible quantity is refused before it is queued.
 */
export function useCartActions() {
  const { ready, record } = useOutboxRecorder(cartOutbox);
  // A guest has no cart to read: asking would answer 401 and end a session that does not exist.
  const { cart } = useDisplayedCart(ready);
  return {
    /** False while a signed-in user's profile (whose id keys the outbox) is still loading: nothing can be recorded. */
    ready,
    /** The cart these actions see, for components that also show it. */
    cart,
    /** `variant`: the size or colour picked, for a product that has them. */
    add(product: Product, quantity: number, variant: ProductVariant | null = null) {
      const variantId = variant?.id ?? null;
      const line = cart?.data.find((item) => item.product_id === product.id && item.variant_id === variantId);
      void record({
        action: { kind: 'cart.add', productId: product.id, variantId, quantity, wasPresent: Boolean(line) },
        product,
        variant,
      });
    },
    setQuantity(product: Product, quantity: number, variant: ProductVariant | null = null) {
      void record({
        action: { kind: 'cart.set', productId: product.id, variantId: variant?.id ?? null, quantity },
        product,
        variant,
      });
    },
    remove(product: Product, variant: ProductVariant | null = null) {
      void record({
        action: { kind: 'cart.remove', productId: product.id, variantId: variant?.id ?? null },
        product,
        variant,
      });
    },
  };
}
