import { Alert, Button, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { MAX_LINE_QUANTITY } from '@/contract/cart';
import type { Order } from '@/contract/orders';
import { useCartActions } from '@/features/cart/api/use-cart';
import { ProductNotFoundError, productQueryOptions } from '@/features/catalog/api/get-product';
import { buyAgain_button } from '@/paraglide/messages/buyagain_button1.js';
import { buyAgain_full } from '@/paraglide/messages/buyagain_full1.js';
import { buyAgain_offline } from '@/paraglide/messages/buyagain_offline1.js';
import { buyAgain_unavailable } from '@/paraglide/messages/buyagain_unavailable1.js';
import { buyAgain_unavailable_title } from '@/paraglide/messages/buyagain_unavailable_title1.js';

/**
 * Puts the order's items in the cart again, as many of each as were ordered while the stock and the per-line limit
 * allow, at today's prices (the cart shows them), and opens the cart. Items no longer sold or sold out are named.
 */
export function BuyAgainButton({ items }: { items: Order['items'] }) {
  const queryClient = useQueryClient();
  const actions = useCartActions();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function buyAgain() {
    setBusy(true);
    setFailure(null);
    try {
      // Asked of the server: the stock and price of today, not of the copy seen last.
      const products = await Promise.all(
        items.map((item) =>
          queryClient.fetchQuery({ ...productQueryOptions(item.product_id), staleTime: 0 }).catch((error: unknown) => {
            if (error instanceof ProductNotFoundError) return null;
            throw error;
          }),
        ),
      );
      const unavailable: string[] = [];
      let added = 0;
      items.forEach((item, index) => {
        const product = products[index];
        // The same size again: gone (or never picked, for an order from before the product had sizes) is unavailable.
        const variants = product?.variants ?? [];
        const variant = variants.find((own) => own.id === item.variant_id) ?? null;
        const name = item.variant_label ? `${item.name} (${item.variant_label})` : item.name;
        const sellable = product && (variants.length === 0 || variant !== null);
        const stock = variant ? variant.stock : (product?.stock ?? 0);
        const inCart =
          actions.cart?.data.find(
            (line) => line.product_id === item.product_id && line.variant_id === (variant?.id ?? null),
          )?.quantity ?? 0;
        const room = sellable ? Math.min(stock, MAX_LINE_QUANTITY) - inCart : 0;
        if (!sellable || room <= 0) {
          if (!sellable || stock <= 0) unavailable.push(name);
          return;
        }
        actions.add(product, Math.min(item.quantity, room), variant);
        added += 1;
      });
      if (unavailable.length > 0) {
        notifications.show({
          color: 'yellow',
          title: buyAgain_unavailable_title(),
          message: buyAgain_unavailable({ names: unavailable.join(', ') }),
        });
      }
      if (added > 0) void navigate({ to: '/cart' });
      else if (unavailable.length === 0) setFailure(buyAgain_full());
    } catch {
      setFailure(buyAgain_offline());
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack gap="xs">
      {failure ? (
        <Alert color="red" variant="light" role="alert">
          {failure}
        </Alert>
      ) : null}
      <Button variant="light" loading={busy || !actions.ready} onClick={() => void buyAgain()}>
        {buyAgain_button()}
      </Button>
    </Stack>
  );
}
