import { Anchor, Button, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { DocumentTitle } from '@/components/document-title';
import { PageContainer } from '@/components/page-container';
import { LoadError, LoadingState } from '@/components/query-states';
import { ResponsiveImage } from '@/components/responsive-image';
import { MAX_LINE_QUANTITY, type CartLine } from '@/contract/cart';
import type { Product } from '@/contract/catalog';
import { FREE_SHIPPING_FROM, orderTotals } from '@/contract/orders';
import { imageUrl } from '@/lib/image-url';
import { keepFocusInList } from '@/lib/keep-focus';
import { formatInr } from '@/lib/money';
import { useCartActions, useDisplayedCart } from '../api/use-cart';
import classes from './cart.module.css';
import { QuantityStepper } from './quantity-stepper';

const CART_HEADING_ID = 'cart-heading';

function CartLineRow({ line, onMoveToWishlist }: { line: CartLine; onMoveToWishlist: (product: Product) => void }) {
  const actions = useCartActions();
  const max = Math.max(line.quantity, Math.min(line.product.stock, MAX_LINE_QUANTITY));
  // The cart can show (from the device or the server) before the profile that says whose outbox an edit goes to:
  // until then a press would be lost, so the controls wait.
  const waiting = !actions.ready;
  return (
    <li className={classes.line}>
      <ResponsiveImage
        className={classes.lineImage}
        src={imageUrl(line.product.images[0] ?? '', 'product')}
        sizes="96px"
        alt=""
        width={96}
        height={96}
        loading="lazy"
      />
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Link to="/shop/$productId" params={{ productId: line.product_id }} className={classes.lineName}>
            {line.product.name}
          </Link>
          <Text fw={700} aria-label={`Line total ${formatInr(line.line_total)}`}>
            {formatInr(line.line_total)}
          </Text>
        </Group>
        <Text fz="sm" c="dimmed">
          {formatInr(line.product.price)} each
          {line.quantity > line.product.stock ? ` · only ${line.product.stock} left: lower the quantity` : ''}
        </Text>
        <Group gap="sm" wrap="wrap">
          <QuantityStepper
            value={line.quantity}
            max={max}
            label={`Quantity of ${line.product.name}`}
            disabled={waiting}
            onChange={(quantity) => actions.setQuantity(line.product, quantity)}
          />
          <Button
            variant="subtle"
            size="compact-md"
            loading={waiting}
            data-action="move"
            onClick={(event) => {
              keepFocusInList(event.currentTarget, CART_HEADING_ID);
              onMoveToWishlist(line.product);
              actions.remove(line.product);
            }}
          >
            Move to wishlist
          </Button>
          <Button
            variant="subtle"
            color="red"
            size="compact-md"
            loading={waiting}
            data-action="remove"
            onClick={(event) => {
              keepFocusInList(event.currentTarget, CART_HEADING_ID);
              actions.remove(line.product);
            }}
          >
            Remove
          </Button>
        </Group>
      </Stack>
    </li>
  );
}

export interface CartPageProps {
  /** Puts a product on the wishlist (the route composes the wishlist feature); the line is then removed here. */
  onMoveToWishlist: (product: Product) => void;
  /** The coupon field, composed by the route from the coupons feature. */
  couponField: ReactNode;
  /** The applied coupon's discount in paise (0 without one); null while it is checked against this cart. */
  discount: number | null;
  /** The applied coupon's code, carried to checkout. */
  couponCode: string | undefined;
}

export function CartPage({ couponField, discount, couponCode, onMoveToWishlist }: CartPageProps) {
  const query = useDisplayedCart();
  const cart = query.cart;

  return (
    <PageContainer>
      <DocumentTitle page="Your cart" />
      <Title order={1} mb="md" id={CART_HEADING_ID} tabIndex={-1}>
        Your cart
      </Title>
      {query.isPending ? <LoadingState label="Loading your cart" /> : null}
      {query.error && !cart ? (
        <LoadError title="Your cart could not be loaded" error={query.error} what="cart" onRetry={query.refetch} />
      ) : null}
      {cart && cart.data.length === 0 ? (
        <Stack align="center" py="xl" gap="sm">
          <Text>Your cart is empty.</Text>
          <Button component={Link} to="/shop">
            Browse the store
          </Button>
        </Stack>
      ) : null}
      {cart && cart.data.length > 0 ? (
        <div className={classes.layout}>
          <ul aria-label="Items in your cart" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {cart.data.map((line) => (
              <CartLineRow key={line.product_id} line={line} onMoveToWishlist={onMoveToWishlist} />
            ))}
          </ul>
          <CartSummary subtotal={cart.subtotal} itemCount={cart.item_count} discount={discount}>
            {couponField}
            <Button
              renderRoot={(props) => <Link {...props} to="/checkout" search={{ coupon: couponCode }} />}
              size="md"
              fullWidth
              mt="md"
            >
              Proceed to checkout
            </Button>
            <Anchor component={Link} to="/shop" ta="center" mt="sm" display="block">
              Continue shopping
            </Anchor>
          </CartSummary>
        </div>
      ) : null}
    </PageContainer>
  );
}

export interface CartSummaryProps {
  subtotal: number;
  itemCount: number;
  /** The applied coupon's discount in paise (0 without one); null while the coupon is checked against this cart. */
  discount: number | null;
  /** The lines, listed at checkout so the shopper sees what the total is for. */
  lines?: CartLine[] | undefined;
  children?: ReactNode;
}

/** Subtotal, discount, shipping, round-off and total, computed as the server computes them (orderTotals). */
export function CartSummary({ subtotal, itemCount, discount, lines, children }: CartSummaryProps) {
  const totals = orderTotals(subtotal, discount ?? 0);
  return (
    <section className={classes.summary} aria-label="Order summary">
      <Title order={2} fz="lg" mb="sm">
        Order summary
      </Title>
      {lines ? (
        <ul className={classes.summaryLines} aria-label="Items in this order">
          {lines.map((line) => (
            <li key={line.product_id}>
              <Text fz="sm" className={classes.summaryLineName}>
                {line.product.name} × {line.quantity}
              </Text>
              <Text fz="sm">{formatInr(line.line_total)}</Text>
            </li>
          ))}
        </ul>
      ) : null}
      <Stack gap={6}>
        <Group justify="space-between">
          <Text>Subtotal ({itemCount === 1 ? '1 item' : `${itemCount} items`})</Text>
          <Text>{formatInr(subtotal)}</Text>
        </Group>
        {discount === null ? (
          <Group justify="space-between" role="status">
            <Text>Coupon discount</Text>
            <Text c="dimmed">Checking…</Text>
          </Group>
        ) : discount > 0 ? (
          <Group justify="space-between">
            <Text>Coupon discount</Text>
            <Text c="var(--cv-success-text)">−{formatInr(discount)}</Text>
          </Group>
        ) : null}
        <Group justify="space-between">
          <Text>Shipping</Text>
          <Text>{totals.shipping === 0 ? 'Free' : formatInr(totals.shipping)}</Text>
        </Group>
        {totals.shipping > 0 ? (
          <Text fz="xs" c="dimmed">
            Free shipping on orders of {formatInr(FREE_SHIPPING_FROM)} or more.
          </Text>
        ) : null}
        {totals.round_off !== 0 && discount !== null ? (
          <Group justify="space-between">
            <Text>Round off</Text>
            <Text>−{formatInr(-totals.round_off)}</Text>
          </Group>
        ) : null}
        <Divider my={4} />
        <Group justify="space-between">
          <Text fw={700}>Total</Text>
          <Text fw={700} data-testid="cart-total">
            {discount === null ? 'Recomputing…' : formatInr(totals.total)}
          </Text>
        </Group>
        <Text fz="xs" c="dimmed">
          Prices include GST. Pay cash on delivery, in whole rupees.
        </Text>
      </Stack>
      {children}
    </section>
  );
}
