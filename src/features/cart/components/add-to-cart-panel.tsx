import { Button, Group } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { MAX_LINE_QUANTITY } from '@/contract/cart';
import type { Product } from '@/contract/catalog';
import { useAddToCart } from '../api/cart-mutations';
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
  const addToCart = useAddToCart();
  const max = Math.max(1, Math.min(product.stock, MAX_LINE_QUANTITY));
  const soldOut = product.stock <= 0;

  return (
    <Group gap="md" mt="sm" wrap="wrap">
      <QuantityStepper
        value={Math.min(quantity, max)}
        max={max}
        onChange={setQuantity}
        label={`Quantity of ${product.name}`}
        disabled={soldOut}
      />
      <Button
        size="md"
        disabled={soldOut}
        loading={addToCart.isPending}
        onClick={() => {
          if (!signedIn) {
            onNeedLogin();
            return;
          }
          addToCart.mutate(
            { productId: product.id, quantity: Math.min(quantity, max) },
            {
              onSuccess: () =>
                notifications.show({
                  color: 'green',
                  title: 'Added to cart',
                  // Plain text: notifications render outside the router, where a router link cannot live.
                  message: `${product.name} is in your cart.`,
                }),
            },
          );
        }}
      >
        {soldOut ? 'Out of stock' : 'Add to cart'}
      </Button>
    </Group>
  );
}
