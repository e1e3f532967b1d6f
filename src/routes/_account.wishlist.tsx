import { createFileRoute } from '@tanstack/react-router';
import { useDisplayedCart } from '@/features/cart/api/cart-mutations';
import { WishlistPage } from '@/features/wishlist/components/wishlist-page';

function WishlistRoute() {
  const { cart } = useDisplayedCart();
  return <WishlistPage cartProductIds={new Set(cart?.data.map((line) => line.product_id))} />;
}

export const Route = createFileRoute('/_account/wishlist')({ component: WishlistRoute });
