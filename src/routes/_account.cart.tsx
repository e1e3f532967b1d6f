import { createFileRoute } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { cartQueryOptions } from '@/features/cart/api/get-cart';
import { CartPage } from '@/features/cart/components/cart-page';
import { useAppliedCoupon } from '@/features/coupons/api/coupon-calls';
import { CouponField } from '@/features/coupons/components/coupon-field';

export const couponSearchSchema = z.object({
  coupon: z.string().trim().toUpperCase().max(40).optional().catch(undefined),
});

function CartRoute() {
  const { coupon } = Route.useSearch();
  const navigate = Route.useNavigate();
  const cart = useQuery(cartQueryOptions());
  const applied = useAppliedCoupon(coupon, cart.data?.subtotal);
  const discount = coupon && applied.data && !applied.error ? applied.data.discount : 0;
  const setCoupon = (code: string | undefined) => void navigate({ search: { coupon: code }, replace: true });
  return (
    <CartPage
      discount={discount}
      couponCode={discount > 0 ? coupon : undefined}
      couponField={() => (
        <CouponField appliedCode={coupon} result={applied} onApply={setCoupon} onRemove={() => setCoupon(undefined)} />
      )}
    />
  );
}

export const Route = createFileRoute('/_account/cart')({
  validateSearch: (search) => couponSearchSchema.parse(search),
  component: CartRoute,
});
