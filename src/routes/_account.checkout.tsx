import { Group, Loader } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { PageContainer } from '@/components/page-container';
import { profileQueryOptions } from '@/features/auth/api/get-profile';
import { cartQueryOptions } from '@/features/cart/api/get-cart';
import { CartSummary } from '@/features/cart/components/cart-page';
import { useAppliedCoupon } from '@/features/coupons/api/coupon-calls';
import { CheckoutPage } from '@/features/orders/components/checkout-page';
import { useOutboxEntries } from '@/offline/outbox';
import { couponSearchSchema } from './_account.cart';

function CheckoutRoute() {
  const { coupon } = Route.useSearch();
  const navigate = Route.useNavigate();
  const cart = useQuery(cartQueryOptions());
  const profile = useQuery(profileQueryOptions(true));
  const applied = useAppliedCoupon(coupon, cart.data?.subtotal);
  const pending = useOutboxEntries(profile.data?.id ?? null);
  if (!cart.data || !profile.data) {
    return (
      <PageContainer>
        <Group justify="center" py="xl">
          <Loader aria-label="Loading checkout" />
        </Group>
      </PageContainer>
    );
  }
  const discount = coupon && applied.data && !applied.error ? applied.data.discount : 0;
  return (
    <CheckoutPage
      savedAddresses={profile.data.addresses}
      defaultName={profile.data.name}
      defaultPhone={profile.data.phone ?? ''}
      couponCode={discount > 0 ? coupon : undefined}
      cartIsEmpty={cart.data.data.length === 0}
      pendingChanges={pending.filter((entry) => entry.action.kind.startsWith('cart')).length}
      summary={<CartSummary subtotal={cart.data.subtotal} itemCount={cart.data.item_count} discount={discount} />}
      onPlaced={(orderId) =>
        void navigate({ to: '/orders/$orderId', params: { orderId }, search: { placed: true }, replace: true })
      }
    />
  );
}

export const Route = createFileRoute('/_account/checkout')({
  validateSearch: (search) => couponSearchSchema.parse(search),
  component: CheckoutRoute,
});
