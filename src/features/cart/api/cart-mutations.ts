import { useQuery } from '@tanstack/react-query';
import type { Cart } from '@/contract/cart';
import type { Product } from '@/contract/catalog';
import { useAppStore } from '@/lib/app-store';
import { notifyFailure } from '@/lib/notify-failure';
import { enqueue, useOutboxEntries } from '@/offline/outbox';
import { applyCartEdits } from '@/offline/outbox-merge';
import { requestPersistentStorage } from '@/offline/storage';
import { cartQueryOptions } from './get-cart';

const tellFailure = notifyFailure('Your cart was not changed');

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
  const userId = useAppStore((state) => state.userProfile?.id ?? null);
  const query = useQuery(cartQueryOptions(enabled));
  const entries = useOutboxEntries(enabled ? userId : null);
  const cart = applyCartEdits(query.data, entries);
  return {
    cart,
    serverCart: query.data,
    editsWaiting: entries.filter((entry) => entry.action.kind.startsWith('cart')).length,
    isPending: query.isPending && !cart,
    error: query.error,
    refetch: () => void query.refetch(),
  };
}

/**
 * Cart edits go to the outbox first and show at once; the replayer sends them when the network allows. The stock
 * shown with the product is checked here so an impossible quantity is refused before it is queued.
 */
export function useCartActions() {
  const userId = useAppStore((state) => state.userProfile?.id ?? null);
  // A guest has no cart to read: asking would answer 401 and end a session that does not exist.
  const { cart } = useDisplayedCart(userId !== null);
  const record = (action: Parameters<typeof enqueue>[1], product: Product) => {
    if (userId === null) return;
    void requestPersistentStorage();
    enqueue(userId, action, product).catch(tellFailure);
  };
  return {
    /** False while a signed-in user's profile (whose id keys the outbox) is still loading: nothing can be recorded. */
    ready: userId !== null,
    /** The cart these actions see, for components that also show it. */
    cart,
    add(product: Product, quantity: number) {
      const line = cart?.data.find((item) => item.product_id === product.id);
      record({ kind: 'cart.add', productId: product.id, quantity, wasPresent: Boolean(line) }, product);
    },
    setQuantity(product: Product, quantity: number) {
      record({ kind: 'cart.set', productId: product.id, quantity }, product);
    },
    remove(product: Product) {
      record({ kind: 'cart.remove', productId: product.id }, product);
    },
    moveToWishlist(product: Product, alreadyWished: boolean) {
      record({ kind: 'wishlist.add', productId: product.id, wasPresent: alreadyWished }, product);
      record({ kind: 'cart.remove', productId: product.id }, product);
    },
  };
}
