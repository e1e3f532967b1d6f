import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { useDisplayedCart } from '@/features/cart/api/use-cart';
import { CartPage } from '@/features/cart/components/cart-page';
import { discountOf, useCouponCheck, useCouponChoice } from '@/features/coupons/api/apply-coupon';
import { CartCoupons } from '@/features/coupons/components/cart-coupons';
import { CouponField } from '@/features/coupons/components/coupon-field';
import { useWishlistActions } from '@/features/wishlist/api/use-wishlist';
import { lenient } from '@/lib/search-params';

export const couponSearchSchema = z.object({
  coupon: lenient(z.string().check(z.trim(), z.toUpperCase(), z.maxLength(40))),
});

function CartRoute() {
  const { coupon } = Route.useSearch();
  const navigate = Route.useNavigate();
  const { cart, editsWaiting } = useDisplayedCart();
  const wishlist = useWishlistActions();
  const check = useCouponCheck(coupon, cart && { subtotal: cart.subtotal, editsWaiting });
  const setCoupon = (code: string | undefined) => void navigate({ search: { coupon: code }, replace: true });
  const choice = useCouponChoice(check.state === 'applied' ? check.coupon : null, setCoupon);
  return (
    <CartPage
      onMoveToWishlist={(product) => wishlist.add(product)}
      discount={discountOf(check)}
      // Carried to checkout while it applies or is being checked; checkout checks it again.
      couponCode={check.state === 'applied' || check.state === 'checking' ? coupon : undefined}
      couponField={
        <>
          <CouponField
            appliedCode={coupon}
            check={check}
            onApply={choice.apply}
            onRemove={choice.remove}
            comparison={choice.comparison}
            onChoose={choice.choose}
            comparing={choice.comparing}
            attemptError={choice.error}
            shown={choice.shown}
          />
          {cart ? (
            <CartCoupons
              subtotal={cart.subtotal}
              settled={editsWaiting === 0}
              appliedCode={check.state === 'applied' ? check.coupon.code : undefined}
              onApply={choice.apply}
            />
          ) : null}
        </>
      }
    />
  );
}

export const Route = createFileRoute('/_account/cart')({
  validateSearch: (search) => couponSearchSchema.parse(search),
  component: CartRoute,
});
