import { Button } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useAddToWishlist, useRemoveFromWishlist, wishlistQueryOptions } from '../api/wishlist-calls';

export interface WishlistButtonProps {
  productId: number;
  productName: string;
  signedIn: boolean;
  onNeedLogin: () => void;
  compact?: boolean;
}

/** Adds the product to the wishlist, or takes it off when it is there already. */
export function WishlistButton({ productId, productName, signedIn, onNeedLogin, compact }: WishlistButtonProps) {
  const { data } = useQuery(wishlistQueryOptions(signedIn));
  const add = useAddToWishlist();
  const remove = useRemoveFromWishlist();
  const item = data?.data.find((entry) => entry.product_id === productId);
  const busy = add.isPending || remove.isPending;
  return (
    <Button
      variant={item ? 'light' : 'default'}
      size={compact ? 'compact-md' : 'md'}
      m={compact ? 'xs' : undefined}
      mt={compact ? 0 : 'sm'}
      loading={busy}
      aria-pressed={Boolean(item)}
      aria-label={item ? `Remove ${productName} from wishlist` : `Add ${productName} to wishlist`}
      onClick={() => {
        if (!signedIn) return onNeedLogin();
        if (item) remove.mutate(item.id);
        else add.mutate(productId);
      }}
    >
      {item ? '♥ In wishlist' : '♡ Wishlist'}
    </Button>
  );
}
