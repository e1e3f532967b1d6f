import { createFileRoute } from '@tanstack/react-router';
import { useCartActions } from '@/features/cart/api/use-cart';
import { WishlistPage } from '@/features/wishlist/components/wishlist-page';

function WishlistRoute() {
  const cart = useCartActions();
  return (
    <WishlistPage
      // One more in the cart when it was not there; left as it is when it was, as the server's move does.
      onMoveToCart={(product) => {
        if (!cart.cart?.data.some((line) => line.product_id === product.id)) cart.add(product, 1);
      }}
    />
  );
}

export const Route = createFileRoute('/_account/wishlist')({ component: WishlistRoute });
