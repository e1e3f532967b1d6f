import { Button, Group } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useRef, useState } from 'react';
import { MAX_LINE_QUANTITY } from '@/contract/cart';
import type { Product } from '@/contract/catalog';
import type { ProductVariant } from '@/contract/variants';
import { keepForReturn, takeOnReturn } from '@/lib/kept-for-return';
import { useCartActions } from '../api/use-cart';
import { QuantityStepper } from './quantity-stepper';
import { cart_add } from '@/paraglide/messages/cart_add.js';
import { cart_added_after_login_one } from '@/paraglide/messages/cart_added_after_login_one.js';
import { cart_added_after_login_other } from '@/paraglide/messages/cart_added_after_login_other.js';
import { cart_added_message } from '@/paraglide/messages/cart_added_message.js';
import { cart_added_title } from '@/paraglide/messages/cart_added_title.js';
import { cart_all_in_cart } from '@/paraglide/messages/cart_all_in_cart.js';
import { cart_out_of_stock } from '@/paraglide/messages/cart_out_of_stock.js';
import { cart_quantity_of } from '@/paraglide/messages/cart_quantity_of.js';
import { pluralCategory } from '@/lib/plural';

export interface AddToCartPanelProps {
  /** With its sizes or colours, when it has them. */
  product: Product & { variants?: ProductVariant[] };
  /** For a product sold in sizes or colours: the one picked, and how to ask for one. */
  variant?: { required: boolean; picked: ProductVariant | null; askToChoose: () => void };
  signedIn: boolean;
  /** Sends a guest to log in, coming back here afterwards. */
  onNeedLogin: () => void;
}

/** A guest's "Add to cart", kept in the tab while they log in or register, and done when they come back. */
const PENDING_ADD_KEY = 'cv-pending-add';

interface PendingAdd {
  productId: number;
  variantId?: number | null;
  quantity: number;
}

/** Quantity and "Add to cart" on the product page. */
export function AddToCartPanel({ product, variant: choice, signedIn, onNeedLogin }: AddToCartPanelProps) {
  const variant = choice?.picked ?? null;
  const [quantity, setQuantity] = useState(1);
  const actions = useCartActions();
  const { ready, add } = actions;
  // Back from logging in with an add the guest asked for: it happens now, and says so.
  useEffect(() => {
    if (!signedIn || !ready) return;
    const pending = takeOnReturn<PendingAdd>(PENDING_ADD_KEY, (kept) => kept.productId === product.id);
    if (!pending) return;
    // The size picked before logging in, as the product has it now.
    const pendingVariant = product.variants?.find((own) => own.id === pending.variantId) ?? null;
    if (pending.variantId && !pendingVariant) return;
    add(product, pending.quantity, pendingVariant);
    notifications.show({
      color: 'green',
      title: cart_added_title(),
      message: (pluralCategory(pending.quantity) === 'one' ? cart_added_after_login_one : cart_added_after_login_other)(
        {
          count: pending.quantity,
          name: product.name,
        },
      ),
    });
  }, [signedIn, ready, add, product]);
  const { cart } = actions;
  const inCart =
    cart?.data.find((line) => line.product_id === product.id && line.variant_id === (variant?.id ?? null))?.quantity ??
    0;
  // What may still be added: the stock (of the size picked) and the per-line limit, less what the cart holds.
  const stock = variant ? variant.stock : product.stock;
  const room = Math.min(stock, MAX_LINE_QUANTITY) - inCart;
  const max = Math.max(1, room);
  const soldOut = stock <= 0;
  // No size picked yet: the button asks for one.
  const mustChoose = Boolean(choice?.required) && variant === null;
  const full = !soldOut && signedIn && room <= 0;

  // A signed-in tap made before the profile (whose id keys the cart's outbox) has arrived is kept, and done once it
  // has; the button is busy meanwhile. Each such tap has a number, so that the effect ends it once.
  const [waitingAdd, setWaitingAdd] = useState<{ tap: number; quantity: number } | null>(null);
  const doneTap = useRef(0);
  const addNow = (count: number) => {
    add(product, count, variant);
    notifications.show({
      color: 'green',
      title: cart_added_title(),
      message: cart_added_message({ name: variant ? `${product.name} (${variant.label})` : product.name }),
    });
  };
  useEffect(() => {
    if (!waitingAdd || doneTap.current >= waitingAdd.tap || (signedIn && !ready)) return;
    doneTap.current = waitingAdd.tap;
    // Signed out meanwhile (the session ended): the tap is dropped.
    if (signedIn) addNow(waitingAdd.quantity);
  });

  return (
    <Group gap="md" mt="sm" wrap="wrap">
      <QuantityStepper
        value={Math.min(quantity, max)}
        max={max}
        onChange={setQuantity}
        label={cart_quantity_of({ name: product.name })}
        disabled={soldOut || full}
      />
      <Button
        size="md"
        disabled={soldOut || full}
        loading={waitingAdd !== null && signedIn && !ready}
        onClick={() => {
          if (mustChoose) {
            choice?.askToChoose();
            return;
          }
          if (!signedIn) {
            const pending: PendingAdd = {
              productId: product.id,
              variantId: variant?.id ?? null,
              quantity: Math.min(quantity, max),
            };
            keepForReturn(PENDING_ADD_KEY, pending);
            onNeedLogin();
            return;
          }
          if (ready) addNow(Math.min(quantity, max));
          else setWaitingAdd({ tap: (waitingAdd?.tap ?? 0) + 1, quantity: Math.min(quantity, max) });
        }}
      >
        {soldOut ? cart_out_of_stock() : full ? cart_all_in_cart() : cart_add()}
      </Button>
    </Group>
  );
}
