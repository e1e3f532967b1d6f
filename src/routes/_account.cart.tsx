import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { useDisplayedCart } from '@/features/cart/api/cart-mutations';
import { CartPage } from '@/features/cart/components/cart-page';
import { useAppliedCoupon } from '@/features/coupons/api/coupon-calls';
import { CouponField } from '@/features/coupons/components/coupon-field';
import { useDisplayedWishlist } from '@/features/wishlist/api/wishlist-calls';
import { lenient } from '@/lib/search-params';

export const couponSearchSchema = z.object({
  coupon: lenient(z.string().check(z.trim(), z.toUpperCase(), z.maxLength(40))),
});

function CartRoute() {
  const { coupon } = Route.useSearch();
  const navigate = Route.useNavigate();
  const { cart } = useDisplayedCart();
  const { wishlist } = useDisplayedWishlist();
  const applied = useAppliedCoupon(coupon, cart?.subtotal);
  const discount = coupon && applied.data && !applied.error ? applied.data.discount : 0;
  const setCoupon = (code: string | undefined) => void navigate({ search: { coupon: code }, replace: true });
  return (
    <CartPage
      wishedProductIds={new Set(wishlist?.data.map((item) => item.product_id))}
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
