import { Alert, Anchor, Group, Loader } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { PageContainer } from '@/components/page-container';
import { orderTotals } from '@/contract/orders';
import { profileQueryOptions } from '@/features/auth/api/get-profile';
import { useDisplayedCart } from '@/features/cart/api/use-cart';
import { CartSummary } from '@/features/cart/components/cart-page';
import { discountOf, useCouponCheck } from '@/features/coupons/api/apply-coupon';
import { CheckoutPage } from '@/features/orders/components/checkout-page';
import { couponSearchSchema } from './_account.cart';
import { common_checkout_back } from '@/paraglide/messages/common_checkout_back.js';
import { common_checkout_cart_failed } from '@/paraglide/messages/common_checkout_cart_failed.js';
import { common_checkout_kept } from '@/paraglide/messages/common_checkout_kept.js';
import { common_checkout_loading } from '@/paraglide/messages/common_checkout_loading.js';
import { common_checkout_needs_network } from '@/paraglide/messages/common_checkout_needs_network.js';
import { common_checkout_offline } from '@/paraglide/messages/common_checkout_offline.js';

/**
 * Checkout shows the server's own cart (the order is placed from it) and the coupon checked against that very cart;
 * the total it shows is sent with the order, and the server refuses the order if its total differs.
 */
function CheckoutRoute() {
  const { coupon } = Route.useSearch();
  const navigate = Route.useNavigate();
  const { serverCart, editsWaiting, error } = useDisplayedCart();
  // The form shows without waiting for the profile; the profile fills it in when it comes.
  const profile = useQuery(profileQueryOptions(true));
  const { online } = useNetwork();
  const check = useCouponCheck(coupon, serverCart && { subtotal: serverCart.subtotal, editsWaiting });
  if (!serverCart) {
    return (
      <PageContainer>
        {!online || error ? (
          <Alert color="yellow" variant="light" role="status" title={common_checkout_needs_network()}>
            {online ? common_checkout_cart_failed() : common_checkout_offline()} {common_checkout_kept()}{' '}
            <Anchor component={Link} to="/cart">
              {common_checkout_back()}
            </Anchor>
          </Alert>
        ) : (
          <Group justify="center" py="xl">
            <Loader aria-label={common_checkout_loading()} />
          </Group>
        )}
      </PageContainer>
    );
  }
  const discount = discountOf(check);
  const waiting = editsWaiting > 0 || discount === null;
  return (
    <CheckoutPage
      profile={profile.data}
      couponCode={check.state === 'applied' ? check.coupon.code : undefined}
      couponRefusal={check.state === 'refused' ? check.message : null}
      cartIsEmpty={serverCart.data.length === 0 && editsWaiting === 0}
      pendingChanges={editsWaiting}
      total={waiting ? null : orderTotals(serverCart.subtotal, discount).total}
      summary={
        <CartSummary
          subtotal={serverCart.subtotal}
          itemCount={serverCart.item_count}
          discount={editsWaiting > 0 ? null : discount}
          lines={serverCart.data}
        />
      }
      onPlaced={(orderId) =>
        void navigate({ to: '/orders/$orderId', params: { orderId }, search: { placed: 'true' }, replace: true })
      }
    />
  );
}

export const Route = createFileRoute('/_account/checkout')({
  validateSearch: (search) => couponSearchSchema.parse(search),
  component: CheckoutRoute,
});
