import { Button, Group } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { MAX_LINE_QUANTITY } from '@/contract/cart';
import type { Product } from '@/contract/catalog';
import { useCartActions } from '../api/cart-mutations';
import { QuantityStepper } from './quantity-stepper';

export interface AddToCartPanelProps {
  product: Product;
  signedIn: boolean;
  /** Sends a guest to log in, coming back here afterwards. */
  onNeedLogin: () => void;
}

/** Quantity and "Add to cart" on the product page. */
export function AddToCartPanel({ product, signedIn, onNeedLogin }: AddToCartPanelProps) {
  const [quantity, setQuantity] = useState(1);
  const actions = useCartActions();
  const { cart } = actions;
  const inCart = cart?.data.find((line) => line.product_id === product.id)?.quantity ?? 0;
  // What may still be added: the stock and the per-line limit, less what the cart already holds.
  const room = Math.min(product.stock, MAX_LINE_QUANTITY) - inCart;
  const max = Math.max(1, room);
  const soldOut = product.stock <= 0;
  const full = !soldOut && signedIn && room <= 0;

  return (
    <Group gap="md" mt="sm" wrap="wrap">
      <QuantityStepper
        value={Math.min(quantity, max)}
        max={max}
        onChange={setQuantity}
        label={`Quantity of ${product.name}`}
        disabled={soldOut || full}
      />
      <Button
        size="md"
        disabled={soldOut || full}
        // Signed in, but the profile that says whose cart this is has not arrived: a click now would be lost.
        loading={signedIn && !actions.ready}
        onClick={() => {
          if (!signedIn) {
            onNeedLogin();
            return;
          }
          actions.add(product, Math.min(quantity, max));
          notifications.show({ color: 'green', title: 'Added to cart', message: `${product.name} is in your cart.` });
        }}
      >
        {soldOut ? 'Out of stock' : full ? 'All available are in your cart' : 'Add to cart'}
      </Button>
    </Group>
  );
}
