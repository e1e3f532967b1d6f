import { Anchor, Button, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { DocumentTitle } from '@/components/document-title';
import { PageContainer } from '@/components/page-container';
import { PinCheck } from '@/components/pin-check';
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
import { cart_browse } from '@/paraglide/messages/cart_browse.js';
import { cart_checking } from '@/paraglide/messages/cart_checking.js';
import { cart_checkout } from '@/paraglide/messages/cart_checkout.js';
import { cart_continue } from '@/paraglide/messages/cart_continue.js';
import { cart_coupon_discount } from '@/paraglide/messages/cart_coupon_discount.js';
import { cart_each } from '@/paraglide/messages/cart_each.js';
import { cart_empty } from '@/paraglide/messages/cart_empty.js';
import { cart_free } from '@/paraglide/messages/cart_free.js';
import { cart_free_from } from '@/paraglide/messages/cart_free_from.js';
import { cart_gst } from '@/paraglide/messages/cart_gst.js';
import { cart_items } from '@/paraglide/messages/cart_items.js';
import { cart_items_in_order } from '@/paraglide/messages/cart_items_in_order.js';
import { cart_line_total } from '@/paraglide/messages/cart_line_total.js';
import { cart_load_failed } from '@/paraglide/messages/cart_load_failed.js';
import { cart_loading } from '@/paraglide/messages/cart_loading.js';
import { cart_move_to_wishlist } from '@/paraglide/messages/cart_move_to_wishlist.js';
import { cart_only_left } from '@/paraglide/messages/cart_only_left.js';
import { cart_quantity_of } from '@/paraglide/messages/cart_quantity_of.js';
import { cart_recomputing } from '@/paraglide/messages/cart_recomputing.js';
import { cart_remove } from '@/paraglide/messages/cart_remove.js';
import { cart_round_off } from '@/paraglide/messages/cart_round_off.js';
import { cart_shipping } from '@/paraglide/messages/cart_shipping.js';
import { cart_subtotal_one } from '@/paraglide/messages/cart_subtotal_one.js';
import { cart_subtotal_other } from '@/paraglide/messages/cart_subtotal_other.js';
import { cart_summary } from '@/paraglide/messages/cart_summary.js';
import { cart_title } from '@/paraglide/messages/cart_title.js';
import { cart_total } from '@/paraglide/messages/cart_total.js';
import { plural } from '@/lib/plural';
import { variantWords } from '@/lib/variant-words';
import { unitPrice } from '@/contract/variants';

const CART_HEADING_ID = 'cart-heading';

function CartLineRow({ line, onMoveToWishlist }: { line: CartLine; onMoveToWishlist: (product: Product) => void }) {
  const actions = useCartActions();
  // A line of a size holds at most that size's stock.
  const stock = line.variant ? line.variant.stock : line.product.stock;
  const max = Math.max(line.quantity, Math.min(stock, MAX_LINE_QUANTITY));
  const variantName = variantWords(line.variant?.kind, line.variant?.label);
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
          <Text fw={700} aria-label={cart_line_total({ amount: formatInr(line.line_total) })}>
            {formatInr(line.line_total)}
          </Text>
        </Group>
        {variantName ? (
          <Text fz="sm" fw={600}>
            {variantName}
          </Text>
        ) : null}
        <Text fz="sm" c="dimmed">
          {cart_each({ price: formatInr(unitPrice(line.product, line.variant)) })}
          {line.quantity > stock ? cart_only_left({ count: stock }) : ''}
        </Text>
        <Group gap="sm" wrap="wrap">
          <QuantityStepper
            value={line.quantity}
            max={max}
            label={cart_quantity_of({ name: variantName ? `${line.product.name}, ${variantName}` : line.product.name })}
            disabled={waiting}
            onChange={(quantity) => actions.setQuantity(line.product, quantity, line.variant)}
          />
          <Button
            variant="subtle"
            size="compact-md"
            loading={waiting}
            data-action="move"
            onClick={(event) => {
              keepFocusInList(event.currentTarget, CART_HEADING_ID);
              onMoveToWishlist(line.product);
              actions.remove(line.product, line.variant);
            }}
          >
            {cart_move_to_wishlist()}
          </Button>
          <Button
            variant="subtle"
            color="red"
            size="compact-md"
            loading={waiting}
            data-action="remove"
            onClick={(event) => {
              keepFocusInList(event.currentTarget, CART_HEADING_ID);
              actions.remove(line.product, line.variant);
            }}
          >
            {cart_remove()}
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
      <DocumentTitle page={cart_title()} />
      <Title order={1} mb="md" id={CART_HEADING_ID} tabIndex={-1}>
        {cart_title()}
      </Title>
      {query.isPending ? <LoadingState label={cart_loading()} /> : null}
      {query.error && !cart ? (
        <LoadError title={cart_load_failed()} error={query.error} what="cart" onRetry={query.refetch} />
      ) : null}
      {cart && cart.data.length === 0 ? (
        <Stack align="center" py="xl" gap="sm">
          <Text>{cart_empty()}</Text>
          <Button component={Link} to="/shop">
            {cart_browse()}
          </Button>
        </Stack>
      ) : null}
      {cart && cart.data.length > 0 ? (
        <div className={classes.layout}>
          <ul aria-label={cart_items()} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {cart.data.map((line) => (
              <CartLineRow
                key={`${line.product_id}:${line.variant_id ?? ''}`}
                line={line}
                onMoveToWishlist={onMoveToWishlist}
              />
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
              {cart_checkout()}
            </Button>
            <Anchor component={Link} to="/shop" ta="center" mt="sm" display="block">
              {cart_continue()}
            </Anchor>
            <PinCheck total={discount === null ? undefined : orderTotals(cart.subtotal, discount).total} />
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
    <section className={classes.summary} aria-label={cart_summary()}>
      <Title order={2} fz="lg" mb="sm">
        {cart_summary()}
      </Title>
      {lines ? (
        <ul className={classes.summaryLines} aria-label={cart_items_in_order()}>
          {lines.map((line) => (
            <li key={`${line.product_id}:${line.variant_id ?? ''}`}>
              <Text fz="sm" className={classes.summaryLineName}>
                {line.variant ? `${line.product.name} (${line.variant.label})` : line.product.name} × {line.quantity}
              </Text>
              <Text fz="sm">{formatInr(line.line_total)}</Text>
            </li>
          ))}
        </ul>
      ) : null}
      <Stack gap={6}>
        <Group justify="space-between">
          <Text>{plural(itemCount, { one: cart_subtotal_one, other: cart_subtotal_other })}</Text>
          <Text>{formatInr(subtotal)}</Text>
        </Group>
        {discount === null ? (
          <Group justify="space-between" role="status">
            <Text>{cart_coupon_discount()}</Text>
            <Text c="dimmed">{cart_checking()}</Text>
          </Group>
        ) : discount > 0 ? (
          <Group justify="space-between">
            <Text>{cart_coupon_discount()}</Text>
            <Text c="var(--cv-success-text)">−{formatInr(discount)}</Text>
          </Group>
        ) : null}
        <Group justify="space-between">
          <Text>{cart_shipping()}</Text>
          <Text>{totals.shipping === 0 ? cart_free() : formatInr(totals.shipping)}</Text>
        </Group>
        {totals.shipping > 0 ? (
          <Text fz="xs" c="dimmed">
            {cart_free_from({ amount: formatInr(FREE_SHIPPING_FROM) })}
          </Text>
        ) : null}
        {totals.round_off !== 0 && discount !== null ? (
          <Group justify="space-between">
            <Text>{cart_round_off()}</Text>
            <Text>−{formatInr(-totals.round_off)}</Text>
          </Group>
        ) : null}
        <Divider my={4} />
        <Group justify="space-between">
          <Text fw={700}>{cart_total()}</Text>
          <Text fw={700} data-testid="cart-total">
            {discount === null ? cart_recomputing() : formatInr(totals.total)}
          </Text>
        </Group>
        <Text fz="xs" c="dimmed">
          {cart_gst()}
        </Text>
      </Stack>
      {children}
    </section>
  );
}
